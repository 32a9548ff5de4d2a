import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../test/api-stub';
import { LOADED, renderWithProviders, TEST_STOREFRONT } from '../../test/render';
import CertificatePage, { handle, loader, type CertificateData } from './certificate-page';

const ID = 'AbCdEfGhIjKlMnOpQrStUv';
const certificate = {
  name: 'Joana Conceição',
  courseTitle: 'Python do Zero',
  educatorName: 'Prof. Rui',
  completedAt: '2031-03-12T12:00:00.000Z',
  hours: 12.5,
  quizzes: [],
  revokedAt: null,
};

function renderPage() {
  return renderWithProviders(<CertificatePage />, {
    route: `/certificate/${ID}`,
    path: '/certificate/:id',
    loader,
  });
}

describe('CertificatePage', () => {
  it('when quizzes were passed, then each is listed with its score', async () => {
    stubApi(() => ({
      data: {
        success: true,
        certificate: { ...certificate, quizzes: [{ title: 'Revisão final', score: 85 }] },
      },
    }));
    renderPage();
    expect(await screen.findByText('Questionários aprovados', {}, LOADED)).toBeInTheDocument();
    expect(screen.getByText('Revisão final').closest('li')).toHaveTextContent('Revisão final: 85%');
  });

  it('when the course was refunded, then the page says the certificate is revogado and offers no PDF', async () => {
    stubApi(() => ({
      data: {
        success: true,
        certificate: { ...certificate, revokedAt: '2031-03-20T12:00:00.000Z' },
      },
    }));
    renderPage();
    expect(await screen.findByText(/Certificado revogado em/, {}, LOADED)).toHaveTextContent(
      'Certificado revogado em 20 de março de 2031: o curso foi reembolsado',
    );
    expect(screen.queryByText('Certificado verificado')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Baixar PDF' })).not.toBeInTheDocument();
  });

  it('when the course had no quizzes, then no quiz list is shown', async () => {
    stubApi(() => ({ data: { success: true, certificate } }));
    renderPage();
    await screen.findByText('Joana Conceição', {}, LOADED);
    expect(screen.queryByText('Questionários aprovados')).not.toBeInTheDocument();
  });

  it('when the certificate exists, then it shows who completed what, verified, with the PDF link', async () => {
    const { calls } = stubApi(() => ({ data: { success: true, certificate } }));
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Certificado de conclusão' }, LOADED),
    ).toBeInTheDocument();
    expect(calls.map(({ url }) => url)).toEqual([`/api/certificate/${ID}`]);
    expect(screen.getByText('Certificado verificado')).toBeInTheDocument();
    expect(screen.getByText('Joana Conceição')).toBeInTheDocument();
    expect(screen.getByText('Python do Zero')).toBeInTheDocument();
    expect(screen.getByText('Prof. Rui')).toBeInTheDocument();
    expect(screen.getByText('12,5 horas')).toBeInTheDocument();
    expect(screen.getByText('12 de março de 2031')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Baixar PDF' })).toHaveAttribute(
      'href',
      `/api/certificate/${ID}/pdf`,
    );
  });

  it('when shared, then the page head names who completed what, with whom', () => {
    const loaded: CertificateData = { certificate: { ok: true, value: certificate } };
    expect(
      handle.meta?.({
        data: loaded,
        params: { id: ID },
        pathname: `/certificate/${ID}`,
        storefront: TEST_STOREFRONT,
      }),
    ).toEqual({
      title: 'Certificado: Python do Zero',
      description: 'Joana Conceição concluiu Python do Zero, ministrado por Prof. Rui.',
    });
    const missing: CertificateData = { certificate: { ok: true, value: null } };
    expect(
      handle.meta?.({
        data: missing,
        params: { id: ID },
        pathname: '/',
        storefront: TEST_STOREFRONT,
      })?.noindex,
    ).toBe(true);
  });

  it('when no certificate has that id, then it says so', async () => {
    stubApi(() => ({
      status: 404,
      data: { success: false, message: 'Certificado não encontrado' },
    }));
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Certificado não encontrado' }, LOADED),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Baixar PDF' })).not.toBeInTheDocument();
  });

  it('when the server cannot answer, then a retry loads it', async () => {
    stubApi(() => ({ status: 503, data: { success: false, message: 'Serviço indisponível' } }));
    renderPage();
    expect(await screen.findByRole('alert', {}, LOADED)).toHaveTextContent('Serviço indisponível');
    stubApi(() => ({ data: { success: true, certificate } }));
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Joana Conceição', {}, LOADED)).toBeInTheDocument();
  });
});
