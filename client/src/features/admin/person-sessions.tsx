import { useState } from 'react';
import type { AdminPerson } from '@aprendiz/contract/staff';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { notify } from '../../components/toast';
import { Button } from '../../components/ui/button';
import { api } from '../../lib/api-client';
import { send } from '../../lib/send';
import { when } from './admin-ui';

type Session = AdminPerson['sessions'][number];

/** A person's open sessions, each with 'Encerrar' for an admin (a lost phone, a shared computer). */
export function PersonSessions({
  person,
  canEnd,
  onChanged,
}: {
  person: AdminPerson;
  canEnd: boolean;
  onChanged: () => void;
}) {
  const [ending, setEnding] = useState<Session | null>(null);
  if (person.sessions.length === 0) {
    return <p className="text-slate-600">Nenhuma sessão aberta.</p>;
  }
  return (
    <>
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {person.sessions.map((session) => (
          <li key={session._id} className="flex flex-wrap items-center justify-between gap-3 p-4">
            <div className="min-w-0 text-sm text-slate-800">
              <p className="font-medium text-slate-900">
                {session.browser} em {session.system}
              </p>
              <p>
                {session.address ? `${session.address} · ` : ''}desde {when(session.firstSeenAt)} ·
                visto por último em {when(session.lastSeenAt)}
              </p>
            </div>
            {canEnd && (
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Encerrar a sessão ${session.browser} em ${session.system}`}
                onClick={() => setEnding(session)}
              >
                Encerrar
              </Button>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={ending !== null}
        title="Encerrar sessão"
        message={
          ending
            ? `${person.name} sairá de ${ending.browser} em ${ending.system} e precisará entrar de novo nele.`
            : ''
        }
        confirmLabel="Encerrar"
        onCancel={() => setEnding(null)}
        onConfirm={() => {
          const session = ending;
          setEnding(null);
          if (!session) return;
          void send(
            api.post(
              `/api/admin/users/${encodeURIComponent(person._id)}/sessions/${session._id}/end`,
            ),
          ).then((done) => {
            if (!done) return;
            notify.success('Sessão encerrada.');
            onChanged();
          });
        }}
      />
    </>
  );
}
