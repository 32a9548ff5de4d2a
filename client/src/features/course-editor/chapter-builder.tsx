import { useState } from 'react';
import type { QuizInput } from '@aprendiz/contract/quizzes';
import { lectureProblems } from '@aprendiz/contract/rules/incomplete-lectures';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ChapterQuizEditor } from '../quizzes';
import { educatorIcons } from '../../components/educator/educator-icons';
import { describeLectureProblems } from '../../components/educator/incomplete-lectures';
import {
  addChapter,
  addLecture,
  moveChapter,
  setChapterQuiz,
  moveLecture,
  removeChapter,
  removeLecture,
  renameChapter,
  toggleChapter,
  updateLecture,
  type ChapterDraft,
  type LectureDraft,
} from './course-draft';
import { ChapterNameDialog } from './chapter-name-dialog';
import { LectureModal } from './lecture-modal';
import { focusRingFlush } from '../../components/ui/focus-ring';

type ChapterBuilderProps = {
  chapters: ChapterDraft[];
  onChange: (chapters: ChapterDraft[]) => void;
};

const iconButtonClass = `rounded-md p-1.5 text-gray-600 hover:bg-red-50 hover:text-red-700 ${focusRingFlush}`;

const moveButtonClass = `rounded-md px-1.5 py-1 text-sm text-gray-700 hover:bg-gray-100 ${focusRingFlush} disabled:opacity-30`;
const textButtonClass = `rounded-md px-1.5 py-1 text-xs font-medium text-blue-700 hover:bg-blue-50 ${focusRingFlush}`;

/**
 * Up and down buttons: reordering by keyboard or touch, where dragging would need a mouse. At either
 * end the button is disabled, so the other one stays reachable.
 */
function MoveButtons({
  name,
  isFirst,
  isLast,
  onMove,
}: {
  name: string;
  isFirst: boolean;
  isLast: boolean;
  onMove: (delta: -1 | 1) => void;
}) {
  return (
    <span className="inline-flex shrink-0">
      <button
        type="button"
        aria-label={`Mover ${name} para cima`}
        disabled={isFirst}
        onClick={() => onMove(-1)}
        className={moveButtonClass}
      >
        <span aria-hidden="true">↑</span>
      </button>
      <button
        type="button"
        aria-label={`Mover ${name} para baixo`}
        disabled={isLast}
        onClick={() => onMove(1)}
        className={moveButtonClass}
      >
        <span aria-hidden="true">↓</span>
      </button>
    </span>
  );
}

function lectureCount(count: number): string {
  return count === 1 ? '1 aula' : `${count} aulas`;
}

function removeChapterQuestion(chapter: ChapterDraft): string {
  const count = chapter.chapterContent.length;
  const lectures = count === 1 ? 'a sua aula' : `as suas ${count} aulas`;
  return `Remover o capítulo "${chapter.chapterTitle}" e ${lectures}?`;
}

function LectureRow({
  lecture,
  position,
  count,
  onRemove,
  onEdit,
  onMove,
}: {
  lecture: LectureDraft;
  position: number;
  count: number;
  onRemove: () => void;
  onEdit: () => void;
  onMove: (delta: -1 | 1) => void;
}) {
  const problems = lectureProblems(lecture);
  const name = `aula ${lecture.lectureTitle || position}`;
  return (
    <li className="flex items-start justify-between gap-3 py-2">
      <div className="min-w-0 space-y-1">
        <p className="break-words text-sm text-gray-700">
          {position}. {lecture.lectureTitle} - {lecture.lectureDuration} min -{' '}
          {lecture.videoId ? (
            'Vídeo enviado'
          ) : lecture.lectureUrl ? (
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
          - {lecture.isPreviewFree ? 'Prévia grátis' : 'Paga'}
        </p>
        {problems.length > 0 && (
          <p className="flex items-center gap-1.5 text-xs text-amber-800">
            {educatorIcons.warning}
            Incompleta: {describeLectureProblems(problems)}
          </p>
        )}
      </div>
      <div className="flex shrink-0 items-center">
        <MoveButtons
          name={name}
          isFirst={position === 1}
          isLast={position === count}
          onMove={onMove}
        />
        <button
          type="button"
          aria-label={`Editar ${name}`}
          onClick={onEdit}
          className={textButtonClass}
        >
          Editar
        </button>
        <button
          type="button"
          aria-label={`Remover ${name}`}
          onClick={onRemove}
          className={iconButtonClass}
        >
          {educatorIcons.trash}
        </button>
      </div>
    </li>
  );
}

function ChapterCard({
  chapter,
  position,
  count,
  onToggle,
  onRemove,
  onRename,
  onMove,
  onAddLecture,
  onRemoveLecture,
  onEditLecture,
  onMoveLecture,
  onQuizChange,
}: {
  chapter: ChapterDraft;
  position: number;
  count: number;
  onToggle: () => void;
  onRemove: () => void;
  onRename: () => void;
  onMove: (delta: -1 | 1) => void;
  onAddLecture: () => void;
  onRemoveLecture: (lectureId: string) => void;
  onEditLecture: (lecture: LectureDraft) => void;
  onMoveLecture: (lectureId: string, delta: -1 | 1) => void;
  onQuizChange: (quiz: QuizInput | null) => void;
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
          className={`flex min-w-0 items-center gap-2 rounded-md py-1 text-left font-semibold text-gray-800 ${focusRingFlush}`}
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
          <MoveButtons
            name={`capítulo ${chapter.chapterTitle}`}
            isFirst={position === 1}
            isLast={position === count}
            onMove={onMove}
          />
          <button
            type="button"
            aria-label={`Renomear capítulo ${chapter.chapterTitle}`}
            onClick={onRename}
            className={textButtonClass}
          >
            Renomear
          </button>
          <button
            type="button"
            aria-label={`Remover capítulo ${chapter.chapterTitle}`}
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
                count={chapter.chapterContent.length}
                onRemove={() => onRemoveLecture(lecture.lectureId)}
                onEdit={() => onEditLecture(lecture)}
                onMove={(delta) => onMoveLecture(lecture.lectureId, delta)}
              />
            ))}
          </ol>
        )}
        <button
          type="button"
          onClick={onAddLecture}
          className={`mt-2 inline-flex rounded bg-gray-100 px-3 py-2 text-sm font-medium text-gray-800 hover:bg-gray-200 ${focusRingFlush}`}
        >
          + Add Lecture
        </button>
        <ChapterQuizEditor
          chapterTitle={chapter.chapterTitle}
          quiz={chapter.quiz}
          onChange={onQuizChange}
        />
      </div>
    </li>
  );
}

