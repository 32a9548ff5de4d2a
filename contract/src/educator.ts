import { z } from 'zod';
import { publicPersonSchema } from './common';
import { chapterSchema, courseCategorySchema, courseLevelSchema } from './courses';
import { COURSE_STATUSES, NEW_COURSE_STATUSES } from './rules/course-status';
import { LECTURE_DURATION_MAX_MINUTES } from './rules/duration';
import { INCOMPLETE_LECTURES_NAMED, LECTURE_PROBLEMS } from './rules/incomplete-lectures';
import { formatDecimal } from './rules/currency';
import { COURSE_PRICE_MAX } from './rules/pricing';
import { GUARANTEE_DAYS_MAX, GUARANTEE_DAYS_MIN } from './rules/guarantee';
import { quizInputSchema, quizSchema } from './quizzes';
import { textSchema } from './text-schemas';

export const LECTURE_URL_MESSAGE = 'O URL da aula deve começar por http:// ou https://';
export const LECTURE_VIDEO_OR_URL =
  'Uma aula tem um vídeo enviado ou um link do YouTube, não os dois';
export const LECTURE_DURATION_MESSAGE = `A duração da aula deve ser no máximo ${LECTURE_DURATION_MAX_MINUTES} minutos (24 horas)`;

/** '' is allowed because the spec accepts empty lecture fields; otherwise only web links. */
const lectureUrlSchema = textSchema({ field: 'O URL da aula', typeError: LECTURE_URL_MESSAGE })
  .max(2000, 'O URL da aula deve ter no máximo 2000 caracteres')
  .refine((url) => url === '' || /^https?:\/\/\S+$/i.test(url), LECTURE_URL_MESSAGE);

/** A lecture as the add-course form sends it; lectureOrder is ignored because the server assigns it. */
export const lectureInputSchema = z
  .object({
    lectureId: textSchema({ field: 'O identificador da aula' })
      .max(100, 'Identificador de aula inválido')
      .optional(),
    lectureTitle: textSchema({
      field: 'O título da aula',
      typeError: 'Título de aula inválido',
    }).max(200, 'O título da aula deve ter no máximo 200 caracteres'),
    // Minutes. z.number() already refuses NaN, infinities and numeric strings; the bound keeps the
    // course's total finite and readable (two lectures of 1e308 minutes add up to 'Infinity horas').
    lectureDuration: z
      .number({ error: 'A duração da aula deve ser um número' })
      .min(0, 'A duração da aula não pode ser negativa')
      .max(LECTURE_DURATION_MAX_MINUTES, LECTURE_DURATION_MESSAGE)
      .default(0),
    lectureUrl: lectureUrlSchema,
    /** An uploaded video of the educator's; a lecture has it or a lectureUrl, never both. */
    videoId: z.uuid({ error: 'Vídeo inválido' }).optional(),
    isPreviewFree: z.boolean({ error: 'Valor de pré-visualização inválido' }).default(false),
  })
  .refine((lecture) => !(lecture.videoId && lecture.lectureUrl !== ''), {
    message: LECTURE_VIDEO_OR_URL,
    path: ['videoId'],
  });
export type LectureInput = z.input<typeof lectureInputSchema>;
export type ParsedLectureInput = z.infer<typeof lectureInputSchema>;

/** A chapter as the form sends it; chapterOrder and collapsed are dropped (server order, UI-only flag). */
export const chapterInputSchema = z.object({
  chapterId: textSchema({ field: 'O identificador do capítulo' })
    .max(100, 'Identificador de capítulo inválido')
    .optional(),
  chapterTitle: textSchema({
    field: 'O título do capítulo',
    typeError: 'Título de capítulo inválido',
  }).max(200, 'O título do capítulo deve ter no máximo 200 caracteres'),
  chapterContent: z.array(lectureInputSchema).max(200, 'Um capítulo pode ter no máximo 200 aulas'),
  /** The quiz that ends the chapter; absent or null: none. */
  quiz: quizInputSchema.nullable().optional(),
});
/** What callers may pass in (defaults not yet applied); parsed values fit it too. */
export type ChapterInput = z.input<typeof chapterInputSchema>;
export type ParsedChapterInput = z.infer<typeof chapterInputSchema>;

