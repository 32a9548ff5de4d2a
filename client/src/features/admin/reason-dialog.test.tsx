import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { suspendBodySchema } from '@aprendiz/contract/staff';
import { renderWithProviders } from '../../test/render';
import { ReasonDialog } from './reason-dialog';

function renderDialog(onSubmit: (text: string) => Promise<boolean>) {
  const onClose = vi.fn();
  renderWithProviders(
    <ReasonDialog
      open
      title="Suspender Carla"
      label="Motivo"
      confirmLabel="Suspender"
      schema={suspendBodySchema}
      field="reason"
      onClose={onClose}
      onSubmit={onSubmit}
    />,
  );
  return { onClose };
}

describe('ReasonDialog', () => {
  it('when the reason is too short, then the contract’s message shows beside the field and nothing is sent', async () => {
    const onSubmit = vi.fn(async () => true);
    renderDialog(onSubmit);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Motivo'), 'ab');
    await user.click(screen.getByRole('button', { name: 'Suspender' }));
    expect(screen.getByText('Informe o motivo (pelo menos 3 caracteres)')).toBeInTheDocument();
    expect(screen.getByLabelText('Motivo')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('when a reason is given, then it is sent trimmed and the dialog closes once it went through; a refusal keeps it open', async () => {
    const onSubmit = vi.fn(async () => false);
    const { onClose } = renderDialog(onSubmit);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Motivo'), '  Spam nas perguntas  ');
    await user.click(screen.getByRole('button', { name: 'Suspender' }));
    expect(onSubmit).toHaveBeenCalledWith('Spam nas perguntas');
    expect(onClose).not.toHaveBeenCalled();
    onSubmit.mockResolvedValue(true);
    await user.click(screen.getByRole('button', { name: 'Suspender' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
