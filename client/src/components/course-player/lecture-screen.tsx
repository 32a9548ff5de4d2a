import type { Lecture } from '@aprendiz/contract/courses';
import { YouTubePlayer, type YouTubePlayerProps } from '../youtube-player';

type LectureScreenProps = Omit<YouTubePlayerProps, 'url' | 'title'> & {
  /** The lecture shown; null for a course without lectures. */
  lecture: Lecture | null;
};

/** The player's video, or where a course has no lectures yet, a screen saying so. */
export function LectureScreen({ lecture, ...player }: LectureScreenProps) {
  if (!lecture) {
    return (
      <p className="flex aspect-video items-center justify-center rounded-lg bg-slate-900 p-4 text-center text-white">
        Este curso ainda não tem aulas.
      </p>
    );
  }
  return (
    <YouTubePlayer
      key={lecture.lectureId}
      url={lecture.lectureUrl}
      title={lecture.lectureTitle}
      {...player}
    />
  );
}
