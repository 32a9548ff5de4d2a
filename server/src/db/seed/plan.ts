import { createHash } from 'node:crypto';
import type { Chapter } from '@aprendiz/contract/courses';
import { discountedPrice } from '@aprendiz/contract/rules/pricing';
import type { NewCourseRow } from '../schema/courses';
import type { NewUserRow } from '../schema/users';
import type { enrollments } from '../schema/enrollments';
import type { lectureProgress } from '../schema/lecture-progress';
import type { purchases } from '../schema/purchases';
import type { ratings } from '../schema/ratings';
import {
  DEMO_EDUCATOR_COURSES,
  DEMO_STUDENT_COURSES,
  SEED_CATEGORIES,
  SEED_COURSES,
  SEED_EDUCATORS,
  SEED_STUDENT_NAMES,
  type EducatorKey,
  type SeedCourse,
} from './catalogue';
import { createRandom, type Random } from './random';

export const DEMO_STUDENT = {
  id: 'usr_demo_student',
  name: 'Aluno Demo',
  email: 'aluno@aprendiz.dev',
} as const;
export const DEMO_EDUCATOR = {
  id: 'usr_demo_educator',
  name: 'Educadora Demo',
  email: 'educador@aprendiz.dev',
} as const;

const PRNG_SEED = 20_241_122;
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
/** Courses younger than this have just been published and nobody has found them yet. */
const JUST_PUBLISHED_DAYS = 10;
const MAX_STUDENTS_PER_COURSE = 30;
const RATING_PROBABILITY = 0.55;
/** Lectures the demo student has already completed, per enrolled course, so progress bars show. */
const DEMO_PROGRESS = [5, 3];

export interface SeedPlan {
  users: NewUserRow[];
  courses: NewCourseRow[];
  enrollments: (typeof enrollments.$inferInsert)[];
  ratings: (typeof ratings.$inferInsert)[];
  purchases: (typeof purchases.$inferInsert)[];
  lectureProgress: (typeof lectureProgress.$inferInsert)[];
}

export interface PlanOptions {
  now: Date;
  demoAccounts: boolean;
  currency: string;
  /** Password hashes of the demo accounts; required when demoAccounts is true. */
  demoPasswordHashes?: { student: string; educator: string };
}

export function slugify(text: string, separator = '-'): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, separator)
    .replace(new RegExp(`^\\${separator}+|\\${separator}+$`, 'g'), '');
}

/** A stable uuid per slug, so a re-seeded database keeps the same course URLs. */
export function seedUuid(name: string): string {
  const hex = createHash('sha256').update(`aprendiz-seed:${name}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export const thumbnailFileName = (slug: string): string => `seed-${slug}.webp`;
export const avatarFileName = (key: string): string => `seed-avatar-${key}.webp`;

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** The markup Quill produces for headings, paragraphs, bullet lists and bold text. */
export function courseDescriptionHtml(course: SeedCourse): string {
  const outcomes = course.outcomes.map((item) => `<li>${escapeHtml(item)}</li>`).join('');
  // No opening heading: the course page puts its own 'Descrição do curso' above the description.
  return [
    `<p>${escapeHtml(course.summary)}</p>`,
    // The summary paragraph leads the page; the description below opens with this one (courseIntro).
    `<p><strong>Para quem é:</strong> ${escapeHtml(course.audience)}</p>`,
    '<h2>O que você vai aprender</h2>',
    `<ul>${outcomes}</ul>`,
  ].join('');
}

function courseContent(course: SeedCourse, random: Random): Chapter[] {
  const videoIds = SEED_CATEGORIES[course.category].videoIds;
  return course.chapters.map(([chapterTitle, lectures], c) => ({
    chapterId: `${course.slug}-c${c + 1}`,
    chapterTitle,
    chapterOrder: c + 1,
    chapterContent: lectures.map((lectureTitle, l) => ({
      lectureId: `${course.slug}-c${c + 1}-l${l + 1}`,
      lectureTitle,
      lectureDuration: random.int(5, 45),
      lectureUrl: `https://youtu.be/${random.pick(videoIds)}`,
      isPreviewFree: !course.noFreePreview && c === 0 && l === 0,
      lectureOrder: l + 1,
    })),
  }));
}

/** A time between from and to, never in the last hour so nothing looks like it happened "now". */
function between(random: Random, from: Date, to: Date): Date {
  const span = Math.max(0, to.getTime() - from.getTime() - HOUR);
  return new Date(from.getTime() + Math.floor(random.next() * span));
}

function seededPerson(
  name: string,
  role: 'student' | 'educator',
  createdAt: Date,
  imageUrl = '',
): NewUserRow {
  return {
    id: `usr_seed_${slugify(name, '_')}`,
    name,
    email: `${slugify(name, '.')}@exemplo.aprendiz.dev`,
    imageUrl,
    role,
    passwordHash: null,
    createdAt,
  };
}

/**
 * Every row of the demo data, computed without touching the database: the same options always give
 * the same rows (dates are relative to options.now).
 */
