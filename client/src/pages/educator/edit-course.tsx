import { use } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { CourseChangeResponse, EducatorCourseDetail } from '@aprendiz/contract/educator';
import { COURSE_STATUS_LABELS } from '@aprendiz/contract/rules/course-status';
import { Loader } from '../../components/loader';
import { notify } from '../../components/toast';
import { paths } from '../../config/paths';
import { api } from '../../lib/api-client';
import { send } from '../../lib/send';
import { usePageTitle } from '../../lib/use-page-title';
import { CourseForm, type CourseFormSubmit, type CourseFormValues } from './add-course/course-form';
import { draftFromContent } from './add-course/course-draft';
import { educatorCourseLoader } from './educator-course-loader';
import { EducatorCoursePage, type EducatorCourseRead } from './educator-course-page';

export const loader = educatorCourseLoader;

/** The stored course as the form's fields hold them. */
export function formValuesOf(course: EducatorCourseDetail): CourseFormValues {
  return {
    title: course.courseTitle,
    description: course.courseDescription,
    price: String(course.coursePrice),
    discount: String(course.discount),
    category: course.category ?? '',
    level: course.level ?? '',
    chapters: draftFromContent(course.courseContent),
  };
}

/**
 * /educator/course/:id/edit: the Add Course form, filled with the stored course. Lecture ids travel
 * back unchanged, so enrolled learners keep their progress; the thumbnail is optional here.
 */
export default function EditCoursePage() {
  return (
    <EducatorCoursePage fallback={<Loading />}>
      {(course, onRetry) => <EditCourse course={course} onRetry={onRetry} />}
    </EducatorCoursePage>
  );
}

function Loading() {
  usePageTitle('Editar curso');
  return <Loader label="Carregando o curso…" />;
}

function EditCourse({
  course: loading,
  onRetry,
}: {
  course: EducatorCourseRead;
  onRetry: () => void;
}) {
  const load = use(loading);
  const { id = '' } = useParams();
  const navigate = useNavigate();
  usePageTitle(load.ok ? `Editar: ${load.value.courseTitle}` : 'Editar curso');

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

  if (!load.ok) {
    return (
      <div role="alert" className="space-y-3 p-4 md:p-8">
        <h1 className="text-2xl font-semibold text-slate-900">Editar curso</h1>
        <p className="text-slate-700">{load.message}</p>
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            onClick={onRetry}
            className="rounded-md border border-slate-300 px-4 py-2 font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
          >
            Tentar novamente
          </button>
          <Link
            to={paths.educatorMyCourses}
            className="rounded-md px-4 py-2 font-medium text-blue-700 underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
          >
            Voltar a My Courses
          </Link>
        </div>
      </div>
    );
  }

  const course = load.value;
  return (
    <div className="p-4 md:p-8">
      <h1 className="text-2xl font-semibold text-slate-900">Editar curso</h1>
      <p className="mb-6 mt-1 text-sm text-slate-700">
        Estado: <strong>{COURSE_STATUS_LABELS[course.status]}</strong>
        {course.studentCount > 0 &&
          ` · ${course.studentCount} ${course.studentCount === 1 ? 'aluno inscrito mantém' : 'alunos inscritos mantêm'} o progresso nas aulas que continuarem no curso.`}
      </p>
      <CourseForm
        initial={formValuesOf(course)}
        currentThumbnail={course.courseThumbnail}
        submitLabel="Salvar alterações"
        onSave={save}
      />
    </div>
  );
}
