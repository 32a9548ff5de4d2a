import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AuditEntry } from '@aprendiz/contract/staff';
import { Button, buttonClass } from '../../components/ui/button';
import { inputClass } from '../../components/ui/field';
import {
  cellClass,
  EmptyRow,
  rowClass,
  TableBox,
  tableClass,
  TableHead,
} from '../../components/ui/table';
import { useResource } from '../../data/resource';
import { api } from '../../lib/api-client';
import { send } from '../../lib/send';
import { AdminHeading, Loaded, when } from './admin-ui';

function change(value: unknown): string {
  return value === null || value === undefined ? '' : JSON.stringify(value);
}

export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <TableBox label="Registros de auditoria" scrollHint wide>
      <table className={`${tableClass} min-w-[52rem]`}>
        <TableHead columns={['Quando', 'Quem', 'Ação', 'Alvo', 'Antes → depois', 'Endereço']} />
        <tbody>
          {entries.length === 0 ? (
            <EmptyRow columns={6}>Nenhum registro.</EmptyRow>
          ) : (
            entries.map((e) => (
              <tr key={e.id} className={rowClass}>
                <td className={cellClass}>{when(e.createdAt)}</td>
                <td className={cellClass}>{e.actorEmail ?? e.actorId ?? 'Plataforma'}</td>
                <td className={`${cellClass} font-mono text-xs`}>{e.action}</td>
                <td className={`${cellClass} font-mono text-xs break-all`}>
                  {e.targetType}: {e.targetId}
                </td>
                <td className={`${cellClass} font-mono text-xs break-all`}>
                  {change(e.before)} → {change(e.after)}
                </td>
                <td className={`${cellClass} text-xs`}>{e.address ?? '—'}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </TableBox>
  );
}

/** The audit log, filtered by target and by who acted; exported as CSV with the same filters. */
export function AdminAuditScreen() {
  const [params, setParams] = useSearchParams();
  const target = params.get('target') ?? '';
  const actor = params.get('actor') ?? '';
  const [targetText, setTargetText] = useState(target);
  const [actorText, setActorText] = useState(actor);
  const query = new URLSearchParams({
    ...(target ? { target } : {}),
    ...(actor ? { actor } : {}),
  }).toString();
  const read = useResource<{ entries: AuditEntry[] }>(`/api/admin/audit?${query}`);
  const [exporting, setExporting] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (targetText.trim()) next.target = targetText.trim();
    if (actorText.trim()) next.actor = actorText.trim();
    setParams(next);
  }

  // The export needs the session's token, so it is fetched here and handed over as a file.
  async function exportCsv() {
    setExporting(true);
    const csv = await send(
      api.get<string>(`/api/admin/audit?${query}${query ? '&' : ''}format=csv`, {
        responseType: 'text',
      }),
    );
    setExporting(false);
    if (csv === null) return;
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    link.download = 'auditoria.csv';
    link.click();
    URL.revokeObjectURL(link.href);
  }

  return (
    <>
      <AdminHeading
        actions={
          <button
            type="button"
            className={buttonClass({ variant: 'secondary' })}
            disabled={exporting}
            onClick={() => void exportCsv()}
          >
            Exportar CSV
          </button>
        }
      >
        Auditoria
      </AdminHeading>
      <form onSubmit={submit} className="mb-4 flex flex-wrap items-end gap-3">
        <label className="flex flex-col text-sm text-slate-700">
          Alvo (id)
          <input
            className={`${inputClass} mt-1`}
            value={targetText}
            onChange={(event) => setTargetText(event.target.value)}
          />
        </label>
        <label className="flex flex-col text-sm text-slate-700">
          Quem agiu (id)
          <input
            className={`${inputClass} mt-1`}
            value={actorText}
            onChange={(event) => setActorText(event.target.value)}
          />
        </label>
        <Button type="submit">Filtrar</Button>
      </form>
      <Loaded read={read} failedTitle="Não foi possível carregar a auditoria">
        {({ entries }) => <AuditTable entries={entries} />}
      </Loaded>
    </>
  );
}
