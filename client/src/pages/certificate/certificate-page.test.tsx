import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { stubApi } from '../../test/api-stub';
import { LOADED, renderWithProviders, TEST_STOREFRONT, testUser } from '../../test/render';
import CertificatePage, { handle, loader, type CertificateData } from './certificate-page';

const ID = 'AbCdEfGhIjKlMnOpQrStUv';
const URL_OF_ID = `https://aprendiz.example/certificate/${ID}`;
const certificate = {
  name: 'Joana Conceição',
  courseTitle: 'Python do Zero',
  educatorName: 'Prof. Rui',
  educatorTitle: 'educador' as const,
  completedAt: '2031-03-12T12:00:00.000Z',
  minutes: 135,
  quizzes: [],
  revokedAt: null,
  url: URL_OF_ID,
};

function renderPage(options: { signedIn?: boolean } = {}) {
  return renderWithProviders(<CertificatePage />, {
    route: `/certificate/${ID}`,
    path: '/certificate/:id',
    loader,
    auth: options.signedIn ? { user: testUser } : {},
  });
}

const NOT_FOUND = {
  status: 404,
  data: { success: false, message: 'Certificado não encontrado' },
};

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

  it('when the course was refunded, then the page says the certificate is revogado and offers no PDF, link, LinkedIn or QR code', async () => {
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
    // Unmistakable even as a screenshot: its headline, and a stamp across the greyed certificate.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Certificado revogado');
    expect(screen.getByTestId('revoked-stamp')).toHaveTextContent('REVOGADO');
    expect(screen.getByTestId('revoked-stamp').parentElement).toHaveClass('grayscale');
    expect(screen.queryByRole('link', { name: 'Baixar PDF' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copiar link' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /LinkedIn/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    // Who issued it and its code still say which certificate was withdrawn.
    expect(screen.getByText(ID)).toBeInTheDocument();
  });

  it('when the course had no quizzes, then no quiz list is shown', async () => {
    stubApi(() => ({ data: { success: true, certificate } }));
    renderPage();
    await screen.findByText('Joana Conceição', {}, LOADED);
    expect(screen.queryByText('Questionários aprovados')).not.toBeInTheDocument();
  });

  it('when the certificate exists, then it shows its issuer, who completed what in hours and minutes, its code and QR code, verified, with the PDF link', async () => {
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
    expect(screen.getByText('Carga horária').nextSibling).toHaveTextContent(
      /^2 horas, 15 minutos$/,
    );
    expect(screen.getByText('12 de março de 2031')).toBeInTheDocument();
    // The issuer: the app's logo and name above the title, and named again beside the code.
    expect(screen.getByRole('img', { name: 'Aprendiz' })).toHaveAttribute('src', '/icons/logo.svg');
    expect(screen.getByText('Emitido por').nextSibling).toHaveTextContent(/^Aprendiz$/);
    expect(screen.getByText('Código do certificado').nextSibling).toHaveTextContent(ID);
    const qr = screen.getByRole('img', {
      name: `QR code do endereço deste certificado: ${URL_OF_ID}`,
    });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d/);
    expect(screen.getByRole('link', { name: 'Baixar PDF' })).toHaveAttribute(
      'href',
      `/api/certificate/${ID}/pdf`,
    );
  });

  it('when a learner adds it to LinkedIn, then the link opens its add-to-profile form filled in, in a new tab', async () => {
    stubApi(() => ({
      data: {
        success: true,
        certificate: { ...certificate, courseTitle: 'Python & Dados: do Zero à Prática' },
      },
    }));
    renderPage();
    const linkedIn = await screen.findByRole(
      'link',
      { name: 'Adicionar ao LinkedIn (abre em nova aba)' },
      LOADED,
    );
    expect(linkedIn).toHaveAttribute(
      'href',
      'https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME' +
        '&name=Python%20%26%20Dados%3A%20do%20Zero%20%C3%A0%20Pr%C3%A1tica' +
        '&organizationName=Aprendiz&issueYear=2031&issueMonth=3' +
        '&certUrl=https%3A%2F%2Faprendiz.example%2Fcertificate%2FAbCdEfGhIjKlMnOpQrStUv' +
        '&certId=AbCdEfGhIjKlMnOpQrStUv',
    );
    expect(linkedIn).toHaveAttribute('target', '_blank');
    expect(linkedIn).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('when a learner copies the link, then the certificate address is on the clipboard and a toast says so', async () => {
    const user = userEvent.setup();
    stubApi(() => ({ data: { success: true, certificate } }));
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Copiar link' }, LOADED));
    expect(await screen.findByText('Link do certificado copiado')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(URL_OF_ID);
  });

  it('when the browser refuses the clipboard, then an error toast says to copy the address by hand and the page stays', async () => {
    const user = userEvent.setup();
    const refused = vi
      .spyOn(navigator.clipboard, 'writeText')
      .mockRejectedValue(new DOMException('Write permission denied.', 'NotAllowedError'));
    onTestFinished(() => refused.mockRestore());
    stubApi(() => ({ data: { success: true, certificate } }));
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Copiar link' }, LOADED));
    expect(
      await screen.findByText(
        'Não foi possível copiar o link: copie o endereço da barra do navegador',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Link do certificado copiado')).not.toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Certificado de conclusão' }),
    ).toBeVisible();
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

  it('when no certificate has that id, then it says so and leads on to the courses', async () => {
    stubApi(() => NOT_FOUND);
    renderPage();
    const missing = (
      await screen.findByRole('heading', { level: 1, name: 'Certificado não encontrado' }, LOADED)
    ).closest('section')!;
    expect(screen.queryByRole('link', { name: 'Baixar PDF' })).not.toBeInTheDocument();
    expect(within(missing).getByRole('link', { name: 'Ver cursos' })).toHaveAttribute(
      'href',
      '/course-list',
    );
    // Signed out, there are no courses of one's own to go to.
    expect(within(missing).queryByRole('link', { name: 'Meus cursos' })).not.toBeInTheDocument();
  });

  it('when a signed-in learner follows an address that names no certificate, then it leads to their courses too', async () => {
    stubApi(() => NOT_FOUND);
    renderPage({ signedIn: true });
    await screen.findByRole('heading', { level: 1, name: 'Certificado não encontrado' }, LOADED);
    expect(screen.getByRole('link', { name: 'Meus cursos' })).toHaveAttribute(
      'href',
      '/my-enrollments',
    );
    expect(screen.getByRole('link', { name: 'Ver cursos' })).toHaveAttribute(
      'href',
      '/course-list',
    );
  });

  it('when the server cannot answer, then a retry loads it', async () => {
    stubApi(() => ({ status: 503, data: { success: false, message: 'Serviço indisponível' } }));
    renderPage();
    // The page's panel, not the toast with the same message (which may show first).
    const panel = (
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Não foi possível carregar o certificado' },
        LOADED,
      )
    ).closest('section')!;
    expect(panel).toHaveTextContent('Serviço indisponível');
    stubApi(() => ({ data: { success: true, certificate } }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Joana Conceição', {}, LOADED)).toBeInTheDocument();
  });
});
