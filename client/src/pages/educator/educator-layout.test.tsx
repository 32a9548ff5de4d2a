import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { UserData } from '@aprendiz/contract/auth';
import type { AuthContextValue } from '../../auth/auth-context';
import type { AppContextValue } from '../../context/app-context';
import { stubApi } from '../../test/api-stub';
import { renderWithProviders, testUser } from '../../test/render';
import EducatorLayout from './educator-layout';

const student: UserData = {
  _id: testUser.id,
  name: testUser.name,
  email: testUser.email,
  imageUrl: '',
  emailVerified: true,
  role: 'student',
  enrolledCourses: [],
  educatorTitle: 'educador',
};

function renderArea(
  route: string,
  options: { auth?: Partial<AuthContextValue>; app?: Partial<AppContextValue> } = {},
) {
  return renderWithProviders(
    <Routes>
      <Route path="/educator" element={<EducatorLayout />}>
        <Route index element={<p>conteúdo do painel</p>} />
        <Route path="add-course" element={<p>conteúdo do formulário</p>} />
      </Route>
    </Routes>,
    { route, ...options },
  );
}

function sidebar() {
  return screen.queryByRole('navigation', { name: 'Área do educador' });
}

describe('EducatorLayout', () => {
  it('while the sign-in provider is loading, then only the loader shows', () => {
    renderArea('/educator', { auth: { isLoaded: false } });
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(sidebar()).not.toBeInTheDocument();
    expect(screen.queryByText('conteúdo do painel')).not.toBeInTheDocument();
  });

  it('when the visitor is signed out, then sign-in opens, and the page offers Entrar', async () => {
    const user = userEvent.setup();
    const { auth } = renderArea('/educator');
    expect(auth.openSignIn).toHaveBeenCalledTimes(1);
    expect(
      screen.getByText('Entre na sua conta para acessar a área do educador.'),
    ).toBeInTheDocument();
    expect(sidebar()).not.toBeInTheDocument();
    expect(screen.queryByText('conteúdo do painel')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(auth.openSignIn).toHaveBeenCalledTimes(2);
  });

  it('when a signed-in user is still waiting for their data, then the loader shows, not the offer', () => {
    renderArea('/educator', { auth: { user: testUser }, app: { userData: null } });
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tornar-se educador' })).not.toBeInTheDocument();
  });

  it('when a student presses Tornar-se educador, then the role is updated, the message shows and the area opens', async () => {
    const { calls } = stubApi(() => ({
      data: { success: true, message: 'Agora você pode publicar um curso' },
    }));
    const user = userEvent.setup();
    const { app } = renderArea('/educator', {
      auth: { user: testUser },
      app: { userData: student },
    });
    expect(screen.getByRole('heading', { name: 'Área do educador' })).toBeInTheDocument();
    expect(sidebar()).not.toBeInTheDocument();
    expect(screen.queryByText('conteúdo do painel')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Tornar-se educador' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Tornar-se educador' })).getByRole(
        'button',
        {
          name: 'Sim, tornar-me educador',
        },
      ),
    );

    expect(await screen.findByText('Agora você pode publicar um curso')).toBeInTheDocument();
    // The top bar's notification bell reads on its own; the role change is the one write.
    expect(
      calls
        .map((call) => `${call.method} ${call.url}`)
        .filter((call) => call !== 'GET /api/notifications'),
    ).toEqual(['GET /api/educator/update-role']);
    expect(app.setIsEducator).toHaveBeenCalledWith(true);
    expect(sidebar()).toBeInTheDocument();
    expect(screen.getByText('conteúdo do painel')).toBeInTheDocument();
  });

  it('when the role update fails, then the server message shows and the area stays closed', async () => {
    stubApi(() => ({ status: 503, data: { success: false, message: 'Serviço indisponível' } }));
    const user = userEvent.setup();
    const { app } = renderArea('/educator', {
      auth: { user: testUser },
      app: { userData: student },
    });
    await user.click(screen.getByRole('button', { name: 'Tornar-se educador' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Tornar-se educador' })).getByRole(
        'button',
        {
          name: 'Sim, tornar-me educador',
        },
      ),
    );
    expect(await screen.findByText('Serviço indisponível')).toBeInTheDocument();
    expect(app.setIsEducator).not.toHaveBeenCalled();
    expect(sidebar()).not.toBeInTheDocument();
  });

  it('when an educator opens /educator, then the sidebar lists the six sections with Dashboard current', () => {
    renderArea('/educator', { auth: { user: testUser }, app: { isEducator: true } });
    const nav = sidebar() as HTMLElement;
    const links = within(nav).getAllByRole('link');

    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/educator'],
      ['Add Course', '/educator/add-course'],
      ['My Courses', '/educator/my-courses'],
      ['Student Enrolled', '/educator/student-enrolled'],
      ['Perguntas', '/educator/questions'],
      ['Pagamentos', '/educator/payouts'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Add Course' })).not.toHaveAttribute(
      'aria-current',
    );
    expect(screen.getByText('conteúdo do painel')).toBeInTheDocument();
  });

  it('when an educator is on Add Course, then only Add Course is highlighted', () => {
    renderArea('/educator/add-course', { auth: { user: testUser }, app: { isEducator: true } });
    const nav = sidebar() as HTMLElement;
    expect(within(nav).getByRole('link', { name: 'Add Course' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute(
      'aria-current',
    );
    expect(screen.getByText('conteúdo do formulário')).toBeInTheDocument();
  });

  it('when the sidebar renders, then every label shows on every screen, under its icon on phones, and names the link', () => {
    renderArea('/educator', { auth: { user: testUser }, app: { isEducator: true } });
    const link = within(sidebar() as HTMLElement).getByRole('link', { name: 'My Courses' });
    const label = within(link).getByText('My Courses');
    expect(label.className).not.toMatch(/(^|\s)hidden(\s|$)/);
    expect(link).not.toHaveAttribute('aria-label');
    expect(link).toHaveClass('flex-col', 'md:flex-row');
    expect(link.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('when signed in, then the top bar greets the user and offers their menu', () => {
    renderArea('/educator', { auth: { user: testUser }, app: { isEducator: true } });
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('Olá, Ana Souza')).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Menu da conta' })).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: 'Aprendiz' })).toHaveAttribute('href', '/');
  });

  it('when the area renders, then the footer has the copyright and six links opening safely in a new tab', () => {
    renderArea('/educator', { auth: { user: testUser }, app: { isEducator: true } });
    const footer = screen.getByRole('contentinfo');
    expect(
      within(footer).getByText('Copyright 2025 © Aprendiz. All Right Reserved.'),
    ).toBeInTheDocument();
    const links = within(footer).getAllByRole('link');
    expect(links).toHaveLength(6);
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(link.getAttribute('href')).toMatch(/^https:\/\//);
      expect(link).toHaveAccessibleName(/\(abre em nova aba\)$/);
    }
    const whatsapp = within(footer).getByRole('link', { name: /WhatsApp/ });
    const greeting = new URL(whatsapp.getAttribute('href') as string);
    expect(greeting.host).toBe('wa.me');
    expect(greeting.searchParams.get('text')).toMatch(/^Olá, Aprendiz!/);
  });
});
