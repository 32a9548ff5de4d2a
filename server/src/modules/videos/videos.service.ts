import { and, eq } from 'drizzle-orm';
import { parseCaptions } from '@aprendiz/contract/rules/captions';
import { findLecture } from '@aprendiz/contract/rules/lectures';
import {
  dataCostLabel,
  type Playback,
  type Video,
  type VideoLimits,
} from '@aprendiz/contract/videos';
import type { AppDeps } from '../../deps';
import { courses } from '../../db/schema/courses';
import { videoCaptions, type VideoRow } from '../../db/schema/videos';
import type { UserRow } from '../../db/schema/users';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../http/errors';
import { assertLecturesAvailable } from '../courses/course-access';
import { assertCourseId, COURSE_NOT_FOUND } from '../courses/courses.service';
import { hostedPlaybackUrl } from './bunny-playback';
import { deleteVideo } from './video-processing';
import { playbackPath } from './video-token';
import { findVideo, mayWatchCourse, usedVideoBytes } from './videos.repository';

export const VIDEO_NOT_FOUND = 'Vídeo não encontrado';
export const LECTURE_NOT_FOUND = 'Aula não encontrada';
export const LECTURE_LOCKED = 'Matricule-se no curso para assistir esta aula';
export const SIGN_IN_TO_WATCH = 'Faça login para assistir esta aula';
export const VIDEO_NOT_READY =
  'O vídeo desta aula ainda está sendo processado. Tente de novo em alguns minutos.';

export const CAPTION_LABELS: Record<string, string> = {
  'pt-BR': 'Português (Brasil)',
  'pt-PT': 'Português (Portugal)',
  en: 'English',
  es: 'Español',
  fr: 'Français',
};

export function toVideo(row: VideoRow): Video {
  return {
    videoId: row.id,
    status: row.status,
    progress: row.progress,
    playable: row.playable,
    durationSeconds: row.durationSeconds,
    renditions: row.renditions,
    filename: row.filename,
    bytes: row.bytes,
    ...(row.error && { error: row.error }),
  };
}

export async function videoLimits(deps: AppDeps, educator: UserRow): Promise<VideoLimits> {
  const { video, config } = deps;
  // With Bunny Stream, uploads go there and ffmpeg is not needed for them.
  if (video.bunny) {
    return {
      enabled: true,
      direct: true,
      maxBytes: config.video.maxBytes,
      quotaBytes: config.video.quotaBytesPerEducator,
      usedBytes: await usedVideoBytes(deps.database.db, educator.id),
    };
  }
  return {
    enabled: video.enabled,
    ...(video.disabledReason && { disabledReason: video.disabledReason }),
    maxBytes: config.video.maxBytes,
    quotaBytes: config.video.quotaBytesPerEducator,
    usedBytes: await usedVideoBytes(deps.database.db, educator.id),
  };
}

/** An educator's own video; anyone else's is answered as missing, so ids cannot be probed. */
export async function getOwnVideo(
  deps: AppDeps,
  educator: UserRow,
  videoId: string,
): Promise<VideoRow> {
  const row = await findVideo(deps.database.db, videoId);
  if (!row || row.ownerId !== educator.id) throw notFound(VIDEO_NOT_FOUND);
  return row;
}

export async function removeOwnVideo(
  deps: AppDeps,
  educator: UserRow,
  videoId: string,
): Promise<void> {
  await getOwnVideo(deps, educator, videoId);
  await deleteVideo(deps, videoId);
}

/**
 * The lecture's playback: for an uploaded video, an address with a token for this viewer that
 * expires; for a YouTube lecture, its address. Free previews play for anyone; other lectures for an
 * enrolled learner and the course's educator.
 */
export async function lecturePlayback(
  deps: AppDeps,
  viewer: UserRow | undefined,
  courseId: string,
  lectureId: string,
  nowMs = Date.now(),
): Promise<Playback> {
  assertCourseId(courseId);
  const db = deps.database.db;
  const [course] = await db
    .select({
      educatorId: courses.educatorId,
      isPublished: courses.isPublished,
      status: courses.status,
      takedownKind: courses.takedownKind,
      content: courses.content,
    })
    .from(courses)
    .where(eq(courses.id, courseId))
    .limit(1);
  if (!course) throw notFound(COURSE_NOT_FOUND);
  const isEducator = viewer?.id === course.educatorId;
  const allowed = isEducator || (viewer ? await mayWatchCourse(db, courseId, viewer.id) : false);
  // An unpublished course exists only for its learners and educator.
  if (!course.isPublished && !allowed) throw notFound(COURSE_NOT_FOUND);
  assertLecturesAvailable(course, viewer?.id);
  const lecture = findLecture(course.content, lectureId);
  if (!lecture) throw notFound(LECTURE_NOT_FOUND);
  if (!lecture.isPreviewFree && !allowed) {
    if (!viewer) throw unauthorized(SIGN_IN_TO_WATCH);
    throw forbidden(LECTURE_LOCKED);
  }
  if (!lecture.videoId) return { kind: 'youtube', url: lecture.lectureUrl };

  const video = await findVideo(db, lecture.videoId);
  if (!video || !video.playable) throw conflict(VIDEO_NOT_READY);
  const expires = Math.floor(nowMs / 1000) + deps.config.video.tokenSeconds;
  const grant = {
    videoId: video.id,
    courseId,
    // A free preview's address is nobody's in particular; a locked lecture's is this viewer's.
    viewerId: lecture.isPreviewFree && !allowed ? null : viewer!.id,
    expires,
  };
  const captions = await db
    .select({ lang: videoCaptions.lang })
    .from(videoCaptions)
    .where(eq(videoCaptions.videoId, video.id))
    .orderBy(videoCaptions.lang);
  return {
    kind: 'hls',
    // A Bunny video plays from Bunny's pull zone; its captions stay ours, served below.
    url:
      hostedPlaybackUrl(deps.video.bunny, video, expires) ?? playbackPath(deps.video.secret, grant),
    expiresAt: new Date(expires * 1000).toISOString(),
    renditions: video.renditions,
    captions: captions.map(({ lang }) => ({
      lang,
      label: CAPTION_LABELS[lang] ?? lang,
      url: playbackPath(deps.video.secret, grant, `captions/${lang}.vtt`),
    })),
    dataCost:
      video.durationSeconds === null
        ? null
        : dataCostLabel(video.durationSeconds, video.renditions),
    durationSeconds: video.durationSeconds,
  };
}

/** Stores (or replaces) a caption track of the educator's own video, as WebVTT. */
export async function saveCaptions(
  deps: AppDeps,
  educator: UserRow,
  videoId: string,
  lang: string,
  text: string,
): Promise<{ cues: number }> {
  await getOwnVideo(deps, educator, videoId);
  const parsed = parseCaptions(text);
  if (!parsed.ok) throw badRequest(parsed.problem);
  await deps.database.db
    .insert(videoCaptions)
    .values({ videoId, lang, vtt: parsed.vtt })
    .onConflictDoUpdate({
      target: [videoCaptions.videoId, videoCaptions.lang],
      set: { vtt: parsed.vtt, updatedAt: new Date() },
    });
  return { cues: parsed.cues.length };
}

export async function removeCaptions(
  deps: AppDeps,
  educator: UserRow,
  videoId: string,
  lang: string,
): Promise<void> {
  await getOwnVideo(deps, educator, videoId);
  await deps.database.db
    .delete(videoCaptions)
    .where(and(eq(videoCaptions.videoId, videoId), eq(videoCaptions.lang, lang)));
}
