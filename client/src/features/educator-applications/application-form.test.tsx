import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type {
  EducatorApplication,
  EducatorApplicationResponse,
} from '@aprendiz/contract/educator-applications';
import { stubApi } from '../../test/api-stub';
import { LOADED, renderWithProviders, testUser } from '../../test/render';
import { EducatorApplicationPanel } from './application-form';

const ABOUT = 'Sou professora de física há oito anos no ensino médio.';
const TEACHING = 'Física para o ENEM, com exercícios resolvidos em vídeo.';

function application(overrides: Partial<EducatorApplication> = {}): EducatorApplication {
  return {
    _id: 'a1',
    about: ABOUT,
    teaching: TEACHING,
    status: 'pending',
    note: null,
    createdAt: '2026-11-28T10:00:00.000Z',
    decidedAt: null,
    ...overrides,
  };
}

describe('EducatorApplicationPanel', () => {
  it('when the texts are too short, then each field shows its error beside it and nothing is sent', async () => {
    const { calls } = stubApi(() => ({ data: { success: true, application: null } }));
    renderWithProviders(<EducatorApplicationPanel />, {
      route: '/educator',
      auth: { user: testUser },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Sobre você', {}, LOADED), 'Curto');
    await user.click(screen.getByRole('button', { name: 'Enviar candidatura' }));

    expect(screen.getByLabelText('Sobre você')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Sobre você')).toHaveAccessibleDescription(
      expect.stringContaining('Conte um pouco sobre você (pelo menos 20 caracteres)'),
    );
    expect(screen.getByLabelText('O que você vai ensinar')).toHaveAccessibleDescription(
      expect.stringContaining('Conte o que você vai ensinar'),
    );
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('when the person sends the application, then both texts are posted and the panel says it is under review', async () => {
    let current: EducatorApplicationResponse = { success: true, application: null };
    const { calls } = stubApi((req) => {
      if (req.method === 'POST') {
        current = { success: true, application: application() };
        return { status: 201, data: current };
      }
      return { data: current };
    });
    renderWithProviders(<EducatorApplicationPanel />, {
      route: '/educator',
      auth: { user: testUser },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Sobre você', {}, LOADED), ABOUT);
    await user.type(screen.getByLabelText('O que você vai ensinar'), TEACHING);
    await user.click(screen.getByRole('button', { name: 'Enviar candidatura' }));

    expect(
      await screen.findByText('Sua candidatura está em análise', {}, LOADED),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar candidatura' })).not.toBeInTheDocument();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toEqual([
      expect.objectContaining({
        url: '/api/educator/application',
        body: { about: ABOUT, teaching: TEACHING },
      }),
    ]);
  });

  it('when the last application was declined, then the admin note is shown and a new one may be sent', async () => {
    stubApi(() => ({
      data: {
        success: true,
        application: application({ status: 'declined', note: 'Mostre um exemplo de aula.' }),
      },
    }));
    renderWithProviders(<EducatorApplicationPanel />, {
      route: '/educator',
      auth: { user: testUser },
    });
    const heading = await screen.findByText('Sua candidatura não foi aprovada', {}, LOADED);
    const status = heading.closest('[role="status"]') as HTMLElement;
    expect(within(status).getByText(/Mostre um exemplo de aula/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar candidatura' })).toBeInTheDocument();
  });

  it('when the application was approved, then the session is read again so the educator area opens', async () => {
    stubApi(() => ({
      data: { success: true, application: application({ status: 'approved' }) },
    }));
    const refreshSignedIn = vi.fn(() => Promise.resolve());
    renderWithProviders(<EducatorApplicationPanel />, {
      route: '/educator',
      auth: { user: testUser },
      app: { refreshSignedIn },
    });
    expect(await screen.findByText(/foi aprovada/, {}, LOADED)).toBeInTheDocument();
    expect(refreshSignedIn).toHaveBeenCalled();
  });
});
