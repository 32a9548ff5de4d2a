import {
  isPushMethod,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
} from '@aprendiz/contract/rules/payment-methods';
import type { RefObject } from 'react';
import { Field, inputClass } from '../../components/ui/field';

/** The method the buyer picked on the course page, and the phone a push is sent to. */
export type PaymentChoiceValue = { method: PaymentMethod; phone: string };

/** Said beside the phone field when a push was chosen without the number it goes to. */
export const PHONE_MISSING = 'Informe o número de celular para aprovar o pagamento no app';

/** A push (MB WAY, Multicaixa Express) goes to a phone: without its number the purchase cannot start. */
export function lacksPhone(choice: PaymentChoiceValue): boolean {
  return isPushMethod(choice.method) && choice.phone.trim() === '';
}

/**
 * 'Como quer pagar?': the methods this deployment takes, chosen before the buy button, so the buyer
 * goes straight to their Pix code, reference or push instead of a card page first.
 */
export function PaymentChoice({
  methods,
  value,
  onChange,
  phoneRef,
  phoneError,
}: {
  methods: readonly PaymentMethod[];
  value: PaymentChoiceValue;
  onChange: (value: PaymentChoiceValue) => void;
  phoneRef: RefObject<HTMLInputElement | null>;
  /** Shown beside the phone field: the buyer pressed buy without it. */
  phoneError: string | null;
}) {
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-sm font-medium text-slate-900">Como quer pagar?</legend>
      <div className="flex flex-wrap gap-2">
        {methods.map((method) => (
          <label
            key={method}
            className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-900 has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-600"
          >
            <input
              type="radio"
              name="payment-method"
              value={method}
              checked={value.method === method}
              onChange={() => onChange({ ...value, method })}
              className="accent-blue-600"
            />
            {PAYMENT_METHOD_LABELS[method]}
          </label>
        ))}
      </div>
      {isPushMethod(value.method) && (
        <Field
          label="Número de celular"
          error={phoneError}
          hint={`O pedido de pagamento chega ao app ${PAYMENT_METHOD_LABELS[value.method]} deste número.`}
        >
          {(control) => (
            <input
              {...control}
              ref={phoneRef}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              required
              value={value.phone}
              onChange={(event) => onChange({ ...value, phone: event.target.value })}
              placeholder="9XX XXX XXX"
              className={inputClass}
            />
          )}
        </Field>
      )}
    </fieldset>
  );
}
