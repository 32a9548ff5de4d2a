/** YouTube's hosts; a link elsewhere plays nothing in the player's YouTube embed. */
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtu.be',
  'www.youtube-nocookie.com',
  'youtube-nocookie.com',
]);

/** YouTube video ids are 11 characters of the URL-safe base64 alphabet. */
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * The video id of a YouTube link a learner can actually play, or null: watch?v=ID, youtu.be/ID,
 * /embed/ID, /shorts/ID and /live/ID on a YouTube host. Stricter than the player's own reading
 * (last path segment), because publishing promises the learner a video.
 */
export function playableYoutubeId(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  if (!YOUTUBE_HOSTS.has(parsed.hostname.toLowerCase())) return null;
  const segments = parsed.pathname.split('/').filter((segment) => segment !== '');
  const candidate =
    parsed.hostname.toLowerCase() === 'youtu.be'
      ? segments[0]
      : segments[0] === 'watch'
        ? parsed.searchParams.get('v')
        : ['embed', 'shorts', 'live', 'v'].includes(segments[0] ?? '')
          ? segments[1]
          : undefined;
  return candidate && VIDEO_ID.test(candidate) ? candidate : null;
}

type PublishableLecture = Readonly<{
  lectureTitle: string;
  lectureUrl: string;
  /** An uploaded video stands in for the YouTube address. */
  videoId?: string;
  lectureDuration: number;
}>;
type PublishableChapter = Readonly<{ chapterContent: readonly PublishableLecture[] }>;

export const NO_LECTURES_PROBLEM = 'O curso precisa de pelo menos uma aula para ser publicado';

/**
 * Everything that keeps a learner from taking the course, one Portuguese sentence per problem,
 * lectures numbered as the player numbers them ('Aula 1.2'). Empty means the course may be published.
 * Drafts may be incomplete; only publishing asks for this.
 */
export function publishingProblems(chapters: readonly PublishableChapter[]): string[] {
  const problems: string[] = [];
  let lectures = 0;
  chapters.forEach((chapter, chapterIndex) => {
    chapter.chapterContent.forEach((lecture, lectureIndex) => {
      lectures += 1;
      const name = `Aula ${chapterIndex + 1}.${lectureIndex + 1}`;
      if (lecture.lectureTitle.trim() === '') problems.push(`${name}: falta o título`);
      if (lecture.videoId) {
        // An uploaded video: its address is made at playback, its duration filled from the file.
      } else if (lecture.lectureUrl.trim() === '') {
        problems.push(`${name}: falta o URL do vídeo do YouTube`);
      } else if (playableYoutubeId(lecture.lectureUrl) === null) {
        problems.push(`${name}: o URL não é de um vídeo do YouTube válido`);
      }
      if (!(lecture.lectureDuration > 0)) problems.push(`${name}: a duração deve ser maior que 0`);
    });
  });
  if (lectures === 0) problems.unshift(NO_LECTURES_PROBLEM);
  return problems;
}

/** Publishing is refused with every problem named, so the educator can mend them all at once. */
export function publishRefusal(problems: readonly string[]): string {
  return `O curso não pode ser publicado: ${problems.join('; ')}.`;
}

/**
 * What ADD answers when it was asked to publish a course that cannot be published yet: the course is
 * kept as a draft (the spec accepts incomplete lectures on ADD), with every reason named.
 */
export function keptAsDraftMessage(problems: readonly string[]): string {
  return `Curso salvo como rascunho, ainda não publicado: ${problems.join('; ')}. Complete-o e publique-o em My Courses.`;
}
