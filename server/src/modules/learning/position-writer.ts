import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { arrayParam } from '../../db/array-param';
import { createBatchTimer } from '../../db/batch-timer';
import type { Db } from '../../db/client';

/**
 * The player saves where a learner is every 10 seconds: at 10,000 people watching, 1,000 writes a
 * second, each its own commit. Most of them only move a second forward in a row that is already
 * there, so they wait here and go to the database together, one statement and one commit per batch.
 *
 * What a crash may lose: the saves this instance answered in its last `flushMs` (250 ms by
 * default), never more than one per lecture a learner watches. A learner loses at most the seconds
 * between two saves of the same lecture. A clean stop writes everything first (`close`).
 *
 * What stays exact: the learning service holds only a save whose row already says the lecture was
 * watched since the enrollment (the EU withdrawal rule reads that), and `settle` writes a learner's
 * held saves before this instance answers where they resume.
 */
export interface PositionWriter {
  /** Keeps the save for the next batch; a newer save of the same lecture replaces it. */
  hold(save: HeldSave): void;
  /** The second held for the lecture, if a save of it is waiting. */
  held(userId: string, courseId: string, lectureId: string): number | undefined;
  /** Whether another save may wait: false once `maxHeld` are waiting (the database is behind). */
  canHold(): boolean;
  /** Writes now what waits for this learner's course, so a read after it sees it. */
  settle(userId: string, courseId: string): Promise<void>;
  /** Writes everything that waits. */
  flush(): Promise<void>;
  /** Writes what waits and holds nothing more. */
  close(): Promise<void>;
  /** Saves waiting, for tests and the bench. */
  pending(): number;
}

export interface HeldSave {
  userId: string;
  courseId: string;
  lectureId: string;
  seconds: number;
}

interface Waiting extends HeldSave {
  /** performance.now() when it was answered: its row's updated_at is that long before the write. */
  at: number;
}

export interface PositionWriterOptions {
  flushMs?: number;
  maxHeld?: number;
}

export const POSITION_FLUSH_MS = 250;
/** ~100 bytes each: 20,000 waiting saves are 2 MB, and 20 s of this instance's share of 1,000/s. */
export const POSITION_MAX_HELD = 20_000;

/** A learner's course: what `settle` writes together. */
const courseKeyOf = (userId: string, courseId: string) => `${userId}\u0000${courseId}`;

export function createPositionWriter(
  db: Db,
  logger: Pick<Logger, 'error'>,
  { flushMs = POSITION_FLUSH_MS, maxHeld = POSITION_MAX_HELD }: PositionWriterOptions = {},
): PositionWriter {
  /** Per learner's course, per lecture, the newest save waiting. */
  const waiting = new Map<string, Map<string, Waiting>>();
  let count = 0;
  let writing: Promise<void> = Promise.resolve();

  const put = (save: Waiting, replace: boolean) => {
    const courseKey = courseKeyOf(save.userId, save.courseId);
    let lectures = waiting.get(courseKey);
    if (!lectures) waiting.set(courseKey, (lectures = new Map()));
    if (lectures.has(save.lectureId) && !replace) return;
    if (!lectures.has(save.lectureId)) count++;
    lectures.set(save.lectureId, save);
  };
  const take = (courseKey: string): Waiting[] => {
    const lectures = waiting.get(courseKey);
    if (!lectures) return [];
    waiting.delete(courseKey);
    count -= lectures.size;
    return [...lectures.values()];
  };

  const timer = createBatchTimer(flushMs, () => flush());
  const schedule = () => {
    if (count > 0) timer.schedule();
  };

  const write = async (batch: Waiting[]) => {
    const now = performance.now();
    const userIds = arrayParam(
      batch.map((s) => s.userId),
      'text',
    );
    const courseIds = arrayParam(
      batch.map((s) => s.courseId),
      'uuid',
    );
    const lectureIds = arrayParam(
      batch.map((s) => s.lectureId),
      'text',
    );
    const seconds = arrayParam(
      batch.map((s) => s.seconds),
      'int',
    );
    const waitedMs = arrayParam(
      batch.map((s) => Math.max(0, Math.round(now - s.at))),
      'int',
    );
    // The database's clock dates every row (a held save is dated as long ago as it waited), so
    // rows written directly and rows written in batches, by any instance, order by one clock.
    // A row a newer save already moved is left; a lecture of a course the learner no longer has
    // (refunded, account closed) is not written back.
    await db.execute(sql`
      insert into lecture_positions (user_id, course_id, lecture_id, seconds, updated_at)
      select v.user_id, v.course_id, v.lecture_id, v.seconds,
        now() - make_interval(secs => v.waited_ms / 1000.0)
      from unnest(${userIds}, ${courseIds}, ${lectureIds}, ${seconds}, ${waitedMs})
        as v(user_id, course_id, lecture_id, seconds, waited_ms)
      where exists (select 1 from enrollments e
        where e.user_id = v.user_id and e.course_id = v.course_id)
      on conflict (user_id, course_id, lecture_id) do update
        set seconds = excluded.seconds, updated_at = excluded.updated_at
        where lecture_positions.updated_at <= excluded.updated_at`);
  };

  /** Writes the saves `pick` takes out, after any write under way; on failure they wait again. */
  const writeOut = (pick: () => Waiting[]): Promise<void> => {
    const run = writing.then(async () => {
      const batch = pick();
      if (batch.length === 0) return;
      try {
        await write(batch);
      } catch (err) {
        logger.error({ err, saves: batch.length }, 'lecture positions not written; retrying');
        // Back in line unless a newer save of the same lecture came in meanwhile.
        for (const save of batch) put(save, false);
      } finally {
        schedule();
      }
    });
    writing = run;
    return run;
  };

  const flush = () => writeOut(() => [...waiting.keys()].flatMap(take));

  return {
    hold(save) {
      if (timer.stopped) throw new Error('position writer closed');
      put({ ...save, at: performance.now() }, true);
      schedule();
    },
    held: (userId, courseId, lectureId) =>
      waiting.get(courseKeyOf(userId, courseId))?.get(lectureId)?.seconds,
    canHold: () => !timer.stopped && count < maxHeld,
    // A save of this course already taken into a batch under way is waited for too.
    settle: (userId, courseId) => writeOut(() => take(courseKeyOf(userId, courseId))),
    flush,
    async close() {
      timer.stop();
      await flush();
    },
    pending: () => count,
  };
}
