import type { PaymentAttempt } from '@aprendiz/contract/payments';
import { formatBoletoLine, formatPhone } from '@aprendiz/contract/rules/payment-display';
import { useState } from 'react';
import { formatPrice } from '../../../components/price';
import { copyText } from '../../../lib/clipboard';
import { Button, buttonClass } from '../../../components/ui/button';

/** `copiedMessage`: what the toast says was copied ('Código Pix copiado'). */
function CopyButton({ text, copiedMessage }: { text: string; copiedMessage: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="secondary"
      size="lg"
      onClick={() => {
        void copyText(text, {
          copied: copiedMessage,
          failed: 'Não foi possível copiar: selecione o código e copie-o',
        }).then((copied) => setCopied(copied));
      }}
    >
      {copied ? 'Copiado' : 'Copiar código'}
    </Button>
  );
}

/** What the buyer does to pay an awaiting voucher: a Pix code, a reference, a boleto, a push. */
export function Instructions({ purchase }: { purchase: PaymentAttempt }) {
  const instructions = purchase.instructions;
  if (!instructions) return null;
  const amount = formatPrice(purchase.amount, purchase.currencyLabel);
  switch (instructions.kind) {
    case 'pix':
      return (
        <div className="flex flex-col items-center gap-4">
          <p className="text-slate-700">
            Abra o app do seu banco, escolha Pix e leia o QR code, ou use o Pix copia e cola.
          </p>
          <img
            src={`data:image/svg+xml;utf8,${encodeURIComponent(instructions.qrSvg)}`}
            alt="QR code Pix deste pagamento"
            width={220}
            height={220}
            className="rounded border border-slate-200"
          />
          <label className="w-full text-sm text-slate-600">
            Pix copia e cola
            <textarea
              readOnly
              value={instructions.code}
              rows={3}
              className="mt-1 w-full resize-none rounded border border-slate-300 p-2 font-mono text-xs break-all text-slate-900"
              onFocus={(event) => event.currentTarget.select()}
            />
          </label>
          <CopyButton text={instructions.code} copiedMessage="Código Pix copiado" />
        </div>
      );
    case 'reference':
      return (
        <div className="space-y-3">
          <p className="text-slate-700">
            Pague em um caixa eletrônico ou no internet banking, em Pagamentos por referência:
          </p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-lg bg-slate-50 p-4 text-lg">
            <dt className="text-slate-600">Entidade</dt>
            <dd className="font-mono font-semibold text-slate-900">{instructions.entity}</dd>
            <dt className="text-slate-600">Referência</dt>
            <dd className="font-mono font-semibold text-slate-900">
              {instructions.reference.replace(/(\d{3})(?=\d)/g, '$1 ')}
            </dd>
            <dt className="text-slate-600">Montante</dt>
            <dd className="font-semibold text-slate-900">{amount}</dd>
          </dl>
        </div>
      );
    case 'boleto':
      return (
        <div className="space-y-2">
          <p className="text-slate-700">Pague o boleto no app do seu banco ou em uma lotérica:</p>
          <p className="rounded bg-slate-50 p-3 font-mono text-sm break-words">
            {formatBoletoLine(instructions.barcode)}
          </p>
          {/* Banks' apps take the digits alone, the dots and spaces are for reading. */}
          <CopyButton
            text={instructions.barcode.replace(/\D/g, '') || instructions.barcode}
            copiedMessage="Linha digitável copiada"
          />
          {instructions.url && (
            <a
              href={instructions.url}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass({ variant: 'secondary', className: 'text-center' })}
            >
              Baixar boleto (PDF) <span className="sr-only">(abre em nova aba)</span>
            </a>
          )}
        </div>
      );
    case 'push':
      return (
        <p className="rounded-lg bg-blue-50 p-4 text-lg text-blue-950">
          Aprove no app do seu celular o pedido de{' '}
          <span className="whitespace-nowrap">{amount}</span> enviado para{' '}
          <strong className="whitespace-nowrap">{formatPhone(instructions.phone)}</strong>.
        </p>
      );
    case 'redirect':
      return (
        <a
          href={instructions.url}
          className={buttonClass({ size: 'lg', className: 'text-center' })}
        >
          Continuar o pagamento
        </a>
      );
  }
}
