import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { AdminUserSummary } from '@aprendiz/contract/staff';
import { Button } from '../../components/ui/button';
import { focusRing } from '../../components/ui/focus-ring';
import { inputClass } from '../../components/ui/field';
import {
  cellClass,
  EmptyRow,
  rowClass,
  TableBox,
  tableClass,
  TableHead,
} from '../../components/ui/table';
import { paths } from '../../config/paths';
import { useResource } from '../../data/resource';
import { AdminHeading, Badge, Loaded, when } from './admin-ui';

export function roleLabel(person: Pick<AdminUserSummary, 'role' | 'staffRole'>): string {
  if (person.staffRole === 'admin') return 'Administrador';
  if (person.staffRole === 'support') return 'Suporte';
  return person.role === 'educator' ? 'Educador' : 'Aluno';
}

/** A search box whose query lives in the address (`?q=`), so Back returns to the same results. */
export function SearchForm({ label, placeholder }: { label: string; placeholder: string }) {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  function submit(event: FormEvent) {
    event.preventDefault();
    setParams(text.trim() ? { q: text.trim() } : {});
  }
  return (
    <form role="search" onSubmit={submit} className="mb-4 flex max-w-xl gap-2">
      <label className="sr-only" htmlFor="admin-search">
        {label}
      </label>
      <input
        id="admin-search"
        type="search"
        className={inputClass}
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit">Buscar</Button>
    </form>
  );
}

function Results({ q }: { q: string }) {
  const read = useResource<{ users: AdminUserSummary[] }>(
    `/api/admin/users?${new URLSearchParams({ q }).toString()}`,
  );
  return (
    <Loaded read={read} failedTitle="Não foi possível buscar">
      {({ users }) => (
        <TableBox label="Pessoas encontradas" scrollHint wide>
          <table className={`${tableClass} min-w-[36rem]`}>
            <TableHead columns={['Nome', 'E-mail', 'Papel', 'Desde']} />
            <tbody>
              {users.length === 0 ? (
                <EmptyRow columns={4}>Ninguém encontrado.</EmptyRow>
              ) : (
                users.map((person) => (
                  <tr key={person._id} className={rowClass}>
                    <td className={cellClass}>
                      <Link
                        to={paths.adminPerson(person._id)}
                        className={`font-medium text-blue-700 hover:underline ${focusRing}`}
                      >
                        {person.name}
                      </Link>{' '}
                      {person.suspended && <Badge tone="red">Suspensa</Badge>}
                    </td>
                    <td className={cellClass}>{person.email}</td>
                    <td className={cellClass}>{roleLabel(person)}</td>
                    <td className={cellClass}>{when(person.createdAt)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </TableBox>
      )}
    </Loaded>
  );
}

/** People: search by name, e-mail or id. */
export function AdminPeopleScreen() {
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  return (
    <>
      <AdminHeading>Pessoas</AdminHeading>
      <SearchForm label="Buscar pessoas" placeholder="Nome, e-mail ou id" />
      {q.length >= 2 ? (
        <Results q={q} />
      ) : (
        <p className="text-slate-600">Digite pelo menos 2 caracteres do nome, e-mail ou id.</p>
      )}
    </>
  );
}
