import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, testUser } from '../../test/render';
import Profile from './profile';

vi.mock('@clerk/clerk-react', () => ({
  UserProfile: ({ routing }: { routing: string }) => <p>Perfil do Clerk ({routing})</p>,
}));

describe('profile page with Clerk', () => {
  it('when the session is not a local one, then Clerk’s own UserProfile is loaded instead of our forms', async () => {
    renderWithProviders(<Profile />, { route: '/profile', auth: { user: testUser } });
    expect(await screen.findByText('Perfil do Clerk (hash)')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Alterar senha' })).not.toBeInTheDocument();
  });
});
