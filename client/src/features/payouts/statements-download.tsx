import { useState } from 'react';
import { marketMonth } from '@aprendiz/contract/rules/payouts';
import type { Currency } from '@aprendiz/contract/rules/currency';
import { Button } from '../../components/ui/button';
import { Field, inputClass } from '../../components/ui/field';
import { api } from '../../lib/api-client';
import { send } from '../../lib/send';

/** Saves a file the API answers (the statement needs the session's bearer, so no plain link). */
async function download(path: string, name: string): Promise<void> {
  const data = await send(api.get<Blob>(path, { responseType: 'blob' }), {
    failure: (message) => `Não foi possível baixar o extrato: ${message}`,
  });
  if (!data) return;
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A month's statement (sales, refunds, fees, withdrawals, balance carried) as CSV or PDF. */
export function StatementsDownload({ currency }: { currency: Currency }) {
  const [month, setMonth] = useState(marketMonth(new Date(), currency));
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);

  async function get(kind: 'csv' | 'pdf') {
    setBusy(kind);
    await download(`/api/educator/statements/${month}.${kind}`, `extrato-${month}.${kind}`);
    setBusy(null);
  }

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <Field label="Mês do extrato">
        {(control) => (
          <input
            {...control}
            type="month"
            value={month}
            max={marketMonth(new Date(), currency)}
            onChange={(event) => setMonth(event.target.value)}
            className={inputClass}
          />
        )}
      </Field>
      <Button variant="secondary" pending={busy === 'csv'} onClick={() => void get('csv')}>
        Baixar CSV
      </Button>
      <Button variant="secondary" pending={busy === 'pdf'} onClick={() => void get('pdf')}>
        Baixar PDF
      </Button>
    </div>
  );
}
