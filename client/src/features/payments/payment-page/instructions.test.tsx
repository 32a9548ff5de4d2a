import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PaymentAttempt } from '@aprendiz/contract/payments';
import { Instructions } from './instructions';

const LINE = '23790123456000000000300000000000100000000010000';

function boleto(url: string | null): PaymentAttempt {
  return {
    _id: 'p1',
    status: 'awaiting_payment',
    method: 'boleto',
    amount: 49.9,
    currency: 'brl',
    currencyLabel: 'R$',
    expiresAt: '2026-12-01T21:00:00.000Z',
    instructions: { kind: 'boleto', barcode: LINE, url },
    courseId: 'c1',
    courseTitle: 'Python do Zero',
    sandbox: true,
  };
}

describe('Instructions: a boleto', () => {
  it('when the voucher is a boleto, then its linha digitável reads in its five fields, and the PDF is offered when the provider has one', () => {
    const { unmount } = render(
      <Instructions purchase={boleto('https://pagamentos.example/b.pdf')} />,
    );
    expect(
      screen.getByText('23790.12345 60000.000003 00000.000000 1 00000000010000'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Baixar boleto \(PDF\)/ })).toHaveAttribute(
      'href',
      'https://pagamentos.example/b.pdf',
    );
    unmount();
    render(<Instructions purchase={boleto(null)} />);
    expect(screen.queryByRole('link', { name: /Baixar boleto/ })).not.toBeInTheDocument();
  });
});
