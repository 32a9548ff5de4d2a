import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  setStaffRoleBodySchema,
  suspendBodySchema,
  type AdminPerson,
  type AuditEntry,
  type SetStaffRoleBody,
} from '@aprendiz/contract/staff';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { notify } from '../../components/toast';
import { Button } from '../../components/ui/button';
import { focusRing } from '../../components/ui/focus-ring';
import { paths } from '../../config/paths';
import { useResource } from '../../data/resource';
import { api } from '../../lib/api-client';
import { send } from '../../lib/send';
import { AdminHeading, Badge, Loaded, money, useIsAdmin, when } from './admin-ui';
import { AuditTable } from './audit';
import { roleLabel } from './people';
import { PersonSessions } from './person-sessions';
import { PurchasesTable } from './purchases-table';
import { ReasonDialog } from './reason-dialog';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="space-y-2">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

function PersonActions({ person, onChanged }: { person: AdminPerson; onChanged: () => void }) {
  const [suspending, setSuspending] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const [pending, setPending] = useState(false);
  const base = `/api/admin/users/${encodeURIComponent(person._id)}`;

  async function reinstate() {
    setPending(true);
    const done = await send(api.post(`${base}/reinstate`));
    setPending(false);
    if (done) {
      notify.success('Conta reativada.');
      onChanged();
    }
  }

  async function setRole(role: SetStaffRoleBody['role']) {
    if (!setStaffRoleBodySchema.safeParse({ role }).success) return;
    const done = await send(api.post(`${base}/role`, { role }));
    if (done) {
      notify.success('Papel alterado.');
      onChanged();
    }
  }

  return (
    <div className="flex flex-wrap items-end gap-3">
      {person.suspended ? (
        <Button pending={pending} onClick={() => void reinstate()}>
          Reativar conta
        </Button>
      ) : (
        <Button variant="danger" onClick={() => setSuspending(true)}>
          Suspender
        </Button>
      )}
      <Button variant="secondary" onClick={() => setSigningOut(true)}>
        Encerrar todas as sessões
      </Button>
      <label className="flex flex-col text-sm text-slate-700">
        Papel na equipe
        <select
          className={`mt-1 rounded-md border border-slate-300 bg-white px-3 py-2 ${focusRing}`}
          value={person.staffRole ?? 'none'}
          onChange={(event) => void setRole(event.target.value as SetStaffRoleBody['role'])}
        >
          <option value="none">Nenhum</option>
          <option value="support">Suporte</option>
          <option value="admin">Administrador</option>
        </select>
      </label>
      <ReasonDialog
        open={suspending}
        title={`Suspender ${person.name}`}
        label="Motivo"
        hint="A pessoa verá este motivo ao tentar entrar. Todas as sessões dela serão encerradas."
        confirmLabel="Suspender"
        schema={suspendBodySchema}
        field="reason"
        danger
        onClose={() => setSuspending(false)}
        onSubmit={async (reason) => {
          const done = await send(api.post(`${base}/suspend`, { reason }));
          if (done) {
            notify.success('Conta suspensa.');
            onChanged();
          }
          return done !== null;
        }}
      />
      <ConfirmDialog
        open={signingOut}
        title="Encerrar todas as sessões"
        message={`${person.name} precisará entrar de novo em todos os dispositivos.`}
        confirmLabel="Encerrar"
        onCancel={() => setSigningOut(false)}
        onConfirm={() => {
          setSigningOut(false);
          void send(api.post(`${base}/sign-out`)).then((done) => {
            if (!done) return;
            notify.success('Sessões encerradas.');
            onChanged();
          });
        }}
      />
    </div>
  );
}

function PersonBody({ person, onChanged }: { person: AdminPerson; onChanged: () => void }) {
  const isAdmin = useIsAdmin();
  const audit = useResource<{ entries: AuditEntry[] }>(
    `/api/admin/audit?${new URLSearchParams({ target: person._id }).toString()}`,
  );
  return (
    <div className="space-y-8">
      <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-5">
        <p className="text-slate-800">
          <span className="font-semibold break-all">{person.email}</span> · {roleLabel(person)} ·
          conta desde {when(person.createdAt)}
        </p>
        <p className="font-mono text-xs break-all text-slate-600">{person._id}</p>
        <p className="flex flex-wrap gap-2">
          {person.suspended ? (
            <Badge tone="red">Suspensa em {when(person.suspendedAt)}</Badge>
          ) : (
            <Badge tone="green">Ativa</Badge>
          )}
          <Badge tone={person.twoStepEnabled ? 'green' : 'slate'}>
            Duas etapas: {person.twoStepEnabled ? 'ativada' : 'desativada'}
          </Badge>
        </p>
        {person.suspensionReason && (
          <p className="text-sm text-slate-800">Motivo da suspensão: {person.suspensionReason}</p>
        )}
        {isAdmin && (
          <PersonActions
            person={person}
            onChanged={() => {
              onChanged();
              audit.reload();
            }}
          />
        )}
      </div>
      <Section title="Sessões">
        <PersonSessions
          person={person}
          canEnd={isAdmin}
          onChanged={() => {
            onChanged();
            audit.reload();
          }}
        />
      </Section>
      <Section title="Compras">
        <PurchasesTable purchases={person.purchases} />
      </Section>
      <Section title="Inscrições">
        {person.enrollments.length === 0 ? (
          <p className="text-slate-600">Nenhuma inscrição.</p>
        ) : (
          <ul className="list-disc space-y-1 pl-5 text-slate-800">
            {person.enrollments.map((e) => (
              <li key={e.courseId}>
                <Link to={paths.course(e.courseId)} className="text-blue-700 hover:underline">
                  {e.courseTitle}
                </Link>{' '}
                <span className="text-sm text-slate-600">desde {when(e.enrolledAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </Section>
      {person.refunds.length > 0 && (
        <Section title="Reembolsos manuais">
          <ul className="list-disc space-y-1 pl-5 text-slate-800">
            {person.refunds.map((r) => (
              <li key={r.purchaseId}>
                {r.courseTitle}: {money(r.amount, r.currency)} —{' '}
                {r.paidAt ? `pago em ${when(r.paidAt)}` : 'a pagar'}
              </li>
            ))}
          </ul>
        </Section>
      )}
      <Section title="Certificados">
        {person.certificates.length === 0 ? (
          <p className="text-slate-600">Nenhum certificado.</p>
        ) : (
          <ul className="list-disc space-y-1 pl-5 text-slate-800">
            {person.certificates.map((c) => (
              <li key={c._id}>
                {c.courseTitle}{' '}
                <span className="text-sm text-slate-600">({when(c.completedAt)})</span>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Histórico na auditoria">
        <Loaded read={audit} failedTitle="Não foi possível carregar o histórico">
          {({ entries }) => <AuditTable entries={entries} />}
        </Loaded>
      </Section>
    </div>
  );
}

/** One person: account, purchases, enrollments, refunds, certificates, and the admin's actions. */
export function AdminPersonScreen({ userId }: { userId: string }) {
  const read = useResource<{ person: AdminPerson }>(
    `/api/admin/users/${encodeURIComponent(userId)}`,
  );
  return (
    <>
      <AdminHeading>{read.value?.person.name ?? 'Pessoa'}</AdminHeading>
      <Loaded read={read} failedTitle="Não foi possível carregar esta pessoa">
        {({ person }) => <PersonBody person={person} onChanged={read.reload} />}
      </Loaded>
    </>
  );
}
