import { useState } from 'react';
import { Link, useLoaderData } from 'react-router-dom';
import type { Lecture } from '@aprendiz/contract/courses';
import type { EducatorCourseDetail } from '@aprendiz/contract/educator';
import { COURSE_STATUS_LABELS } from '@aprendiz/contract/rules/course-status';
import { firstIncompleteLecture } from '@aprendiz/contract/rules/lectures';
import { Deferred } from '../../components/deferred';
import { Loader } from '../../components/loader';
import { useSignedInResult } from '../../data/signed-in-loader';
import { paths } from '../../config/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { CourseStructure } from '../../features/course-player';
import { LectureScreen } from '../../features/course-player';
import { findNumberedLecture } from '../../features/course-player';
import { educatorCourseLoader } from './educator-course-loader';
import { focusRing } from '../../components/ui/focus-ring';

export const loader = educatorCourseLoader;

const NOTHING_COMPLETED: ReadonlySet<string> = new Set();
const linkClass = `rounded-sm font-medium text-blue-700 underline hover:text-blue-900 ${focusRing}`;

function Preview({ course }: { course: EducatorCourseDetail }) {
  usePageTitle(`Pré-visualização: ${course.courseTitle}`);
  const [currentId, setCurrentId] = useState(
    () => firstIncompleteLecture(course.courseContent, [])?.lectureId ?? null,
  );
  const [autoplay, setAutoplay] = useState(false);
  const current = currentId ? findNumberedLecture(course.courseContent, currentId) : null;

  function watch(lecture: Lecture) {
    setCurrentId(lecture.lectureId);
    setAutoplay(true);
  }

  return (
    <div className="space-y-6 p-4 md:p-8">
      <div
        role="note"
        className="rounded-md border border-cyan-300 bg-cyan-50 p-3 text-sm text-cyan-950"
      >
        <strong>Modo de pré-visualização</strong> ({COURSE_STATUS_LABELS[course.status]}): o curso
        como os alunos o veem no leitor. Nada do que fizer aqui conta como progresso ou avaliação.
      </div>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">{course.courseTitle}</h1>
        <div className="flex flex-wrap gap-4 text-sm">
          <Link to={paths.educatorEditCourse(course._id)} className={linkClass}>
            Editar curso
          </Link>
          <Link to={paths.educatorMyCourses} className={linkClass}>
            Voltar a My Courses
          </Link>
        </div>
      </header>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-labelledby="preview-lecture-heading">
          <LectureScreen
            courseId={course._id}
            lecture={current?.lecture ?? null}
            autoplay={autoplay}
          />
          <h2 id="preview-lecture-heading" className="mt-4 text-xl font-semibold text-slate-900">
            {current ? `${current.number} ${current.lecture.lectureTitle}` : 'Sem aulas'}
          </h2>
        </section>
        <CourseStructure
          chapters={course.courseContent}
          completedIds={NOTHING_COMPLETED}
          currentLectureId={currentId}
          onWatch={watch}
        />
      </div>
    </div>
  );
}

/**
 * /educator/course/:id/preview: the educator's own course in the player's layout, drafts included.
 * It reads the owner's course (every lecture link) and never calls the progress or rating routes.
 */
export default function CoursePreviewPage() {
  return (
    <Deferred
      result={useSignedInResult(useLoaderData<typeof loader>())}
      pending={<Loader label="Carregando a pré-visualização…" />}
      failedTitle="Não foi possível carregar a pré-visualização"
    >
      {(course) => <Preview course={course} />}
    </Deferred>
  );
}
