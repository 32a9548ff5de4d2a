import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { and, count, eq, sql } from 'drizzle-orm';
import { discountedPrice } from '@aprendiz/contract/rules/pricing';
import type { Db } from '../client';
import { courses, enrollments, lectureProgress, purchases, ratings, users } from '../schema/index';
import { openTestDatabase } from '../../test/test-app';
import { verifyPassword } from '../../modules/auth/password';
import { SEED_COURSES } from './catalogue';
import { DEMO_PASSWORD, seedDemoData } from './seed';

let db: Db;
let drop: () => Promise<void>;
let uploadDir: string;

beforeAll(async () => {
  const opened = await openTestDatabase();
  db = opened.database.db;
  drop = opened.drop;
  uploadDir = await mkdtemp(path.join(os.tmpdir(), 'aprendiz-seed-'));
});

afterAll(async () => {
  await drop();
  await rm(uploadDir, { recursive: true, force: true });
});

async function emptyDatabase(): Promise<void> {
  await db.execute(
    sql`truncate lecture_progress, ratings, purchases, enrollments, courses, users cascade`,
  );
}

async function rowCounts(): Promise<Record<string, number>> {
  const tables = { users, courses, enrollments, ratings, purchases, lectureProgress };
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => {
      const [row] = await db.select({ n: count() }).from(table);
      return [name, row!.n] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** Lets every statement through except inserts into the given table, which fail as a crash would. */
function failingOn(table: unknown): Db {
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== 'transaction') return Reflect.get(target, prop, receiver);
      return (run: (tx: Db) => Promise<unknown>) =>
        target.transaction((tx) =>
          run(
            new Proxy(tx, {
              get(innerTarget, innerProp) {
                const value = Reflect.get(innerTarget, innerProp, innerTarget);
                if (innerProp !== 'insert')
                  return typeof value === 'function' ? value.bind(innerTarget) : value;
                return (target: unknown) => {
                  if (target === table) throw new Error('simulated crash');
                  return innerTarget.insert(target as typeof users);
                };
              },
            }) as Db,
          ),
        );
    },
  });
}