export function buildSeedPlan(options: PlanOptions): SeedPlan {
  const { now, demoAccounts, currency } = options;
  const random = createRandom(PRNG_SEED);
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);
  const plan: SeedPlan = {
    users: [],
    courses: [],
    enrollments: [],
    ratings: [],
    purchases: [],
    lectureProgress: [],
  };

  const educatorIds = new Map<EducatorKey, string>();
  for (const [key, name] of Object.entries(SEED_EDUCATORS) as [EducatorKey, string][]) {
    const educator = seededPerson(
      name,
      'educator',
      daysAgo(260),
      `/uploads/${avatarFileName(key)}`,
    );
    educatorIds.set(key, educator.id);
    plan.users.push(educator);
  }
  const students = SEED_STUDENT_NAMES.map((name) =>
    seededPerson(name, 'student', daysAgo(random.int(236, 250))),
  );
  plan.users.push(...students);

  if (demoAccounts) {
    const hashes = options.demoPasswordHashes;
    if (!hashes) throw new Error('demo accounts need their password hashes');
    plan.users.push(
      {
        ...DEMO_STUDENT,
        role: 'student',
        imageUrl: '',
        passwordHash: hashes.student,
        createdAt: daysAgo(240),
        // Demo addresses receive no mail: they are confirmed, so nothing waits on a link.
        emailVerifiedAt: daysAgo(240),
      },
      {
        ...DEMO_EDUCATOR,
        role: 'educator',
        // 'Educadora Demo' chose the word she is named with (her profile's 'Como os alunos veem você').
        educatorTitle: 'educadora',
        imageUrl: '',
        passwordHash: hashes.educator,
        createdAt: daysAgo(240),
        // Demo addresses receive no mail: they are confirmed, so nothing waits on a link.
        emailVerifiedAt: daysAgo(240),
      },
    );
  }

  for (const course of SEED_COURSES) {
    const id = seedUuid(course.slug);
    const createdAt = new Date(daysAgo(course.daysAgo).getTime() - random.int(0, 10) * HOUR);
    const content = courseContent(course, random);
    const ownedByDemo = demoAccounts && DEMO_EDUCATOR_COURSES.includes(course.slug);
    plan.courses.push({
      id,
      educatorId: ownedByDemo ? DEMO_EDUCATOR.id : educatorIds.get(course.educator)!,
      title: course.title,
      descriptionHtml: courseDescriptionHtml(course),
      thumbnailUrl: `/uploads/${thumbnailFileName(course.slug)}`,
      price: course.price.toFixed(2),
      discount: course.discount,
      discountEndsAt: course.discountDays
        ? new Date(now.getTime() + course.discountDays * DAY)
        : null,
      status: 'published',
      category: SEED_CATEGORIES[course.category].catalogueCategory,
      level: course.level,
      content,
      createdAt,
    });

    const amount = discountedPrice(course.price, course.discount);
    const enroll = (userId: string, enrolledAt: Date) => {
      plan.enrollments.push({ userId, courseId: id, enrolledAt });
      if (amount > 0) {
        plan.purchases.push({
          id: seedUuid(`purchase:${userId}:${course.slug}`),
          userId,
          courseId: id,
          amount: amount.toFixed(2),
          currency,
          status: 'completed',
          provider: 'sandbox',
          createdAt: new Date(enrolledAt.getTime() - 2 * 60 * 1000),
          completedAt: enrolledAt,
        });
      }
    };

    const cap = Math.min(MAX_STUDENTS_PER_COURSE, Math.round(6 + course.daysAgo / 7));
    const studentCount = course.daysAgo < JUST_PUBLISHED_DAYS ? 0 : random.int(2, cap);
    // Some courses are simply better liked than others, so average stars differ between courses.
    const quality = 2.5 + random.next() * 2.5;
    for (const student of random.shuffle(students).slice(0, studentCount)) {
      const enrolledAt = between(random, createdAt, now);
      enroll(student.id, enrolledAt);
      if (random.chance(RATING_PROBABILITY)) {
        const rating = Math.min(5, Math.max(1, Math.round(quality + (random.next() - 0.5) * 2.4)));
        plan.ratings.push({
          userId: student.id,
          courseId: id,
          rating,
          updatedAt: between(random, enrolledAt, now),
        });
      }
    }

    const demoIndex = DEMO_STUDENT_COURSES.indexOf(course.slug);
    if (demoAccounts && demoIndex >= 0) {
      const enrolledAt = daysAgo(20 - demoIndex * 11);
      enroll(DEMO_STUDENT.id, enrolledAt);
      const lectures = content.flatMap((chapter) => chapter.chapterContent);
      lectures.slice(0, DEMO_PROGRESS[demoIndex]).forEach((lecture, i) => {
        plan.lectureProgress.push({
          userId: DEMO_STUDENT.id,
          courseId: id,
          lectureId: lecture.lectureId,
          completedAt: new Date(enrolledAt.getTime() + (i + 1) * DAY),
        });
      });
    }
  }
  return plan;
}
