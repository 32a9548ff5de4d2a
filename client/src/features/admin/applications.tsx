import { useState } from 'react';
import {
  declineApplicationBodySchema,
  type AdminEducatorApplication,
  type AdminEducatorApplicationsResponse,
  type EducatorApplicationStatus,
} from '@aprendiz/contract/educator-applications';
import { notify } from '../../components/toast';
import { Button } from '../../components/ui/button';
import { labelClass, inputClass } from '../../components/ui/field';
import { useResource } from '../../data/resource';
import { api } from '../../lib/api-client';
import { send } from '../../lib/send';
import { AdminHeading, Badge, Loaded, useIsAdmin, when } from './admin-ui';
import { ReasonDialog } from './reason-dialog';

const STATUS: Record<
  EducatorApplicationStatus,
  { label: string; tone: 'amber' | 'green' | 'red' }
> = {
  pending: { label: 'Em análise', tone: 'amber' },
  approved: { label: 'Aprovada', tone: 'green' },
  declined: { label: 'Recusada', tone: 'red' },
};

function ApplicationCard({
  application,
  onChanged,
}: {
  application: AdminEducatorApplication;
  onChanged: () => void;
}) {
  const isAdmin = useIsAdmin();
  const [declining, setDeclining] = useState(false);
  const [pending, setPending] = useState(false);
  const status = STATUS[application.status];

  async function approve() {
    setPending(true);
    const done = await send(
      api.post(`/api/admin/educator-applications/${application._id}/approve`),
    );
    setPending(false);
    if (done) {
      notify.success(`${application.userName} agora é educador.`);
      onChanged();
    }
  }

  return (
    <li className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{application.userName}</h2>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      <p className="text-sm break-all text-slate-700">
        {application.userEmail} · enviada em {when(application.createdAt)}
        {application.decidedAt ? ` · decidida em ${when(application.decidedAt)}` : ''}
      </p>
      <div>
        <p className="text-sm font-medium text-slate-700">Sobre a pessoa</p>
        <p className="text-slate-900 whitespace-pre-line">{application.about}</p>
      </div>
      <div>
        <p className="text-sm font-medium text-slate-700">O que vai ensinar</p>
        <p className="text-slate-900 whitespace-pre-line">{application.teaching}</p>
      </div>
      {application.note && <p className="text-sm text-slate-700">Nota: {application.note}</p>}
      {isAdmin && application.status === 'pending' && (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" pending={pending} onClick={() => void approve()}>
            Aprovar
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setDeclining(true)}>
            Recusar
          </Button>
        </div>
      )}
      <ReasonDialog
        open={declining}
        title={`Recusar a candidatura de ${application.userName}`}
        label="Nota para a pessoa"
        hint="A pessoa lê a nota no e-mail e na página da candidatura, e pode se candidatar de novo."
        confirmLabel="Recusar"
        schema={declineApplicationBodySchema}
        field="note"
        danger
        onClose={() => setDeclining(false)}
        onSubmit={async (note) => {
          const done = await send(
            api.post(`/api/admin/educator-applications/${application._id}/decline`, { note }),
          );
          if (done) {
            notify.success('Candidatura recusada.');
            onChanged();
          }
          return done !== null;
        }}
      />
    </li>
  );
}

/** Educator applications (EDUCATOR_APPLICATIONS=on): the ones waiting first, and the decided ones. */
export function AdminApplicationsScreen() {
  const [status, setStatus] = useState<EducatorApplicationStatus>('pending');
  const read = useResource<AdminEducatorApplicationsResponse>(
    `/api/admin/educator-applications?status=${status}`,
  );
  return (
    <section>
      <AdminHeading
        actions={
          <label className={`${labelClass} flex items-center gap-2`}>
            Situação
            <select
              className={`${inputClass} w-auto`}
              value={status}
              onChange={(event) => setStatus(event.target.value as EducatorApplicationStatus)}
            >
              {(Object.keys(STATUS) as EducatorApplicationStatus[]).map((key) => (
                <option key={key} value={key}>
                  {STATUS[key].label}
                </option>
              ))}
            </select>
          </label>
        }
      >
        Candidaturas a educador
      </AdminHeading>
      <Loaded read={read} failedTitle="Não foi possível carregar as candidaturas">
        {({ applications }) =>
          applications.length === 0 ? (
            <p className="text-slate-600">Nenhuma candidatura nesta situação.</p>
          ) : (
            <ul className="space-y-3">
              {applications.map((application) => (
                <ApplicationCard
                  key={application._id}
                  application={application}
                  onChanged={read.reload}
                />
              ))}
            </ul>
          )
        }
      </Loaded>
    </section>
  );
}