const PRICE_MESSAGE = 'Preço inválido';
export const PRICE_MAX_MESSAGE = `O preço deve ser no máximo ${formatDecimal(COURSE_PRICE_MAX, { cents: false })}`;
const DISCOUNT_MESSAGE = 'O desconto deve estar entre 0 e 100';
const DISCOUNT_ENDS_MESSAGE = 'Informe uma data e hora válidas para o fim do desconto';
export const DISCOUNT_ENDS_PAST = 'A data de término do desconto já passou';
const WATERMARK_MESSAGE = "A marca d'água deve ser ligada ou desligada (true ou false)";
const GUARANTEE_MESSAGE = `A garantia deve ser de ${GUARANTEE_DAYS_MIN} a ${GUARANTEE_DAYS_MAX} dias`;

/** At most two decimals: a price must be a whole number of cents. */
function hasWholeCents(amount: number): boolean {
  return Math.abs(Math.round(amount * 100) - amount * 100) < 1e-6;
}

export const addCourseDataSchema = z.object({
  courseTitle: textSchema({
    field: 'O título do curso',
    typeError: 'O título do curso é obrigatório',
    trim: true,
  })
    .min(1, 'O título do curso é obrigatório')
    .max(200, 'O título do curso deve ter no máximo 200 caracteres'),
  courseDescription: textSchema({
    field: 'A descrição',
    typeError: 'Descrição inválida',
    multiline: true,
  })
    .max(100_000, 'A descrição deve ter no máximo 100000 caracteres')
    .default(''),
  coursePrice: z
    .number({ error: PRICE_MESSAGE })
    .min(0, PRICE_MESSAGE)
    .max(COURSE_PRICE_MAX, PRICE_MAX_MESSAGE)
    .refine(hasWholeCents, PRICE_MESSAGE),
  // A whole percent: the column is an integer, and the form's number input steps by 1.
  discount: z
    .number({ error: DISCOUNT_MESSAGE })
    .int(DISCOUNT_MESSAGE)
    .min(0, DISCOUNT_MESSAGE)
    .max(100, DISCOUNT_MESSAGE),
  // Optional, as the spec's form has no such field: a discount without an end date never says
  // 'Faltam N dias'. Must lie ahead when saved (the service checks it against its clock).
  discountEndsAt: textSchema({ field: 'A data de término do desconto', trim: true })
    .pipe(z.iso.datetime({ offset: true, error: DISCOUNT_ENDS_MESSAGE }))
    .nullable()
    .optional(),
  // Optional so the spec's form keeps working: a new course gets the default, an edit keeps its own.
  guaranteeDays: z
    .number({ error: GUARANTEE_MESSAGE })
    .int(GUARANTEE_MESSAGE)
    .min(GUARANTEE_DAYS_MIN, GUARANTEE_MESSAGE)
    .max(GUARANTEE_DAYS_MAX, GUARANTEE_MESSAGE)
    .optional(),
  // Optional so the spec's form keeps working: a new course starts without, an edit keeps its own.
  watermark: z.boolean({ error: WATERMARK_MESSAGE }).optional(),
  courseContent: z
    .array(chapterInputSchema)
    .max(100, 'Um curso pode ter no máximo 100 capítulos')
    .default([]),
  // Optional so the spec's form, which has neither, keeps working.
  category: courseCategorySchema.optional(),
  level: courseLevelSchema.optional(),
  // ADD publishes at once, as the spec's form always did; 'Salvar rascunho' sends 'draft'.
  status: z.enum(NEW_COURSE_STATUSES, { error: 'Estado do curso inválido' }).default('published'),
});
export type AddCourseData = z.infer<typeof addCourseDataSchema>;
export type AddCourseDataInput = z.input<typeof addCourseDataSchema>;