describe('seeding with demo accounts', () => {
  beforeAll(async () => {
    await emptyDatabase();
    const result = await seedDemoData(db, { uploadDir, demoAccounts: true });
    expect(result.seeded).toBe(true);
  });

  it('when an empty database is seeded, then at least 30 published courses from at least 4 educators exist', async () => {
    const rows = await db.select().from(courses);
    expect(rows.length).toBeGreaterThanOrEqual(30);
    expect(rows.every((course) => course.isPublished)).toBe(true);
    expect(new Set(rows.map((course) => course.educatorId)).size).toBeGreaterThanOrEqual(4);
    const educators = await db.select().from(users).where(eq(users.role, 'educator'));
    const educatorIds = new Set(educators.map((user) => user.id));
    expect(rows.every((course) => educatorIds.has(course.educatorId))).toBe(true);
  });

  it('when the catalogue is seeded, then every description is Quill-like HTML over 200 characters', async () => {
    const rows = await db.select({ html: courses.descriptionHtml }).from(courses);
    for (const { html } of rows) {
      expect(html.length).toBeGreaterThan(200);
      expect(html).toMatch(/<h2>[^<]+<\/h2>/);
      expect(html).toMatch(/<ul>(<li>[^<]+<\/li>)+<\/ul>/);
      expect(html).toContain('<strong>');
    }
  });

  it('when the catalogue is seeded, then every course has a category and a level, at least 5 categories and all 3 levels in use', async () => {
    const rows = await db
      .select({ category: courses.category, level: courses.level })
      .from(courses);
    expect(rows.every((course) => course.category !== null && course.level !== null)).toBe(true);
    expect(new Set(rows.map((course) => course.category)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(rows.map((course) => course.level)).size).toBe(3);
  });

  it('when the catalogue is seeded, then every course has 2–6 chapters of 2–8 YouTube lectures ordered 1..n', async () => {
    const rows = await db.select({ content: courses.content }).from(courses);
    for (const { content } of rows) {
      expect(content.length).toBeGreaterThanOrEqual(2);
      expect(content.length).toBeLessThanOrEqual(6);
      expect(content.map((chapter) => chapter.chapterOrder)).toEqual(content.map((_, i) => i + 1));
      const lectureIds = new Set<string>();
      for (const chapter of content) {
        expect(chapter.chapterContent.length).toBeGreaterThanOrEqual(2);
        expect(chapter.chapterContent.length).toBeLessThanOrEqual(8);
        expect(chapter.chapterContent.map((lecture) => lecture.lectureOrder)).toEqual(
          chapter.chapterContent.map((_, i) => i + 1),
        );
        for (const lecture of chapter.chapterContent) {
          expect(lecture.lectureUrl).toMatch(/^https:\/\/youtu\.be\/[\w-]{11}$/);
          expect(lecture.lectureDuration).toBeGreaterThanOrEqual(5);
          expect(lecture.lectureDuration).toBeLessThanOrEqual(45);
          lectureIds.add(lecture.lectureId);
        }
      }
      expect(lectureIds.size).toBe(content.flatMap((chapter) => chapter.chapterContent).length);
    }
  });

  it('when the catalogue is seeded, then most first lectures are free previews and at least 3 courses are free', async () => {
    const rows = await db.select().from(courses);
    const previews = rows.filter(
      (course) => course.content[0]?.chapterContent[0]?.isPreviewFree,
    ).length;
    expect(previews / rows.length).toBeGreaterThan(0.8);
    const free = rows.filter(
      (course) => discountedPrice(Number(course.price), course.discount) === 0,
    );
    expect(free.length).toBeGreaterThanOrEqual(3);
    const prices = new Set(rows.map((course) => Number(course.price)));
    expect(prices.size).toBeGreaterThanOrEqual(10);
    const createdDays = new Set(rows.map((course) => course.createdAt.toISOString().slice(0, 10)));
    expect(createdDays.size).toBeGreaterThanOrEqual(20);
  });

  it('when the catalogue is seeded, then every thumbnail file exists and decodes as a 1280×720 WebP', async () => {
    const rows = await db.select({ url: courses.thumbnailUrl }).from(courses);
    for (const { url } of rows) {
      expect(url).toMatch(/^\/uploads\/seed-[a-z0-9-]+\.webp$/);
      const metadata = await sharp(path.join(uploadDir, url.replace('/uploads/', ''))).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 1280, 720]);
    }
  });

  it('when students are seeded, then enrollment counts vary from none to many and ratings come from enrolled students', async () => {
    const perCourse = await db
      .select({
        id: courses.id,
        students: sql<number>`count(${enrollments.userId})`.mapWith(Number),
      })
      .from(courses)
      .leftJoin(enrollments, eq(enrollments.courseId, courses.id))
      .groupBy(courses.id);
    const counts = perCourse.map((row) => row.students);
    expect(Math.min(...counts)).toBe(0);
    expect(Math.max(...counts)).toBeGreaterThanOrEqual(20);
    expect(Math.max(...counts)).toBeLessThanOrEqual(31);

    const [strays] = await db
      .select({ n: count() })
      .from(ratings)
      .leftJoin(
        enrollments,
        and(eq(enrollments.userId, ratings.userId), eq(enrollments.courseId, ratings.courseId)),
      )
      .where(sql`${enrollments.userId} is null`);
    expect(strays!.n).toBe(0);

    const averages = await db
      .select({ floor: sql<number>`floor(avg(${ratings.rating}))`.mapWith(Number) })
      .from(ratings)
      .groupBy(ratings.courseId);
    expect(new Set(averages.map((row) => row.floor)).size).toBeGreaterThanOrEqual(3);
    expect(averages.length).toBeLessThan(perCourse.length);
  });

  it('when paid enrollments are seeded, then each has one completed sandbox purchase of the discounted price', async () => {
    const rows = await db
      .select({
        price: courses.price,
        discount: courses.discount,
        amount: purchases.amount,
        status: purchases.status,
        provider: purchases.provider,
      })
      .from(enrollments)
      .innerJoin(courses, eq(courses.id, enrollments.courseId))
      .leftJoin(
        purchases,
        and(eq(purchases.userId, enrollments.userId), eq(purchases.courseId, enrollments.courseId)),
      );
    const paid = rows.filter((row) => discountedPrice(Number(row.price), row.discount) > 0);
    expect(paid.length).toBeGreaterThan(50);
    for (const row of paid) {
      expect(row).toMatchObject({ status: 'completed', provider: 'sandbox' });
      expect(Number(row.amount)).toBe(discountedPrice(Number(row.price), row.discount));
    }
    const freeWithPurchase = rows.filter(
      (row) => discountedPrice(Number(row.price), row.discount) === 0 && row.amount !== null,
    );
    expect(freeWithPurchase).toEqual([]);
  });

  it('when demo accounts are seeded, then their passwords verify, their e-mails are confirmed and seeded students cannot sign in', async () => {
    const [student] = await db.select().from(users).where(eq(users.email, 'aluno@aprendiz.dev'));
    const [educator] = await db
      .select()
      .from(users)
      .where(eq(users.email, 'educador@aprendiz.dev'));
    expect(student).toMatchObject({ name: 'Aluno Demo', role: 'student' });
    expect(educator).toMatchObject({ name: 'Educadora Demo', role: 'educator' });
    expect(await verifyPassword(DEMO_PASSWORD, student!.passwordHash!)).toBe(true);
    expect(await verifyPassword(DEMO_PASSWORD, educator!.passwordHash!)).toBe(true);
    expect(await verifyPassword('outra-palavra', student!.passwordHash!)).toBe(false);
    // Demo addresses get no mail: nothing may wait on a confirmation link.
    expect(student!.emailVerifiedAt).not.toBeNull();
    expect(educator!.emailVerifiedAt).not.toBeNull();

    const withPassword = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.passwordHash} is not null`);
    expect(withPassword.map((row) => row.id).sort()).toEqual([educator!.id, student!.id].sort());
  });

  it('when demo accounts are seeded, then the student has 2 courses with progress on existing lectures and the educator owns some', async () => {
    const [student] = await db.select().from(users).where(eq(users.email, 'aluno@aprendiz.dev'));
    const enrolled = await db
      .select({ content: courses.content, id: courses.id })
      .from(enrollments)
      .innerJoin(courses, eq(courses.id, enrollments.courseId))
      .where(eq(enrollments.userId, student!.id));
    expect(enrolled).toHaveLength(2);
    const progress = await db
      .select()
      .from(lectureProgress)
      .where(eq(lectureProgress.userId, student!.id));
    expect(progress.length).toBeGreaterThan(0);
    for (const row of progress) {
      const course = enrolled.find((c) => c.id === row.courseId);
      const lectureIds = course!.content.flatMap((chapter) =>
        chapter.chapterContent.map((l) => l.lectureId),
      );
      expect(lectureIds).toContain(row.lectureId);
    }

    const [educator] = await db
      .select()
      .from(users)
      .where(eq(users.email, 'educador@aprendiz.dev'));
    const owned = await db
      .select({ id: courses.id })
      .from(courses)
      .where(eq(courses.educatorId, educator!.id));
    expect(owned.length).toBeGreaterThanOrEqual(2);
  });

  it('when the database already holds data, then a second call seeds nothing and changes no row counts', async () => {
    const before = await rowCounts();
    const result = await seedDemoData(db, { uploadDir, demoAccounts: true });
    expect(result).toEqual({ seeded: false, demoAccounts: [] });
    expect(await rowCounts()).toEqual(before);
  });
});

describe('seeding without demo accounts', () => {
  it('when demoAccounts is false, then the catalogue is seeded and no demo user exists', async () => {
    await emptyDatabase();
    const result = await seedDemoData(db, { uploadDir, demoAccounts: false });
    expect(result).toEqual({ seeded: true, demoAccounts: [] });
    const demo = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.email} in ('aluno@aprendiz.dev', 'educador@aprendiz.dev')`);
    expect(demo).toEqual([]);
    const counts = await rowCounts();
    expect(counts.courses).toBeGreaterThanOrEqual(30);
    expect(counts.lectureProgress).toBe(0);
    const owners = await db.selectDistinct({ id: courses.educatorId }).from(courses);
    expect(owners.length).toBeGreaterThanOrEqual(4);
  });

  it('when two instances start on one empty database at once, then one seeds it and the other adds nothing', async () => {
    await emptyDatabase();

    const results = await Promise.all([
      seedDemoData(db, { uploadDir, demoAccounts: false }),
      seedDemoData(db, { uploadDir, demoAccounts: false }),
    ]);

    expect(results.map((r) => r.seeded).sort()).toEqual([false, true]);
    expect((await rowCounts()).courses).toBe(SEED_COURSES.length);
  });

  it('when only a user exists, then nothing is seeded', async () => {
    await emptyDatabase();
    await db
      .insert(users)
      .values({ id: 'usr_real_owner', name: 'Dona', email: 'dona@example.test' });
    const result = await seedDemoData(db, { uploadDir, demoAccounts: true });
    expect(result.seeded).toBe(false);
    expect(await rowCounts()).toMatchObject({ users: 1, courses: 0, enrollments: 0 });
  });

  it('when a crash happens mid-seed, then the database stays empty and the next call seeds it', async () => {
    await emptyDatabase();
    await expect(
      seedDemoData(failingOn(purchases), { uploadDir, demoAccounts: false }),
    ).rejects.toThrow('simulated crash');
    expect(await rowCounts()).toMatchObject({
      users: 0,
      courses: 0,
      enrollments: 0,
      ratings: 0,
      purchases: 0,
    });

    const retry = await seedDemoData(db, { uploadDir, demoAccounts: false });
    expect(retry.seeded).toBe(true);
    expect((await rowCounts()).courses).toBeGreaterThanOrEqual(30);
  });
});
