import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { NotesPanel } from '../notes';
import { QuestionsPanel } from './questions-panel';

type Tab = 'questions' | 'notes';

export type LectureDiscussionProps = {
  courseId: string;
  lectureId: string;
  /** The signed-in person's id. */
  viewerId: string;
  lectureTitles: ReadonlyMap<string, string>;
  /** The video's current second (null before the player is ready). */
  readSeconds: () => number | null;
  /** Takes the player to a second of a lecture (this one or another). */
  onJump: (lectureId: string, seconds: number) => void;
  openQuestionId?: string | null;
  /** The answer in that question a notification is about. */
  openAnswerId?: string | null;
};

/**
 * Beside the lecture: its questions and answers, and the learner's notes. Its own chunk, loaded
 * once the video is up, so the player's first load does not carry it.
 */
export default function LectureDiscussion(props: LectureDiscussionProps) {
  const [tab, setTab] = useState<Tab>('questions');
  // A notification followed while the notes are open: its question is on the other tab.
  useEffect(() => {
    if (props.openQuestionId) setTab('questions');
  }, [props.openQuestionId, props.openAnswerId]);
  return (
    <section aria-label="Perguntas e notas" className="mt-6 border-t border-slate-200 pt-5">
      <div role="tablist" aria-label="Perguntas e notas" className="mb-4 flex gap-2">
        {(
          [
            ['questions', 'Perguntas e respostas'],
            ['notes', 'Notas'],
          ] as const
        ).map(([value, label]) => (
          <Button
            key={value}
            role="tab"
            aria-selected={tab === value}
            variant={tab === value ? 'primary' : 'secondary'}
            size="sm"
            onClick={() => setTab(value)}
          >
            {label}
          </Button>
        ))}
      </div>
      <div role="tabpanel">
        {tab === 'questions' ? (
          <QuestionsPanel
            key={props.lectureId}
            courseId={props.courseId}
            lectureId={props.lectureId}
            viewerId={props.viewerId}
            openQuestionId={props.openQuestionId}
            openAnswerId={props.openAnswerId}
          />
        ) : (
          <NotesPanel
            key={props.lectureId}
            courseId={props.courseId}
            lectureId={props.lectureId}
            lectureTitles={props.lectureTitles}
            readSeconds={props.readSeconds}
            onJump={props.onJump}
          />
        )}
      </div>
    </section>
  );
}
