import type { Lecture } from '@aprendiz/contract/courses';
import type { EnrolledCourse } from '@aprendiz/contract/learning';
import {
  firstIncompleteLecture,
  lectureAfterQuiz,
  nextLecture,
  resumeSecond,
} from '@aprendiz/contract/rules/lectures';
import { REVIEW_MAX_LENGTH } from '@aprendiz/contract/rules/reviews';
import type { QuizAttempt } from '@aprendiz/contract/quizzes';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type FormEvent,
} from 'react';
import { Link, Outlet, useMatch, useNavigate, useSearchParams } from 'react-router-dom';
import { useAuthUser } from '../../auth/auth-context';
import { StarRatingInput } from '../../components/star-rating-input';
import { paths } from '../../config/paths';
import { useAppContext } from '../../context/app-context';
import { usePageTitle } from '../../lib/use-page-title';
import { courseProgress, CourseProgressBar } from './course-progress';
import { CourseStructure } from './lecture-list';
import { LectureScreen } from './lecture-screen';
import { findNumberedLecture } from './numbered-lectures';
import type { ResumePoint } from './resume-point';
import { useCourseRating } from './use-course-rating';
import { useLecturePosition } from './use-lecture-position';
import { useLectureProgress } from './use-lecture-progress';
import type { QuizOutletContext } from '../quizzes';
import { fireConfetti } from '../../lib/confetti';
import { CertificateAction } from '../../components/certificate-action';
import { focusRing } from '../../components/ui/focus-ring';
import { buttonClass } from '../../components/ui/button';
import { reveal } from '../../lib/reveal';

// Questions and notes are their own chunk, asked for once the video is up (or has had its chance).
const LectureDiscussion = lazy(() =>
  import('../questions').then((feature) => ({ default: feature.LectureDiscussion })),
);
/** Past this, the panel loads even if the video is not ready (YouTube slow or blocked). */
const DISCUSSION_FALLBACK_MS = 4000;

const buttonLayout = 'inline-flex items-center justify-center gap-2';
const primaryButton = buttonClass({ className: buttonLayout });
const secondaryButton = buttonClass({ variant: 'secondary', className: buttonLayout });
// A completed lecture's button stays pressed-in; taking it back is a separate, quieter action.
const doneButton =
  'inline-flex items-center gap-2 rounded-md border border-green-700 bg-green-50 px-5 py-2.5 font-medium text-green-800';

function RatingPanel({ course }: { course: EnrolledCourse }) {
  const { rating, rate, publishReview } = useCourseRating(course);
  const [review, setReview] = useState(course.myReview ?? '');
  const [sending, setSending] = useState(false);
  const reviewId = useId();
  const countId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    await publishReview(review);
    setSending(false);
  }

  return (
    <div className="mt-6 border-t border-slate-200 pt-5">
      <StarRatingInput label="Avalie este curso:" value={rating} onChange={rate} />
      {course.myReviewHidden && (
        <p className="mt-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Sua avaliação escrita foi ocultada pela moderação e não aparece na página do curso; as
          suas estrelas continuam contando.
          {course.myReviewHidden.note && ` Motivo: ${course.myReviewHidden.note}`}
        </p>
      )}
      <form onSubmit={(event) => void submit(event)} className="mt-4 flex flex-col gap-2">
        <label htmlFor={reviewId} className="font-medium text-slate-800">
          Escreva a sua avaliação (opcional)
        </label>
        <textarea
          id={reviewId}
          value={review}
          onChange={(event) => setReview(event.target.value)}
          maxLength={REVIEW_MAX_LENGTH}
          rows={4}
          aria-describedby={countId}
          className={`w-full rounded-md border border-slate-300 p-3 text-slate-900 ${focusRing}`}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p id={countId} className="text-sm text-slate-600">
            {review.length} de {REVIEW_MAX_LENGTH} caracteres
            {rating === null && ' · escolha as estrelas antes de publicar'}
          </p>
          <button
            type="submit"
            disabled={rating === null || sending}
            aria-busy={sending}
            className={secondaryButton}
          >
            Publicar avaliação
          </button>
        </div>
      </form>
    </div>
  );
}

/**
 * The lecture the player opens at: the one a link names (a question's e-mail or the bell), where
 * the learner last watched, else the first not completed.
 */
