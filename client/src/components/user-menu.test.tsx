import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, testUser } from '../test/render';
import { UserMenu } from './user-menu';

describe('user menu', () => {
  it('when "Meu perfil" is chosen, then the profile page opens', async () => {
    const user = userEvent.setup();
    const { location } = renderWithProviders(<UserMenu />, { auth: { user: testUser } });
    await user.click(screen.getByRole('button', { name: 'Menu da conta' }));
    const items = within(screen.getByRole('menu')).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Meu perfil', 'Sair']);
    await user.click(items[0]!);
    expect(location()).toBe('/profile');
  });
});
