import { currencyLabel, isCurrency } from '@aprendiz/contract/rules/currency';
import { formatMoney } from '@aprendiz/contract/rules/pricing';

/** 'R$ 150.00', as the rest of the app writes amounts. */
export function money(amount: number, currency: string): string {
  const label = isCurrency(currency) ? currencyLabel(currency) : currency.toUpperCase();
  return `${label} ${formatMoney(amount)}`;
}

export const DATE_FORMAT = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'medium' });