function openingLecture(
  course: EnrolledCourse,
  resume: ResumePoint,
  linked: string | null,
): string | null {
  const fromLink = linked ? findNumberedLecture(course.courseContent, linked) : null;
  if (fromLink) return fromLink.lecture.lectureId;
  const watched = resume.lectureId
    ? findNumberedLecture(course.courseContent, resume.lectureId)
    : null;
  if (watched) return watched.lecture.lectureId;
  // Nothing watched yet (or the lecture is gone): the first lecture not yet completed.
  return firstIncompleteLecture(course.courseContent, course.lectureCompleted)?.lectureId ?? null;
}

/**
 * The second each lecture was left at: the server's for the lectures watched before, and this
 * visit's as the learner leaves one for another, so every lecture reopens at its own second.
 */
function useLeftAt(resume: ResumePoint) {
  const [leftAt, setLeftAt] = useState<ReadonlyMap<string, number>>(() => {
    const known = new Map(resume.lectures.map((item) => [item.lectureId, item.seconds]));
    if (resume.lectureId) known.set(resume.lectureId, resume.seconds);
    return known;
  });
  const remember = useCallback((lectureId: string, seconds: number | null) => {
    if (seconds === null) return;
    setLeftAt((known) => new Map(known).set(lectureId, seconds));
  }, []);
  return { leftAt, remember };
}

/**
 * The quizzes the learner has passed: what the enrolled courses say, plus those passed here since, so
 * the chapter and the progress bar count a pass before the enrolled courses come back.
 */
function usePassedQuizzes(course: EnrolledCourse) {
  const [passedHere, setPassedHere] = useState<ReadonlySet<string>>(new Set());
  const passedQuizIds = useMemo(
    () => new Set([...course.quizzesPassed, ...passedHere]),
    [course.quizzesPassed, passedHere],
  );
  const addPassed = (quizId: string) => setPassedHere((ids) => new Set(ids).add(quizId));
  return { passedQuizIds, addPassed };
}

/**
 * The player of an enrolled course: the lecture list, the video or the open quiz (the route's
 * outlet), progress, the rating, questions and notes, and the certificate once the course is done.
 */
