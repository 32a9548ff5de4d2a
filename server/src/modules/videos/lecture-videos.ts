import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Chapter } from '@aprendiz/contract/courses';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { courses } from '../../db/schema/courses';
import { videos } from '../../db/schema/videos';
import { badRequest } from '../../http/errors';
import { deleteVideo } from './video-processing';

export const LECTURE_VIDEO_NOT_FOUND =
  'Um dos vídeos das aulas não foi encontrado entre os seus vídeos. Envie-o de novo.';

/**
 * Checks that every uploaded video a course names is the educator's own, and fills each such
 * lecture's duration (minutes) from its file, so the educator never types it.
 */
export async function withLectureVideos<T extends { content: Chapter[] }>(
  db: Db,
  educatorId: string,
  columns: T,
): Promise<T> {
  const ids = [
    ...new Set(
      columns.content.flatMap((chapter) =>
        chapter.chapterContent.flatMap((lecture) => (lecture.videoId ? [lecture.videoId] : [])),
      ),
    ),
  ];
  if (ids.length === 0) return columns;
  const rows = await db
    .select({ id: videos.id, durationSeconds: videos.durationSeconds })
    .from(videos)
    .where(and(eq(videos.ownerId, educatorId), inArray(videos.id, ids)));
  const durations = new Map(rows.map((row) => [row.id, row.durationSeconds]));
  if (durations.size !== ids.length) throw badRequest(LECTURE_VIDEO_NOT_FOUND);
  const content = columns.content.map((chapter) => ({
    ...chapter,
    chapterContent: chapter.chapterContent.map((lecture) => {
      const seconds = lecture.videoId ? durations.get(lecture.videoId) : null;
      if (!lecture.videoId || !seconds) return lecture;
      return {
        ...lecture,
        lectureUrl: '',
        lectureDuration: Math.round((seconds / 60) * 100) / 100,
      };
    }),
  }));
  return { ...columns, content };
}

type VideoLectures = readonly { chapterContent: readonly { videoId?: string | undefined }[] }[];

function videoIdsOf(content: VideoLectures): Set<string> {
  return new Set(
    content.flatMap((chapter) =>
      chapter.chapterContent.flatMap((lecture) => (lecture.videoId ? [lecture.videoId] : [])),
    ),
  );
}

/** SQL: the course's lectures name `videoId` (a column or a value): the one way to ask it. */
export function contentNamesVideo(videoId: SQL | string): SQL {
  return sql`jsonb_path_exists(${courses.content}, '$[*].chapterContent[*] ? (@.videoId == $v)', jsonb_build_object('v', ${videoId}::text))`;
}

/**
 * After a course's content changed: each video a lecture no longer names (replaced, or its lecture
 * removed) is deleted with its files, unless another of the educator's courses still names it.
 */
export async function releaseDroppedVideos(
  deps: Pick<AppDeps, 'database' | 'jobs'>,
  educatorId: string,
  before: VideoLectures,
  after: VideoLectures,
): Promise<void> {
  const kept = videoIdsOf(after);
  const db = deps.database.db;
  for (const videoId of videoIdsOf(before)) {
    if (kept.has(videoId)) continue;
    const [used] = await db
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.educatorId, educatorId), contentNamesVideo(videoId)))
      .limit(1);
    if (!used) await deleteVideo(deps, videoId);
  }
}
