// The suggestion limits, kept apart from the zod schemas so the search box (on every page's first
// paint) does not load zod.

/** Suggestions start once this many characters are typed (spaces aside). */
export const SUGGEST_MIN_LENGTH = 2;
export const SUGGEST_MAX_COURSES = 5;
export const SUGGEST_MAX_EDUCATORS = 3;
