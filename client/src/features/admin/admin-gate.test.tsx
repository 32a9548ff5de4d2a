import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../test/api-stub';
import { LOADED, renderWithProviders, testUser } from '../../test/render';
import { AdminGate } from './admin-gate';

const TWO_STEP_REQUIRED = 'Ative a verificação em duas etapas no seu perfil para usar o console';

describe('AdminGate', () => {
  it('when an admin has no two-step yet, then the server’s message is shown with the way to the profile, and the console stays closed', async () => {
    stubApi(() => ({ status: 403, data: { success: false, message: TWO_STEP_REQUIRED } }));
    renderWithProviders(
      <AdminGate>
        <p>Conteúdo do console</p>
      </AdminGate>,
      { auth: { user: testUser } },
    );
    expect(await screen.findByRole('alert', {}, LOADED)).toHaveTextContent(TWO_STEP_REQUIRED);
    expect(screen.getByRole('link', { name: 'Ativar no meu perfil' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(screen.queryByText('Conteúdo do console')).not.toBeInTheDocument();
  });

  it('when someone who is not staff opens it, then the refusal is shown without the way to two-step', async () => {
    stubApi(() => ({
      status: 403,
      data: { success: false, message: 'Só a equipe da plataforma usa o console' },
    }));
    renderWithProviders(
      <AdminGate>
        <p>Conteúdo do console</p>
      </AdminGate>,
      { auth: { user: testUser } },
    );
    expect(await screen.findByRole('alert', {}, LOADED)).toHaveTextContent(
      'Só a equipe da plataforma usa o console',
    );
    expect(screen.queryByRole('link', { name: 'Ativar no meu perfil' })).not.toBeInTheDocument();
  });

  it('when an admin with two-step opens it, then the tabs and the content show', async () => {
    stubApi(() => ({
      data: {
        success: true,
        user: {
          _id: 'usr_admin',
          name: 'Admin',
          email: 'admin@example.com',
          role: 'student',
          staffRole: 'admin',
          suspended: false,
          createdAt: '2026-11-01T10:00:00.000Z',
        },
      },
    }));
    renderWithProviders(
      <AdminGate>
        <p>Conteúdo do console</p>
      </AdminGate>,
      { auth: { user: testUser } },
    );
    expect(await screen.findByText('Conteúdo do console', {}, LOADED)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Console' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Repasses' })).toHaveAttribute(
      'href',
      '/admin/payouts',
    );
  });

  it('when EDUCATOR_APPLICATIONS is off, then there is no Candidaturas tab; on, there is', async () => {
    const me = {
      _id: 'usr_admin',
      name: 'Admin',
      email: 'admin@example.com',
      role: 'student',
      staffRole: 'admin',
      suspended: false,
      createdAt: '2026-11-01T10:00:00.000Z',
    };
    const userData = {
      _id: 'usr_admin',
      name: 'Admin',
      email: 'admin@example.com',
      imageUrl: '',
      role: 'student' as const,
      staffRole: 'admin' as const,
      emailVerified: true,
      enrolledCourses: [],
      educatorTitle: 'educador' as const,
    };
    stubApi(() => ({ data: { success: true, user: me } }));
    const gate = (
      <AdminGate>
        <p>Conteúdo do console</p>
      </AdminGate>
    );
    const off = renderWithProviders(gate, { auth: { user: testUser }, app: { userData } });
    expect(await screen.findByText('Conteúdo do console', {}, LOADED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Moderação' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Candidaturas' })).not.toBeInTheDocument();
    off.unmount();

    renderWithProviders(gate, {
      auth: { user: testUser },
      app: { userData: { ...userData, educatorApplications: true } },
    });
    expect(await screen.findByRole('link', { name: 'Candidaturas' }, LOADED)).toHaveAttribute(
      'href',
      '/admin/applications',
    );
  });
});
