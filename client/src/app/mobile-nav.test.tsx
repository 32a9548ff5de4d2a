import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../test/api-stub';
import { userData } from '../test/course-fixtures';
import { renderWithProviders, testUser } from '../test/render';
import { MobileNav } from './mobile-nav';

function bar() {
  return screen.getByRole('navigation', { name: 'Navegação inferior' });
}

describe('MobileNav', () => {
  it('when shown, then Explore, Cursos and Empregos link to their pages and the current one is marked', () => {
    renderWithProviders(<MobileNav />, { route: '/job-list' });
    expect(within(bar()).getByRole('link', { name: 'Explore' })).toHaveAttribute('href', '/');
    expect(within(bar()).getByRole('link', { name: 'Cursos' })).toHaveAttribute(
      'href',
      '/my-enrollments',
    );
    const jobs = within(bar()).getByRole('link', { name: 'Empregos' });
    expect(jobs).toHaveAttribute('href', '/job-list');
    expect(jobs).toHaveAttribute('aria-current', 'page');
    expect(within(bar()).getByRole('link', { name: 'Explore' })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it('when signed out, then Perfil opens sign-in', async () => {
    const user = userEvent.setup();
    const { auth } = renderWithProviders(<MobileNav />);
    await user.click(within(bar()).getByRole('button', { name: 'Perfil' }));
    expect(auth.openSignIn).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('when an educator opens Perfil, then Dashboard goes to /educator', async () => {
    const user = userEvent.setup();
    const { location } = renderWithProviders(<MobileNav />, {
      auth: { user: testUser },
      app: { isEducator: true },
    });
    await user.click(within(bar()).getByRole('button', { name: 'Perfil' }));
    const menu = screen.getByRole('menu');
    expect(
      within(menu).queryByRole('menuitem', { name: 'Tornar-se educador' }),
    ).not.toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Dashboard' }));
    expect(location()).toBe('/educator');
  });

  it('when a student opens Perfil, then they can become an educator or sign out', async () => {
    const { calls } = stubApi(() => ({
      data: { success: true, message: 'Agora você pode publicar um curso' },
    }));
    const user = userEvent.setup();
    const { app, auth, location } = renderWithProviders(<MobileNav />, {
      auth: { user: testUser },
      app: { userData: userData() },
      route: '/job-list',
    });
    await user.click(within(bar()).getByRole('button', { name: 'Perfil' }));
    await user.click(
      within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Tornar-se educador' }),
    );
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Tornar-se educador' })).getByRole(
        'button',
        {
          name: 'Sim, tornar-me educador',
        },
      ),
    );
    await waitFor(() => expect(app.setIsEducator).toHaveBeenCalledWith(true));
    expect(calls[0].url).toBe('/api/educator/update-role');

    await user.click(within(bar()).getByRole('button', { name: 'Perfil' }));
    await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Sair' }));
    await waitFor(() => expect(auth.signOut).toHaveBeenCalledTimes(1));
    expect(location()).toBe('/');
  });

  it('when the menu is open, then Esc closes it and focus returns to Perfil', async () => {
    const user = userEvent.setup();
    renderWithProviders(<MobileNav />, { auth: { user: testUser } });
    const perfil = within(bar()).getByRole('button', { name: 'Perfil' });
    await user.click(perfil);
    expect(within(screen.getByRole('menu')).getAllByRole('menuitem')[0]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(perfil).toHaveFocus();
    expect(perfil).toHaveAttribute('aria-expanded', 'false');
  });
});
