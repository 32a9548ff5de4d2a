/** The search box's field: `/course-list?q=term` (the form sent before hydration) redirects to
 * `/course-list/term`. */
export const SEARCH_PARAM = 'q';

/**
 * The course list's address keeps how many courses it shows (`/course-list?mostrar=48` after one
 * 'Ver mais'), so Back from a course returns to the same list at the same place.
 */
export const SHOWN_PARAM = 'mostrar';

/** Every client route in one place, so links and the router cannot drift apart. */
export const paths = {
  home: '/',
  courseList: (query?: string) =>
    query === undefined || query === ''
      ? '/course-list'
      : `/course-list/${encodeURIComponent(query)}`,
  course: (id: string) => `/course/${encodeURIComponent(id)}`,
  myEnrollments: '/my-enrollments',
  player: (courseId: string) => `/player/${encodeURIComponent(courseId)}`,
  /** A chapter's quiz, open in the player in place of the lecture. */
  playerQuiz: (courseId: string, quizId: string) =>
    `/player/${encodeURIComponent(courseId)}/quiz/${encodeURIComponent(quizId)}`,
  /** `path` is where the loading screen goes next, without its leading slash (e.g. 'my-enrollments'). */
  loading: (path: string) => `/loading/${path.replace(/^\/+/, '')}`,
  checkout: (purchaseId: string) => `/checkout/${encodeURIComponent(purchaseId)}`,
  payment: (purchaseId: string) => `/payment/${encodeURIComponent(purchaseId)}`,
  privacy: '/privacy-policy',
  contact: '/contact',
  jobs: '/job-list',
  mentors: '/mentors-list',
  profile: '/profile',
  resetPassword: '/reset-password',
  /** Where the mailed confirmation link lands, with `?token=`. */
  verifyEmail: '/verify-email',
  educator: '/educator',
  /** The operators' console (admin and support). */
  admin: '/admin',
  adminPeople: '/admin/people',
  adminPerson: (id: string) => `/admin/people/${encodeURIComponent(id)}`,
  adminCourses: '/admin/courses',
  adminApplications: '/admin/applications',
  adminMoney: '/admin/money',
  adminPayouts: '/admin/payouts',
  adminPrivacy: '/admin/privacy',
  adminModeration: '/admin/moderation',
  adminJobs: '/admin/jobs',
  adminAudit: '/admin/audit',
  educatorAddCourse: '/educator/add-course',
  educatorMyCourses: '/educator/my-courses',
  educatorStudents: '/educator/student-enrolled',
  educatorQuestions: '/educator/questions',
  educatorPayouts: '/educator/payouts',
  educatorEditCourse: (id: string) => `/educator/course/${encodeURIComponent(id)}/edit`,
  educatorCoupons: (id: string) => `/educator/course/${encodeURIComponent(id)}/coupons`,
  /** The player as the course's own educator sees it: nothing they do there is recorded. */
  coursePreview: (id: string) => `/educator/course/${encodeURIComponent(id)}/preview`,
  /** Attempts, pass rate, average score and most missed questions of each quiz of the course. */
  courseQuizStats: (id: string) => `/educator/course/${encodeURIComponent(id)}/quizzes`,
} as const;
