import QRCode from 'qrcode';

/**
 * Pix 'copia e cola' codes: the EMV® QR Code Merchant-Presented Mode layout of the Banco Central do
 * Brasil's BR Code manual. Each field is id (2 digits) + length (2 digits) + value; the last field,
 * 63, is the CRC16-CCITT (polynomial 0x1021, initial 0xFFFF) of everything before it, '6304' included.
 */
function field(id: string, value: string): string {
  if (value.length > 99) throw new Error(`BR Code field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

export function crc16Ccitt(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Names and cities go in plain upper-case ASCII, cut to the manual's lengths. */
function plain(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 ]/g, '')
    .toUpperCase()
    .trim()
    .slice(0, max);
}

export interface PixCharge {
  /** The receiver's Pix key (an e-mail, phone, CPF/CNPJ or random EVP key). */
  key: string;
  merchantName: string;
  merchantCity: string;
  /** In reais, e.g. 16.99. */
  amount: number;
  /** Up to 25 letters and digits: how the receiver recognises this payment. */
  txid: string;
}

export function pixCopyPasteCode(charge: PixCharge): string {
  const payload =
    field('00', '01') +
    field('01', '12') +
    field('26', field('00', 'br.gov.bcb.pix') + field('01', charge.key)) +
    field('52', '0000') +
    field('53', '986') +
    field('54', charge.amount.toFixed(2)) +
    field('58', 'BR') +
    field('59', plain(charge.merchantName, 25) || 'RECEBEDOR') +
    field('60', plain(charge.merchantCity, 15) || 'BRASILIA') +
    field('62', field('05', charge.txid.replace(/[^A-Za-z0-9]/g, '').slice(0, 25) || '***')) +
    '6304';
  return payload + crc16Ccitt(payload);
}

/** The code as a QR image drawn on our side (SVG), so no third party sees what is paid. */
export function pixQrSvg(code: string): Promise<string> {
  return QRCode.toString(code, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
}
