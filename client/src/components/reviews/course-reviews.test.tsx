import type { CourseReviewsResponse } from '@aprendiz/contract/reviews';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { apiCatalogueSource } from '../../data/api-catalogue-source';
import { stubApi } from '../../test/api-stub';
import { LOADED, renderWithProviders } from '../../test/render';
import { CourseReviews } from './course-reviews';
import { loadReviews, readReviewsPage } from './reviews-page';

const COURSE = '5b1c7c0e-8a4b-4f1e-9d7a-2c3b4d5e6f70';

function pageOf(
  page: number,
  overrides: Partial<CourseReviewsResponse> = {},
): CourseReviewsResponse {
  return {
    success: true,
    reviews: [
      {
        _id: `r-${page}-1`,
        authorId: 'usr_ana',
        rating: 5,
        review: `Página ${page}: <img src=x onerror=alert(1)>\nSegunda linha`,
        name: 'Ana',
        createdAt: '2031-01-04T10:00:00.000Z',
        reply: page === 1 ? 'Obrigado, Ana!' : null,
      },
    ],
    total: 12,
    page,
    pageSize: 10,
    ratingCount: 15,
    averageRating: 4,
    meanRating: 4.5,
    distribution: { 1: 1, 2: 0, 3: 2, 4: 4, 5: 8 },
    ...overrides,
  };
}

/** As the course page's loader reads them: the page the address names, through the API. */
function loader({ params, request }: LoaderFunctionArgs) {
  const page = readReviewsPage(new URL(request.url).searchParams);
  return loadReviews(apiCatalogueSource, params.id ?? '', page);
}

function Section({ canReply, viewerId }: { canReply: boolean; viewerId: string | null }) {
  return (
    <CourseReviews
      reviews={useLoaderData<typeof loader>()}
      canReply={canReply}
      viewerId={viewerId}
    />
  );
}

function renderReviews({
  route = `/course/${COURSE}`,
  canReply = false,
  viewerId = null as string | null,
} = {}) {
  return renderWithProviders(<Outlet />, {
    route,
    routes: [
      {
        path: '/course/:id',
        loader,
        element: <Section canReply={canReply} viewerId={viewerId} />,
      },
    ],
  });
}

