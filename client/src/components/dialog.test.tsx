import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog';

function Harness({
  onClose = () => {},
  closeOnBack = false,
}: {
  onClose?: () => void;
  closeOnBack?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      <Dialog
        open={open}
        title="Título"
        closeOnBack={closeOnBack}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
      >
        <input aria-label="Primeiro" />
        <button type="button">Último</button>
      </Dialog>
    </>
  );
}

async function openDialog() {
  const user = userEvent.setup();
  render(<Harness />);
  await user.click(screen.getByRole('button', { name: 'Abrir' }));
  return user;
}

describe('Dialog', () => {
  it('when open, then it is a modal dialog named by its title with focus on its first field', async () => {
    await openDialog();
    const dialog = screen.getByRole('dialog', { name: 'Título' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('textbox', { name: 'Primeiro' })).toHaveFocus();
  });

  it('when Tab leaves the last control, then focus wraps to the first, and Shift+Tab wraps back', async () => {
    const user = await openDialog();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Último' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Primeiro' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Último' })).toHaveFocus();
  });

  it('when Esc is pressed, then it closes and focus returns to the button that opened it', async () => {
    const user = await openDialog();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Abrir' })).toHaveFocus();
  });

  it('when the backdrop is clicked, then it closes; a click inside the panel does not', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<Harness onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    await user.click(screen.getByRole('dialog'));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('dialog-backdrop'));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when open, then the page behind cannot scroll, and it can again after closing', async () => {
    const user = await openDialog();
    expect(document.body.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(document.body.style.overflow).toBe('');
  });

  describe('closed by Back', () => {
    function dialogEntry(): unknown {
      const state: unknown = window.history.state;
      return typeof state === 'object' && state !== null && 'openDialog' in state
        ? state.openDialog
        : undefined;
    }

    it('when Back is pressed while it is open, then it closes and the page stays where it was', async () => {
      const onClose = vi.fn();
      const user = userEvent.setup();
      render(<Harness closeOnBack onClose={onClose} />);
      const before = window.location.href;
      await user.click(screen.getByRole('button', { name: 'Abrir' }));
      expect(dialogEntry()).toBeDefined();
      act(() => window.history.back());
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(onClose).toHaveBeenCalledTimes(1);
      expect(window.location.href).toBe(before);
      expect(dialogEntry()).toBeUndefined();
    });

    it('when it is closed another way, then the entry it added is taken off again', async () => {
      const user = userEvent.setup();
      render(<Harness closeOnBack />);
      await user.click(screen.getByRole('button', { name: 'Abrir' }));
      expect(dialogEntry()).toBeDefined();
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      await waitFor(() => expect(dialogEntry()).toBeUndefined());
    });

    it('when React runs its effects twice (development), then it still adds one entry and stays open', async () => {
      const user = userEvent.setup();
      render(
        <StrictMode>
          <Harness closeOnBack />
        </StrictMode>,
      );
      await user.click(screen.getByRole('button', { name: 'Abrir' }));
      // Past the moment a second entry's removal would have run.
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(screen.getByRole('dialog')).toBeInTheDocument();
      expect(dialogEntry()).toBeDefined();
      act(() => window.history.back());
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(dialogEntry()).toBeUndefined();
    });

    it('when it is not asked for, then opening adds no history entry', async () => {
      const user = userEvent.setup();
      render(<Harness />);
      const length = window.history.length;
      await user.click(screen.getByRole('button', { name: 'Abrir' }));
      expect(window.history.length).toBe(length);
      expect(dialogEntry()).toBeUndefined();
    });
  });
});
