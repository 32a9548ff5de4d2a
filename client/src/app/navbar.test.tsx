import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../test/api-stub';
import { userData } from '../test/course-fixtures';
import { renderWithProviders, testUser } from '../test/render';
import { Navbar } from './navbar';

function stubServer(
  updateRole: { status?: number; data: unknown } = {
    data: { success: true, message: 'Agora você pode publicar um curso' },
  },
) {
  return stubApi(() => updateRole);
}

function nav() {
  return screen.getByRole('navigation', { name: 'Principal' });
}

describe('Navbar', () => {
  it('when signed out, then it offers Começar (opening sign-in), with no greeting and no My Enrollments', async () => {
    stubServer();
    const user = userEvent.setup();
    const { auth } = renderWithProviders(<Navbar />);
    expect(within(nav()).queryByRole('link', { name: 'My Enrollments' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Olá,/)).not.toBeInTheDocument();
    await user.click(within(nav()).getByRole('button', { name: 'Começar' }));
    expect(auth.openSignIn).toHaveBeenCalledTimes(1);
  });

  it('when signed out, then the educator button opens sign-in instead of calling the server', async () => {
    const { calls } = stubServer();
    const user = userEvent.setup();
    const { auth } = renderWithProviders(<Navbar />);
    await user.click(within(nav()).getByRole('button', { name: 'Tornar-se educador' }));
    expect(auth.openSignIn).toHaveBeenCalledTimes(1);
    expect(calls.some((call) => call.url === '/api/educator/update-role')).toBe(false);
  });

  it('when a student is signed in, then it greets them, links My Enrollments and shows their menu', async () => {
    stubServer();
    renderWithProviders(<Navbar />, { auth: { user: testUser } });
    expect(screen.getByText('Olá, Ana Souza')).toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: 'My Enrollments' })).toHaveAttribute(
      'href',
      '/my-enrollments',
    );
    // The menu's code loads once someone is signed in (the server renders signed out).
    expect(await within(nav()).findByRole('button', { name: 'Menu da conta' })).toBeInTheDocument();
    expect(within(nav()).queryByRole('button', { name: 'Começar' })).not.toBeInTheDocument();
  });

  it('when a student presses Tornar-se educador and cancels the confirmation, then nothing changes', async () => {
    const { calls } = stubServer();
    const user = userEvent.setup();
    const { app } = renderWithProviders(<Navbar />, {
      auth: { user: testUser },
      app: { userData: userData() },
    });
    await user.click(within(nav()).getByRole('button', { name: 'Tornar-se educador' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Tornar-se educador' });
    expect(dialog).toHaveTextContent('Sua conta passa a ser de educador, de vez');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/educator/update-role')).toBe(false);
    expect(app.setIsEducator).not.toHaveBeenCalled();
  });

  it('when a student presses Tornar-se educador, then the role is updated, the flag flips, the message shows and the educator area opens', async () => {
    const { calls } = stubServer();
    const user = userEvent.setup();
    const { app, location } = renderWithProviders(<Navbar />, {
      auth: { user: testUser },
      app: { userData: userData() },
    });
    await user.click(within(nav()).getByRole('button', { name: 'Tornar-se educador' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Tornar-se educador' })).getByRole(
        'button',
        {
          name: 'Sim, tornar-me educador',
        },
      ),
    );

    expect(await within(nav()).findByRole('link', { name: 'Educator Dashboard' })).toHaveAttribute(
      'href',
      '/educator',
    );
    expect(app.setIsEducator).toHaveBeenCalledWith(true);
    const updateRole = calls.find((call) => call.url === '/api/educator/update-role');
    expect(updateRole?.method).toBe('GET');
    expect(updateRole?.headers.get('Authorization')).toBe('Bearer test-token');
    expect(await screen.findByText('Agora você pode publicar um curso')).toBeInTheDocument();
    expect(location()).toBe('/educator');
  });

  it('when the platform takes educator applications, then Tornar-se educador leads to the application without asking or changing the role', async () => {
    const { calls } = stubServer();
    const user = userEvent.setup();
    const { location } = renderWithProviders(<Navbar />, {
      auth: { user: testUser },
      app: { userData: userData({ educatorApplications: true }) },
    });
    await user.click(within(nav()).getByRole('button', { name: 'Tornar-se educador' }));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(location()).toBe('/educator');
    expect(calls.some((call) => call.url === '/api/educator/update-role')).toBe(false);
  });

  it('when the role update fails, then the flag stays and the server message is shown', async () => {
    stubServer({ status: 503, data: { success: false, message: 'Serviço indisponível' } });
    const user = userEvent.setup();
    const { app } = renderWithProviders(<Navbar />, {
      auth: { user: testUser },
      app: { userData: userData() },
    });
    await user.click(within(nav()).getByRole('button', { name: 'Tornar-se educador' }));
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
  });

  it('when the user is an educator, then the button is an Educator Dashboard link', () => {
    stubServer();
    renderWithProviders(<Navbar />, { auth: { user: testUser }, app: { isEducator: true } });
    expect(within(nav()).getByRole('link', { name: 'Educator Dashboard' })).toHaveAttribute(
      'href',
      '/educator',
    );
    expect(
      within(nav()).queryByRole('button', { name: 'Tornar-se educador' }),
    ).not.toBeInTheDocument();
  });

  it('when Sair is chosen in the user menu, then the user is signed out and taken home', async () => {
    stubServer();
    const user = userEvent.setup();
    const { auth, location } = renderWithProviders(<Navbar />, {
      auth: { user: testUser },
      route: '/job-list',
    });
    await user.click(await screen.findByRole('button', { name: 'Menu da conta' }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getByText('ana@example.com')).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Sair' }));
    await waitFor(() => expect(auth.signOut).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('when on the course list, then the header is white; elsewhere it is light cyan', () => {
    stubServer();
    const { unmount } = renderWithProviders(<Navbar />, { route: '/course-list/react' });
    expect(screen.getByTestId('site-header')).toHaveClass('bg-white');
    unmount();
    renderWithProviders(<Navbar />, { route: '/mentors-list' });
    expect(screen.getByTestId('site-header')).toHaveClass('bg-cyan-100/70');
    expect(screen.getByTestId('site-header')).not.toHaveClass('bg-white');
  });

  it('when the logo is shown, then it links home and is named by the brand', () => {
    stubServer();
    renderWithProviders(<Navbar />);
    expect(screen.getByRole('link', { name: 'Aprendiz' })).toHaveAttribute('href', '/');
  });
});
