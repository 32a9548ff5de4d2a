/** Limits and windows of a course's questions and answers, shared by the server and the player. */

export const QUESTION_TITLE_MAX_LENGTH = 200;
export const POST_BODY_MAX_LENGTH = 10_000;
export const HIDE_NOTE_MAX_LENGTH = 500;
export const REPORT_REASON_MAX_LENGTH = 500;
export const NOTE_TEXT_MAX_LENGTH = 2_000;
export const QUESTIONS_PAGE_SIZE = 20;
/** The educator's reported posts, per page of 'Denúncias'. */
export const REPORTS_PAGE_SIZE = 20;
/** Of a post's reports, the newest reasons given are listed beside it; the count says how many in all. */
export const REPORT_REASONS_LISTED = 10;
export const NOTIFICATIONS_LISTED = 30;

/** An author may change or take back what they wrote for this long, before others rely on it. */
export const EDIT_WINDOW_MS = 30 * 60_000;

/** What a learner can report and the educator moderate. */
export const POST_KINDS = ['question', 'answer'] as const;
export type PostKind = (typeof POST_KINDS)[number];

export const QUESTION_SORTS = ['recent', 'top', 'unanswered'] as const;
export type QuestionSort = (typeof QUESTION_SORTS)[number];

/** The player's tab labels, in the order shown. */
export const QUESTION_SORT_LABELS: Record<QuestionSort, string> = {
  recent: 'Recentes',
  top: 'Mais votadas',
  unanswered: 'Sem resposta',
};

/** Whether a post written at `createdAt` may still be edited or deleted by its author at `now`. */
export function withinEditWindow(createdAt: Date | string, now: Date = new Date()): boolean {
  const written = typeof createdAt === 'string' ? Date.parse(createdAt) : createdAt.getTime();
  return now.getTime() - written <= EDIT_WINDOW_MS;
}

/** '12:34' or '1:02:03': how a video second is written on a note's button. */
export function formatVideoSecond(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}
