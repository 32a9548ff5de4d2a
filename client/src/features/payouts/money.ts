import { formatMoney } from '@aprendiz/contract/rules/currency';

/** 'R$ 150,00', '150,00 €': the market's way, as the rest of the app writes amounts. */
export function money(amount: number, currency: string): string {
  return formatMoney(amount, currency);
}

export const DATE_FORMAT = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'medium' });
