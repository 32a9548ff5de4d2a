import type { PaymentAttempt, PurchaseStatus } from '@aprendiz/contract/payments';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { networkError, stubApi, type StubRequest, type StubResponse } from '../../../test/api-stub';
import { NETWORK_ERROR_MESSAGE } from '../../../lib/api-error';
import { LOADED, renderWithProviders, testUser } from '../../../test/render';
import { loadPurchase } from '../read-purchase';
import { POLL_MS } from './use-poll';
import { PaymentPage } from './payment-page';
import { dueText, NOT_RECEIVED_YET } from './attempt-view';

const PURCHASE_ID = '0b7f3c1e-2222-4c3b-9a7e-00000000abcd';
const purchaseUrl = `/api/payments/${PURCHASE_ID}`;

function attempt(
  overrides: Partial<PaymentAttempt> = {},
): PaymentAttempt & { educatorName: string } {
  return {
    _id: PURCHASE_ID,
    status: 'awaiting_payment',
    method: 'reference',
    amount: 12000,
    currency: 'aoa',
    currencyLabel: 'Kz',
    expiresAt: new Date(Date.now() + 90_000).toISOString(),
    instructions: { kind: 'reference', entity: '11333', reference: '123456789', amount: 12000 },
    courseId: 'course-1',
    courseTitle: 'Python Intermediário',
    educatorName: 'Ana Ferreira',
    sandbox: false,
    ...overrides,
  };
}

function settled(status: PurchaseStatus) {
  return attempt({ status, expiresAt: null, instructions: null });
}

const answer = (purchase: PaymentAttempt) => ({ data: { success: true, purchase } });

/** The purchase's reads answered by `read` (called anew each time), its writes by `write`. */
function serve(
  read: () => StubResponse,
  write: (request: StubRequest) => StubResponse = () => ({
    status: 404,
    data: { success: false, message: 'Rota desconhecida' },
  }),
) {
  return stubApi((request) =>
    request.method === 'GET' && request.url === purchaseUrl ? read() : write(request),
  );
}

const reads = (calls: StubRequest[]) =>
  calls.filter(({ method, url }) => method === 'GET' && url === purchaseUrl).length;

