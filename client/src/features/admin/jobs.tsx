import { notify } from '../../components/toast';
import { Button } from '../../components/ui/button';
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

interface FailedJob {
  id: string;
  name: string;
  key: string | null;
  retryCount: number;
  createdOn: string;
  completedOn: string | null;
  error: string | null;
}

/** Failed jobs with their last error, and one more attempt (support may retry too). */
export function AdminJobsScreen() {
  const read = useResource<{ jobs: FailedJob[] }>('/api/admin/jobs');
  async function retry(id: string) {
    const done = await send(api.post(`/api/admin/jobs/${id}/retry`));
    if (done) {
      notify.success('Tarefa enviada para nova tentativa.');
      read.reload();
    }
  }
  return (
    <>
      <AdminHeading>Tarefas com falha</AdminHeading>
      <Loaded read={read} failedTitle="Não foi possível carregar as tarefas">
        {({ jobs }) => (
          <TableBox label="Tarefas com falha" scrollHint wide>
            <table className={`${tableClass} min-w-[44rem]`}>
              <TableHead columns={['Fila', 'Erro', 'Tentativas', 'Criada']} actions />
              <tbody>
                {jobs.length === 0 ? (
                  <EmptyRow columns={5}>Nenhuma tarefa com falha.</EmptyRow>
                ) : (
                  jobs.map((job) => (
                    <tr key={job.id} className={rowClass}>
                      <td className={`${cellClass} font-mono text-xs`}>{job.name}</td>
                      <td className={`${cellClass} text-xs break-all`}>{job.error ?? '—'}</td>
                      <td className={cellClass}>{job.retryCount}</td>
                      <td className={cellClass}>{when(job.createdOn)}</td>
                      <td className={cellClass}>
                        <Button size="sm" onClick={() => void retry(job.id)}>
                          Tentar de novo
                        </Button>
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </TableBox>
        )}
      </Loaded>
    </>
  );
}
