import { useState, type FormEvent } from 'react';
import { formatPrice } from '../../components/price';
import { Button } from '../../components/ui/button';
import { Field, inputClass } from '../../components/ui/field';
import type { AppliedCoupon, CouponState } from './use-coupon';

const DATE_FORMAT = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long' });

/** The price with the coupon, the price without it struck through, and the code's limits. */
export function CouponPrice({ applied, currency }: { applied: AppliedCoupon; currency: string }) {
  const limits = [
    applied.endsAt ? `válido até ${DATE_FORMAT.format(new Date(applied.endsAt))}` : null,
    applied.remaining !== null ? `restam ${applied.remaining}` : null,
  ].filter(Boolean);
  return (
    <div className="space-y-1">
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="text-3xl font-bold whitespace-nowrap text-slate-900">
          {formatPrice(applied.price, currency)}
        </span>
        {applied.price < applied.originalPrice && (
          <span className="text-lg whitespace-nowrap text-slate-600 line-through">
            <span className="sr-only">Preço sem o cupom: </span>
            {formatPrice(applied.originalPrice, currency)}
          </span>
        )}
      </p>
      <p className="text-sm font-medium text-green-800">
        Cupom {applied.code} aplicado{limits.length > 0 ? ` · ${limits.join(' · ')}` : ''}
      </p>
    </div>
  );
}

/** 'Tenho um cupom': a code typed here is checked by the server and, if good, priced in the panel. */
export function CouponField({ coupon }: { coupon: CouponState }) {
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');

  if (coupon.applied) {
    return (
      <p className="text-center text-sm">
        <Button variant="link" size="sm" onClick={coupon.clear}>
          Remover o cupom {coupon.applied.code}
        </Button>
      </p>
    );
  }
  if (!open && !coupon.error) {
    return (
      <p className="text-center text-sm">
        <Button variant="link" size="sm" onClick={() => setOpen(true)}>
          Tenho um cupom
        </Button>
      </p>
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (code.trim()) await coupon.apply(code);
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex items-end gap-2" noValidate>
      <Field label="Código do cupom" error={coupon.error} className="flex flex-1 flex-col gap-1">
        {(control) => (
          <input
            {...control}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoCapitalize="characters"
            autoComplete="off"
            className={inputClass}
          />
        )}
      </Field>
      <Button type="submit" variant="secondary" pending={coupon.checking} className="mb-px">
        Aplicar
      </Button>
    </form>
  );
}