function renderPaymentPage(methods: PaymentAttempt['method'][] = ['card', 'reference']) {
  return renderWithProviders(<Outlet />, {
    route: `/payment/${PURCHASE_ID}`,
    routes: [
      { path: '/payment/:purchaseId', element: <PaymentPage />, loader: loadPurchase },
      { path: '/loading/*', element: <h1>Carregando Meus Cursos</h1> },
    ],
    auth: { user: testUser },
    storefront: { currency: 'aoa', methods: methods.filter((m) => m !== null) },
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the payment page', () => {
  it('when the money is awaited, then the reference, the amount and a countdown that ticks show', async () => {
    // Only the page's clocks are faked: the loader's and the test library's waits run as usual.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    serve(() => answer(attempt()));
    renderPaymentPage();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Aguardando pagamento' }, LOADED),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Entidade',
      'Referência',
      'Montante',
    ]);
    expect(screen.getByText('123 456 789')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('Expira em 1:30');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(screen.getByRole('timer')).toHaveTextContent('Expira em 1:29');
    expect(document.title).toMatch(/^Aguardando pagamento/);
  });

  it('when the money arrives while the page waits, then a poll reads it and the learner goes on to My Courses', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    let current = attempt();
    const { calls } = serve(() => answer(current));
    const { location } = renderPaymentPage();
    await screen.findByRole('heading', { name: 'Aguardando pagamento' }, LOADED);
    expect(reads(calls)).toBe(1);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(POLL_MS);
    });
    expect(reads(calls)).toBe(2);
    expect(screen.getByRole('heading', { name: 'Aguardando pagamento' })).toBeInTheDocument();

    current = settled('completed');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(POLL_MS);
    });
    expect(await screen.findByText('Pagamento concluído. Bons estudos!')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Carregando Meus Cursos' })).toBeVisible();
    expect(location()).toBe('/loading/my-enrollments');
  });

  it('when the tab is hidden, then it is not polled, and coming back reads at once', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { calls } = serve(() => answer(attempt()));
    renderPaymentPage();
    await screen.findByRole('heading', { name: 'Aguardando pagamento' }, LOADED);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    fireEvent(document, new Event('visibilitychange'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(POLL_MS * 3);
    });
    expect(reads(calls)).toBe(1);

    visibility.mockReturnValue('visible');
    fireEvent(document, new Event('visibilitychange'));
    await vi.waitFor(() => expect(reads(calls)).toBe(2));
  });

  it('when Já paguei is pressed, then the explicit check is asked, and the paid purchase read after it goes on', async () => {
    let current = attempt();
    const { calls } = serve(
      () => answer(current),
      ({ method, url }) => {
        if (method !== 'POST' || url !== `${purchaseUrl}/check`) return { status: 404 };
        current = settled('completed');
        return answer(current);
      },
    );
    const { location } = renderPaymentPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Já paguei' }, LOADED));

    expect(await screen.findByRole('heading', { name: 'Carregando Meus Cursos' })).toBeVisible();
    expect(location()).toBe('/loading/my-enrollments');
    expect(calls.map(({ method, url }) => `${method} ${url}`)).toEqual([
      `GET ${purchaseUrl}`,
      `POST ${purchaseUrl}/check`,
      `GET ${purchaseUrl}`,
    ]);
  });

  it('when Já paguei is pressed before the money arrived, then the buyer is told it has not been received yet', async () => {
    serve(
      () => answer(attempt()),
      ({ method, url }) =>
        method === 'POST' && url === `${purchaseUrl}/check` ? answer(attempt()) : { status: 404 },
    );
    renderPaymentPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Já paguei' }, LOADED));
    expect(await screen.findByText(NOT_RECEIVED_YET)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Aguardando pagamento' })).toBeInTheDocument();
  });

  it('when a voucher lasts days, then its due day and time are written out; a push shows only its countdown', async () => {
    expect(dueText(new Date(2026, 10, 30, 19, 5))).toBe('Pague até 30/11 às 19:05');
    const due = new Date(Date.now() + 3 * 24 * 3600_000);
    serve(() => answer(attempt({ expiresAt: due.toISOString() })));
    const { unmount } = renderPaymentPage();
    expect(await screen.findByText(dueText(due), {}, LOADED)).toBeInTheDocument();
    unmount();
    serve(() =>
      answer(
        attempt({
          method: 'multicaixa_express',
          instructions: { kind: 'push', phone: '923456789' },
        }),
      ),
    );
    renderPaymentPage(['multicaixa_express']);
    await screen.findByRole('timer', {}, LOADED);
    expect(screen.queryByText(/^Pague até/)).not.toBeInTheDocument();
  });

  it('when a push expires and the buyer tries again, then the number it went to is kept, written in threes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    let current = attempt({
      method: 'multicaixa_express',
      instructions: { kind: 'push', phone: '923456789' },
      expiresAt: new Date(Date.now() + 2_000).toISOString(),
    });
    serve(
      () => answer(current),
      () => {
        current = attempt({
          method: 'multicaixa_express',
          status: 'expired',
          instructions: null,
          expiresAt: null,
        });
        return answer(current);
      },
    );
    renderPaymentPage(['multicaixa_express', 'reference']);
    expect(await screen.findByText('923 456 789', {}, LOADED)).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    await screen.findByRole('heading', { level: 1, name: 'Pagamento expirado' });
    vi.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(screen.getByLabelText('Número de celular')).toHaveValue('923 456 789');
  });

  it('when the check is refused, then the server’s message is toasted and the voucher stays', async () => {
    serve(
      () => answer(attempt()),
      () => ({ status: 429, data: { success: false, message: 'Aguarde um momento' } }),
    );
    renderPaymentPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Já paguei' }, LOADED));
    expect(await screen.findByText('Aguarde um momento')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Aguardando pagamento' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Já paguei' })).toBeEnabled();
  });

  it('when the countdown runs out, then the page asks the server and shows the payment expired, with a way to try again', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    let current = attempt({ expiresAt: new Date(Date.now() + 2_000).toISOString() });
    // A read never settles: only the explicit check asks the provider, which says it expired.
    serve(
      () => answer(current),
      (request) => {
        if (request.method !== 'POST' || request.url !== `${purchaseUrl}/check`) {
          return { status: 404, data: { success: false, message: 'Rota desconhecida' } };
        }
        current = settled('expired');
        return answer(current);
      },
    );
    renderPaymentPage(['card', 'reference', 'multicaixa_express']);
    await screen.findByRole('heading', { name: 'Aguardando pagamento' }, LOADED);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pagamento expirado' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/O prazo deste pagamento terminou sem que o valor chegasse\./),
    ).toBeInTheDocument();
    vi.useRealTimers();

    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    const methods = screen.getByRole('group', { name: 'Como quer pagar?' });
    expect(
      within(methods)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['card', 'reference', 'multicaixa_express']);
    // The method it was started with is picked already.
    expect(within(methods).getByRole('radio', { name: 'Pagamento por referência' })).toBeChecked();
  });

  it('when another method is chosen, then a push without its phone is refused beside the field, and with it the new voucher is read', async () => {
    let current = attempt();
    const { calls } = serve(
      () => answer(current),
      ({ method, url }) => {
        if (method !== 'POST' || url !== `${purchaseUrl}/method`) return { status: 404 };
        current = attempt({
          method: 'multicaixa_express',
          instructions: { kind: 'push', phone: '923456789' },
        });
        return {
          data: { success: true, session_url: `/payment/${PURCHASE_ID}`, purchase: current },
        };
      },
    );
    renderPaymentPage(['card', 'reference', 'multicaixa_express']);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Escolher outro método' }, LOADED));
    await user.click(screen.getByRole('radio', { name: 'Multicaixa Express' }));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    const phone = screen.getByLabelText(/^Número de celular/);
    expect(phone).toHaveAccessibleDescription(
      expect.stringContaining('Informe o número de celular para aprovar o pagamento no app'),
    );
    expect(phone).toHaveFocus();
    expect(calls.some(({ method }) => method === 'POST')).toBe(false);

    // A number of another country never rings: refused before any request.
    await user.type(phone, '912 345 678 1');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(phone).toHaveAccessibleDescription(expect.stringContaining('celular angolano'));
    expect(calls.some(({ method }) => method === 'POST')).toBe(false);

    await user.clear(phone);
    await user.type(phone, '923 456 789');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText(/Aprove no app do seu celular/)).toHaveTextContent(
      'Aprove no app do seu celular o pedido de Kz 12.000,00 enviado para 923 456 789.',
    );
    expect(calls.find(({ method }) => method === 'POST')?.body).toEqual({
      method: 'multicaixa_express',
      phone: '923 456 789',
    });
  });

  it('when the network is down, then the page says so with a retry, and the retry reads the purchase', async () => {
    let online = false;
    serve(() => {
      if (!online) throw networkError();
      return answer(attempt());
    });
    renderPaymentPage();
    const failure = await screen.findByRole('alert', {}, LOADED);
    expect(
      within(failure).getByRole('heading', { name: 'Não foi possível carregar o pagamento' }),
    ).toBeInTheDocument();
    expect(failure).toHaveTextContent(NETWORK_ERROR_MESSAGE);

    online = true;
    await userEvent.click(within(failure).getByRole('button', { name: 'Tentar novamente' }));
    expect(
      await screen.findByRole('heading', { name: 'Aguardando pagamento' }, LOADED),
    ).toBeInTheDocument();
  });

  it('when the purchase is someone else’s or unknown, then the page says it was not found', async () => {
    serve(() => ({ status: 404, data: { success: false, message: 'Compra não encontrada' } }));
    renderPaymentPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pagamento não encontrado' }, LOADED),
    ).toBeInTheDocument();
  });
});
