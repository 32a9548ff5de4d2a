import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { UnderDevelopmentDialog } from './under-development-dialog';

function Harness() {
  const [open, setOpen] = useState(true);
  return <UnderDevelopmentDialog open={open} onClose={() => setOpen(false)} />;
}

describe('UnderDevelopmentDialog', () => {
  it('when open, then it says the feature is under construction, and Fechar closes it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Em desenvolvimento' });
    expect(dialog).toHaveTextContent(/em construção/);
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when closed, then nothing renders', () => {
    render(<UnderDevelopmentDialog open={false} onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
