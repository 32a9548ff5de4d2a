import { Link } from 'react-router-dom';
import type { EducatorCourse, EducatorCoursesResponse } from '@aprendiz/contract/educator';
import { formatMoney } from '@aprendiz/contract/rules/pricing';
import {
  cellClass,
  headCellClass,
  headRowClass,
  rowClass,
  TableBox,
  tableClass,
} from '../../components/educator/table-box';
import { IncompleteLecturesNote } from '../../components/educator/incomplete-lectures';
import { useEducatorResource } from '../../components/educator/use-educator-resource';
import { Loader } from '../../components/loader';
import { paths } from '../../config/paths';
import { useAppContext } from '../../context/app-context';
import { usePageTitle } from '../../lib/use-page-title';

const selectCourses = (response: EducatorCoursesResponse) => response.courses;

/** Spec §9: the educator sees 'Free' at zero, otherwise the price with a dollar sign. */
function educatorPrice(price: number): string {
  return price === 0 ? 'Free' : `$${formatMoney(price)}`;
}

function CourseRow({ course, currency }: { course: EducatorCourse; currency: string }) {
  return (
    <tr className={rowClass}>
      <td className={cellClass}>
        <div className="flex min-w-40 items-center gap-3">
          <img
            src={course.courseThumbnail}
            alt=""
            width={64}
            height={36}
            loading="lazy"
            className="hidden h-9 w-16 shrink-0 rounded object-cover sm:block"
          />
          <div className="min-w-0 space-y-1">
            <Link
              to={paths.course(course._id)}
              className="line-clamp-2 rounded-sm hover:text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600"
            >
              {course.courseTitle}
            </Link>
            <IncompleteLecturesNote incomplete={course.incompleteLectures} />
          </div>
        </div>
      </td>
      <td className={cellClass}>{educatorPrice(course.coursePrice)}</td>
      <td className={`${cellClass} whitespace-nowrap`}>
        {`${currency} ${formatMoney(course.earnings)}`}
      </td>
      <td className={cellClass}>{course.studentCount}</td>
      <td className={cellClass}>{new Date(course.createdAt).toLocaleDateString('pt-BR')}</td>
    </tr>
  );
}

/** /educator/my-courses: the educator's courses with price, earnings, students and creation date. */
export default function MyCoursesPage() {
  usePageTitle('My Courses');
  const { currency } = useAppContext();
  const courses = useEducatorResource('/api/educator/courses', selectCourses);

  if (!courses) return <Loader label="Carregando os seus cursos…" />;

  return (
    <div className="space-y-4 p-4 md:p-8">
      <h1 className="text-2xl font-semibold text-slate-900">My Courses</h1>
      {courses.length === 0 ? (
        <p className="text-slate-700">
          Você ainda não publicou nenhum curso.{' '}
          <Link
            to={paths.educatorAddCourse}
            className="font-medium text-blue-700 underline hover:text-blue-800"
          >
            Adicionar um curso
          </Link>
        </p>
      ) : (
        <TableBox label="My Courses">
          <table className={`${tableClass} min-w-[36rem]`}>
            <thead className={headRowClass}>
              <tr>
                <th scope="col" className={headCellClass}>
                  All Courses
                </th>
                <th scope="col" className={headCellClass}>
                  Courses Price
                </th>
                <th scope="col" className={headCellClass}>
                  Earnings
                </th>
                <th scope="col" className={headCellClass}>
                  Students
                </th>
                <th scope="col" className={headCellClass}>
                  Course Status
                </th>
              </tr>
            </thead>
            <tbody>
              {courses.map((course) => (
                <CourseRow key={course._id} course={course} currency={currency} />
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
    </div>
  );
}
