import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PrivacyState } from '@aprendiz/contract/privacy';
import { stubApi } from '../../test/api-stub';
import { LOADED, renderWithProviders, testUser } from '../../test/render';
import { PrivacySection } from './privacy-section';

const READY_URL = 'http://app.test/api/account/export/r1/file?token=abc';

function state(overrides: Partial<PrivacyState> = {}): PrivacyState {
  return {
    success: true,
    export: null,
    deletion: null,
    blockers: [],
    coolOffDays: 14,
    needsPassword: true,
    ...overrides,
  };
}

describe('PrivacySection', () => {
  it('when the person asks for their data, then the export is requested, followed while it builds, and its link offered with its end date', async () => {
    let current = state();
    const { calls } = stubApi((req) => {
      if (req.method === 'POST') {
        current = state({
          export: {
            requestId: 'r1',
            status: 'pending',
            requestedAt: '2026-11-28T10:00:00.000Z',
          },
        });
        return { status: 201, data: { success: true, requestId: 'r1' } };
      }
      const answer = current;
      if (current.export?.status === 'pending') {
        current = state({
          export: {
            requestId: 'r1',
            status: 'ready',
            requestedAt: '2026-11-28T10:00:00.000Z',
            url: READY_URL,
            expiresAt: '2026-12-05T10:00:00.000Z',
            nextAllowedAt: '2026-11-29T10:00:00.000Z',
          },
        });
      }
      return { data: answer };
    });
    renderWithProviders(<PrivacySection />, { route: '/profile', auth: { user: testUser } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Baixar meus dados' }, LOADED));
    expect(await screen.findByText('Preparando seus dados…', {}, LOADED)).toBeInTheDocument();
    const link = await screen.findByRole(
      'link',
      { name: 'Baixar o arquivo (ZIP)' },
      {
        timeout: 6000,
      },
    );
    expect(link).toHaveAttribute('href', READY_URL);
    expect(screen.getByText(/O link vale até/)).toBeInTheDocument();
    expect(screen.getByText(/Você poderá pedir outra cópia a partir de/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Baixar meus dados' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/account/export',
    ]);
  });

  it('when the export was given up, then the server says why and the person may ask again', async () => {
    stubApi(() => ({
      data: state({
        export: {
          requestId: 'r1',
          status: 'failed',
          requestedAt: '2026-11-28T10:00:00.000Z',
          message: 'Não conseguimos preparar o arquivo. Peça uma nova cópia.',
        },
      }),
    }));
    renderWithProviders(<PrivacySection />, { route: '/profile', auth: { user: testUser } });
    expect(await screen.findByRole('alert', {}, LOADED)).toHaveTextContent(
      'Não conseguimos preparar o arquivo. Peça uma nova cópia.',
    );
    expect(screen.getByRole('button', { name: 'Baixar meus dados' })).toBeInTheDocument();
  });

  it('when an educator still has things to settle, then each is listed and no deletion can be asked', async () => {
    stubApi(() => ({
      data: state({
        blockers: [
          { kind: 'published-course', message: 'Despublique o curso publicado “Git”.' },
          { kind: 'balance', message: 'Você tem saldo a receber.' },
        ],
      }),
    }));
    renderWithProviders(<PrivacySection />, { route: '/profile', auth: { user: testUser } });
    expect(
      await screen.findByText('Despublique o curso publicado “Git”.', {}, LOADED),
    ).toBeInTheDocument();
    expect(screen.getByText('Você tem saldo a receber.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /excluir minha conta/i })).not.toBeInTheDocument();
  });

  it('when the password is wrong, then the server says so beside the field; when right, the person is signed out here only', async () => {
    let attempts = 0;
    const { calls } = stubApi((req) => {
      if (req.url === '/api/account/delete') {
        attempts++;
        return attempts === 1
          ? { status: 400, data: { success: false, message: 'A senha está incorreta' } }
          : {
              data: {
                success: true,
                message: 'Exclusão agendada.',
                scheduledFor: '2026-12-12T10:00:00.000Z',
              },
            };
      }
      return { data: state() };
    });
    const signOut = vi.fn(() => Promise.resolve());
    renderWithProviders(<PrivacySection />, {
      route: '/profile',
      auth: { user: testUser, signOut },
    });
    const user = userEvent.setup();
    expect(await screen.findByText(/14 dias depois do pedido/, {}, LOADED)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Quero excluir minha conta' }));
    await user.type(screen.getByLabelText('Sua senha, para confirmar'), 'errada');
    await user.click(screen.getByRole('button', { name: 'Excluir minha conta' }));
    expect(await screen.findByText('A senha está incorreta')).toBeInTheDocument();
    expect(signOut).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText('Sua senha, para confirmar'));
    await user.type(screen.getByLabelText('Sua senha, para confirmar'), 'a-certa');
    await user.click(screen.getByRole('button', { name: 'Excluir minha conta' }));
    // The server ended every session: this one ends here only, nothing more sent with its token.
    await vi.waitFor(() => expect(signOut).toHaveBeenCalledWith({ endedByServer: true }));
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ password: 'a-certa' });
  });

  it('when a deletion is scheduled (Clerk), then its date shows and "Cancelar exclusão" takes it back', async () => {
    let scheduled = true;
    const { calls } = stubApi((req) => {
      if (req.method === 'POST') {
        scheduled = false;
        return {
          data: { success: true, message: 'Exclusão cancelada. Sua conta continua ativa.' },
        };
      }
      return {
        data: state({
          needsPassword: false,
          deletion: scheduled ? { scheduledFor: '2026-12-12T10:00:00.000Z' } : null,
        }),
      };
    });
    renderWithProviders(<PrivacySection />, { route: '/profile', auth: { user: testUser } });
    const user = userEvent.setup();
    expect(await screen.findByText(/Sua conta será excluída em/, {}, LOADED)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancelar exclusão' }));
    expect(
      await screen.findByRole('button', { name: 'Quero excluir minha conta' }, LOADED),
    ).toBeInTheDocument();
    // A Clerk session is not ended by the request: the way back is this page's button.
    expect(screen.getByText(/Até lá, você pode cancelar aqui mesmo/)).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/account/delete/cancel')).toBe(true);
  });
});
