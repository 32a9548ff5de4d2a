// The quiz's numbers, apart from its schemas: the course page (the chapter list's quiz headings)
// reads them without loading zod on a public page's critical path.
export const QUIZ_PASS_PERCENT_DEFAULT = 70;
export const QUIZ_MAX_ATTEMPTS_LIMIT = 10;
export const QUIZ_QUESTIONS_MAX = 50;
export const QUIZ_OPTIONS_MAX = 10;
