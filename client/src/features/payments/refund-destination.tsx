import { useState, type FormEvent } from 'react';
import { refundDestinationBodySchema, type OwedRefund } from '@aprendiz/contract/payments';
import { currencyLabel, isCurrency } from '@aprendiz/contract/rules/currency';
import {
  refundDestinationExample,
  refundDestinationLabel,
  refundDestinationProblem,
} from '@aprendiz/contract/rules/refund-destination';
import { Dialog } from '../../components/dialog';
import { formatPrice } from '../../components/price';
import { notify } from '../../components/toast';
import { Button } from '../../components/ui/button';
import { Field, fieldErrors, inputClass } from '../../components/ui/field';
import { useAppContext } from '../../context/app-context';
import { loadApi } from '../../lib/load-api';
import { send } from '../../lib/send';

/**
 * The dialog of 'Informe o IBAN' (its button is lazy-parts.tsx's RefundDestinationAction) on a
 * course whose money is owed back by hand (a second payment the provider cannot refund): the buyer
 * says where to send it, an IBAN or a Pix key by the payment's currency, checked by the same rule
 * the server applies.
 */
export function RefundDestinationDialog({
  owed,
  courseTitle,
  action,
  onClose,
}: {
  owed: OwedRefund;
  courseTitle: string;
  /** Its title, as the button that opened it says: 'Informe o IBAN' or 'Informe a chave Pix'. */
  action: string;
  onClose: () => void;
}) {
  const { refreshSignedIn } = useAppContext();
  const [destination, setDestination] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const label = refundDestinationLabel(owed.currency);
  const amount = formatPrice(
    owed.amount,
    isCurrency(owed.currency) ? currencyLabel(owed.currency) : owed.currency.toUpperCase(),
  );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = refundDestinationBodySchema.safeParse({ destination });
    const problem = parsed.success
      ? refundDestinationProblem(owed.currency, parsed.data.destination)
      : fieldErrors(parsed.error.issues).destination;
    setError(problem ?? undefined);
    if (problem || !parsed.success) return;
    setPending(true);
    const api = await loadApi();
    const done = await send(
      api.put(
        `/api/payments/${encodeURIComponent(owed.purchaseId)}/refund-destination`,
        parsed.data,
      ),
    );
    setPending(false);
    if (!done) return;
    onClose();
    notify.success(`Recebemos os dados. O valor de ${courseTitle} será enviado em breve.`);
    await refreshSignedIn();
  }

  return (
    <Dialog open onClose={onClose} title={action} closeLabel="Fechar" className="p-6 text-left">
      <form onSubmit={(event) => void submit(event)} className="mt-4 space-y-4" noValidate>
        <p className="text-slate-700">
          Você pagou {amount} por “{courseTitle}”, que já era seu. Este pagamento não pode ser
          devolvido pelo mesmo meio: diga-nos para onde enviar o valor.
        </p>
        <Field label={label} hint={refundDestinationExample(owed.currency)} error={error}>
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
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" pending={pending}>
            Enviar
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
