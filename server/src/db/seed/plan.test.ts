import { describe, expect, it } from 'vitest';
import { COURSE_CATEGORY_SLUGS } from '@aprendiz/contract/catalogue';
import { SEED_COURSES } from './catalogue';
import { buildSeedPlan, courseDescriptionHtml, seedUuid, slugify } from './plan';

const now = new Date('2026-11-22T12:00:00Z');
const hashes = { student: 'scrypt$student', educator: 'scrypt$educator' };

describe('buildSeedPlan', () => {
  it('when built twice with the same clock, then every row is identical', () => {
    const first = buildSeedPlan({
      now,
      demoAccounts: true,
      currency: 'usd',
      demoPasswordHashes: hashes,
    });
    const second = buildSeedPlan({
      now,
      demoAccounts: true,
      currency: 'usd',
      demoPasswordHashes: hashes,
    });
    expect(second).toEqual(first);
  });

  it('when built, then every category the catalogue filters by has published courses (an empty one looks broken)', () => {
    const plan = buildSeedPlan({ now, demoAccounts: false, currency: 'usd' });
    for (const slug of COURSE_CATEGORY_SLUGS) {
      const published = plan.courses.filter(
        (course) => course.category === slug && (course.status ?? 'published') === 'published',
      );
      expect(published.length, slug).toBeGreaterThan(0);
    }
  });

  it('when built, then no description opens with its own heading (the course page gives it one)', () => {
    for (const course of SEED_COURSES) expect(courseDescriptionHtml(course)).toMatch(/^<p>/);
  });

  it('when built, then every date lies in the past and enrollments follow the course publication', () => {
    const plan = buildSeedPlan({
      now,
      demoAccounts: true,
      currency: 'usd',
      demoPasswordHashes: hashes,
    });
    const created = new Map(plan.courses.map((course) => [course.id, course.createdAt!.getTime()]));
    for (const enrollment of plan.enrollments) {
      expect(enrollment.enrolledAt!.getTime()).toBeLessThan(now.getTime());
      expect(enrollment.enrolledAt!.getTime()).toBeGreaterThan(created.get(enrollment.courseId)!);
    }
    expect(plan.lectureProgress.every((row) => row.completedAt!.getTime() < now.getTime())).toBe(
      true,
    );
  });

  it('when demo accounts are asked for without their password hashes, then it refuses', () => {
    expect(() => buildSeedPlan({ now, demoAccounts: true, currency: 'usd' })).toThrow();
  });

  it('when built, then user emails and ids are unique and lower-case', () => {
    const plan = buildSeedPlan({
      now,
      demoAccounts: true,
      currency: 'usd',
      demoPasswordHashes: hashes,
    });
    const emails = plan.users.map((user) => user.email);
    expect(new Set(emails).size).toBe(emails.length);
    expect(emails.every((email) => email === email.toLowerCase())).toBe(true);
    expect(new Set(plan.users.map((user) => user.id)).size).toBe(plan.users.length);
  });
});

describe('seed helpers', () => {
  it('when a slug is hashed, then the uuid is stable, well formed and distinct per slug', () => {
    expect(seedUuid('python-do-zero')).toBe(seedUuid('python-do-zero'));
    expect(seedUuid('python-do-zero')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const ids = new Set(SEED_COURSES.map((course) => seedUuid(course.slug)));
    expect(ids.size).toBe(SEED_COURSES.length);
  });

  it('when a name has accents, then the slug drops them', () => {
    expect(slugify('Esperança Domingos', '.')).toBe('esperanca.domingos');
    expect(slugify('  João Pedro Almeida ')).toBe('joao-pedro-almeida');
  });

  it('when a summary holds markup characters, then the description escapes them', () => {
    const course = { ...SEED_COURSES[0]!, summary: 'Use <script> & aspas "assim"' };
    expect(courseDescriptionHtml(course)).toContain(
      '<p>Use &lt;script&gt; &amp; aspas "assim"</p>',
    );
  });
});
