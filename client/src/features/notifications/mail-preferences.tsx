import { CONSENT_WORDING } from '@aprendiz/contract/rules/consent';
import type { MailPreferences } from '@aprendiz/contract/notifications';
import { useId, useState } from 'react';
import { useResource } from '../../data/resource';
import { api } from '../../lib/api-client';
import { send } from '../../lib/send';

const PREFERENCES_URL = '/api/notifications/preferences';

// The words the server records with each choice (its consent record): the same text, from one place.
const LABELS: Record<keyof MailPreferences, string> = CONSENT_WORDING;

/**
 * Which e-mails the person gets; each change is saved at once, and the server keeps a record of it.
 * Marketing (novidades e ofertas) is off until ticked here.
 */
export function MailPreferencesForm() {
  const read = useResource<{ preferences: MailPreferences }>(PREFERENCES_URL);
  // What the person ticked since the read: shown at once, put back if the save fails.
  const [chosen, setChosen] = useState<MailPreferences | null>(null);
  const [saved, setSaved] = useState(false);
  const titleId = useId();
  const preferences = chosen ?? read.value?.preferences ?? null;
  const message = read.error
    ? { kind: 'error' as const, text: read.error }
    : saved
      ? { kind: 'ok' as const, text: 'Preferências salvas.' }
      : null;

  async function change(kind: keyof MailPreferences, value: boolean) {
    if (!preferences) return;
    const next = { ...preferences, [kind]: value };
    setChosen(next);
    setSaved(false);
    if (await send(api.put(PREFERENCES_URL, next))) setSaved(true);
    else setChosen(preferences);
  }

  return (
    <fieldset
      aria-labelledby={titleId}
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-5"
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        E-mails
      </h2>
      {preferences
        ? (Object.keys(LABELS) as (keyof MailPreferences)[]).map((kind) => (
            <label key={kind} className="flex items-center gap-3 text-slate-800">
              <input
                type="checkbox"
                checked={preferences[kind]}
                onChange={(event) => void change(kind, event.target.checked)}
                className="h-4 w-4"
              />
              {LABELS[kind]}
            </label>
          ))
        : !message && <p className="text-slate-600">Carregando preferências…</p>}
      {message && (
        <p
          role={message.kind === 'error' ? 'alert' : 'status'}
          className={message.kind === 'error' ? 'text-red-700' : 'text-green-800'}
        >
          {message.text}
        </p>
      )}
    </fieldset>
  );
}
