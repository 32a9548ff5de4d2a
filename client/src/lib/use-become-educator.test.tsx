import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { UserData } from '@aprendiz/contract/auth';
import { AppContext } from '../context/app-context';
import { stubApi } from '../test/api-stub';
import { userData } from '../test/course-fixtures';
import { testAppContext } from '../test/render';
import { useBecomeEducator } from './use-become-educator';

function BecomeEducatorButton() {
  const { becomeEducator, pending, confirmation } = useBecomeEducator();
  return (
    <>
      <button type="button" disabled={pending} onClick={becomeEducator}>
        Tornar-se educador
      </button>
      {confirmation}
    </>
  );
}

/** The button on a page whose account is not read yet; `read` hands the account in later. */
function renderBeforeTheAccount() {
  stubApi(() => ({ data: { success: true, message: 'ok' } }));
  const router = createMemoryRouter([{ path: '*', element: <BecomeEducatorButton /> }], {
    initialEntries: ['/'],
  });
  const tree = (account: UserData | null) => (
    <AppContext.Provider value={testAppContext({ userData: account })}>
      <RouterProvider router={router} />
    </AppContext.Provider>
  );
  const { rerender } = render(tree(null));
  return {
    read: (account: UserData) => rerender(tree(account)),
    location: () => router.state.location.pathname,
  };
}

describe('useBecomeEducator', () => {
  it('when pressed before the account is read, then it waits, and asks for confirmation once the account arrives', async () => {
    const user = userEvent.setup();
    const page = renderBeforeTheAccount();
    await user.click(screen.getByRole('button', { name: 'Tornar-se educador' }));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tornar-se educador' })).toBeDisabled();

    page.read(userData());
    expect(
      await screen.findByRole('alertdialog', { name: 'Tornar-se educador' }),
    ).toBeInTheDocument();
    expect(page.location()).toBe('/');
  });

  it('when pressed before the account is read on a platform that takes applications, then the application opens once it arrives, without asking', async () => {
    const user = userEvent.setup();
    const page = renderBeforeTheAccount();
    await user.click(screen.getByRole('button', { name: 'Tornar-se educador' }));

    page.read(userData({ educatorApplications: true }));
    await vi.waitFor(() => expect(page.location()).toBe('/educator'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
