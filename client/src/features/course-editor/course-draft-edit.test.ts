import { describe, expect, it } from 'vitest';
import {
  addChapter,
  addLecture,
  draftFromContent,
  moveChapter,
  moveLecture,
  renameChapter,
  updateLecture,
  type ChapterDraft,
} from './course-draft';

let counter = 0;
const newId = () => `id-${++counter}`;
const lecture = { lectureTitle: 'A', lectureDuration: 5, lectureUrl: '', isPreviewFree: false };

function twoChapters(): ChapterDraft[] {
  counter = 0;
  let chapters = addChapter([], 'Um', newId);
  chapters = addChapter(chapters, 'Dois', newId);
  chapters = addLecture(chapters, 'id-1', { ...lecture, lectureTitle: 'A' }, newId);
  chapters = addLecture(chapters, 'id-1', { ...lecture, lectureTitle: 'B' }, newId);
  return chapters;
}

describe('editing a course draft', () => {
  it('when a chapter moves down or up, then the order follows and the ends stay put', () => {
    const chapters = twoChapters();
    const down = moveChapter(chapters, 'id-1', 1);
    expect(down.map((c) => [c.chapterTitle, c.chapterOrder])).toEqual([
      ['Dois', 1],
      ['Um', 2],
    ]);
    expect(moveChapter(chapters, 'id-1', -1).map((c) => c.chapterTitle)).toEqual(['Um', 'Dois']);
    expect(moveChapter(chapters, 'id-2', 1).map((c) => c.chapterTitle)).toEqual(['Um', 'Dois']);
  });

  it('when a lecture moves, then it swaps with its neighbour, keeps its id and orders are renumbered', () => {
    const moved = moveLecture(twoChapters(), 'id-1', 'id-4', -1)[0]!.chapterContent;
    expect(moved.map((l) => [l.lectureId, l.lectureTitle, l.lectureOrder])).toEqual([
      ['id-4', 'B', 1],
      ['id-3', 'A', 2],
    ]);
  });

  it('when a lecture is edited or a chapter renamed, then only that item changes and ids stay', () => {
    const edited = updateLecture(twoChapters(), 'id-1', 'id-3', {
      ...lecture,
      lectureTitle: 'Nova',
      lectureDuration: 9,
    });
    expect(edited[0]!.chapterContent[0]).toMatchObject({
      lectureId: 'id-3',
      lectureTitle: 'Nova',
      lectureDuration: 9,
      lectureOrder: 1,
    });
    expect(edited[0]!.chapterContent[1]!.lectureTitle).toBe('B');
    expect(renameChapter(edited, 'id-2', 'Fim').map((c) => c.chapterTitle)).toEqual(['Um', 'Fim']);
  });

  it('when a stored course is opened for editing, then its chapters are open and their ids kept', () => {
    const stored = twoChapters().map(({ collapsed: _collapsed, ...chapter }) => chapter);
    const draft = draftFromContent(stored);
    expect(draft.every((c) => !c.collapsed)).toBe(true);
    expect(draft[0]!.chapterContent.map((l) => l.lectureId)).toEqual(['id-3', 'id-4']);
  });
});
