import { lazy, Suspense } from 'react';
import type { Lecture } from '@aprendiz/contract/courses';
import { YouTubePlayer, type YouTubePlayerProps } from '../../components/youtube-player';

// media-chrome and hls.js load only when an uploaded lecture is played.
const HlsLecturePlayer = lazy(() => import('./hls-lecture-player'));

type LectureScreenProps = Omit<YouTubePlayerProps, 'url' | 'title'> & {
  /** The lecture shown; null for a course without lectures. */
  lecture: Lecture | null;
  courseId: string;
};

/** The player's video, or where a course has no lectures yet, a screen saying so. */
export function LectureScreen({ lecture, courseId, ...player }: LectureScreenProps) {
  if (!lecture) {
    return (
      <p className="flex aspect-video items-center justify-center rounded-lg bg-slate-900 p-4 text-center text-white">
        Este curso ainda não tem aulas.
      </p>
    );
  }
  if (lecture.videoId) {
    return (
      <Suspense
        fallback={
          <div className="flex aspect-video items-center justify-center rounded-lg bg-slate-900 text-white">
            Carregando vídeo…
          </div>
        }
      >
        <HlsLecturePlayer
          key={lecture.lectureId}
          courseId={courseId}
          lectureId={lecture.lectureId}
          title={lecture.lectureTitle}
          {...player}
        />
      </Suspense>
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
