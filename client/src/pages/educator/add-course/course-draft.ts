/** A lecture as the chapter builder holds it (spec §3 'Lecture'); ids are made here, in the browser. */
export type LectureDraft = {
  lectureId: string;
  lectureTitle: string;
  /** Minutes. */
  lectureDuration: number;
  lectureUrl: string;
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
};

export type NewLecture = Omit<LectureDraft, 'lectureId' | 'lectureOrder'>;

export type NewId = () => string;

const browserId: NewId = () => crypto.randomUUID();

/** Spec §3: a new chapter's order is the last chapter's + 1, starting at 1. */
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

/** Spec §3: a new lecture's order is the chapter's last lecture's + 1, starting at 1. */
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
