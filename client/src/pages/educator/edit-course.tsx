import { Link, useLoaderData, useNavigate, useParams } from 'react-router-dom';
import { publishingProblems } from '@aprendiz/contract/rules/publishing';
import type { CourseChangeResponse, EducatorCourseDetail } from '@aprendiz/contract/educator';
import { COURSE_STATUS_LABELS } from '@aprendiz/contract/rules/course-status';
import { Deferred } from '../../components/deferred';
import { Loader } from '../../components/loader';
import { buttonClass } from '../../components/ui/button';
import { useSignedInResult } from '../../data/signed-in-loader';
import { notify } from '../../components/toast';
import { paths } from '../../config/paths';
import { api } from '../../lib/api-client';
import { send } from '../../lib/send';
import { usePageTitle } from '../../lib/use-page-title';
import {
  CourseForm,
  type CourseFormSubmit,
  type CourseFormValues,
} from '../../features/course-editor';
import { draftFromContent, isoToLocal } from '../../features/course-editor';
import { educatorCourseLoader } from './educator-course-loader';

export const loader = educatorCourseLoader;

/** The stored course as the form's fields hold them. */
export function formValuesOf(course: EducatorCourseDetail): CourseFormValues {
  return {
    title: course.courseTitle,
    description: course.courseDescription,
    price: String(course.coursePrice),
    discount: String(course.discount),
    discountEndsAt: isoToLocal(course.discountEndsAt),
    guaranteeDays: String(course.guaranteeDays),
    watermark: course.watermark,
    category: course.category ?? '',
    level: course.level ?? '',
    chapters: draftFromContent(course.courseContent),
  };
}

/**
 * /educator/course/:id/edit: the Add Course form, filled with the stored course. Lecture ids travel
 * back unchanged, so enrolled learners keep their progress; the thumbnail is optional here.
 */
function Loading() {
  usePageTitle('Editar curso');
  return <Loader label="Carregando o curso…" />;
}

export default function EditCoursePage() {
  return (
    <Deferred
      result={useSignedInResult(useLoaderData<typeof loader>())}
      pending={<Loading />}
      failedTitle="Não foi possível carregar o curso"
      failedActions={
        <Link to={paths.educatorMyCourses} className={buttonClass({ variant: 'link', size: 'lg' })}>
          Voltar a My Courses
        </Link>
      }
    >
      {(course) => <EditCourse course={course} />}
    </Deferred>
  );
}

function EditCourse({ course }: { course: EducatorCourseDetail }) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  usePageTitle(`Editar: ${course.courseTitle}`);

  async function save({ data, image }: CourseFormSubmit): Promise<boolean> {
    const form = new FormData();
    form.append('courseData', JSON.stringify(data));
    if (image) form.append('image', image);
    const response = await send(
      api.put<CourseChangeResponse>(`/api/educator/course/${encodeURIComponent(id)}`, form),
    );
    if (!response) return false;
    notify.success(response.message);
    void navigate(paths.educatorMyCourses);
    return true;
  }

  return (
    <div className="p-4 md:p-8">
      <h1 className="text-2xl font-semibold text-slate-900">Editar curso</h1>
      <p className="mb-6 mt-1 text-sm text-slate-700">
        Estado: <strong>{COURSE_STATUS_LABELS[course.status]}</strong>
        {course.studentCount > 0 &&
          ` · ${course.studentCount} ${course.studentCount === 1 ? 'aluno inscrito mantém' : 'alunos inscritos mantêm'} o progresso nas aulas que continuarem no curso.`}
      </p>
      {course.courseContent.some((chapter) => chapter.quiz) && (
        <p className="-mt-4 mb-6 text-sm">
          <Link to={paths.courseQuizStats(course._id)} className={buttonClass({ variant: 'link' })}>
            Ver as estatísticas dos questionários
          </Link>
        </p>
      )}
      {course.status === 'draft' && <PublishChecklist course={course} />}
      <CourseForm
        initial={formValuesOf(course)}
        currentThumbnail={course.courseThumbnail}
        submitLabel="Salvar alterações"
        onSave={save}
      />
    </div>
  );
}

/** A draft's editor says what is left before it can be published, or that nothing is. */
function PublishChecklist({ course }: { course: EducatorCourseDetail }) {
  const problems = publishingProblems(course.courseContent);
  return (
    <section
      aria-labelledby="publish-checklist"
      className="mb-6 max-w-md rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-slate-800"
    >
      <h2 id="publish-checklist" className="font-semibold text-slate-900">
        {problems.length === 0 ? 'Pronto para publicar' : 'Para publicar, falta:'}
      </h2>
      {problems.length === 0 ? (
        <p className="mt-1">
          Tudo em ordem: publique o curso em{' '}
          <Link to={paths.educatorMyCourses} className={buttonClass({ variant: 'link' })}>
            My Courses
          </Link>
          .
        </p>
      ) : (
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
