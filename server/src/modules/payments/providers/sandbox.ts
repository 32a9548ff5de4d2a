import { createHash } from 'node:crypto';
import { sandboxMethods } from '../payment-methods';
import { pixCopyPasteCode, pixQrSvg } from '../pix-code';
import type { SandboxPayments, Voucher, VoucherGateway, VoucherRequest } from './payment-provider';

/** The sandbox's Pix key: a random (EVP) key, as a receiver without a CNPJ key would use. */
export const SANDBOX_PIX_KEY = '7d9f0335-8dcc-4054-9bf9-0dbd61c53a33';
/** Multibanco entities are 5 digits; this one is the sandbox's own. */
export const SANDBOX_MULTIBANCO_ENTITY = '21800';
/** A ProxyPay entity, as PROXYPAY_ENTITY would name it. */
export const SANDBOX_PROXYPAY_ENTITY = '99999';

/** Digits derived from the purchase id: the same purchase always gets the same reference. */
function digitsOf(purchaseId: string, length: number): string {
  const hex = createHash('sha256').update(purchaseId).digest('hex');
  return BigInt(`0x${hex}`).toString().slice(-length).padStart(length, '0');
}

async function sandboxVoucher(request: VoucherRequest): Promise<Voucher> {
  const ref = `sandbox_${request.purchaseId}`;
  switch (request.method) {
    case 'pix': {
      const code = pixCopyPasteCode({
        key: SANDBOX_PIX_KEY,
        merchantName: 'Aprendiz',
        merchantCity: 'Sao Paulo',
        amount: request.amount,
        txid: request.purchaseId.replace(/-/g, '').slice(0, 25),
      });
      return { instructions: { kind: 'pix', code, qrSvg: await pixQrSvg(code) }, providerRef: ref };
    }
    case 'multibanco':
    case 'reference':
      return {
        instructions: {
          kind: 'reference',
          entity:
            request.method === 'multibanco' ? SANDBOX_MULTIBANCO_ENTITY : SANDBOX_PROXYPAY_ENTITY,
          reference: digitsOf(request.purchaseId, 9),
          amount: request.amount,
        },
        providerRef: ref,
      };
    case 'boleto':
      return {
        instructions: { kind: 'boleto', barcode: digitsOf(request.purchaseId, 47), url: null },
        providerRef: ref,
      };
    case 'mb_way':
    case 'multicaixa_express':
      if (!request.phone) throw new Error('a push payment needs the phone number');
      return { instructions: { kind: 'push', phone: request.phone }, providerRef: ref };
    case 'card':
      throw new Error('cards are paid on the checkout page, not with a voucher');
  }
}

/**
 * The sandbox's vouchers: each method's instructions drawn as the real provider would give them.
 * Its 'provider' confirms only through POST /api/payments/sandbox/:id/complete (or /fail), which
 * takes the same completion path a real provider's event takes, so asking it answers 'unpaid'.
 */
export function createSandboxVouchers(): VoucherGateway {
  return {
    provider: 'sandbox',
    methods: (currency) => sandboxMethods(currency).filter((method) => method !== 'card'),
    issue: sandboxVoucher,
    cancel: async () => {},
    status: async () => 'unpaid',
  };
}

/** The embedded default: our own 'Modo de teste' page at /checkout/<purchaseId> plays the provider. */
export function createSandboxPayments(publicUrl: string): SandboxPayments {
  return {
    kind: 'sandbox',
    createCheckout: async ({ purchase }) => ({ url: `${publicUrl}/checkout/${purchase.id}` }),
    checkoutReusableForMs: null,
    vouchers: createSandboxVouchers(),
  };
}
