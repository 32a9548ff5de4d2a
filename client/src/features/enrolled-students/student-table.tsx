import type { EnrolledStudentsResponse } from '@aprendiz/contract/educator';
import { useEffect, useRef, useState } from 'react';
import { PersonCell } from '../../components/educator/person-cell';
import {
  cellClass,
  headCellClass,
  EmptyRow,
  headRowClass,
  numberCellClass,
  rowClass,
  TableBox,
  tableClass,
} from '../../components/ui/table';
import { Button } from '../../components/ui/button';
import { focusRingInset } from '../../components/ui/focus-ring';
import { api } from '../../lib/api-client';
import { send } from '../../lib/send';
import { STUDENTS_PATH } from './load-students';

type Student = EnrolledStudentsResponse['enrolledStudents'][number];

/**
 * The newest page first (the server answers newest first, as the spec shows enrollments reversed);
 * 'Ver mais' adds the next one below it, from where the last left off.
 */
export function StudentTable({ first }: { first: EnrolledStudentsResponse }) {
  const [shown, setShown] = useState<{ students: Student[]; next: string | null }>(() => ({
    students: first.enrolledStudents,
    next: first.next,
  }));
  const [loadingMore, setLoadingMore] = useState(false);
  // Where the rows added by 'Ver mais' start: focus goes there, so keyboard and screen-reader users
  // carry on reading from the first new student instead of staying on a button that may go away.
  const firstNew = useRef<HTMLTableRowElement>(null);
  const [focusFrom, setFocusFrom] = useState<number | null>(null);
  // Kept until the next page: the row stays focusable, so focus stays on it.
  useEffect(() => {
    if (focusFrom !== null) firstNew.current?.focus();
  }, [focusFrom]);

  async function loadMore() {
    if (!shown.next || loadingMore) return;
    setLoadingMore(true);
    const more = await send(
      api.get<EnrolledStudentsResponse>(STUDENTS_PATH, { params: { before: shown.next } }),
      { failure: (message) => `Não foi possível carregar mais alunos: ${message}` },
    );
    setLoadingMore(false);
    if (!more) return;
    setFocusFrom(shown.students.length);
    setShown((current) => ({
      students: [...current.students, ...more.enrolledStudents],
      next: more.next,
    }));
  }

  const students = shown.students;
  return (
    <div className="space-y-4 p-4 md:p-8">
      <h1 className="text-2xl font-semibold text-slate-900">Student Enrolled</h1>
      <TableBox label="Student Enrolled" scrollHint>
        <table className={`${tableClass} min-w-[28rem]`}>
          <thead className={headRowClass}>
            <tr>
              <th scope="col" className={`${numberCellClass} font-semibold`}>
                #
              </th>
              <th scope="col" className={headCellClass}>
                Student name
              </th>
              <th scope="col" className={headCellClass}>
                Course Title
              </th>
              <th scope="col" className={headCellClass}>
                Date
              </th>
            </tr>
          </thead>
          <tbody>
            {students.length === 0 ? (
              <EmptyRow columns={4}>Nenhum aluno inscrito ainda.</EmptyRow>
            ) : (
              students.map((row, index) => (
                <tr
                  key={`${row.student._id}-${row.courseTitle}-${index}`}
                  className={`${rowClass} ${focusRingInset}`}
                  ref={index === focusFrom ? firstNew : undefined}
                  tabIndex={index === focusFrom ? -1 : undefined}
                >
                  <td className={numberCellClass}>{index + 1}</td>
                  <td className={cellClass}>
                    <PersonCell person={row.student} />
                  </td>
                  <td className={cellClass}>{row.courseTitle}</td>
                  <td className={`${cellClass} whitespace-nowrap`}>
                    {new Date(row.purchaseDate).toLocaleDateString('pt-BR')}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </TableBox>
      {/* Only a list longer than a page says how much of it shows. */}
      {first.next !== null && (
        <div className="flex max-w-4xl flex-col items-center gap-2">
          <p role="status" aria-live="polite" className="text-sm text-slate-600">
            Mostrando {students.length.toLocaleString('pt-BR')} de{' '}
            {first.total.toLocaleString('pt-BR')}
          </p>
          {shown.next && (
            <Button
              variant="secondary"
              onClick={() => void loadMore()}
              pending={loadingMore}
              className="min-h-11 px-8"
            >
              Ver mais
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
