// Kept apart from the schemas so the player and the course page read them without loading zod.
export const REVIEW_MAX_LENGTH = 2000;
export const REPLY_MAX_LENGTH = 2000;
/** Written reviews per page on the course page. */
export const REVIEWS_PAGE_SIZE = 10;
