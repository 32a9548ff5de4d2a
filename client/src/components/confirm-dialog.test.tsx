import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

function renderConfirm() {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(
    <ConfirmDialog
      open
      title="Remover capítulo"
      message='Remover o capítulo "Introdução" e as suas 2 aulas?'
      confirmLabel="Remover"
      onConfirm={onConfirm}
      onCancel={onCancel}
    />,
  );
  return { onConfirm, onCancel, user: userEvent.setup() };
}

describe('ConfirmDialog', () => {
  it('when open, then it is an alert dialog named by its title, described by its question, with focus on Cancelar', () => {
    renderConfirm();
    const dialog = screen.getByRole('alertdialog', { name: 'Remover capítulo' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(
      'Remover o capítulo "Introdução" e as suas 2 aulas?',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
  });

  it('when the confirm button is pressed, then only onConfirm is called', async () => {
    const { onConfirm, onCancel, user } = renderConfirm();
    await user.click(screen.getByRole('button', { name: 'Remover' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('when Cancelar, Esc or Enter on the focused Cancelar is pressed, then only onCancel is called', async () => {
    const { onConfirm, onCancel, user } = renderConfirm();
    await user.keyboard('{Enter}');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onCancel).toHaveBeenCalledTimes(3);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
