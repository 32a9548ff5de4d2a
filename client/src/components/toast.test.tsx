import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ToastHost } from '../app/toast-host';
import { notify } from './toast';

function toasts(): HTMLElement[] {
  return screen.queryAllByRole('alert');
}

describe('notify', () => {
  it('when the same message is sent again while it shows, then it replaces itself instead of stacking', async () => {
    render(<ToastHost />);
    act(() => notify.success('Progresso do curso atualizado'));
    expect(await screen.findByText('Progresso do curso atualizado')).toBeInTheDocument();
    act(() => notify.success('Progresso do curso atualizado'));
    act(() => notify.success('Progresso do curso atualizado'));
    // Toasts are shown in the order sent: once this one is on screen, the repeats have been handled.
    act(() => notify.info('Outra mensagem'));
    expect(await screen.findByText('Outra mensagem')).toBeInTheDocument();
    expect(screen.getAllByText('Progresso do curso atualizado')).toHaveLength(1);
    expect(toasts()).toHaveLength(2);
  });

  it('when messages share a key, then the last one takes the place of the one showing, whatever its kind', async () => {
    render(<ToastHost />);
    act(() => notify.success('Avaliação registrada', { key: 'rating' }));
    expect(await screen.findByText('Avaliação registrada')).toBeInTheDocument();
    act(() => notify.error('Sem ligação', { key: 'rating' }));
    expect(await screen.findByText('Sem ligação')).toBeInTheDocument();
    expect(screen.queryByText('Avaliação registrada')).not.toBeInTheDocument();
    expect(toasts()).toHaveLength(1);
  });

  it('when different messages arrive, then each gets its own toast', async () => {
    render(<ToastHost />);
    act(() => notify.info('Primeira'));
    act(() => notify.warning('Segunda'));
    expect(await screen.findByText('Primeira')).toBeInTheDocument();
    expect(await screen.findByText('Segunda')).toBeInTheDocument();
    expect(toasts()).toHaveLength(2);
  });
});
