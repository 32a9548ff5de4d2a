// How payment details are written for people to read and type. Apart from payment-methods.ts, which
// every page's first script carries (the storefront), as only the payment page and its mails use these.
/**
 * A phone as people read it: '923 456 789', '+244 923 456 789'. Our markets' mobiles have nine
 * digits after the country code, written in threes; anything else is shown as it was given.
 */
export function formatPhone(phone: string): string {
  const compact = phone.replace(/[\s-]/g, '');
  const match = /^(\+\d{1,3})?(\d{3})(\d{3})(\d{3})$/.exec(compact);
  if (!match) return phone;
  const [, country, a, b, c] = match;
  return `${country ? `${country} ` : ''}${a} ${b} ${c}`;
}

/**
 * A boleto's linha digitável as the printed slip and the banks' apps show it, in its five fields:
 * '23790.12345 60000.000003 00000.000000 1 00000000010000'. Anything but 47 digits is left as given.
 */
export function formatBoletoLine(line: string): string {
  const digits = line.replace(/\D/g, '');
  if (digits.length !== 47) return line;
  const field = (from: number, to: number) => digits.slice(from, to);
  return [
    `${field(0, 5)}.${field(5, 10)}`,
    `${field(10, 15)}.${field(15, 21)}`,
    `${field(21, 26)}.${field(26, 32)}`,
    field(32, 33),
    field(33, 47),
  ].join(' ');
}
