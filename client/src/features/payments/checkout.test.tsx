import type { PurchaseView } from '@aprendiz/contract/payments';
import type { Storefront } from '@aprendiz/contract/rendering';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi, type StubRequest, type StubResponse } from '../../test/api-stub';
import { LOADED, renderWithProviders, testUser } from '../../test/render';
import { Link, Outlet } from 'react-router-dom';
import { BackButton } from '../../test/back-button';
import { userData } from '../../test/course-fixtures';
import { useEnrollAction } from './use-enroll-action';
import LoadingPage from '../../pages/public/loading';
import { CheckoutPage } from './checkout';
import { formatPrice } from '../../components/price';
import { loadPurchase as loader } from './read-purchase';

const purchase: PurchaseView = {
  _id: '0b7f3c1e-2222-4c3b-9a7e-00000000abcd',
  status: 'pending',
  amount: 31.99,
  currency: 'usd',
  courseId: '6f1c2a9e-1111-4c3b-9a7e-000000000001',
  courseTitle: 'Python Intermediário',
  educatorName: 'Ana Ferreira',
  educatorTitle: 'educador',
  coursePrice: 31.99,
  discount: 0,
  listAmount: null,
  couponCode: null,
};
const route = `/checkout/${purchase._id}`;
const purchaseUrl = `/api/payments/${purchase._id}`;

function serve(
  view: StubResponse,
  actions: (request: StubRequest) => StubResponse | Promise<StubResponse> = () => ({
    status: 404,
    data: { success: false, message: 'Rota desconhecida' },
  }),
) {
  return stubApi((request) =>
    request.method === 'GET' && request.url === purchaseUrl ? view : actions(request),
  );
}

function renderCheckout(signedIn = true, storefront?: Storefront) {
  return renderWithProviders(<CheckoutPage />, {
    route,
    path: '/checkout/:purchaseId',
    loader,
    auth: { user: signedIn ? testUser : null },
    storefront,
  });
}

const pendingView = { data: { success: true, purchase } };