/** The add-course chapter builder: chapters named in a dialog, lectures from the 'Add Lecture' modal. */
export function ChapterBuilder({ chapters, onChange }: ChapterBuilderProps) {
  // The chapter the open modal adds to; null while it is closed (the modal is tied to it).
  const [lectureChapterId, setLectureChapterId] = useState<string | null>(null);
  // A chapter with lectures waiting for the educator to confirm its removal.
  const [chapterToRemove, setChapterToRemove] = useState<ChapterDraft | null>(null);
  // The lecture the open modal edits, with its chapter; null while adding or closed.
  const [editing, setEditing] = useState<{ chapterId: string; lecture: LectureDraft } | null>(null);

  // The chapter being named: a new one, one being renamed, or none while the dialog is closed.
  const [naming, setNaming] = useState<
    { kind: 'add' } | { kind: 'rename'; chapter: ChapterDraft } | null
  >(null);

  return (
    <div className="space-y-3">
      {chapters.length > 0 && (
        <ol className="space-y-3">
          {chapters.map((chapter, index) => (
            <ChapterCard
              key={chapter.chapterId}
              chapter={chapter}
              position={index + 1}
              count={chapters.length}
              onToggle={() => onChange(toggleChapter(chapters, chapter.chapterId))}
              onRename={() => setNaming({ kind: 'rename', chapter })}
              onMove={(delta) => onChange(moveChapter(chapters, chapter.chapterId, delta))}
              onQuizChange={(quiz) => onChange(setChapterQuiz(chapters, chapter.chapterId, quiz))}
              onEditLecture={(lecture) => setEditing({ chapterId: chapter.chapterId, lecture })}
              onMoveLecture={(lectureId, delta) =>
                onChange(moveLecture(chapters, chapter.chapterId, lectureId, delta))
              }
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
        onClick={() => setNaming({ kind: 'add' })}
        className={`flex w-full items-center justify-center rounded-lg bg-blue-100 p-2 font-medium text-blue-800 hover:bg-blue-200 ${focusRingFlush}`}
      >
        + Add Chapter
      </button>
      <ChapterNameDialog
        key={naming ? (naming.kind === 'add' ? 'add' : naming.chapter.chapterId) : 'closed'}
        open={naming !== null}
        title={naming?.kind === 'rename' ? 'Renomear capítulo' : 'Novo capítulo'}
        submitLabel={naming?.kind === 'rename' ? 'Salvar' : 'Adicionar capítulo'}
        initialName={naming?.kind === 'rename' ? naming.chapter.chapterTitle : ''}
        onCancel={() => setNaming(null)}
        onSubmit={(name) => {
          if (naming?.kind === 'rename') {
            onChange(renameChapter(chapters, naming.chapter.chapterId, name));
          } else {
            onChange(addChapter(chapters, name));
          }
          setNaming(null);
        }}
      />
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
      {/* Keyed by the lecture, so each edit opens with that lecture's own fields. */}
      <LectureModal
        key={editing?.lecture.lectureId ?? 'none'}
        open={editing !== null}
        initial={editing?.lecture}
        onClose={() => setEditing(null)}
        onAdd={(lecture) => {
          if (editing) {
            onChange(
              updateLecture(chapters, editing.chapterId, editing.lecture.lectureId, lecture),
            );
          }
          setEditing(null);
        }}
      />
    </div>
  );
}
