import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PgBoss, fromDrizzle, fromPglite, type ConstructorOptions, type Queue } from 'pg-boss';
import type { JobsConfig } from '../../config';
import type { Db, QueueConnection } from '../../db/client';
import type { Logger } from '../../logger';

/** Every state pg-boss gives a job; 'failed' is final until an operator retries it. */
export const JOB_STATES = [
  'created',
  'retry',
  'active',
  'completed',
  'cancelled',
  'failed',
] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * A mail held up by an outage goes out within a minute of the server's return: retries start at
 * `retryDelaySeconds` and double (with jitter) up to this cap.
 */
export const RETRY_DELAY_MAX_SECONDS = 60;
/** How long SIGTERM waits for running jobs before the process exits anyway (they are retried). */
export const STOP_TIMEOUT_MS = 10_000;

export interface JobInfo {
  id: string;
  retryCount: number;
}

export type JobHandler<T> = (data: T, job: JobInfo) => Promise<void>;

/** A job as operators see it: never its data, which may hold a reset link. */
export interface JobSummary {
  id: string;
  name: string;
  key: string | null;
  state: JobState;
  retryCount: number;
  retryLimit: number;
  createdOn: string;
  startedOn: string | null;
  completedOn: string | null;
  /** The last error, for a job that failed or waits for a retry. */
  error: string | null;
}

export interface JobCount {
  name: string;
  state: JobState;
  count: number;
}

export interface WorkOptions {
  concurrency?: number;
  expireSeconds?: number;
}

export type RetryOutcome = 'retried' | 'not-failed' | 'missing';

export interface JobQueue {
  /**
   * Adds a job in the caller's transaction, so it exists if and only if that transaction commits.
   * `key` names what the job acts on ('purchase:<id>'): the same job with the same key is added
   * once, however often this runs. `startAfterSeconds` holds it back that long.
   */
  send(
    tx: Db,
    name: string,
    data: object,
    key: string,
    options?: { startAfterSeconds?: number },
  ): Promise<void>;
  /**
   * Registers what runs a queue's jobs; before start(). Each job runs on one instance at a time.
   * `concurrency` caps this instance's jobs of the queue at once (a transcode takes 1);
   * `expireSeconds` gives an attempt longer than the default to finish (a long video's ladder).
   */
  work<T extends object>(name: string, handler: JobHandler<T>, options?: WorkOptions): void;
  /**
   * Registers work that runs once per period across every instance sharing the database (a job
   * per period, deduplicated by pg-boss). Before start(). The place for sweeps and reconciliations.
   */
  registerSchedule(name: string, everySeconds: number, handler: JobHandler<object>): void;
  /** Installs or migrates pg-boss's tables, creates the queues and starts the workers. */
  start(options?: { work?: boolean }): Promise<void>;
  /** Takes no more jobs, lets running ones finish for up to STOP_TIMEOUT_MS, then returns. */
  stop(): Promise<void>;
  list(filter?: { state?: JobState; name?: string; limit?: number }): Promise<JobSummary[]>;
  counts(): Promise<JobCount[]>;
  /** Gives a failed job one more attempt, now. */
  retry(id: string): Promise<RetryOutcome>;
}