describe('CheckoutPage', () => {
  it('when signed out, then the sign-in dialog opens and nothing is fetched', async () => {
    const { calls } = serve(pendingView);
    const { auth } = renderCheckout(false);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Finalizar compra' }, LOADED),
    ).toBeInTheDocument();
    expect(screen.getByText('Entre na sua conta para concluir o pagamento.')).toBeInTheDocument();
    // The dialog opens from an effect, which may run a moment after the loader's answer renders.
    await waitFor(() => expect(auth.openSignIn).toHaveBeenCalledTimes(1));
    expect(calls).toHaveLength(0);
  });

  it('when the purchase is loading, then the loader shows', async () => {
    stubApi(() => new Promise(() => {}));
    renderCheckout();
    expect(
      await screen.findByRole('status', { name: 'Carregando pagamento…' }),
    ).toBeInTheDocument();
  });

  it('when the purchase is pending, then the test-mode page shows course, educator and amount', async () => {
    serve(pendingView);
    renderCheckout();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Finalizar compra' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Modo de teste');
    expect(screen.getByText('Python Intermediário')).toBeInTheDocument();
    expect(screen.getByText('Ana Ferreira')).toBeInTheDocument();
    expect(screen.getByText('Kz 31,99')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pagar' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeEnabled();
    expect(document.title).toMatch(/^Finalizar compra/);
  });

  it('when the price had a discount and a coupon, then each line shows what it took off, down to the total', async () => {
    serve({
      data: {
        success: true,
        purchase: {
          ...purchase,
          coursePrice: 50,
          discount: 20,
          listAmount: 40,
          amount: 36,
          couponCode: 'BEMVINDO10',
        },
      },
    });
    renderCheckout();
    await screen.findByRole('heading', { level: 1, name: 'Finalizar compra' });
    const lines = screen
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(lines).toEqual([
      ['Curso', 'Python Intermediário'],
      ['Educador', 'Ana Ferreira'],
      ['Preço do curso', formatPrice(50, 'Kz')],
      ['Desconto de 20%', `− ${formatPrice(10, 'Kz')}`],
      ['Cupom BEMVINDO10', `− ${formatPrice(4, 'Kz')}`],
      ['Total', formatPrice(36, 'Kz')],
    ]);
  });

  it("when the course's discount changed after the purchase began, then no discount line explains a total it did not make", async () => {
    serve({
      data: {
        success: true,
        purchase: {
          ...purchase,
          coursePrice: 50,
          discount: 0,
          listAmount: 40,
          amount: 36,
          couponCode: 'X',
        },
      },
    });
    renderCheckout();
    await screen.findByRole('heading', { level: 1, name: 'Finalizar compra' });
    expect(screen.queryByText(/^Desconto/)).not.toBeInTheDocument();
    const price = screen.getByText('Preço do curso').nextElementSibling;
    expect(price).toHaveTextContent(formatPrice(40, 'Kz'));
  });

  it('when the market has other methods, then the link names only those; with card alone there is none', async () => {
    serve(pendingView);
    const { unmount } = renderCheckout(true, {
      currency: 'aoa',
      methods: ['card', 'multicaixa_express', 'reference'],
    });
    expect(
      await screen.findByRole(
        'link',
        { name: 'Pagar com outro método (Multicaixa Express, Pagamento por referência)' },
        LOADED,
      ),
    ).toHaveAttribute('href', `/payment/${purchase._id}`);
    unmount();
    serve(pendingView);
    renderCheckout(true, { currency: 'aoa', methods: ['card'] });
    await screen.findByRole('button', { name: 'Pagar' }, LOADED);
    expect(screen.queryByRole('link', { name: /Pagar com outro método/ })).not.toBeInTheDocument();
  });

  it('when Pagar is pressed, then the purchase is completed, toasted and the loading page leads to My Courses', async () => {
    const { calls } = serve(pendingView, ({ method, url }) =>
      method === 'POST' && url === `/api/payments/sandbox/${purchase._id}/complete`
        ? { data: { success: true, message: 'Pagamento concluído. Bons estudos!' } }
        : { status: 404, data: { success: false, message: 'Rota desconhecida' } },
    );
    const { location } = renderCheckout();
    await userEvent.click(await screen.findByRole('button', { name: 'Pagar' }));
    expect(await screen.findByText('Pagamento concluído. Bons estudos!')).toBeInTheDocument();
    expect(location()).toBe('/loading/my-enrollments');
    expect(calls.map(({ method, url }) => `${method} ${url}`)).toEqual([
      `GET ${purchaseUrl}`,
      `POST /api/payments/sandbox/${purchase._id}/complete`,
    ]);
  });

  it('when Pagar is pressed, then the loading page says the payment is confirmed and names the course', async () => {
    serve(pendingView, ({ method, url }) =>
      method === 'POST' && url === `/api/payments/sandbox/${purchase._id}/complete`
        ? { data: { success: true, message: 'Pagamento concluído. Bons estudos!' } }
        : { status: 404, data: { success: false, message: 'Rota desconhecida' } },
    );
    renderWithProviders(<Outlet />, {
      route,
      routes: [
        { path: '/checkout/:purchaseId', element: <CheckoutPage />, loader },
        { path: '/loading/*', element: <LoadingPage /> },
      ],
      auth: { user: testUser },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Pagar' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Pagamento confirmado' });
    expect(heading.closest('[role="status"]')).toHaveTextContent(
      'Estamos adicionando Python Intermediário a Meus Cursos.',
    );
  });

  it('when a request is in flight, then both buttons are disabled', async () => {
    let answer: (response: StubResponse) => void = () => {};
    serve(
      pendingView,
      () =>
        new Promise<StubResponse>((resolve) => {
          answer = resolve;
        }),
    );
    renderCheckout();
    await userEvent.click(await screen.findByRole('button', { name: 'Pagar' }));
    expect(screen.getByRole('button', { name: 'Pagar' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    answer({ status: 500, data: { success: false, message: 'Erro interno' } });
    expect(await screen.findByText('Erro interno')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pagar' })).toBeEnabled();
  });

  it('when Cancelar is pressed, then the purchase is cancelled and the course page opens', async () => {
    const { calls } = serve(pendingView, ({ method, url }) =>
      method === 'POST' && url === `/api/payments/sandbox/${purchase._id}/cancel`
        ? { data: { success: true, message: 'Pagamento cancelado' } }
        : { status: 404, data: { success: false, message: 'Rota desconhecida' } },
    );
    const { location } = renderCheckout();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByText('Pagamento cancelado')).toBeInTheDocument();
    expect(location()).toBe(`/course/${purchase.courseId}`);
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      url: `/api/payments/sandbox/${purchase._id}/cancel`,
    });
  });

  it('when cancelling finds the purchase paid meanwhile, then the message is toasted and the page shows it', async () => {
    let settled = false;
    stubApi(({ method }) => {
      if (method === 'GET') {
        return {
          data: {
            success: true,
            purchase: { ...purchase, status: settled ? 'completed' : 'pending' },
          },
        };
      }
      settled = true;
      return { status: 409, data: { success: false, message: 'Este pagamento já foi concluído' } };
    });
    renderCheckout();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByText('Este pagamento já foi concluído')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pagamento concluído' }),
    ).toBeInTheDocument();
  });

  it('when the purchase is unknown or someone else’s, then it says não encontrado', async () => {
    serve({ status: 404, data: { success: false, message: 'Pagamento não encontrado' } });
    renderCheckout();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pagamento não encontrado' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pagar' })).not.toBeInTheDocument();
  });

  it('when the purchase is already completed, then a link leads to My Courses', async () => {
    serve({ data: { success: true, purchase: { ...purchase, status: 'completed' } } });
    renderCheckout();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pagamento concluído' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para Meus Cursos' })).toHaveAttribute(
      'href',
      '/my-enrollments',
    );
    expect(screen.queryByRole('button', { name: 'Pagar' })).not.toBeInTheDocument();
  });

  it('when the purchase was cancelled, then a link leads back to the course', async () => {
    serve({ data: { success: true, purchase: { ...purchase, status: 'failed' } } });
    renderCheckout();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pagamento cancelado' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar ao curso' })).toHaveAttribute(
      'href',
      `/course/${purchase.courseId}`,
    );
  });

  it('when loading fails, then the message shows with a retry that asks again', async () => {
    let attempts = 0;
    stubApi(() => {
      attempts += 1;
      return attempts === 1
        ? { status: 500, data: { success: false, message: 'Erro interno' } }
        : pendingView;
    });
    renderCheckout();
    expect(await screen.findByText('Erro interno')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pagar' })).toBeInTheDocument());
  });

  describe('history, from the course page', () => {
    const paidCourse = { _id: purchase.courseId, coursePrice: 40, discount: 20 };

    function CoursePage() {
      const { enroll } = useEnrollAction(paidCourse);
      return (
        <button type="button" onClick={() => void enroll()}>
          Acessar Curso
        </button>
      );
    }

    /** Course list → course page → its buy button → the sandbox checkout. */
    async function openCheckoutFromCourse() {
      serve(pendingView, ({ method, url }) => {
        if (method !== 'POST') return { status: 404, data: { success: false, message: '?' } };
        if (url === '/api/user/purchase') {
          return {
            data: { success: true, session_url: `${window.location.origin}${route}` },
          };
        }
        return url.endsWith('/complete')
          ? { data: { success: true, message: 'Pagamento concluído. Bons estudos!' } }
          : { data: { success: true, message: 'Pagamento cancelado' } };
      });
      const user = userEvent.setup();
      const rendered = renderWithProviders(
        <>
          <Outlet />
          <BackButton />
        </>,
        {
          route: '/course-list',
          routes: [
            {
              path: '/course-list',
              element: <Link to={`/course/${purchase.courseId}`}>Abrir curso</Link>,
            },
            { path: '/course/:id', element: <CoursePage /> },
            { path: '/checkout/:purchaseId', element: <CheckoutPage />, loader },
            { path: '/loading/*', element: <LoadingPage /> },
          ],
          auth: { user: testUser },
          app: { userData: userData() },
        },
      );
      await screen.findByRole('link', { name: 'Abrir curso' });
      await user.click(screen.getByRole('link', { name: 'Abrir curso' }));
      await user.click(screen.getByRole('button', { name: 'Acessar Curso' }));
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Finalizar compra' }),
      ).toBeInTheDocument();
      expect(rendered.location()).toBe(route);
      return { user, location: rendered.location };
    }

    it('when Back is pressed on an unpaid checkout, then the course page shows, not the list before it', async () => {
      const { user, location } = await openCheckoutFromCourse();
      await user.click(screen.getByRole('button', { name: 'Voltar' }));
      expect(location()).toBe(`/course/${purchase.courseId}`);
    });

    it('when Back is pressed after paying, then the course just bought shows', async () => {
      const { user, location } = await openCheckoutFromCourse();
      await user.click(screen.getByRole('button', { name: 'Pagar' }));
      await waitFor(() => expect(location()).toBe('/loading/my-enrollments'));
      await user.click(screen.getByRole('button', { name: 'Voltar' }));
      expect(location()).toBe(`/course/${purchase.courseId}`);
    });

    it('when Cancelar is pressed, then the course page shows once: Back from it goes to the list', async () => {
      const { user, location } = await openCheckoutFromCourse();
      await user.click(screen.getByRole('button', { name: 'Cancelar' }));
      expect(await screen.findByText('Pagamento cancelado')).toBeInTheDocument();
      expect(location()).toBe(`/course/${purchase.courseId}`);
      await user.click(screen.getByRole('button', { name: 'Voltar' }));
      expect(location()).toBe('/course-list');
    });
  });
});
