import type { EnrolledStudentsResponse } from '@aprendiz/contract/educator';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
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
import { Deferred } from '../../components/deferred';
import { Loader } from '../../components/loader';
import { loadSignedIn, useSignedInResult } from '../../data/signed-in-loader';
import { api } from '../../lib/api-client';
import { usePageTitle } from '../../lib/use-page-title';

/** GET /api/educator/enrolled-students, not awaited: the page shows its loader meanwhile. */
export function loader({ request }: LoaderFunctionArgs) {
  return loadSignedIn(
    request,
    async (signal) => {
      const { data } = await api.get<EnrolledStudentsResponse>('/api/educator/enrolled-students', {
        signal,
      });
      // The server already answers newest first (the spec shows enrollments reversed), so the order is kept.
      return data.enrolledStudents;
    },
    { report: true },
  );
}

/** /educator/student-enrolled: every enrollment in the educator's courses, newest first. */
export default function StudentEnrolledPage() {
  usePageTitle('Student Enrolled');
  const students = useSignedInResult(useLoaderData<typeof loader>());
  return (
    <Deferred
      result={students}
      pending={<Loader label="Carregando os alunos inscritos…" />}
      failedTitle="Não foi possível carregar os alunos inscritos"
    >
      {(list) => <StudentTable students={list} />}
    </Deferred>
  );
}

function StudentTable({ students }: { students: EnrolledStudentsResponse['enrolledStudents'] }) {
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
                <tr key={`${row.student._id}-${row.courseTitle}-${index}`} className={rowClass}>
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
    </div>
  );
}
