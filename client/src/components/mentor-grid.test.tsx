import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { env } from '../config/env';
import { mentors } from '../data/mentors';
import { renderWithProviders, testUser } from '../test/render';
import { MentorGrid } from './mentor-grid';

vi.mock('react-calendly', () => ({
  PopupModal: (props: {
    url: string;
    open: boolean;
    prefill?: { name?: string; email?: string };
    onModalClose: () => void;
  }) =>
    props.open ? (
      <div role="dialog" aria-label="Agenda" data-url={props.url} data-email={props.prefill?.email}>
        <button type="button" onClick={props.onModalClose}>
          Fechar agenda
        </button>
      </div>
    ) : null,
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

  it('when a signed-in user presses Reservar, then the scheduling widget opens on the configured URL with their e-mail, and closes', async () => {
    const user = userEvent.setup();
    const { auth } = renderWithProviders(<MentorGrid mentors={mentors} />, {
      auth: { user: testUser },
    });
    await user.click(screen.getAllByRole('button', { name: /Reservar/ })[2]);
    const widget = await screen.findByRole('dialog', { name: 'Agenda' });
    expect(widget).toHaveAttribute('data-url', env.calendlyUrl);
    expect(widget).toHaveAttribute('data-email', testUser.email);
    expect(auth.openSignIn).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Fechar agenda' }));
    expect(screen.queryByRole('dialog', { name: 'Agenda' })).not.toBeInTheDocument();
  });
});