/**
 * PUT /api/educator/course/:id's courseData: the add-course fields; the status changes only
 * through publish and unpublish, so one sent here is ignored.
 */
export const updateCourseDataSchema = addCourseDataSchema.omit({ status: true });
export type UpdateCourseDataInput = z.input<typeof updateCourseDataSchema>;

export const courseStatusSchema = z.enum(COURSE_STATUSES);

export const dashboardResponseSchema = z.object({
  success: z.literal(true),
  dashboardData: z.object({
    totalCourses: z.number().int().min(0),
    /** Every enrollment in the educator's courses; enrolledStudentsData holds only the latest few. */
    totalEnrollments: z.number().int().min(0),
    totalEarnings: z.number(),
    /**
     * Payments given back (or being given back) because the buyer already had the course; they
     * never count in totalEarnings.
     */
    refunds: z.object({ count: z.number().int().min(0), amount: z.number().min(0) }),
    /**
     * From the ledger of money movements: gross = what buyers paid for every sale (after coupons),
     * platformFee = the platform's share of it (PLATFORM_FEE_PERCENT), refunded = the educator's net
     * given back through refunds; available = net of sales whose guarantee has ended, pending = net
     * of sales still refundable. gross − platformFee − refunded = available + pending = totalEarnings.
     */
    balance: z.object({
      gross: z.number().min(0),
      platformFee: z.number().min(0),
      available: z.number().min(0),
      pending: z.number().min(0),
      refunded: z.number().min(0),
    }),
    /** Vouchers issued and not yet paid: never counted as earnings until the money arrives. */
    awaitingPayment: z.object({ count: z.number().int().min(0), amount: z.number().min(0) }),
    enrolledStudentsData: z.array(
      z.object({ courseTitle: z.string(), student: publicPersonSchema }),
    ),
  }),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
export type DashboardData = DashboardResponse['dashboardData'];

export const educatorCourseSchema = z.object({
  _id: z.string(),
  courseTitle: z.string(),
  courseThumbnail: z.string(),
  coursePrice: z.number(),
  discount: z.number(),
  studentCount: z.number().int().min(0),
  earnings: z.number(),
  createdAt: z.string(),
  status: courseStatusSchema,
  /** Lectures without a title or a playable video (rules/incomplete-lectures), the first few named. */
  incompleteLectures: z.object({
    count: z.number().int().min(0),
    lectures: z
      .array(
        z.object({
          chapter: z.number().int().min(1),
          lecture: z.number().int().min(1),
          problems: z.array(z.enum(LECTURE_PROBLEMS)).min(1),
        }),
      )
      .max(INCOMPLETE_LECTURES_NAMED),
  }),
});
export type EducatorCourse = z.infer<typeof educatorCourseSchema>;

export const educatorCoursesResponseSchema = z.object({
  success: z.literal(true),
  courses: z.array(educatorCourseSchema),
});
export type EducatorCoursesResponse = z.infer<typeof educatorCoursesResponseSchema>;

export const enrolledStudentSchema = z.object({
  student: publicPersonSchema,
  courseTitle: z.string(),
  purchaseDate: z.string(),
});
export type EnrolledStudent = z.infer<typeof enrolledStudentSchema>;

/** How many enrollments one page of the students list holds; 'Ver mais' reads the next. */
export const ENROLLED_STUDENTS_PAGE_SIZE = 50;

/**
 * Where a page of the students list goes on from: the last enrollment of the page before, in the
 * list's order (newest first, then the course id, then the learner id, all descending). The time is
 * in microseconds since 1970, as the database keeps it, so two enrollments of the same millisecond
 * are never skipped nor shown twice.
 */
export interface StudentsCursor {
  micros: string;
  courseId: string;
  userId: string;
}

const STUDENTS_CURSOR =
  /^(\d{1,17})~([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})~(.{1,200})$/;

/** The cursor as the answer's `next` carries it and `?before=` gives it back. */
export function studentsCursorText(cursor: StudentsCursor): string {
  return `${cursor.micros}~${cursor.courseId}~${cursor.userId}`;
}

export const enrolledStudentsQuerySchema = z.object({
  before: textSchema({ field: 'A página de alunos', typeError: 'Página de alunos inválida' })
    .regex(STUDENTS_CURSOR, 'Página de alunos inválida')
    .transform((text): StudentsCursor => {
      const [, micros, courseId, userId] = STUDENTS_CURSOR.exec(text)!;
      return { micros: micros!, courseId: courseId!, userId: userId! };
    })
    .optional(),
});

export const enrolledStudentsResponseSchema = z.object({
  success: z.literal(true),
  /** One page, newest first. */
  enrolledStudents: z.array(enrolledStudentSchema),
  /** Every enrollment in the educator's courses. */
  total: z.number().int().min(0),
  /** `?before=` for the next page; null on the last. */
  next: z.string().nullable(),
});
export type EnrolledStudentsResponse = z.infer<typeof enrolledStudentsResponseSchema>;

/** The owner's whole course as the edit page needs it: every lecture link, the stored ids. */
export const educatorCourseDetailSchema = z.object({
  _id: z.string(),
  courseTitle: z.string(),
  courseDescription: z.string(),
  courseThumbnail: z.string(),
  coursePrice: z.number(),
  discount: z.number(),
  discountEndsAt: z.string().nullable(),
  guaranteeDays: z.number().int(),
  /** The learner's name and e-mail over the video. */
  watermark: z.boolean(),
  /** Each chapter's quiz in full: correct flags, explanations and its version. */
  courseContent: z.array(
    chapterSchema.extend({
      quiz: quizSchema.extend({ questionCount: z.number().int().min(0) }).optional(),
    }),
  ),
  category: courseCategorySchema.nullable(),
  level: courseLevelSchema.nullable(),
  status: courseStatusSchema,
  studentCount: z.number().int().min(0),
  createdAt: z.string(),
});
export type EducatorCourseDetail = z.infer<typeof educatorCourseDetailSchema>;

export const educatorCourseDetailResponseSchema = z.object({
  success: z.literal(true),
  courseData: educatorCourseDetailSchema,
});
export type EducatorCourseDetailResponse = z.infer<typeof educatorCourseDetailResponseSchema>;

/** What edit, publish and unpublish answer: the course's status after the change. */
export const courseChangeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  courseId: z.string(),
  status: courseStatusSchema,
});
export type CourseChangeResponse = z.infer<typeof courseChangeResponseSchema>;

