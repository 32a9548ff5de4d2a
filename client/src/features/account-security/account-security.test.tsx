import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AccountSession } from '@aprendiz/contract/account-security';
import { stubApi } from '../../test/api-stub';
import { userData } from '../../test/course-fixtures';
import { LOADED, renderWithProviders, testUser } from '../../test/render';
import { EmailVerificationBanner } from './email-banner';
import { AccountEmailSection } from './email-section';
import { SessionsSection } from './sessions-section';
import { VerifyEmail } from './verify-email';

const laptop: AccountSession = {
  _id: '11111111-1111-4111-8111-111111111111',
  browser: 'Firefox',
  system: 'Linux',
  address: '198.51.100.7',
  firstSeenAt: '2026-11-20T10:00:00.000Z',
  lastSeenAt: '2026-11-28T09:00:00.000Z',
  current: true,
};
const phone: AccountSession = {
  ...laptop,
  _id: '22222222-2222-4222-8222-222222222222',
  browser: 'Safari',
  system: 'iOS',
  address: '203.0.113.20',
  current: false,
};

describe('EmailVerificationBanner', () => {
  it('when the address is not confirmed, then a quiet line names it and Reenviar says what the server did', async () => {
    const { calls } = stubApi(() => ({
      data: { success: true, message: 'Enviamos um novo link para ana@example.com.' },
    }));
    renderWithProviders(<EmailVerificationBanner />, {
      auth: { user: testUser },
      app: { userData: userData({ emailVerified: false }) },
    });
    const banner = screen.getByRole('complementary', { name: 'Confirmação de e-mail' });
    expect(banner).toHaveTextContent('Confirme seu e-mail: enviamos um link para ana@example.com.');
    await userEvent.setup().click(within(banner).getByRole('button', { name: 'Reenviar' }));
    expect(await within(banner).findByRole('status')).toHaveTextContent(
      'Enviamos um novo link para ana@example.com.',
    );
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/auth/verify-email/resend',
    ]);
  });

  it('when Reenviar is pressed too soon, then the wait the server gives is said beside it', async () => {
    stubApi(() => ({
      status: 429,
      data: { success: false, message: 'Aguarde 42 segundos para reenviar o link.' },
    }));
    renderWithProviders(<EmailVerificationBanner />, {
      auth: { user: testUser },
      app: { userData: userData({ emailVerified: false }) },
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reenviar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Aguarde 42 segundos para reenviar o link.',
    );
  });

  it('when the address is confirmed or nobody is signed in, then there is no banner', () => {
    const { unmount } = renderWithProviders(<EmailVerificationBanner />, {
      auth: { user: testUser },
      app: { userData: userData({ emailVerified: true }) },
    });
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<EmailVerificationBanner />);
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });
});

describe('VerifyEmail', () => {
  it('when the button is pressed, then the token is sent once and the confirmation shows', async () => {
    const { calls } = stubApi(() => ({
      data: {
        success: true,
        message: 'E-mail confirmado: ana@example.com',
        email: 'ana@example.com',
      },
    }));
    const { app } = renderWithProviders(<VerifyEmail token="abc" />);
    // Nothing is sent on arrival: a mail scanner opening the link must not use it up.
    expect(calls).toHaveLength(0);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Confirmar meu e-mail' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'E-mail confirmado: ana@example.com',
    );
    expect(calls.map((c) => c.body)).toEqual([{ token: 'abc' }]);
    expect(app.refreshSignedIn).toHaveBeenCalled();
  });

  it('when the link was used or expired, then the server says so and how to get another', async () => {
    stubApi(() => ({
      status: 400,
      data: {
        success: false,
        message: 'Este link de confirmação é inválido, já foi usado ou expirou.',
      },
    }));
    renderWithProviders(<VerifyEmail token="velho" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Confirmar meu e-mail' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('já foi usado ou expirou');
  });

  it('when the link has no token, then it says the link is incomplete and offers no button', () => {
    renderWithProviders(<VerifyEmail token="" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Este link está incompleto');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('AccountEmailSection', () => {
  it('when a new address is sent with the password, then the answer shows and the waiting change is listed', async () => {
    let pending: string | null = null;
    const { calls } = stubApi((req) => {
      if (req.method === 'POST') {
        pending = 'novo@example.com';
        return {
          data: {
            success: true,
            message:
              'Enviamos um link para novo@example.com. Sua conta continua usando ana@example.com até você confirmar.',
          },
        };
      }
      return {
        data: {
          success: true,
          status: { email: 'ana@example.com', verified: true, pendingEmail: pending },
        },
      };
    });
    renderWithProviders(<AccountEmailSection />, { auth: { user: testUser } });
    expect(await screen.findByText('Confirmado', {}, LOADED)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Novo e-mail'), 'Novo@Example.com');
    await user.type(screen.getByLabelText('Sua senha'), 'segredo-longo');
    await user.click(screen.getByRole('button', { name: 'Enviar link de confirmação' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Sua conta continua usando ana@example.com até você confirmar.',
    );
    expect(await screen.findByText('novo@example.com', {}, LOADED)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'novo@example.com',
      password: 'segredo-longo',
    });
  });

  it('when the fields are empty, then each says what is missing beside it and nothing is sent', async () => {
    const { calls } = stubApi(() => ({
      data: {
        success: true,
        status: { email: 'ana@example.com', verified: false, pendingEmail: null },
      },
    }));
    renderWithProviders(<AccountEmailSection />, { auth: { user: testUser } });
    expect(await screen.findByText('Não confirmado', {}, LOADED)).toBeInTheDocument();
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Enviar link de confirmação' }));
    expect(screen.getByLabelText('Novo e-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Sua senha')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});

describe('SessionsSection', () => {
  it('when two sessions are open, then this device comes first and marked, and Encerrar ends the other', async () => {
    let sessions = [phone, laptop];
    const { calls } = stubApi((req) => {
      if (req.method === 'DELETE') {
        sessions = [laptop];
        return { data: { success: true, message: 'Sessão encerrada' } };
      }
      return { data: { success: true, sessions } };
    });
    renderWithProviders(<SessionsSection onNewToken={vi.fn()} />, { auth: { user: testUser } });
    const list = await screen.findByRole('list', { name: 'Sessões' }, LOADED);
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Firefox em Linux');
    expect(items[0]).toHaveTextContent('este dispositivo');
    expect(items[1]).toHaveTextContent('Safari em iOS');
    expect(items[1]).toHaveTextContent('Endereço: 203.0.113.20');

    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Encerrar a sessão de Safari em iOS' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Sessão encerrada: Safari em iOS.');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(
      `/api/account/sessions/${phone._id}`,
    );
    expect(
      screen.queryByRole('button', { name: 'Encerrar as outras sessões' }),
    ).not.toBeInTheDocument();
  });

  it('when the others are ended, then this device keeps its session with the new token and the message shows', async () => {
    let sessions = [laptop, phone];
    stubApi((req) => {
      if (req.method === 'POST') {
        sessions = [laptop];
        return {
          data: {
            success: true,
            message: '1 sessão encerrada. Este dispositivo continua conectado.',
            ended: 1,
            token: 'novo-token',
          },
        };
      }
      return { data: { success: true, sessions } };
    });
    const onNewToken = vi.fn();
    renderWithProviders(<SessionsSection onNewToken={onNewToken} />, { auth: { user: testUser } });
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Encerrar as outras sessões' }, LOADED));
    expect(await screen.findByRole('status')).toHaveTextContent(
      '1 sessão encerrada. Este dispositivo continua conectado.',
    );
    expect(onNewToken).toHaveBeenCalledWith('novo-token');
  });
});
