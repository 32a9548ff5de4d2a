import type { MailPreferences } from '@aprendiz/contract/notifications';
import { useEffect, useId, useState } from 'react';
import { api } from '../../lib/api-client';
import { errorMessage } from '../../lib/api-error';

const LABELS: Record<keyof MailPreferences, string> = {
  answers: 'Respostas às minhas perguntas',
  digest: 'Resumo diário de perguntas sem resposta (educadores)',
};

/** Which e-mails the person gets; each change is saved at once. */
export function MailPreferencesForm() {
  const [preferences, setPreferences] = useState<MailPreferences | null>(null);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const titleId = useId();

  useEffect(() => {
    api
      .get<{ preferences: MailPreferences }>('/api/notifications/preferences')
      .then(({ data }) => setPreferences(data.preferences))
      .catch((err: unknown) => setMessage({ kind: 'error', text: errorMessage(err) }));
  }, []);

  async function change(kind: keyof MailPreferences, value: boolean) {
    if (!preferences) return;
    const next = { ...preferences, [kind]: value };
    setPreferences(next);
    try {
      await api.put('/api/notifications/preferences', next);
      setMessage({ kind: 'ok', text: 'Preferências salvas.' });
    } catch (err) {
      setPreferences(preferences);
      setMessage({ kind: 'error', text: errorMessage(err) });
    }
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
