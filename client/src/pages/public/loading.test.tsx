import { act, fireEvent, screen } from '@testing-library/react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PurchaseStatus } from '@aprendiz/contract/payments';
import { stubApi } from '../../test/api-stub';
import { LOADED, renderWithProviders, testUser } from '../../test/render';
import LoadingPage, { loader, LOADING_REDIRECT_MS } from './loading';
import { afterPayment } from '../../features/payments';

/** The live region holding the page's message, if it has one. */
function announcement(): HTMLElement | undefined {
  return screen.getAllByRole('status').find((region) => region.textContent?.includes('Pagamento'));
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('LoadingPage', () => {
  it('when opened with a path, then it shows the dots and after 5 s reloads the user’s data and goes to /{path}', async () => {
    const { app, location } = renderWithProviders(<LoadingPage />, {
      route: '/loading/my-enrollments',
      path: '/loading/*',
      auth: { user: testUser },
    });
    expect(screen.getByRole('status', { name: 'Carregando…' })).toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(LOADING_REDIRECT_MS - 1);
    });
    expect(location()).toBe('/loading/my-enrollments');
    expect(app.refreshSignedIn).not.toHaveBeenCalled();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(app.refreshSignedIn).toHaveBeenCalledTimes(1);
    expect(location()).toBe('/my-enrollments');
  });

  it('when the path has several segments, then all of them are kept', async () => {
    const { location } = renderWithProviders(<LoadingPage />, {
      route: '/loading/course/abc',
      path: '/loading/*',
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LOADING_REDIRECT_MS);
    });
    expect(location()).toBe('/course/abc');
  });

  it('when opened without a path, then it keeps showing the dots', async () => {
    const { location } = renderWithProviders(<LoadingPage />, {
      route: '/loading',
      path: '/loading/*',
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LOADING_REDIRECT_MS * 2);
    });
    expect(location()).toBe('/loading');
    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  it('when the checkout hands over the course just paid, then a live region says the payment is confirmed and names the course', async () => {
    renderWithProviders(
      <Routes>
        <Route
          path="/"
          element={
            <Navigate
              to="/loading/my-enrollments"
              replace
              state={afterPayment('Python Intermediário')}
            />
          }
        />
        <Route path="/loading/*" element={<LoadingPage />} />
      </Routes>,
      { auth: { user: testUser } },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Pagamento confirmado' })).toBeVisible();
    expect(announcement()).toHaveTextContent(
      /^Pagamento confirmado\s*Estamos adicionando Python Intermediário a Meus Cursos\./,
    );
    expect(screen.getByRole('status', { name: 'Carregando…' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Pagamento confirmado/);
  });

  it('when a payment provider returns without naming the purchase, then no payment is claimed', () => {
    renderWithProviders(<LoadingPage />, {
      route: '/loading/my-enrollments',
      path: '/loading/*',
      auth: { user: testUser },
    });
    expect(announcement()).toBeUndefined();
    expect(screen.getByRole('heading', { level: 1, name: 'Carregando' })).toBeInTheDocument();
  });

  it('when Ir agora is pressed after a payment, then the enrollments are read and the learner goes on without waiting the 5 s', async () => {
    const { app, location } = renderWithProviders(
      <Routes>
        <Route
          path="/"
          element={<Navigate to="/loading/my-enrollments" replace state={afterPayment('Python')} />}
        />
        <Route path="/loading/*" element={<LoadingPage />} />
      </Routes>,
      { auth: { user: testUser } },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Ir agora' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(app.refreshSignedIn).toHaveBeenCalledTimes(1);
    expect(location()).toBe('/my-enrollments');
  });

  it('when it leads anywhere else, then it speaks of no payment', () => {
    renderWithProviders(<LoadingPage />, { route: '/loading/course-list', path: '/loading/*' });
    expect(announcement()).toBeUndefined();
    expect(screen.getByRole('heading', { level: 1, name: 'Carregando' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ir agora' })).not.toBeInTheDocument();
  });
});

describe('LoadingPage after a payment provider (?compra=)', () => {
  const PURCHASE_ID = 'compra-1';
  const route = `/loading/my-enrollments?compra=${PURCHASE_ID}`;

  function purchase(status: PurchaseStatus) {
    return {
      _id: PURCHASE_ID,
      status,
      method: 'multibanco',
      amount: 19.9,
      currency: 'eur',
      currencyLabel: '€',
      expiresAt: null,
      instructions: null,
      courseId: 'course-1',
      courseTitle: 'Python Intermediário',
      educatorName: 'Ana Ferreira',
      sandbox: false,
    };
  }

  function serve(status: () => PurchaseStatus) {
    return stubApi(({ url }) =>
      url === `/api/payments/${PURCHASE_ID}`
        ? { data: { success: true, purchase: purchase(status()) } }
        : { status: 404, data: { success: false, message: 'Rota desconhecida' } },
    );
  }

  function renderReturn() {
    return renderWithProviders(<LoadingPage />, {
      route,
      path: '/loading/*',
      loader,
      auth: { user: testUser },
    });
  }

  beforeEach(() => {
    // The page's clocks only: the loader's and the test library's waits run as usual.
    vi.useRealTimers();
  });

  it('when the purchase reads paid, then the confirmation names the course and the learner goes on', async () => {
    serve(() => 'completed');
    const { app, location } = renderReturn();
    const heading = await screen.findByRole(
      'heading',
      { level: 1, name: 'Pagamento confirmado' },
      LOADED,
    );
    expect(heading.closest('[role="status"]')).toHaveTextContent(
      'Estamos adicionando Python Intermediário a Meus Cursos.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Ir agora' }));
    await vi.waitFor(() => expect(location()).toBe('/my-enrollments'));
    expect(app.refreshSignedIn).toHaveBeenCalledTimes(1);
  });

  it('when the money is still awaited (a Multibanco reference, a boleto), then the page says so, is not confirmed and stays', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    let status: PurchaseStatus = 'awaiting_payment';
    const { calls } = serve(() => status);
    const { location } = renderReturn();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Aguardando pagamento' }, LOADED),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/Assim que o valor chegar, o curso aparece em Meus Cursos/),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ver o pagamento' })).toHaveAttribute(
      'href',
      `/payment/${PURCHASE_ID}`,
    );
    expect(screen.queryByText('Pagamento confirmado')).not.toBeInTheDocument();
    expect(document.title).toMatch(/^Aguardando pagamento/);

    // Read again while it waits; the money arriving turns the page into the confirmation.
    status = 'completed';
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    expect(calls).toHaveLength(2);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pagamento confirmado' }),
    ).toBeInTheDocument();
    // Confirmed now, and still here: going on waits its 5 s (real time, not faked here).
    expect(location()).toBe(route);
  });
});