/** A UUID (v5 layout) derived from the job's name and key, so a repeated send adds nothing. */
export function keyedJobId(name: string, key: string): string {
  const hash = createHash('sha1').update(`aprendiz-job\0${name}\0${key}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Where pg-boss keeps its tables: 'pgboss', or beside a test's throwaway schema. */
export function queueSchemaOf(connection: QueueConnection): string {
  return connection.kind === 'postgres' && connection.searchPath
    ? `${connection.searchPath}_jobs`
    : 'pgboss';
}

interface Registered {
  name: string;
  handler: JobHandler<object>;
  everySeconds?: number;
  options?: WorkOptions;
}

interface JobRow {
  id: string;
  name: string;
  key: string | null;
  state: JobState;
  retry_count: number;
  retry_limit: number;
  created_on: Date | string;
  started_on: Date | string | null;
  completed_on: Date | string | null;
  error: string | null;
}

function iso(value: Date | string | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export function createJobQueue(options: {
  connection: QueueConnection;
  config: JobsConfig;
  logger: Logger;
}): JobQueue {
  const { connection, config, logger } = options;
  const schema = queueSchemaOf(connection);
  // The monitor fails jobs whose heartbeat stopped or whose time ran out; it looks twice per
  // period, so a dead process's job waits at most 1.5 heartbeats (or expiries) before its retry.
  const monitorIntervalSeconds = Math.max(
    1,
    Math.floor(Math.min(config.heartbeatSeconds ?? Infinity, config.expireSeconds) / 2),
  );
  const common: ConstructorOptions = {
    schema,
    monitorIntervalSeconds,
    superviseIntervalSeconds: monitorIntervalSeconds,
    useListenNotify: true,
  };
  const boss =
    connection.kind === 'pglite'
      ? new PgBoss({ ...common, backend: 'pglite', db: fromPglite(connection.client) })
      : new PgBoss({
          ...common,
          connectionString: connection.url,
          max: 4,
          application_name: 'aprendiz-jobs',
        });
  boss.on('error', (err: unknown) => logger.error({ err }, 'job queue error'));
  boss.on('warning', (warning: unknown) => logger.warn({ warning }, 'job queue warning'));

  const registered = new Map<string, Registered>();
  const timers: NodeJS.Timeout[] = [];
  let started = false;
  let stopping: Promise<void> | undefined;

  const queueOptions: Omit<Queue, 'name'> = {
    retryLimit: config.retryLimit,
    retryDelay: config.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: RETRY_DELAY_MAX_SECONDS,
    expireInSeconds: config.expireSeconds,
    // pg-boss 12 has no archive table: a finished job stays in its queue's table this long, then
    // its maintenance deletes it (RETENTION_JOBS_DAYS).
    deleteAfterSeconds: config.keepFinishedDays * 24 * 60 * 60,
    notify: true,
    ...(config.heartbeatSeconds !== null && { heartbeatSeconds: config.heartbeatSeconds }),
  };
  // Set on each job too: a queue keeps the heartbeat it was created with.
  const perJob =
    config.heartbeatSeconds === null ? {} : { heartbeatSeconds: config.heartbeatSeconds };

  function register(entry: Registered) {
    if (started) throw new Error(`job ${entry.name} registered after the queue started`);
    if (registered.has(entry.name)) throw new Error(`job ${entry.name} registered twice`);
    registered.set(entry.name, entry);
  }

  async function runOne(entry: Registered, job: { id: string; retryCount: number; data: object }) {
    try {
      await entry.handler(job.data, { id: job.id, retryCount: job.retryCount });
    } catch (err) {
      // The message and code only: a mailer's error can carry the recipient's address.
      const { message, code } = err as { message?: string; code?: string };
      logger.warn(
        { error: { message, code }, job: entry.name, jobId: job.id, attempt: job.retryCount + 1 },
        'job failed; it will be retried unless it was the last attempt',
      );
      throw err;
    }
  }

  function tick(entry: Registered & { everySeconds: number }) {
    // Every instance offers a job per period; the (name, period) slot admits one of them.
    boss
      .send(
        entry.name,
        {},
        { ...perJob, singletonKey: entry.name, singletonSeconds: entry.everySeconds },
      )
      .catch((err: unknown) => logger.warn({ err, job: entry.name }, 'schedule tick failed'));
  }

  async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
    const result = await boss.getDb().executeSql(text, values);
    return (result as { rows: T[] }).rows;
  }

  return {
    async send(tx, name, data, key, options = {}) {
      if (!registered.has(name)) throw new Error(`no job named ${name}`);
      await boss.send(name, data, {
        ...perJob,
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
        id: keyedJobId(name, key),
        singletonKey: key,
        db: fromDrizzle(tx as unknown as Parameters<typeof fromDrizzle>[0], sql),
      });
    },

    work(name, handler, options) {
      register({ name, handler: handler as JobHandler<object>, options });
    },

    registerSchedule(name, everySeconds, handler) {
      if (!Number.isInteger(everySeconds) || everySeconds < 1)
        throw new Error(`schedule ${name}: the period is a whole number of seconds`);
      register({ name, handler, everySeconds });
    },

    async start({ work = true } = {}) {
      started = true;
      await boss.start();
      for (const entry of registered.values()) {
        const expireSeconds = entry.options?.expireSeconds;
        const options = expireSeconds
          ? { ...queueOptions, expireInSeconds: expireSeconds }
          : queueOptions;
        await boss.createQueue(entry.name, options);
        // A queue created by an earlier version keeps its options unless told the current ones.
        const { retryDelayMax: _max, heartbeatSeconds: _beat, ...updatable } = options;
        await boss.updateQueue(entry.name, updatable);
      }
      if (!work) return;
      for (const entry of registered.values()) {
        await boss.work<object>(
          entry.name,
          {
            pollingIntervalSeconds: config.pollSeconds,
            // With LISTEN/NOTIFY pg-boss would otherwise poll every 30 s, and a retry that comes
            // due (no notification) would wait that long.
            notifyPollingIntervalSeconds: config.pollSeconds,
            batchSize: 1,
            localConcurrency: entry.options?.concurrency ?? (connection.kind === 'pglite' ? 1 : 2),
          },
          async ([job]) => {
            if (job) await runOne(entry, job);
          },
        );
        const { everySeconds } = entry;
        if (everySeconds !== undefined && config.schedules) {
          const scheduled = { ...entry, everySeconds };
          const timer = setInterval(
            () => tick(scheduled),
            Math.max(500, Math.min(everySeconds * 250, 30_000)),
          );
          timer.unref();
          timers.push(timer);
        }
      }
    },

    stop() {
      stopping ??= (async () => {
        for (const timer of timers) clearInterval(timer);
        if (!started) return;
        // pg-boss does not close a PGlite it was handed; its own PostgreSQL pool it closes.
        await boss.stop({ graceful: true, timeout: STOP_TIMEOUT_MS, close: true });
      })();
      return stopping;
    },

    async list(filter = {}) {
      const rows = await query<JobRow>(
        `select id, name, singleton_key as key, state, retry_count, retry_limit,
                created_on, started_on, completed_on,
                case when state in ('failed', 'retry') then output->>'message' end as error
           from ${schema}.job
          where ($1::text is null or state::text = $1) and ($2::text is null or name = $2)
            and name not like '\\_\\_pgboss%'
          order by created_on desc
          limit $3`,
        [filter.state ?? null, filter.name ?? null, Math.min(filter.limit ?? 100, 1000)],
      );
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        key: row.key,
        state: row.state,
        retryCount: row.retry_count,
        retryLimit: row.retry_limit,
        createdOn: iso(row.created_on)!,
        startedOn: iso(row.started_on),
        completedOn: iso(row.completed_on),
        error: row.error,
      }));
    },

    async counts() {
      const rows = await query<{ name: string; state: JobState; count: string | number }>(
        `select name, state::text as state, count(*) as count from ${schema}.job
          where name not like '\\_\\_pgboss%'
          group by name, state order by name, state`,
      );
      return rows.map((row) => ({ name: row.name, state: row.state, count: Number(row.count) }));
    },

    async retry(id) {
      const [row] = await query<{ name: string; state: JobState }>(
        `select name, state::text as state from ${schema}.job where id = $1::uuid`,
        [id],
      );
      if (!row) return 'missing';
      if (row.state !== 'failed') return 'not-failed';
      // pg-boss answers { requested, affected } here, though its type declares no fields.
      const result = (await boss.retry(row.name, id)) as { affected?: number };
      return (result.affected ?? 0) > 0 ? 'retried' : 'not-failed';
    },
  };
}
