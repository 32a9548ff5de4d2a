import { useState, type FormEvent } from 'react';
import {
  REFUND_REASON_MAX,
  refundRequestSchema,
  type RefundOffer,
} from '@aprendiz/contract/payments';
import { guaranteeLabel } from '@aprendiz/contract/rules/guarantee';
import {
  refundDestinationExample,
  refundDestinationLabel,
  refundDestinationProblem,
} from '@aprendiz/contract/rules/refund-destination';
import { Dialog } from '../../components/dialog';
import { notify } from '../../components/toast';
import { Button } from '../../components/ui/button';
import { Field, fieldErrors, inputClass } from '../../components/ui/field';
import { useAppContext } from '../../context/app-context';
import { loadApi } from '../../lib/load-api';
import { send } from '../../lib/send';
import { refundMoney } from './refund-money';
import { refundWhere } from './refund-where';

const DATE_FORMAT = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeStyle: 'short' });

/**
 * The dialog of 'Pedir reembolso' (its button is lazy-parts.tsx's RefundAction) on a paid course
 * inside its guarantee: how much comes back and where, an optional reason (and, for a payment that
 * cannot go back the way it came, the Pix key or IBAN to send it to, checked by the rule the server
 * applies), then the refund. The course then becomes a 'Reembolsado' row of My Courses.
 */
export function RefundDialog({
  offer,
  courseTitle,
  onClose,
}: {
  offer: RefundOffer;
  courseTitle: string;
  onClose: () => void;
}) {
  const { refreshSignedIn } = useAppContext();
  const [reason, setReason] = useState('');
  const [destination, setDestination] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const destinationLabel = refundDestinationLabel(offer.currency);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = {
      ...(reason.trim() ? { reason } : {}),
      ...(offer.needsDestination ? { destination } : {}),
    };
    const parsed = refundRequestSchema.safeParse(body);
    const found = parsed.success ? {} : fieldErrors(parsed.error.issues);
    if (offer.needsDestination) {
      const problem = destination.trim()
        ? refundDestinationProblem(offer.currency, destination)
        : `Informe ${destinationLabel === 'IBAN' ? 'seu IBAN' : 'sua chave Pix'}`;
      if (problem) found.destination = problem;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    const api = await loadApi();
    const done = await send(
      api.post(`/api/payments/${encodeURIComponent(offer.purchaseId)}/refund`, parsed.data),
    );
    setPending(false);
    if (!done) return;
    onClose();
    notify.success(`Reembolso pedido: ${courseTitle}. Enviamos os detalhes por e-mail.`);
    await refreshSignedIn();
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title="Pedir reembolso"
      closeLabel="Fechar"
      className="p-6 text-left"
    >
      <form onSubmit={(event) => void submit(event)} className="mt-4 space-y-4" noValidate>
        <p className="text-slate-700">
          Você recebe de volta <strong>{refundMoney(offer)}</strong> {refundWhere(offer)}.
        </p>
        <p className="text-slate-700">
          “{courseTitle}” está na {guaranteeLabel(offer.days).toLowerCase()}, até{' '}
          <time dateTime={offer.deadline}>{DATE_FORMAT.format(new Date(offer.deadline))}</time>. Com
          o reembolso, sua inscrição termina; seu progresso fica salvo, caso você compre o curso de
          novo.
        </p>
        {offer.needsDestination && (
          <Field
            label={destinationLabel}
            hint={`Este pagamento não pode ser devolvido pelo mesmo meio: enviamos o valor para cá. Exemplo: ${refundDestinationExample(offer.currency)}`}
            error={errors.destination}
          >
            {(control) => (
              <input
                {...control}
                value={destination}
                onChange={(event) => setDestination(event.target.value)}
                autoComplete="off"
                className={inputClass}
              />
            )}
          </Field>
        )}
        <Field label="Motivo (opcional)" error={errors.reason}>
          {(control) => (
            <textarea
              {...control}
              value={reason}
              maxLength={REFUND_REASON_MAX}
              rows={3}
              onChange={(event) => setReason(event.target.value)}
              className={inputClass}
            />
          )}
        </Field>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" variant="danger" pending={pending}>
            Confirmar reembolso
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
