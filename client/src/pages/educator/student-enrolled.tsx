import type { EnrolledStudentsResponse } from '@aprendiz/contract/educator';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { PersonCell } from '../../components/educator/person-cell';
import {
  cellClass,
  headCellClass,
  emptyCellClass,
  headRowClass,
  numberCellClass,
  rowClass,
  TableBox,
  tableClass,
} from '../../components/educator/table-box';
import {
  EducatorResource,
  loadEducatorResource,
} from '../../components/educator/educator-resource';
import { usePageTitle } from '../../lib/use-page-title';

// The server already answers newest first (spec §7 'reversed for display'), so the order is kept.
const selectStudents = (response: EnrolledStudentsResponse) => response.enrolledStudents;

/** GET /api/educator/enrolled-students, not awaited (see loadEducatorResource). */
export function loader({ request }: LoaderFunctionArgs) {
  return {
    students: loadEducatorResource(
      '/api/educator/enrolled-students',
      selectStudents,
      request.signal,
    ),
  };
}

/** /educator/student-enrolled: every enrollment in the educator's courses, newest first. */
export default function StudentEnrolledPage() {
  usePageTitle('Student Enrolled');
  const { students } = useLoaderData<typeof loader>();
  return (
    <EducatorResource resource={students} loading="Carregando os alunos inscritos…">
      {(list) => <StudentTable students={list} />}
    </EducatorResource>
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
              <tr>
                <td colSpan={4} className={emptyCellClass}>
                  Nenhum aluno inscrito ainda.
                </td>
              </tr>
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
