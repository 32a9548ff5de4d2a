import { useId, useState } from 'react';
import { Link, useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router-dom';
import type {
  CourseChangeResponse,
  EducatorCourse,
  EducatorCoursesResponse,
} from '@aprendiz/contract/educator';
import {
  canSubmit,
  canUnpublish,
  COURSE_STATUS_LABELS,
  type CourseStatus,
} from '@aprendiz/contract/rules/course-status';
import type { MessageResponse } from '@aprendiz/contract/learning';
import { formatMoney } from '@aprendiz/contract/rules/currency';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Dialog } from '../../components/dialog';
import { Button } from '../../components/ui/button';
import { CourseThumbnail } from '../../components/course-thumbnail';
import { cellClass, rowClass, TableBox, tableClass, TableHead } from '../../components/ui/table';
import { IncompleteLecturesNote } from '../../components/educator/incomplete-lectures';
import { Deferred } from '../../components/deferred';
import { Loader } from '../../components/loader';
import { loadSignedIn, useSignedInResult } from '../../data/signed-in-loader';
import { notify } from '../../components/toast';
import { paths } from '../../config/paths';
import { useAppContext } from '../../context/app-context';
import { api } from '../../lib/api-client';
import { send } from '../../lib/send';
import { usePageTitle } from '../../lib/use-page-title';
import { focusRing, focusRingFlush } from '../../components/ui/focus-ring';

/** GET /api/educator/courses, not awaited: the page shows its loader meanwhile. */
export function loader({ request }: LoaderFunctionArgs) {
  return loadSignedIn(
    request,
    async (signal) => {
      const { data } = await api.get<EducatorCoursesResponse>('/api/educator/courses', { signal });
      return data.courses;
    },
    { report: true },
  );
}

/**
 * The educator sees 'Free' at zero, otherwise the price with the spec's dollar sign in front, its
 * number written as every other amount ('$ 49,90').
 */
function educatorPrice(price: number): string {
  return price === 0 ? 'Free' : formatMoney(price, 'usd');
}

const STATUS_BADGE: Record<CourseStatus, string> = {
  published: 'bg-green-100 text-green-900',
  draft: 'bg-amber-100 text-amber-900',
  unpublished: 'bg-slate-200 text-slate-800',
  in_review: 'bg-blue-100 text-blue-900',
  changes_requested: 'bg-amber-100 text-amber-900',
  taken_down: 'bg-red-100 text-red-900',
};

const actionClass = `rounded-sm text-sm font-medium text-blue-700 underline hover:text-blue-900 ${focusRing} disabled:opacity-60`;

type RowActions = {
  busy: boolean;
  onToggleStatus: (course: EducatorCourse) => void;
  onDelete: (course: EducatorCourse) => void;
};

/**
 * Two columns of two: in one line the four actions made the table wider than a 1366 px screen's
 * content area, and the last ones were cut off or hidden behind a sideways scroll.
 */
function CourseActions({
  course,
  busy,
  onToggleStatus,
  onDelete,
}: { course: EducatorCourse } & RowActions) {
  const publishing = !canUnpublish(course.status);
  // In review or taken down by the platform: only the platform moves it on.
  const canToggle = canUnpublish(course.status) || canSubmit(course.status);
  return (
    <div className="grid w-max grid-cols-[auto_auto] gap-x-4 gap-y-1.5">
      <Link
        to={paths.educatorEditCourse(course._id)}
        aria-label={`Editar ${course.courseTitle}`}
        className={actionClass}
      >
        Editar
      </Link>
      <Link
        to={paths.educatorCoupons(course._id)}
        aria-label={`Cupons de ${course.courseTitle}`}
        className={actionClass}
      >
        Cupons
      </Link>
      <Link
        to={paths.coursePreview(course._id)}
        aria-label={`Pré-visualizar ${course.courseTitle}`}
        className={actionClass}
      >
        Pré-visualizar
      </Link>
      <Link
        to={paths.courseQuizStats(course._id)}
        aria-label={`Questionários de ${course.courseTitle}`}
        className={actionClass}
      >
        Questionários
      </Link>
      {canToggle ? (
        <button
          type="button"
          disabled={busy}
          aria-label={`${publishing ? 'Publicar' : 'Despublicar'} ${course.courseTitle}`}
          onClick={() => onToggleStatus(course)}
          className={`${actionClass} text-left`}
        >
          {publishing ? 'Publicar' : 'Despublicar'}
        </button>
      ) : (
        <span aria-hidden="true" />
      )}
      <button
        type="button"
        disabled={busy}
        aria-label={`Excluir ${course.courseTitle}`}
        onClick={() => onDelete(course)}
        className={`${actionClass} text-left text-red-700 hover:text-red-900`}
      >
        Excluir
      </button>
    </div>
  );
}