describe('CourseReviews', { timeout: 20_000 }, () => {
  it('when the reviews load, then the average, count, distribution, texts as text and replies show', async () => {
    const { calls } = stubApi(() => ({ data: pageOf(1) }));
    const { container } = renderReviews();
    const review = await screen.findByRole('article', { name: 'Avaliação de Ana' }, LOADED);
    expect(calls.map(({ url }) => url)).toEqual([`/api/course/${COURSE}/reviews`]);
    expect(screen.getByRole('heading', { name: 'Avaliações dos alunos' })).toBeInTheDocument();
    expect(screen.getByText('15 avaliações')).toBeInTheDocument();
    expect(screen.getByRole('meter', { name: '5 estrelas' })).toHaveAttribute(
      'aria-valuenow',
      '53',
    );
    expect(screen.getByRole('meter', { name: '2 estrelas' })).toHaveAttribute(
      'aria-valuetext',
      '0 avaliações (0%)',
    );
    // Agreement: one star, not 'estrelas'.
    expect(screen.getByRole('meter', { name: '1 estrela' })).toBeInTheDocument();
    expect(review).toHaveTextContent('Página 1: <img src=x onerror=alert(1)>');
    expect(container.querySelector('img')).toBeNull();
    expect(within(review).getByText('Resposta do educador')).toBeInTheDocument();
    expect(within(review).getByText('Obrigado, Ana!')).toBeInTheDocument();
    expect(within(review).getByRole('img', { name: 'Avaliação: 5 de 5' })).toBeInTheDocument();
  });

  it('when there are more pages, then Próxima and Anterior move between them through the address', async () => {
    // The stub answers in turn: page 1, page 2 (Próxima), page 1 again (Anterior).
    const answers = [1, 2, 1];
    const { calls } = stubApi(() => ({ data: pageOf(answers[calls.length - 1] ?? 1) }));
    const { location } = renderReviews();
    expect(await screen.findByText(/^Página 1:/, {}, LOADED)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();
    expect(screen.getByText('Página 1 de 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Próxima' }));
    expect(await screen.findByText(/^Página 2:/)).toBeInTheDocument();
    expect(location()).toBe(`/course/${COURSE}?avaliacoes=2`);
    expect(screen.getByRole('button', { name: 'Próxima' })).toBeDisabled();
    expect(screen.queryByText('Resposta do educador')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(await screen.findByText(/^Página 1:/)).toBeInTheDocument();
    expect(location()).toBe(`/course/${COURSE}`);
    expect(calls.map((call) => call.params)).toEqual([{ page: 1 }, { page: 2 }, { page: 1 }]);
  });

  it('when the address names a page, then that page is read and shown', async () => {
    const { calls } = stubApi(() => ({ data: pageOf(2) }));
    renderReviews({ route: `/course/${COURSE}?avaliacoes=2` });
    expect(await screen.findByText(/^Página 2:/, {}, LOADED)).toBeInTheDocument();
    expect(screen.getByText('Página 2 de 2')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ url: `/api/course/${COURSE}/reviews`, params: { page: 2 } });
    expect(readReviewsPage(new URLSearchParams('avaliacoes=abc'))).toBe(1);
  });

  it('when nobody wrote a review, then it says so', async () => {
    stubApi(() => ({
      data: pageOf(1, {
        reviews: [],
        total: 0,
        ratingCount: 0,
        averageRating: 0,
        meanRating: 0,
        distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
      }),
    }));
    renderReviews();
    expect(
      await screen.findByText('Ainda não há avaliações escritas.', {}, LOADED),
    ).toBeInTheDocument();
    expect(screen.getByText('0 avaliações')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('when loading fails, then the message offers a retry that loads them', async () => {
    stubApi(() => ({ status: 500, data: { success: false, message: 'Avaliações indisponíveis' } }));
    renderReviews();
    expect(await screen.findByRole('alert', {}, LOADED)).toHaveTextContent(
      'Avaliações indisponíveis',
    );
    stubApi(() => ({ data: pageOf(1) }));
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('article', { name: 'Avaliação de Ana' })).toBeInTheDocument();
  });

  it('when the viewer is the educator, then a review without a reply can be answered once, and shows the answer', async () => {
    const page = pageOf(2);
    const { calls } = stubApi(({ method }) =>
      method === 'POST'
        ? { status: 201, data: { success: true, message: 'Resposta publicada' } }
        : { data: page },
    );
    renderReviews({ canReply: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Responder a Ana' }, LOADED));
    await userEvent.type(screen.getByRole('textbox', { name: 'Resposta a Ana' }), '  Obrigado!  ');
    await userEvent.click(screen.getByRole('button', { name: 'Publicar resposta' }));
    expect(await screen.findByText('Resposta do educador')).toBeInTheDocument();
    expect(screen.getByText('Obrigado!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Responder/ })).not.toBeInTheDocument();
    expect(
      calls
        .filter(({ method }) => method === 'POST')
        .map(({ method, url, body }) => [method, url, body]),
    ).toEqual([['POST', '/api/educator/review/r-2-1/reply', { reply: '  Obrigado!  ' }]]);
  });

  it('when the reply is refused, then the message is toasted and the box stays', async () => {
    stubApi(({ method }) =>
      method === 'POST'
        ? { status: 409, data: { success: false, message: 'Esta avaliação já tem resposta' } }
        : { data: pageOf(2) },
    );
    renderReviews({ canReply: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Responder a Ana' }, LOADED));
    await userEvent.type(screen.getByRole('textbox', { name: 'Resposta a Ana' }), 'Oi');
    await userEvent.click(screen.getByRole('button', { name: 'Publicar resposta' }));
    expect(await screen.findByText('Esta avaliação já tem resposta')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publicar resposta' })).toBeEnabled();
  });

  it('when the viewer is not the educator, then there is nothing to answer with', async () => {
    stubApi(() => ({ data: pageOf(2) }));
    renderReviews();
    expect(await screen.findByText(/^Página 2:/, {}, LOADED)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Responder/ })).not.toBeInTheDocument();
  });

  it("when someone signed in reports another learner's review with a reason, then it is sent once and they are thanked", async () => {
    const { calls } = stubApi(({ method }) =>
      method === 'POST'
        ? { data: { success: true, message: 'Obrigado. A equipe da plataforma vai analisar.' } }
        : { data: pageOf(2) },
    );
    renderReviews({ viewerId: 'usr_bia' });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Denunciar a avaliação de Ana' }, LOADED),
    );
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Motivo da denúncia (opcional)' }),
      'Ofensiva',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Enviar denúncia' }));
    expect(
      await screen.findByText('Obrigado. A equipe da plataforma vai analisar.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar denúncia' })).not.toBeInTheDocument();
    expect(
      calls
        .filter(({ method }) => method === 'POST')
        .map(({ method, url, body }) => [method, url, body]),
    ).toEqual([['POST', '/api/review/r-2-1/report', { reason: 'Ofensiva' }]]);
  });

  it('when the report is refused as a repeat, then the message is toasted and the form stays', async () => {
    stubApi(({ method }) =>
      method === 'POST'
        ? { status: 409, data: { success: false, message: 'Você já denunciou esta avaliação' } }
        : { data: pageOf(2) },
    );
    renderReviews({ viewerId: 'usr_bia' });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Denunciar a avaliação de Ana' }, LOADED),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Enviar denúncia' }));
    expect(await screen.findByText('Você já denunciou esta avaliação')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar denúncia' })).toBeInTheDocument();
  });

  it('when the viewer wrote the review or nobody is signed in, then there is no Denunciar', async () => {
    stubApi(() => ({ data: pageOf(2) }));
    const { unmount } = renderReviews({ viewerId: 'usr_ana' });
    expect(await screen.findByText(/^Página 2:/, {}, LOADED)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Denunciar/ })).not.toBeInTheDocument();
    unmount();
    renderReviews();
    expect(await screen.findByText(/^Página 2:/, {}, LOADED)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Denunciar/ })).not.toBeInTheDocument();
  });
});
