import {
  chooseMethodBodySchema,
  isPushMethod,
  type ChooseMethodResponse,
  type PaymentAttempt,
} from '@aprendiz/contract/payments';
import { formatPhone } from '@aprendiz/contract/rules/payment-display';
import { useRef, useState } from 'react';
import { notify } from '../../../components/toast';
import { Button } from '../../../components/ui/button';
import { useStorefront } from '../../../config/storefront';
import { api } from '../../../lib/api-client';
import { send } from '../../../lib/send';
import {
  lacksPhone,
  PaymentChoice,
  PHONE_MISSING,
  type PaymentChoiceValue,
} from '../payment-choice';

/**
 * 'Como quer pagar?' on the payment page: the deployment's methods in the course page's picker, the
 * one the buyer paid with before already picked.
 */
export function MethodChooser({
  purchase,
  onChosen,
  onCancel,
  lastPhone,
}: {
  purchase: PaymentAttempt;
  onChosen: (sessionUrl: string) => void;
  onCancel?: () => void;
  /** The number the last push went to: trying again with it should not mean typing it again. */
  lastPhone?: string;
}) {
  const { methods } = useStorefront();
  const [choice, setChoice] = useState<PaymentChoiceValue>(() => ({
    method: purchase.method && methods.includes(purchase.method) ? purchase.method : methods[0]!,
    phone: lastPhone ? formatPhone(lastPhone) : '',
  }));
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  function refusePhone(message: string) {
    setPhoneError(message);
    phoneRef.current?.focus();
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (lacksPhone(choice)) return refusePhone(PHONE_MISSING);
    const body = {
      method: choice.method,
      ...(isPushMethod(choice.method) ? { phone: choice.phone } : {}),
    };
    // A number of another country would never ring: said beside the field, before any request.
    const parsed = chooseMethodBodySchema.safeParse(body);
    if (!parsed.success) return refusePhone(parsed.error.issues[0]?.message ?? PHONE_MISSING);
    setBusy(true);
    const chosen = await send(
      api.post<ChooseMethodResponse>(
        `/api/payments/${encodeURIComponent(purchase._id)}/method`,
        body,
      ),
    );
    setBusy(false);
    if (!chosen) return;
    // The coupon it was started with may have ended meanwhile: the new price is not a surprise.
    if (chosen.message) notify.info(chosen.message);
    onChosen(chosen.session_url);
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
      <PaymentChoice
        methods={methods}
        value={choice}
        onChange={(next) => {
          setChoice(next);
          setPhoneError(null);
        }}
        phoneRef={phoneRef}
        phoneError={phoneError}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="secondary" size="lg" onClick={onCancel}>
            Voltar
          </Button>
        )}
        <Button type="submit" size="lg" pending={busy}>
          Continuar
        </Button>
      </div>
    </form>
  );
}