function CourseRow({
  course,
  currency,
  ...actions
}: { course: EducatorCourse; currency: string } & RowActions) {
  return (
    <tr className={rowClass}>
      <td className={cellClass}>
        <div className="flex min-w-48 items-center gap-3">
          <CourseThumbnail
            src={course.courseThumbnail}
            sizes="64px"
            width={64}
            height={36}
            loading="lazy"
            className="hidden h-9 w-16 shrink-0 rounded object-cover sm:block"
          />
          <div className="min-w-0 space-y-1">
            <Link
              to={paths.course(course._id)}
              className={`line-clamp-2 rounded-sm hover:text-blue-700 hover:underline ${focusRingFlush}`}
            >
              {course.courseTitle}
            </Link>
            <IncompleteLecturesNote incomplete={course.incompleteLectures} />
          </div>
        </div>
      </td>
      <td className={cellClass}>{educatorPrice(course.coursePrice)}</td>
      <td className={`${cellClass} whitespace-nowrap`}>{formatMoney(course.earnings, currency)}</td>
      <td className={cellClass}>{course.studentCount}</td>
      <td className={`${cellClass} whitespace-nowrap`}>
        {/* The badge above the date: side by side they made the widest column of the table. */}
        <span className="flex flex-col items-start gap-1">
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_BADGE[course.status]}`}
          >
            {COURSE_STATUS_LABELS[course.status]}
          </span>
          <span>{new Date(course.createdAt).toLocaleDateString('pt-BR')}</span>
        </span>
      </td>
      <td className={cellClass}>
        <CourseActions course={course} {...actions} />
      </td>
    </tr>
  );
}

function learners(count: number): string {
  return count === 1 ? '1 aluno inscrito' : `${count} alunos inscritos`;
}

function unpublishQuestion(course: EducatorCourse): string {
  const count = course.studentCount;
  const keep =
    count === 0
      ? 'Os alunos inscritos mantêm o acesso a todas as aulas.'
      : count === 1
        ? 'O aluno inscrito mantém o acesso a todas as aulas.'
        : `Os ${count} alunos inscritos mantêm o acesso a todas as aulas.`;
  return `Despublicar "${course.courseTitle}"? O curso sai do catálogo e da pesquisa, e ninguém mais pode comprá-lo. ${keep} Você pode publicá-lo de novo quando quiser.`;
}

/** Says why a course with learners stays, and offers what the educator can do instead. */
function UndeletableDialog({
  course,
  onClose,
  onUnpublish,
}: {
  course: EducatorCourse | null;
  onClose: () => void;
  onUnpublish: (course: EducatorCourse) => void;
}) {
  const messageId = useId();
  return (
    <Dialog
      open={course !== null}
      onClose={onClose}
      title="Este curso não pode ser excluído"
      describedBy={messageId}
    >
      <p id={messageId} className="break-words text-slate-700">
        {course
          ? `"${course.courseTitle}" tem ${learners(course.studentCount)}, que ${
              course.studentCount === 1 ? 'pagou ou se inscreveu' : 'pagaram ou se inscreveram'
            } para ter acesso a ele. ${
              canUnpublish(course.status)
                ? 'Para retirá-lo do catálogo, despublique-o: os alunos mantêm o acesso.'
                : 'Ele já está fora do catálogo, e os alunos mantêm o acesso.'
            }`
          : ''}
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          Fechar
        </Button>
        {course && canUnpublish(course.status) && (
          <Button onClick={() => onUnpublish(course)}>Despublicar</Button>
        )}
      </div>
    </Dialog>
  );
}

/** /educator/my-courses: the educator's courses with price, earnings, students and creation date. */
export default function MyCoursesPage() {
  usePageTitle('My Courses');
  const courses = useSignedInResult(useLoaderData<typeof loader>());
  return (
    <Deferred
      result={courses}
      pending={<Loader label="Carregando os seus cursos…" />}
      failedTitle="Não foi possível carregar os seus cursos"
    >
      {(list) => <MyCourses courses={list} />}
    </Deferred>
  );
}

function MyCourses({ courses }: { courses: EducatorCourse[] }) {
  const { currency } = useAppContext();
  // A change is followed by reading the list again: the row stays busy until it shows the change.
  const { revalidate } = useRevalidator();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<EducatorCourse | null>(null);
  const [toUnpublish, setToUnpublish] = useState<EducatorCourse | null>(null);
  // A course with learners cannot be deleted: the server refuses, so the reason is given up front.
  const [undeletable, setUndeletable] = useState<EducatorCourse | null>(null);

  /** Sends one change of a course; its answer is toasted and the list read again after a success. */
  async function change(
    course: EducatorCourse,
    write: () => Promise<{ data: { message: string } }>,
  ) {
    setBusyId(course._id);
    try {
      const answer = await send(write());
      if (answer) {
        notify.success(answer.message);
        await revalidate();
      }
    } finally {
      setBusyId(null);
    }
  }

  function setStatus(course: EducatorCourse, action: 'publish' | 'unpublish') {
    return change(course, () =>
      api.post<CourseChangeResponse>(
        `/api/educator/course/${encodeURIComponent(course._id)}/${action}`,
      ),
    );
  }

  /** Publishing goes at once; unpublishing takes a course out of the catalogue, so it asks first. */
  function toggleStatus(course: EducatorCourse) {
    if (canUnpublish(course.status)) setToUnpublish(course);
    else void setStatus(course, 'publish');
  }

  function askToDelete(course: EducatorCourse) {
    if (course.studentCount > 0) setUndeletable(course);
    else setToDelete(course);
  }

  function deleteCourse(course: EducatorCourse) {
    setToDelete(null);
    return change(course, () =>
      api.delete<MessageResponse>(`/api/educator/course/${encodeURIComponent(course._id)}`),
    );
  }

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
        <TableBox label="My Courses" scrollHint wide>
          <table className={`${tableClass} min-w-[44rem]`}>
            <TableHead
              columns={[
                'All Courses',
                'Courses Price',
                'Earnings',
                'Students',
                'Course Status',
                'Ações',
              ]}
            />
            <tbody>
              {courses.map((course) => (
                <CourseRow
                  key={course._id}
                  course={course}
                  currency={currency}
                  busy={busyId === course._id}
                  onToggleStatus={toggleStatus}
                  onDelete={askToDelete}
                />
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Excluir curso"
        message={
          toDelete
            ? `Excluir o curso "${toDelete.courseTitle}"? A miniatura também é apagada e não há como desfazer.`
            : ''
        }
        confirmLabel="Excluir"
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) void deleteCourse(toDelete);
        }}
      />
      <ConfirmDialog
        open={toUnpublish !== null}
        title="Despublicar curso"
        message={toUnpublish ? unpublishQuestion(toUnpublish) : ''}
        confirmLabel="Despublicar"
        onCancel={() => setToUnpublish(null)}
        onConfirm={() => {
          if (toUnpublish) void setStatus(toUnpublish, 'unpublish');
          setToUnpublish(null);
        }}
      />
      <UndeletableDialog
        course={undeletable}
        onClose={() => setUndeletable(null)}
        onUnpublish={(course) => {
          setUndeletable(null);
          setToUnpublish(course);
        }}
      />
    </div>
  );
}
