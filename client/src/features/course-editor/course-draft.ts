import type { QuizInput } from '@aprendiz/contract/quizzes';

/** A lecture as the chapter builder holds it; ids are made here, in the browser. */
export type LectureDraft = {
  lectureId: string;
  lectureTitle: string;
  /** Minutes. */
  lectureDuration: number;
  lectureUrl: string;
  /** An uploaded video instead of the YouTube link. */
  videoId?: string | undefined;
  isPreviewFree: boolean;
  lectureOrder: number;
};

/** A chapter as the builder holds it; `collapsed` is interface state only and is not sent. */
export type ChapterDraft = {
  chapterId: string;
  chapterTitle: string;
  chapterOrder: number;
  collapsed: boolean;
  chapterContent: LectureDraft[];
  /** The quiz that ends the chapter, as the educator's calls send it. */
  quiz?: QuizInput | null;
};

export type NewLecture = Omit<LectureDraft, 'lectureId' | 'lectureOrder'>;

export type NewId = () => string;

const browserId: NewId = () => crypto.randomUUID();

/** A new chapter's order is the last chapter's + 1, starting at 1. */
export function addChapter(
  chapters: ChapterDraft[],
  chapterTitle: string,
  newId: NewId = browserId,
): ChapterDraft[] {
  const last = chapters[chapters.length - 1];
  return [
    ...chapters,
    {
      chapterId: newId(),
      chapterTitle,
      chapterOrder: last ? last.chapterOrder + 1 : 1,
      collapsed: false,
      chapterContent: [],
    },
  ];
}

export function removeChapter(chapters: ChapterDraft[], chapterId: string): ChapterDraft[] {
  return chapters.filter((chapter) => chapter.chapterId !== chapterId);
}

export function toggleChapter(chapters: ChapterDraft[], chapterId: string): ChapterDraft[] {
  return chapters.map((chapter) =>
    chapter.chapterId === chapterId ? { ...chapter, collapsed: !chapter.collapsed } : chapter,
  );
}

/** A new lecture's order is the chapter's last lecture's + 1, starting at 1. */
export function addLecture(
  chapters: ChapterDraft[],
  chapterId: string,
  lecture: NewLecture,
  newId: NewId = browserId,
): ChapterDraft[] {
  return chapters.map((chapter) => {
    if (chapter.chapterId !== chapterId) return chapter;
    const last = chapter.chapterContent[chapter.chapterContent.length - 1];
    return {
      ...chapter,
      chapterContent: [
        ...chapter.chapterContent,
        { ...lecture, lectureId: newId(), lectureOrder: last ? last.lectureOrder + 1 : 1 },
      ],
    };
  });
}

export function removeLecture(
  chapters: ChapterDraft[],
  chapterId: string,
  lectureId: string,
): ChapterDraft[] {
  return chapters.map((chapter) =>
    chapter.chapterId === chapterId
      ? {
          ...chapter,
          chapterContent: chapter.chapterContent.filter(
            (lecture) => lecture.lectureId !== lectureId,
          ),
        }
      : chapter,
  );
}

/** Moves an item one place up (-1) or down (+1); at either end the list is left as it is. */
function moveItem<T>(items: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (index < 0 || target < 0 || target >= items.length) return [...items];
  const moved = [...items];
  [moved[index], moved[target]] = [moved[target]!, moved[index]!];
  return moved;
}

/** Orders follow positions again after a move (the server renumbers them too). */
function renumberLectures(lectures: LectureDraft[]): LectureDraft[] {
  return lectures.map((lecture, index) => ({ ...lecture, lectureOrder: index + 1 }));
}

export function moveChapter(
  chapters: ChapterDraft[],
  chapterId: string,
  delta: -1 | 1,
): ChapterDraft[] {
  const index = chapters.findIndex((chapter) => chapter.chapterId === chapterId);
  return moveItem(chapters, index, delta).map((chapter, position) => ({
    ...chapter,
    chapterOrder: position + 1,
  }));
}

export function moveLecture(
  chapters: ChapterDraft[],
  chapterId: string,
  lectureId: string,
  delta: -1 | 1,
): ChapterDraft[] {
  return chapters.map((chapter) => {
    if (chapter.chapterId !== chapterId) return chapter;
    const index = chapter.chapterContent.findIndex((lecture) => lecture.lectureId === lectureId);
    return {
      ...chapter,
      chapterContent: renumberLectures(moveItem(chapter.chapterContent, index, delta)),
    };
  });
}

export function renameChapter(
  chapters: ChapterDraft[],
  chapterId: string,
  chapterTitle: string,
): ChapterDraft[] {
  return chapters.map((chapter) =>
    chapter.chapterId === chapterId ? { ...chapter, chapterTitle } : chapter,
  );
}

/** Replaces a lecture's fields and keeps its id, so learners keep their progress in it. */
export function updateLecture(
  chapters: ChapterDraft[],
  chapterId: string,
  lectureId: string,
  fields: NewLecture,
): ChapterDraft[] {
  return chapters.map((chapter) =>
    chapter.chapterId === chapterId
      ? {
          ...chapter,
          chapterContent: chapter.chapterContent.map((lecture) =>
            lecture.lectureId === lectureId ? { ...lecture, ...fields } : lecture,
          ),
        }
      : chapter,
  );
}

/** A stored course's content as the builder holds it, every chapter open, ids kept. */
export function draftFromContent(
  content: readonly {
    chapterId: string;
    chapterTitle: string;
    chapterOrder: number;
    chapterContent: readonly LectureDraft[];
    quiz?: QuizInput | null;
  }[],
): ChapterDraft[] {
  return content.map((chapter) => ({
    chapterId: chapter.chapterId,
    chapterTitle: chapter.chapterTitle,
    chapterOrder: chapter.chapterOrder,
    collapsed: false,
    chapterContent: chapter.chapterContent.map((lecture) => ({ ...lecture })),
    ...(chapter.quiz ? { quiz: chapter.quiz } : {}),
  }));
}

export function setChapterQuiz(
  chapters: ChapterDraft[],
  chapterId: string,
  quiz: QuizInput | null,
): ChapterDraft[] {
  return chapters.map((chapter) =>
    chapter.chapterId === chapterId ? { ...chapter, quiz } : chapter,
  );
}
