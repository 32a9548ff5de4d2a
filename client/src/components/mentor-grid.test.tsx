import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { env } from '../config/env';
import { mentors } from '../content/mentors';
import { renderWithProviders, testUser } from '../test/render';
import { MentorGrid } from './mentor-grid';

vi.mock('react-calendly', () => ({
  InlineWidget: (props: { url: string; prefill?: { name?: string; email?: string } }) => (
    <div data-testid="calendly" data-url={props.url} data-email={props.prefill?.email} />
  ),
}));

describe('MentorGrid', () => {
  it('when a visitor presses Reservar, then sign-in opens and no scheduling widget loads', async () => {
    const user = userEvent.setup();
    const { auth } = renderWithProviders(<MentorGrid mentors={mentors} />);
    expect(screen.getAllByRole('button', { name: /Reservar/ })).toHaveLength(4);
    await user.click(screen.getAllByRole('button', { name: /Reservar/ })[0]);
    expect(auth.openSignIn).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'Agenda' })).not.toBeInTheDocument();
  });

  it('when a signed-in user presses Reservar, then the scheduling widget opens in a dialog named for the mentor, on the configured URL with their e-mail, and Fechar closes it', async () => {
    const user = userEvent.setup();
    const { auth } = renderWithProviders(<MentorGrid mentors={mentors} />, {
      auth: { user: testUser },
    });
    await user.click(screen.getAllByRole('button', { name: /Reservar/ })[2]);
    const dialog = screen.getByRole('dialog', { name: `Agendar sessão com ${mentors[2].name}` });
    const widget = await within(dialog).findByTestId('calendly');
    expect(widget).toHaveAttribute('data-url', env.calendlyUrl);
    expect(widget).toHaveAttribute('data-email', testUser.email);
    expect(auth.openSignIn).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when the booking dialog is open, then Esc closes it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<MentorGrid mentors={mentors} />, { auth: { user: testUser } });
    await user.click(screen.getAllByRole('button', { name: /Reservar/ })[0]);
    expect(screen.getByRole('dialog', { name: /^Agendar sessão/ })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when the booking dialog is open, then Back closes it and leaves the page where it was', async () => {
    const user = userEvent.setup();
    renderWithProviders(<MentorGrid mentors={mentors} />, { auth: { user: testUser } });
    const before = window.location.href;
    await user.click(screen.getAllByRole('button', { name: /Reservar/ })[0]);
    expect(screen.getByRole('dialog', { name: /^Agendar sessão/ })).toBeInTheDocument();
    act(() => window.history.back());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.location.href).toBe(before);
  });
});
