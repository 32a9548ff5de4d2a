import { describe, expect, it } from 'vitest';
import {
  addChapter,
  addLecture,
  removeChapter,
  removeLecture,
  toggleChapter,
  type ChapterDraft,
  type NewLecture,
} from './course-draft';

function sequentialIds(): () => string {
  let next = 0;
  return () => `id-${++next}`;
}

const lecture: NewLecture = {
  lectureTitle: 'Variáveis',
  lectureDuration: 12,
  lectureUrl: 'https://youtu.be/abc',
  isPreviewFree: true,
};

describe('course draft', () => {
  it('when chapters are added, then each gets a fresh id, is expanded and is ordered last + 1 from 1', () => {
    const newId = sequentialIds();
    const chapters = addChapter(addChapter([], 'Introdução', newId), 'Funções', newId);
    expect(chapters).toEqual([
      {
        chapterId: 'id-1',
        chapterTitle: 'Introdução',
        chapterOrder: 1,
        collapsed: false,
        chapterContent: [],
      },
      {
        chapterId: 'id-2',
        chapterTitle: 'Funções',
        chapterOrder: 2,
        collapsed: false,
        chapterContent: [],
      },
    ]);
  });

  it('when the middle chapter was removed, then the next one still follows the last order', () => {
    const newId = sequentialIds();
    let chapters = addChapter(addChapter(addChapter([], 'A', newId), 'B', newId), 'C', newId);
    chapters = removeChapter(chapters, 'id-2');
    expect(chapters.map((chapter) => chapter.chapterTitle)).toEqual(['A', 'C']);
    chapters = addChapter(chapters, 'D', newId);
    expect(chapters.map((chapter) => chapter.chapterOrder)).toEqual([1, 3, 4]);
  });

  it('when no id generator is given, then the browser makes unique UUIDs', () => {
    const chapters = addChapter(addChapter([], 'A'), 'B');
    expect(chapters[0].chapterId).toMatch(/^[0-9a-f-]{36}$/);
    expect(chapters[0].chapterId).not.toBe(chapters[1].chapterId);
  });

  it('when a chapter is toggled, then only that chapter collapses, and toggling again expands it', () => {
    const newId = sequentialIds();
    const chapters = addChapter(addChapter([], 'A', newId), 'B', newId);
    const collapsed = toggleChapter(chapters, 'id-1');
    expect(collapsed.map((chapter) => chapter.collapsed)).toEqual([true, false]);
    expect(toggleChapter(collapsed, 'id-1').map((chapter) => chapter.collapsed)).toEqual([
      false,
      false,
    ]);
  });

  it('when lectures are added to a chapter, then they get ids and orders 1, 2 in that chapter only', () => {
    const newId = sequentialIds();
    let chapters: ChapterDraft[] = addChapter(addChapter([], 'A', newId), 'B', newId);
    chapters = addLecture(chapters, 'id-2', lecture, newId);
    chapters = addLecture(chapters, 'id-2', { ...lecture, isPreviewFree: false }, newId);
    expect(chapters[0].chapterContent).toEqual([]);
    expect(chapters[1].chapterContent).toEqual([
      { ...lecture, lectureId: 'id-3', lectureOrder: 1 },
      { ...lecture, isPreviewFree: false, lectureId: 'id-4', lectureOrder: 2 },
    ]);
  });

  it('when a lecture is removed, then only that lecture of that chapter goes', () => {
    const newId = sequentialIds();
    let chapters = addChapter([], 'A', newId);
    chapters = addLecture(chapters, 'id-1', lecture, newId);
    chapters = addLecture(chapters, 'id-1', { ...lecture, lectureTitle: 'Laços' }, newId);
    chapters = removeLecture(chapters, 'id-1', 'id-2');
    expect(chapters[0].chapterContent.map((item) => item.lectureTitle)).toEqual(['Laços']);
  });
});
