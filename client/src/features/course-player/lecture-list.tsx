import type { Chapter, Lecture } from '@aprendiz/contract/courses';
import { chapterMinutes, formatMinutes } from '@aprendiz/contract/rules/duration';
import { chapterProgress } from '@aprendiz/contract/rules/quiz-grading';
import { useEffect, useId, useState } from 'react';
import { lectureNumber } from './numbered-lectures';
import { ChevronIcon } from '../../components/chevron-icon';
import { QuizListItem } from '../quizzes';
import { CompletedTick } from '../../components/completed-tick';
import { focusRing, focusRingInset } from '../../components/ui/focus-ring';

type LectureListProps = {
  chapters: readonly Chapter[];
  completedIds: ReadonlySet<string>;
  /** Quizzes the learner has passed: a required one is the chapter's last item to complete. */
  passedQuizIds?: ReadonlySet<string>;
  currentLectureId: string | null;
  onWatch: (lecture: Lecture) => void;
  /** Opens a chapter's quiz; without it (the educator's preview) the quiz is listed only. */
  onQuiz?: (quizId: string) => void;
  currentQuizId?: string | null;
};

const NONE_PASSED: ReadonlySet<string> = new Set();

function PendingMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 shrink-0 fill-slate-400">
      <path d="M10 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16zm-1.5 5v6l5-3-5-3z" />
    </svg>
  );
}

function ChapterItem({
  chapter,
  chapterIndex,
  completedIds,
  passedQuizIds = NONE_PASSED,
  currentLectureId,
  onWatch,
  onQuiz,
  currentQuizId,
}: Omit<LectureListProps, 'chapters'> & { chapter: Chapter; chapterIndex: number }) {
  const holdsCurrent =
    chapter.chapterContent.some((lecture) => lecture.lectureId === currentLectureId) ||
    (chapter.quiz !== undefined && chapter.quiz.quizId === currentQuizId);
  const [open, setOpen] = useState(holdsCurrent);
  const panelId = useId();

  // 'Próxima aula' can cross into a closed chapter: it opens, so the lecture playing stays in view.
  useEffect(() => {
    if (holdsCurrent) setOpen(true);
  }, [holdsCurrent]);

  const progress = chapterProgress(chapter, completedIds, passedQuizIds);
  return (
    <li className="overflow-hidden rounded-lg border border-slate-200 bg-white">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          className={`flex w-full items-start gap-2 px-4 py-3 text-left hover:bg-slate-50 ${focusRingInset}`}
        >
          <ChevronIcon open={open} className="mt-1" />
          {/* The counts go under the title: side by side they squeezed long titles in the narrow column. */}
          <span className="min-w-0">
            <span className="block font-medium text-slate-900">
              {chapterIndex + 1}. {chapter.chapterTitle}
            </span>
            <span className="block text-sm text-slate-600">
              {progress.done} de {progress.total} concluídas ·{' '}
              {formatMinutes(chapterMinutes(chapter))}
              {progress.quizPending &&
                progress.done === progress.total - 1 &&
                ' · falta o questionário'}
            </span>
          </span>
        </button>
      </h3>
      <ol id={panelId} hidden={!open} className="border-t border-slate-200 py-1">
        {chapter.chapterContent.map((lecture, index) => {
          const current = lecture.lectureId === currentLectureId;
          const number = lectureNumber(chapterIndex, index);
          return (
            <li
              key={lecture.lectureId}
              aria-current={current ? 'true' : undefined}
              className={`flex items-center gap-3 px-4 py-2 text-sm ${current ? 'bg-blue-50' : ''}`}
            >
              {completedIds.has(lecture.lectureId) ? <CompletedTick /> : <PendingMark />}
              <span className="min-w-0 flex-1 break-words text-slate-800">
                <span className="mr-1 text-slate-600">{number}</span>
                {lecture.lectureTitle}
                <span className="block text-xs text-slate-600">
                  {formatMinutes(lecture.lectureDuration)}
                </span>
              </span>
              <button
                type="button"
                onClick={() => onWatch(lecture)}
                aria-label={`${current ? 'Assistindo' : 'Assistir'}: ${number} ${lecture.lectureTitle}`}
                className={`shrink-0 rounded-sm font-medium text-blue-700 hover:underline ${focusRing}`}
              >
                {current ? 'Assistindo' : 'Assistir'}
              </button>
            </li>
          );
        })}
        {chapter.quiz && (
          <QuizListItem
            quiz={chapter.quiz}
            current={chapter.quiz.quizId === currentQuizId}
            passed={passedQuizIds.has(chapter.quiz.quizId)}
            onOpen={onQuiz}
          />
        )}
      </ol>
    </li>
  );
}

/** The player's course structure: numbered lectures, a blue tick on those completed, a watch action on each. */
function LectureList({
  chapters,
  completedIds,
  passedQuizIds,
  currentLectureId,
  onWatch,
  onQuiz,
  currentQuizId,
}: LectureListProps) {
  return (
    <ul className="space-y-2">
      {chapters.map((chapter, index) => (
        <ChapterItem
          key={chapter.chapterId}
          chapter={chapter}
          chapterIndex={index}
          completedIds={completedIds}
          passedQuizIds={passedQuizIds}
          currentLectureId={currentLectureId}
          onWatch={onWatch}
          onQuiz={onQuiz}
          currentQuizId={currentQuizId}
        />
      ))}
    </ul>
  );
}

/** The 'Estrutura do curso' section of the player and of the educator's preview. */
export function CourseStructure(props: LectureListProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-3 text-xl font-semibold text-slate-900">
        Estrutura do curso
      </h2>
      <LectureList {...props} />
    </section>
  );
}