/** The dashboard's trends cover the last 30 or 90 days. */
export const ANALYTICS_PERIODS = [30, 90] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

export const analyticsQuerySchema = z.object({
  days: z
    .enum(['30', '90'], { error: 'O período deve ser 30 ou 90 dias' })
    .default('30')
    .transform((days): AnalyticsPeriod => (days === '90' ? 90 : 30)),
});

export const analyticsSchema = z.object({
  /** One entry per day, oldest first, days without enrollments included as zeros. */
  series: z.array(
    z.object({
      /** YYYY-MM-DD, UTC. */
      date: z.string(),
      enrollments: z.number().int().min(0),
      /** Purchases completed that day and not refunded since, in the course currency. */
      earnings: z.number().min(0),
    }),
  ),
  /** The educator's courses with the most learners (at most 50, a bounded answer), most first. */
  courses: z.array(
    z.object({
      courseId: z.string(),
      courseTitle: z.string(),
      /** Percent (0..100, floored) of the course's learners who completed every lecture. */
      completionRate: z.number().int().min(0).max(100),
      /**
       * The lecture most learners stopped at: the first one not completed by the most learners
       * who started but did not finish; null when nobody stopped anywhere.
       */
      dropOffLecture: z
        .object({ lectureId: z.string(), lectureTitle: z.string(), learners: z.number().int() })
        .nullable(),
    }),
  ),
});
export type Analytics = z.infer<typeof analyticsSchema>;

export const analyticsResponseSchema = z.object({
  success: z.literal(true),
  analytics: analyticsSchema,
});
export type AnalyticsResponse = z.infer<typeof analyticsResponseSchema>;
