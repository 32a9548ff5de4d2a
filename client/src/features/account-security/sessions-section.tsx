import type { MessageResponse } from '@aprendiz/contract/account';
import type { AccountSession, EndOtherSessionsResponse } from '@aprendiz/contract/account-security';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { useResource } from '../../data/resource';
import { api } from '../../lib/api-client';
import { send } from '../../lib/send';

const SESSIONS_URL = '/api/account/sessions';

const when = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });
const formatWhen = (iso: string) => when.format(new Date(iso));

/**
 * Where the account is signed in, this device first; 'Encerrar' ends one at once (its next request
 * is refused on every server), 'Encerrar as outras sessões' all but this one. `onNewToken` keeps
 * this device signed in after the others end (it gets a fresh token).
 */
export function SessionsSection({ onNewToken }: { onNewToken: (token: string) => void }) {
  const read = useResource<{ sessions: AccountSession[] }>(SESSIONS_URL);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const titleId = useId();
  const sessions = [...(read.value?.sessions ?? [])].sort(
    (a, b) => Number(b.current) - Number(a.current),
  );
  const others = sessions.filter((s) => !s.current).length;

  async function endOne(session: AccountSession) {
    if (pending) return;
    setPending(session._id);
    const data = await send(
      api.delete<MessageResponse>(`${SESSIONS_URL}/${encodeURIComponent(session._id)}`),
      { inline: (text) => setResult({ ok: false, text }) },
    );
    setPending(null);
    if (!data) return;
    setResult({ ok: true, text: `${data.message}: ${session.browser} em ${session.system}.` });
    read.reload();
  }

  async function endOthers() {
    if (pending) return;
    setPending('others');
    const data = await send(api.post<EndOtherSessionsResponse>(`${SESSIONS_URL}/end-others`), {
      inline: (text) => setResult({ ok: false, text }),
    });
    setPending(null);
    if (!data) return;
    onNewToken(data.token);
    setResult({ ok: true, text: data.message });
    read.reload();
  }

  return (
    <section
      aria-labelledby={titleId}
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-5"
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        Onde você está conectado
      </h2>
      {read.error && !read.value ? (
        <p role="alert" className="text-red-700">
          {read.error}
        </p>
      ) : !read.value ? (
        <p className="text-slate-600">Carregando sessões…</p>
      ) : (
        <ul className="divide-y divide-slate-200" aria-label="Sessões">
          {sessions.map((session) => (
            <li
              key={session._id}
              className="flex flex-wrap items-start justify-between gap-3 py-3 first:pt-0"
            >
              <div className="min-w-0 text-sm text-slate-700">
                <p className="font-medium text-slate-900">
                  {session.browser} em {session.system}
                  {session.current && (
                    <span className="ml-2 rounded-full bg-blue-100 px-2 py-0.5 text-xs font-medium text-blue-900">
                      este dispositivo
                    </span>
                  )}
                </p>
                <p className="break-all">Endereço: {session.address || 'desconhecido'}</p>
                <p>
                  Desde {formatWhen(session.firstSeenAt)} · visto por último{' '}
                  {formatWhen(session.lastSeenAt)}
                </p>
              </div>
              {!session.current && (
                <Button
                  variant="secondary"
                  size="sm"
                  pending={pending === session._id}
                  aria-label={`Encerrar a sessão de ${session.browser} em ${session.system}`}
                  onClick={() => void endOne(session)}
                >
                  Encerrar
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {others > 0 && (
        <Button
          variant="quietDanger"
          pending={pending === 'others'}
          onClick={() => void endOthers()}
        >
          Encerrar as outras sessões
        </Button>
      )}
      {result && (
        <p
          role={result.ok ? 'status' : 'alert'}
          className={result.ok ? 'text-green-800' : 'text-red-700'}
        >
          {result.text}
        </p>
      )}
    </section>
  );
}
