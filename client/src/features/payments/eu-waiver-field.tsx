import { EU_WAIVER_TEXT } from '@aprendiz/contract/rules/guarantee';
import type { Currency } from '@aprendiz/contract/rules/currency';

/** EU consumer law: a buyer in euros gives up the 14-day withdrawal only by asking to start at once. */
export function asksEuWaiver(currency: Currency): boolean {
  return currency === 'eur';
}

/** The EU waiver box sent with the purchase. */
export function EuWaiverField({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (waived: boolean) => void;
}) {
  // Unticked by default: starting at once is the buyer's own explicit request.
  return (
    <label className="flex items-start gap-2 text-sm text-slate-700">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 h-4 w-4 shrink-0"
      />
      {EU_WAIVER_TEXT}
    </label>
  );
}