export function CoursePlayer({ course, resume }: { course: EnrolledCourse; resume: ResumePoint }) {
  usePageTitle(course.courseTitle);
  const navigate = useNavigate();
  const { refreshSignedIn } = useAppContext();
  const { passedQuizIds, addPassed } = usePassedQuizzes(course);
  const { completedIds, markCompleted, unmarkCompleted, savingLectureId } = useLectureProgress(
    course,
    passedQuizIds,
  );
  const { user } = useAuthUser();
  const [searchParams] = useSearchParams();
  const [currentId, setCurrentId] = useState(() =>
    openingLecture(course, resume, searchParams.get('lecture')),
  );
  const { leftAt, remember } = useLeftAt(resume);
  // A note's time in another lecture: that lecture opens at the second.
  const [jumpTo, setJumpTo] = useState<{ lectureId: string; seconds: number } | null>(null);
  const clock = useRef<(() => number) | null>(null);
  const seek = useRef<((seconds: number) => void) | null>(null);
  const videoArea = useRef<HTMLDivElement>(null);
  const [videoReady, setVideoReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVideoReady(true), DISCUSSION_FALLBACK_MS);
    return () => clearTimeout(timer);
  }, []);
  const lectureTitles = useMemo(
    () =>
      new Map(
        course.courseContent.flatMap((chapter) =>
          chapter.chapterContent.map((lecture) => [lecture.lectureId, lecture.lectureTitle]),
        ),
      ),
    [course.courseContent],
  );
  const readSeconds = useCallback(() => clock.current?.() ?? null, []);
  const [autoplay, setAutoplay] = useState(false);
  // The open quiz is a child route (its loader reads it); the lecture stays chosen underneath.
  const quizId = useMatch('/player/:courseId/quiz/:quizId')?.params.quizId ?? null;
  // A link followed while the player is open (the bell) may name another lecture of this course;
  // it is the player's own address, so an open quiz (a child route) closes by itself.
  const linkedLecture = searchParams.get('lecture');
  useEffect(() => {
    if (!linkedLecture || !findNumberedLecture(course.courseContent, linkedLecture)) return;
    setCurrentId(linkedLecture);
  }, [linkedLecture, course.courseContent]);
  const position = useLecturePosition(course._id, currentId, resume.positionToken);

  const current = currentId ? findNumberedLecture(course.courseContent, currentId) : null;
  const following = currentId ? nextLecture(course.courseContent, currentId) : null;
  const progress = courseProgress(course, completedIds, passedQuizIds);
  const quizzesLeft = progress.quizzesRequired - progress.quizzesPassed;

  function closeQuiz() {
    navigate(paths.player(course._id));
  }

  function graded(gradedQuizId: string, attempt: QuizAttempt) {
    if (!attempt.passed || passedQuizIds.has(gradedQuizId)) return;
    addPassed(gradedQuizId);
    const after = courseProgress(course, completedIds, [...passedQuizIds, gradedQuizId]);
    // A celebration only: if its chunk cannot load, nothing the learner needs is missing.
    if (after.complete && !progress.complete) fireConfetti().catch(() => {});
    // My Enrollments and the certificate read the enrollments: they must know of the pass.
    void refreshSignedIn();
  }

  const quizContext: QuizOutletContext = {
    courseId: course._id,
    onClose: closeQuiz,
    onGraded: graded,
    nextLecture: (gradedQuizId) => {
      const lecture = lectureAfterQuiz(course.courseContent, gradedQuizId);
      return lecture && (() => watch(lecture));
    },
  };
  const jumped = jumpTo !== null && jumpTo.lectureId === currentId;
  const startSeconds = jumped
    ? jumpTo.seconds
    : current
      ? resumeSecond(leftAt.get(current.lecture.lectureId) ?? 0, current.lecture.lectureDuration)
      : 0;
  // Only a video that really opens part-way says so: not at its start, nor after a note's jump.
  const resumed = !jumped && startSeconds > 0;

  /** Where the learner left the lecture they are leaving, before its player goes. */
  function leave() {
    try {
      if (currentId) remember(currentId, readSeconds());
    } catch {
      // The video is being torn down: the second saved before stands.
    }
    void position.save();
  }

  function watch(lecture: Lecture) {
    leave();
    setCurrentId(lecture.lectureId);
    if (quizId) closeQuiz();
    setAutoplay(true);
    setJumpTo(null);
  }

  /** A note's time: the video at that second, brought into view (the notes sit below it). */
  function jump(lectureId: string, seconds: number) {
    reveal(videoArea.current);
    if (lectureId === currentId && seek.current) {
      seek.current(seconds);
      return;
    }
    leave();
    clock.current = null;
    seek.current = null;
    setCurrentId(lectureId);
    if (quizId) closeQuiz();
    setJumpTo({ lectureId, seconds });
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-8 lg:px-12">
      <header className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div>
          <p className="text-sm font-medium text-blue-700">
            <Link to={paths.myEnrollments} className={`rounded-sm hover:underline ${focusRing}`}>
              Meus Cursos
            </Link>
          </p>
          <h1 className="mt-1 text-2xl font-semibold text-slate-900 md:text-3xl">
            {course.courseTitle}
          </h1>
        </div>
        <div className="w-full md:max-w-xs">
          <CourseProgressBar progress={progress} label="Progresso no curso" />
        </div>
      </header>

      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
        {quizId ? (
          <Outlet context={quizContext} />
        ) : (
          <section aria-labelledby="lecture-heading">
            <div
              ref={videoArea}
              tabIndex={-1}
              role="group"
              aria-label={current ? `Vídeo: ${current.lecture.lectureTitle}` : 'Vídeo'}
              className="rounded-lg"
            >
              <LectureScreen
                courseId={course._id}
                lecture={current?.lecture ?? null}
                autoplay={autoplay}
                startSeconds={startSeconds}
                onClock={(videoClock) => {
                  clock.current = videoClock;
                  position.onClock(videoClock);
                  setVideoReady(true);
                }}
                onSeeker={(seeker) => {
                  seek.current = seeker;
                }}
                onPlay={position.onPlay}
                onPause={position.onPause}
                watermark={course.watermark && user ? { name: user.name, email: user.email } : null}
              />
            </div>
            {resumed && (
              <p className="mt-4 inline-flex rounded-full bg-cyan-100 px-3 py-1 text-sm font-medium text-cyan-900">
                Retomar: continue de onde parou
              </p>
            )}
            <h2 id="lecture-heading" className="mt-4 text-xl font-semibold text-slate-900">
              {current ? `${current.number} ${current.lecture.lectureTitle}` : 'Sem aulas'}
            </h2>
            {current && (
              <div className="mt-4 flex flex-wrap items-center gap-3">
                {completedIds.has(current.lecture.lectureId) ? (
                  <button type="button" disabled className={doneButton}>
                    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 fill-current">
                      <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0z" />
                    </svg>
                    Concluído
                  </button>
                ) : null}
                {completedIds.has(current.lecture.lectureId) ? (
                  <button
                    type="button"
                    onClick={() => void unmarkCompleted(current.lecture.lectureId)}
                    disabled={savingLectureId !== null}
                    aria-busy={savingLectureId === current.lecture.lectureId}
                    className={`rounded-sm text-sm font-medium text-slate-700 underline hover:text-slate-900 ${focusRing} disabled:opacity-60`}
                  >
                    Desmarcar aula
                  </button>
                ) : (
                  <button
                    type="button"
                    onClick={() => void markCompleted(current.lecture.lectureId)}
                    disabled={savingLectureId !== null}
                    aria-busy={savingLectureId === current.lecture.lectureId}
                    className={primaryButton}
                  >
                    Marcar como concluído
                  </button>
                )}
                {following && completedIds.has(current.lecture.lectureId) && (
                  <button
                    type="button"
                    onClick={() => watch(following)}
                    className={secondaryButton}
                  >
                    Próxima aula
                    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 fill-current">
                      <path d="M7.3 4.3a1 1 0 0 1 1.4 0l5 5a1 1 0 0 1 0 1.4l-5 5a1 1 0 0 1-1.4-1.4L11.6 10 7.3 5.7a1 1 0 0 1 0-1.4z" />
                    </svg>
                  </button>
                )}
              </div>
            )}
            {progress.complete && (
              <div className="mt-4 flex flex-wrap items-center gap-3">
                <p className="font-medium text-green-800">
                  Parabéns! Você concluiu todas as aulas deste curso.
                </p>
                <CertificateAction courseId={course._id} courseTitle={course.courseTitle} />
              </div>
            )}
            {!progress.complete &&
              progress.lectures > 0 &&
              progress.lecturesCompleted === progress.lectures &&
              quizzesLeft > 0 && (
                <p className="mt-4 font-medium text-amber-900">
                  {quizzesLeft === 1
                    ? 'Todas as aulas foram concluídas. Falta passar no questionário obrigatório para concluir o curso.'
                    : `Todas as aulas foram concluídas. Faltam ${quizzesLeft} questionários obrigatórios para concluir o curso.`}
                </p>
              )}
          </section>
        )}

        {/* On a phone the lecture list comes right under the video, before the questions, notes
            and rating: between lectures a learner reaches for the next one, and the list stays
            short (only the playing lecture's chapter is open). Tabs would hide it behind a tap
            on a page that scrolls anyway. From lg up it is the right-hand column beside them all. */}
        <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <CourseStructure
            chapters={course.courseContent}
            completedIds={completedIds}
            passedQuizIds={passedQuizIds}
            currentLectureId={quizId ? null : currentId}
            onWatch={watch}
            onQuiz={(id) => {
              leave();
              navigate(paths.playerQuiz(course._id, id));
            }}
            currentQuizId={quizId}
          />
        </div>
        {!quizId && (
          // The grid gap already parts it from what is above; its panels bring their own margin.
          <div className="-mt-6 lg:col-start-1 lg:row-start-2">
            {videoReady && current && user && (
              <Suspense fallback={<p className="mt-6 text-slate-600">Carregando perguntas…</p>}>
                <LectureDiscussion
                  courseId={course._id}
                  lectureId={current.lecture.lectureId}
                  viewerId={user.id}
                  lectureTitles={lectureTitles}
                  readSeconds={readSeconds}
                  onJump={jump}
                  openQuestionId={searchParams.get('question')}
                  openAnswerId={searchParams.get('answer')}
                />
              </Suspense>
            )}
            <RatingPanel course={course} />
          </div>
        )}
      </div>
    </div>
  );
}
