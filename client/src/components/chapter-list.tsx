import type { Chapter, Lecture } from '@aprendiz/contract/courses';
import { chapterMinutes, formatMinutes } from '@aprendiz/contract/rules/duration';
import { ChevronIcon } from './chevron-icon';
import { focusRing, focusRingInset } from './ui/focus-ring';
import { quizHeading } from '@aprendiz/contract/rules/quiz-content';

type ChapterListProps = {
  chapters: readonly Chapter[];
  /** Shown on free-preview lectures that carry a URL; called with the lecture to play. */
  onPreview?: (lecture: Lecture) => void;
};

function lectureCountLabel(count: number): string {
  return count === 1 ? '1 aula' : `${count} aulas`;
}

function ChapterItem({
  chapter,
  initiallyOpen,
  onPreview,
}: {
  chapter: Chapter;
  initiallyOpen: boolean;
  onPreview?: (lecture: Lecture) => void;
}) {
  return (
    <li className="overflow-hidden rounded-lg border border-slate-200 bg-white">
      {/* A native disclosure, so a chapter opens and closes before the app has hydrated, and without
          JavaScript. From then on the browser keeps its state: one toggled before hydration differs
          from `initiallyOpen`, and that is not a mismatch to report. */}
      <details open={initiallyOpen} suppressHydrationWarning className="group">
        <summary
          className={`flex cursor-default list-none items-center gap-3 px-4 py-3 text-left hover:bg-slate-50 [&::-webkit-details-marker]:hidden ${focusRingInset}`}
        >
          <ChevronIcon />
          {/* On phones the count and duration go under the title, which would be squeezed beside them. */}
          <h3 className="flex min-w-0 flex-1 flex-col gap-0.5 sm:flex-row sm:items-center sm:justify-between sm:gap-3">
            <span className="font-medium break-words text-slate-900">{chapter.chapterTitle}</span>
            <span className="shrink-0 text-sm text-slate-600">
              {lectureCountLabel(chapter.chapterContent.length)} -{' '}
              {formatMinutes(chapterMinutes(chapter))}
            </span>
          </h3>
        </summary>
        <ul className="border-t border-slate-200 px-4 py-2">
          {chapter.chapterContent.map((lecture) => (
            <li
              key={lecture.lectureId}
              className="flex items-start justify-between gap-3 py-1.5 text-sm"
            >
              <span className="flex min-w-0 flex-1 items-start gap-2 text-slate-800">
                <svg
                  aria-hidden="true"
                  viewBox="0 0 20 20"
                  className="mt-0.5 h-4 w-4 shrink-0 fill-slate-500"
                >
                  <path d="M10 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16zm-1.5 5v6l5-3-5-3z" />
                </svg>
                <span className="min-w-0 break-words">{lecture.lectureTitle}</span>
              </span>
              <span className="flex shrink-0 items-center gap-3 whitespace-nowrap">
                {lecture.isPreviewFree && lecture.lectureUrl && onPreview && (
                  <button
                    type="button"
                    onClick={() => onPreview(lecture)}
                    aria-label={`Pré-visualizar: ${lecture.lectureTitle}`}
                    className={`rounded-sm font-medium text-blue-700 hover:underline ${focusRing}`}
                  >
                    Pré-visualizar
                  </button>
                )}
                <span className="text-slate-600">{formatMinutes(lecture.lectureDuration)}</span>
              </span>
            </li>
          ))}
          {chapter.quiz && (
            <li className="flex items-start justify-between gap-3 py-1.5 text-sm">
              <span className="flex min-w-0 flex-1 items-start gap-2 text-slate-800">
                <svg
                  aria-hidden="true"
                  viewBox="0 0 20 20"
                  className="mt-0.5 h-4 w-4 shrink-0 fill-slate-500"
                >
                  <path d="M6 2h8a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zm1.3 8.7-1 1 2.7 2.8 4.8-4.8-1-1-3.8 3.8z" />
                </svg>
                <span className="min-w-0 break-words">{quizHeading(chapter.quiz.title)}</span>
              </span>
              <span className="shrink-0 whitespace-nowrap text-slate-600">
                {chapter.quiz.questionCount === 1
                  ? '1 pergunta'
                  : `${chapter.quiz.questionCount} perguntas`}
              </span>
            </li>
          )}
        </ul>
      </details>
    </li>
  );
}

/** The course structure: each chapter opens and closes on its own; the first starts open. */
export function ChapterList({ chapters, onPreview }: ChapterListProps) {
  return (
    <ul className="space-y-2">
      {chapters.map((chapter, index) => (
        <ChapterItem
          key={chapter.chapterId}
          chapter={chapter}
          initiallyOpen={index === 0}
          onPreview={onPreview}
        />
      ))}
    </ul>
  );
}
