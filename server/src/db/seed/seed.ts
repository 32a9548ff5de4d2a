import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { saveImagesToDir } from '../../providers/storage-disk';
import type { SaveNamedImage } from '../../providers/thumbnail-storage';
import { courses, enrollments, lectureProgress, purchases, ratings, users } from '../schema/index';
import { hashPassword } from '../../modules/auth/password';
import {
  SEED_CATEGORIES,
  SEED_COURSES,
  SEED_EDUCATORS,
  type CategoryId,
  type EducatorKey,
} from './catalogue';
import {
  avatarFileName,
  buildSeedPlan,
  DEMO_EDUCATOR,
  DEMO_STUDENT,
  thumbnailFileName,
} from './plan';
import {
  AVATAR_SIZE,
  renderAvatarSvg,
  renderThumbnailSvg,
  THUMBNAIL_HEIGHT,
  THUMBNAIL_WIDTH,
  writeImages,
  type ImageJob,
} from './thumbnails';

export const DEMO_PASSWORD = 'aprendiz123';

/** Where the thumbnails and avatars go, to be served at /uploads/<name>: files, or the app's image store. */
type SeedImages = { uploadDir: string } | { saveImage: SaveNamedImage };

export type SeedOptions = SeedImages & {
  /** Sign-in-able demo student and educator; never in production. */
  demoAccounts: boolean;
  /** Currency recorded on the seeded purchases (the server's CURRENCY). */
  currency?: string;
  /** Dates are spread back from this moment. */
  now?: Date;
};

export interface DemoAccount {
  role: 'student' | 'educator';
  name: string;
  email: string;
  password: string;
}

const DEMO_ACCOUNTS: DemoAccount[] = [
  { role: 'student', name: DEMO_STUDENT.name, email: DEMO_STUDENT.email, password: DEMO_PASSWORD },
  {
    role: 'educator',
    name: DEMO_EDUCATOR.name,
    email: DEMO_EDUCATOR.email,
    password: DEMO_PASSWORD,
  },
];

/** The demo accounts a database holds (seeded on an earlier start), to print again at every start. */
export async function findDemoAccounts(db: Db): Promise<DemoAccount[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(inArray(users.id, [DEMO_STUDENT.id, DEMO_EDUCATOR.id]));
  const present = new Set(rows.map((row) => row.email));
  return DEMO_ACCOUNTS.filter((account) => present.has(account.email));
}

export interface SeedResult {
  seeded: boolean;
  demoAccounts: DemoAccount[];
}

/** The colours an educator's avatar takes: those of the first category they teach. */
const AVATAR_CATEGORY: Record<EducatorKey, CategoryId> = {
  ana: 'python',
  mateus: 'javascript',
  camila: 'ux',
  tiago: 'java',
  esperanca: 'sql',
  rafael: 'docker',
};

// Held while seeding: instances starting together on one empty PostgreSQL must not all seed it.
const SEED_LOCK = 4242002;

// Drizzle sends every row of a multi-row insert as bound parameters; Postgres allows 65 535 per statement.
const INSERT_CHUNK = 1000;

async function isEmpty(db: Db): Promise<boolean> {
  const [anyUser, anyCourse] = await Promise.all([
    db.select({ id: users.id }).from(users).limit(1),
    db.select({ id: courses.id }).from(courses).limit(1),
  ]);
  return anyUser.length === 0 && anyCourse.length === 0;
}

function imageJobs(): ImageJob[] {
  const thumbnails = SEED_COURSES.map((course) => {
    const { monogram, colors } = SEED_CATEGORIES[course.category];
    return {
      name: thumbnailFileName(course.slug),
      svg: renderThumbnailSvg({ title: course.title, monogram, colors }),
      width: THUMBNAIL_WIDTH,
      height: THUMBNAIL_HEIGHT,
    };
  });
  const avatars = (Object.entries(SEED_EDUCATORS) as [EducatorKey, string][]).map(
    ([key, name]) => ({
      name: avatarFileName(key),
      svg: renderAvatarSvg(name, SEED_CATEGORIES[AVATAR_CATEGORY[key]].colors),
      width: AVATAR_SIZE,
      height: AVATAR_SIZE,
    }),
  );
  return [...thumbnails, ...avatars];
}

async function insertChunked<T>(
  rows: T[],
  insert: (chunk: T[]) => Promise<unknown>,
): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await insert(rows.slice(start, start + INSERT_CHUNK));
  }
}

/**
 * Fills an empty database with the demo catalogue. Anything already there (a user or a course) means
 * the owner has real data, so nothing is touched. All rows go in one transaction: a crash half-way
 * leaves the database empty and the next start seeds again. Of several instances starting together
 * on one PostgreSQL, the first to take the lock seeds and the others find the catalogue there.
 */
export async function seedDemoData(db: Db, options: SeedOptions): Promise<SeedResult> {
  if (!(await isEmpty(db))) return { seeded: false, demoAccounts: [] };

  // Images and password hashing are the slow parts; neither needs the database, so they overlap.
  const [demoPasswordHashes] = await Promise.all([
    options.demoAccounts
      ? Promise.all([hashPassword(DEMO_PASSWORD), hashPassword(DEMO_PASSWORD)]).then(
          ([student, educator]) => ({
            student,
            educator,
          }),
        )
      : Promise.resolve(undefined),
    writeImages(
      imageJobs(),
      'saveImage' in options ? options.saveImage : saveImagesToDir(options.uploadDir),
    ),
  ]);

  const plan = buildSeedPlan({
    now: options.now ?? new Date(),
    demoAccounts: options.demoAccounts,
    currency: options.currency ?? 'usd',
    demoPasswordHashes,
  });

  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (!(await isEmpty(tx))) return false;
    await insertChunked(plan.users, (rows) => tx.insert(users).values(rows));
    await insertChunked(plan.courses, (rows) => tx.insert(courses).values(rows));
    await insertChunked(plan.enrollments, (rows) => tx.insert(enrollments).values(rows));
    await insertChunked(plan.ratings, (rows) => tx.insert(ratings).values(rows));
    await insertChunked(plan.purchases, (rows) => tx.insert(purchases).values(rows));
    await insertChunked(plan.lectureProgress, (rows) => tx.insert(lectureProgress).values(rows));
    return true;
  });

  if (!seeded) return { seeded: false, demoAccounts: [] };
  return { seeded: true, demoAccounts: options.demoAccounts ? DEMO_ACCOUNTS : [] };
}
