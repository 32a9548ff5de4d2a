import { useState } from 'react';
import { lectureProblems } from '@aprendiz/contract/rules/incomplete-lectures';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { educatorIcons } from '../../../components/educator/educator-icons';
import { describeLectureProblems } from '../../../components/educator/incomplete-lectures';
import {
  addChapter,
  addLecture,
  removeChapter,
  removeLecture,
  toggleChapter,
  type ChapterDraft,
  type LectureDraft,
} from './course-draft';
import { LectureModal } from './lecture-modal';

type ChapterBuilderProps = {
  chapters: ChapterDraft[];
  onChange: (chapters: ChapterDraft[]) => void;
};

const iconButtonClass =
  'rounded-md p-1.5 text-gray-600 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-blue-600';

function lectureCount(count: number): string {
  return `${count} ${count === 1 ? 'Lecture' : 'Lectures'}`;
}

function removeChapterQuestion(chapter: ChapterDraft): string {
  const count = chapter.chapterContent.length;
  const lectures = count === 1 ? 'a sua aula' : `as suas ${count} aulas`;
  return `Remover o capítulo "${chapter.chapterTitle}" e ${lectures}?`;
}

function LectureRow({
  lecture,
  position,
  onRemove,
}: {
  lecture: LectureDraft;
  position: number;
  onRemove: () => void;
}) {
  const problems = lectureProblems(lecture);
  return (
    <li className="flex items-start justify-between gap-3 py-2">
      <div className="min-w-0 space-y-1">
        <p className="break-words text-sm text-gray-700">
          {position}. {lecture.lectureTitle} - {lecture.lectureDuration} mins -{' '}
          {lecture.lectureUrl ? (
            <a
              href={lecture.lectureUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="text-blue-700 underline hover:text-blue-800"
            >
              Link
            </a>
          ) : (
            'Sem link'
          )}{' '}
          - {lecture.isPreviewFree ? 'Free Preview' : 'Paid'}
        </p>
        {problems.length > 0 && (
          <p className="flex items-center gap-1.5 text-xs text-amber-800">
            {educatorIcons.warning}
            Incompleta: {describeLectureProblems(problems)}
          </p>
        )}
      </div>
      <button
        type="button"
        aria-label={`Remove lecture ${lecture.lectureTitle || position}`}
        onClick={onRemove}
        className={iconButtonClass}
      >
        {educatorIcons.trash}
      </button>
    </li>
  );
}

function ChapterCard({
  chapter,
  position,
  onToggle,
  onRemove,
  onAddLecture,
  onRemoveLecture,
}: {
  chapter: ChapterDraft;
  position: number;
  onToggle: () => void;
  onRemove: () => void;
  onAddLecture: () => void;
  onRemoveLecture: (lectureId: string) => void;
}) {
  const contentId = `chapter-${chapter.chapterId}`;
  return (
    <li className="rounded-lg border border-gray-300 bg-white">
      {/* Wraps on a phone: a long chapter name gets the whole line, its count and remove button the next. */}
      <div className="flex flex-wrap items-center justify-between gap-x-2 border-b border-gray-200 px-3 py-2">
        <button
          type="button"
          aria-expanded={!chapter.collapsed}
          aria-controls={contentId}
          onClick={onToggle}
          className="flex min-w-0 items-center gap-2 rounded-md py-1 text-left font-semibold text-gray-800 focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          <span
            className={`shrink-0 transition-transform ${chapter.collapsed ? '-rotate-90' : ''}`}
          >
            {educatorIcons.chevron}
          </span>
          <span className="min-w-0 break-words">
            {position} {chapter.chapterTitle}
          </span>
        </button>
        <div className="ml-auto flex shrink-0 items-center gap-2">
          <span className="text-sm text-gray-600">
            {lectureCount(chapter.chapterContent.length)}
          </span>
          <button
            type="button"
            aria-label={`Remove chapter ${chapter.chapterTitle}`}
            onClick={onRemove}
            className={iconButtonClass}
          >
            {educatorIcons.trash}
          </button>
        </div>
      </div>
      <div id={contentId} hidden={chapter.collapsed} className="px-4 py-2">
        {chapter.chapterContent.length > 0 && (
          <ol className="divide-y divide-gray-100">
            {chapter.chapterContent.map((lecture, index) => (
              <LectureRow
                key={lecture.lectureId}
                lecture={lecture}
                position={index + 1}
                onRemove={() => onRemoveLecture(lecture.lectureId)}
              />
            ))}
          </ol>
        )}
        <button
          type="button"
          onClick={onAddLecture}
          className="mt-2 inline-flex rounded bg-gray-100 px-3 py-2 text-sm font-medium text-gray-800 hover:bg-gray-200 focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          + Add Lecture
        </button>
      </div>
    </li>
  );
}

/** The add-course chapter builder (spec §2): chapters from a prompt, lectures from the 'Add Lecture' modal. */
export function ChapterBuilder({ chapters, onChange }: ChapterBuilderProps) {
  // The chapter the open modal adds to; null while it is closed (spec §4: the modal is tied to it).
  const [lectureChapterId, setLectureChapterId] = useState<string | null>(null);
  // A chapter with lectures waiting for the educator to confirm its removal.
  const [chapterToRemove, setChapterToRemove] = useState<ChapterDraft | null>(null);

  function handleAddChapter() {
    // Spec §2: the chapter name is asked for through the browser's prompt.
    const title = window.prompt('Enter Chapter Name:')?.trim();
    if (title) onChange(addChapter(chapters, title));
  }

  return (
    <div className="space-y-3">
      {chapters.length > 0 && (
        <ol className="space-y-3">
          {chapters.map((chapter, index) => (
            <ChapterCard
              key={chapter.chapterId}
              chapter={chapter}
              position={index + 1}
              onToggle={() => onChange(toggleChapter(chapters, chapter.chapterId))}
              onRemove={() => {
                // An empty chapter is one prompt away from being back; lectures are real work.
                if (chapter.chapterContent.length > 0) setChapterToRemove(chapter);
                else onChange(removeChapter(chapters, chapter.chapterId));
              }}
              onAddLecture={() => setLectureChapterId(chapter.chapterId)}
              onRemoveLecture={(lectureId) =>
                onChange(removeLecture(chapters, chapter.chapterId, lectureId))
              }
            />
          ))}
        </ol>
      )}
      <button
        type="button"
        onClick={handleAddChapter}
        className="flex w-full items-center justify-center rounded-lg bg-blue-100 p-2 font-medium text-blue-800 hover:bg-blue-200 focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        + Add Chapter
      </button>
      <ConfirmDialog
        open={chapterToRemove !== null}
        title="Remover capítulo"
        message={chapterToRemove ? removeChapterQuestion(chapterToRemove) : ''}
        confirmLabel="Remover"
        onCancel={() => setChapterToRemove(null)}
        onConfirm={() => {
          if (chapterToRemove) onChange(removeChapter(chapters, chapterToRemove.chapterId));
          setChapterToRemove(null);
        }}
      />
      <LectureModal
        open={lectureChapterId !== null}
        onClose={() => setLectureChapterId(null)}
        onAdd={(lecture) => {
          if (lectureChapterId) onChange(addLecture(chapters, lectureChapterId, lecture));
          setLectureChapterId(null);
        }}
      />
    </div>
  );
}
