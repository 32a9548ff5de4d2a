import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../db/seed/seed';
import { validCourseData } from './fixtures/educator-fixtures';
import { codeFor } from './fixtures/staff-fixtures';
import { testVideo } from './fixtures/video-fixtures';
import { startTestS3, type TestS3 } from './s3-server';

// Two real app processes on the machine's PostgreSQL and Redis: what an operator runs behind a
// load balancer. Each gets a database of its own making, dropped at the end.
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? '';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
if (!ADMIN_URL) {
  console.warn('multi-instance test skipped: set TEST_DATABASE_URL to run it');
}

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
// Two processes migrating, seeding and hashing demo passwords at once on two busy cores.
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 15_000;
// The promise: every instance drops its cached catalogue within a second of a write.
const PROPAGATION_MS = 1000;
/** Made an admin at sign-up by ADMIN_EMAILS, for the suspension test. */
const CONSOLE_ADMIN = 'chefe-multi@example.test';

interface Instance {
  name: string;
  process: ChildProcess;
  output: string[];
  dataDir: string;
  url: string;
}

interface CourseSummary {
  _id: string;
  courseTitle: string;
  courseThumbnail: string;
  coursePrice: number;
  discount: number;
  studentCount: number;
}

const instances: Instance[] = [];
const tempDirs: string[] = [];
let databaseName: string | undefined;

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function start(name: string, env: Record<string, string>): Promise<Instance> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `aprendiz-${name}-`));
  tempDirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...env,
      PORT: '0',
      DATA_DIR: dataDir,
      CLIENT_DIST: path.join(dataDir, 'no-client'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const instance: Instance = { name, process: child, output: [], dataDir, url: '' };
  instances.push(instance);
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => instance.output.push(chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => instance.output.push(chunk));

  instance.url = await new Promise<string>((resolve, reject) => {
    const settle = (err?: Error, url?: string) => {
      clearTimeout(timer);
      child.off('exit', exitedEarly);
      child.stdout!.off('data', readPort);
      if (err) reject(new Error(`instance ${name}: ${err.message}\n${instance.output.join('')}`));
      else resolve(url!);
    };
    const timer = setTimeout(() => settle(new Error('did not start in time')), START_TIMEOUT_MS);
    const exitedEarly = (code: number | null, signal: string | null) =>
      settle(new Error(`exited early (${code ?? signal})`));
    const readPort = () => {
      const port = /rodando em http:\/\/localhost:(\d+)/.exec(instance.output.join(''))?.[1];
      if (port) settle(undefined, `http://127.0.0.1:${port}`);
    };
    child.on('exit', exitedEarly);
    child.stdout!.on('data', readPort);
  });
  const health = await fetch(`${instance.url}/api/health`);
  expect(await health.json()).toEqual({ success: true, db: 'postgres' });
  return instance;
}

async function stop(instance: Instance): Promise<void> {
  const child = instance.process;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

function killAll(): void {
  for (const { process: child } of instances) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

async function api<T>(
  instance: Instance,
  route: string,
  init: RequestInit = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${instance.url}${route}`, init);
  return { status: res.status, body: (await res.json()) as T };
}

function postJson(body: unknown, token?: string): RequestInit {
  return {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  };
}

async function catalogue(instance: Instance): Promise<CourseSummary[]> {
  const { status, body } = await api<{ courses: CourseSummary[] }>(instance, '/api/course/all');
  expect(status).toBe(200);
  return body.courses;
}

async function courseDetail(instance: Instance, courseId: string): Promise<CourseSummary> {
  const { status, body } = await api<{ courseData: CourseSummary }>(
    instance,
    `/api/course/${courseId}`,
  );
  expect(status).toBe(200);
  return body.courseData;
}

/** A new learner account, signed up through `instance`: its session token. */
async function signUpOn(instance: Instance, name: string): Promise<string> {
  const { status, body } = await api<{ token: string }>(
    instance,
    '/api/auth/sign-up',
    postJson({
      name,
      email: `aluna-${randomBytes(4).toString('hex')}@example.test`,
      password: 'uma-senha-longa',
    }),
  );
  expect(status).toBe(201);
  return body.token;
}

/** Retries `check` until it passes, failing with its last error once `withinMs` has gone by. */
async function within(withinMs: number, check: () => Promise<void>): Promise<number> {
  const startedAt = Date.now();
  for (;;) {
    try {
      await check();
      return Date.now() - startedAt;
    } catch (err) {
      if (Date.now() - startedAt > withinMs) throw err;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

describe.runIf(ADMIN_URL)('two instances on one PostgreSQL and Redis', () => {
  let a: Instance;
  let b: Instance;
  // Shared video storage, as the README asks of several instances.
  let s3: TestS3 | undefined;

  beforeAll(async () => {
    process.once('exit', killAll);
    s3 = await startTestS3();
    databaseName = `aprendiz_multi_${randomBytes(6).toString('hex')}`;
    await admin((client) => client.query(`create database ${databaseName}`));
    const shared = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl(databaseName),
      REDIS_URL,
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      SEED: 'demo',
      // Redis keeps sign-in budgets per address across runs; this suite signs in from 127.0.0.1 often.
      AUTH_RATE_LIMIT_MAX: '1000',
      ADMIN_EMAILS: CONSOLE_ADMIN,
      ...s3.env,
    };
    // Started together on an empty database: both migrate and try to seed it at once.
    [a, b] = await Promise.all([start('a', shared), start('b', shared)]);
  }, START_TIMEOUT_MS * 2);

  afterAll(async () => {
    await Promise.all(instances.map(stop));
    process.off('exit', killAll);
    if (databaseName) {
      await admin((client) => client.query(`drop database if exists ${databaseName} with (force)`));
    }
    await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
    await s3?.close();
  }, STOP_TIMEOUT_MS * 3);

  it('when a student enrolls through one instance, then the other shows the new student count in its catalogue and course page within a second', async () => {
    const token = await signUpOn(a, 'Aluna Partilhada');
    // One AUTH_SECRET: a session started on A is honoured by B.
    expect(
      (await api(b, '/api/user/data', { headers: { Authorization: `Bearer ${token}` } })).status,
    ).toBe(200);

    const free = (await catalogue(b)).find((c) => c.coursePrice === 0 || c.discount === 100);
    expect(free).toBeDefined();
    const courseId = free!._id;
    // B now holds both bodies in memory; only a notification can make it drop them.
    const before = (await courseDetail(b, courseId)).studentCount;
    expect((await catalogue(b)).find((c) => c._id === courseId)?.studentCount).toBe(before);

    const enroll = await api(a, '/api/user/enroll-free-course', postJson({ courseId }, token));
    expect(enroll.status).toBe(200);

    await within(PROPAGATION_MS, async () => {
      expect((await catalogue(b)).find((c) => c._id === courseId)?.studentCount).toBe(before + 1);
      expect((await courseDetail(b, courseId)).studentCount).toBe(before + 1);
    });
    expect((await courseDetail(a, courseId)).studentCount).toBe(before + 1);
  });

  it('when a session signs out or the account becomes an educator through one instance, then the other, which had the session in memory, agrees within a second', async () => {
    const token = await signUpOn(a, 'Aluna Em Dois Sítios');
    const auth = { headers: { Authorization: `Bearer ${token}` } };
    const roleOnB = async () =>
      (await api<{ user: { role: string } }>(b, '/api/user/data', auth)).body;
    // B checks the session once and keeps it: from now on only an announcement can change it.
    expect((await roleOnB()).user.role).toBe('student');

    expect((await api(a, '/api/educator/update-role', { ...auth, method: 'GET' })).status).toBe(
      200,
    );
    await within(PROPAGATION_MS, async () => {
      expect((await roleOnB()).user.role).toBe('educator');
    });

    expect((await api(a, '/api/auth/sign-out', postJson({}, token))).status).toBe(200);
    await within(PROPAGATION_MS, async () => {
      expect((await api(b, '/api/user/data', auth)).status).toBe(401);
    });
  });

  it('when a listed session is ended, or all the others, through one instance, then the other, which had those sessions in memory, refuses them within a second', async () => {
    const email = `aluna-${randomBytes(4).toString('hex')}@example.test`;
    const password = 'uma-senha-longa';
    const signUp = await api<{ token: string }>(
      a,
      '/api/auth/sign-up',
      postJson({ name: 'Aluna Com Sessões', email, password }),
    );
    expect(signUp.status).toBe(201);
    const laptop = signUp.body.token;
    const signInOnB = async () => {
      const res = await api<{ token: string }>(
        b,
        '/api/auth/sign-in',
        postJson({ email, password }),
      );
      expect(res.status).toBe(200);
      return res.body.token;
    };
    const statusOnB = async (token: string) =>
      (await api(b, '/api/user/data', { headers: { Authorization: `Bearer ${token}` } })).status;

    const phone = await signInOnB();
    // B checks the phone's session once and keeps it in memory.
    expect(await statusOnB(phone)).toBe(200);
    const listed = await api<{ sessions: { _id: string; current: boolean }[] }>(
      a,
      '/api/account/sessions',
      { headers: { Authorization: `Bearer ${laptop}` } },
    );
    expect(listed.body.sessions).toHaveLength(2);
    const phoneSession = listed.body.sessions.find((s) => !s.current)!;
    const ended = await api(a, `/api/account/sessions/${phoneSession._id}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${laptop}` },
    });
    expect(ended.status).toBe(200);
    await within(PROPAGATION_MS, async () => {
      expect(await statusOnB(phone)).toBe(401);
    });

    const tablet = await signInOnB();
    expect(await statusOnB(tablet)).toBe(200);
    expect(await statusOnB(laptop)).toBe(200);
    const others = await api<{ token: string }>(
      a,
      '/api/account/sessions/end-others',
      postJson({}, laptop),
    );
    expect(others.status).toBe(200);
    await within(PROPAGATION_MS, async () => {
      expect(await statusOnB(tablet)).toBe(401);
      expect(await statusOnB(laptop)).toBe(401);
    });
    expect(await statusOnB(others.body.token)).toBe(200);
  });

  it('when a learner asks to close the account through one instance, then the other, which had the session in memory, refuses it within a second', async () => {
    const email = `aluna-${randomBytes(4).toString('hex')}@example.test`;
    const password = 'uma-senha-longa';
    const signUp = await api<{ token: string }>(
      a,
      '/api/auth/sign-up',
      postJson({ name: 'Aluna De Saída', email, password }),
    );
    expect(signUp.status).toBe(201);
    const token = signUp.body.token;
    const statusOnB = async () =>
      (await api(b, '/api/user/data', { headers: { Authorization: `Bearer ${token}` } })).status;
    // B checks the session once and keeps it in memory.
    expect(await statusOnB()).toBe(200);

    const closing = await api(a, '/api/account/delete', postJson({ password }, token));
    expect(closing.status).toBe(200);
    await within(PROPAGATION_MS, async () => {
      expect(await statusOnB()).toBe(401);
    });
  });

  it('when an admin suspends a learner through one instance, then the other, which had the session in memory, refuses it within a second', async () => {
    const { status, body } = await api<{ token: string }>(
      a,
      '/api/auth/sign-up',
      postJson({ name: 'Chefe', email: CONSOLE_ADMIN, password: 'uma-senha-longa' }),
    );
    expect(status).toBe(201);
    const setup = await api<{ secret: string }>(
      a,
      '/api/account/2fa/setup',
      postJson({}, body.token),
    );
    const enable = await api(
      a,
      '/api/account/2fa/enable',
      postJson({ code: await codeFor(setup.body.secret) }, body.token),
    );
    expect(enable.status).toBe(200);

    const learner = await signUpOn(a, 'Aluna Suspensa');
    const { body: me } = await api<{ user: { _id: string } }>(b, '/api/user/data', {
      headers: { Authorization: `Bearer ${learner}` },
    });
    // B now holds the learner's session in memory.
    expect(
      (await api(b, '/api/user/data', { headers: { Authorization: `Bearer ${learner}` } })).status,
    ).toBe(200);

    const suspended = await api(
      a,
      `/api/admin/users/${me.user._id}/suspend`,
      postJson({ reason: 'Teste em duas instâncias' }, body.token),
    );
    expect(suspended.status).toBe(200);
    await within(PROPAGATION_MS, async () => {
      expect(
        (await api(b, '/api/user/data', { headers: { Authorization: `Bearer ${learner}` } }))
          .status,
      ).toBe(401);
    });
  });

  it('when an educator adds a course with a thumbnail through one instance, then the other finds it by search at once, lists it and serves its thumbnail with a tag and a long cache', async () => {
    const signIn = await api<{ token: string }>(
      a,
      '/api/auth/sign-in',
      postJson({ email: 'educador@aprendiz.dev', password: DEMO_PASSWORD }),
    );
    expect(signIn.status).toBe(200);
    await catalogue(b);
    const png = await sharp({
      create: { width: 320, height: 180, channels: 3, background: { r: 200, g: 80, b: 40 } },
    })
      .png()
      .toBuffer();
    const code = `x${randomBytes(4).toString('hex')}`;
    const title = `Curso partilhado ${code}`;
    const searchOnB = (q: string) =>
      api<{ courses: CourseSummary[]; total: number }>(
        b,
        `/api/course/search?q=${encodeURIComponent(q)}`,
      );
    expect((await searchOnB(code)).body.total).toBe(0);
    const form = new FormData();
    form.set('courseData', JSON.stringify(validCourseData({ courseTitle: title })));
    form.set('image', new Blob([png], { type: 'image/png' }), 'capa.png');

    const added = await api<{ courseId: string }>(a, '/api/educator/add-course', {
      method: 'POST',
      headers: { Authorization: `Bearer ${signIn.body.token}` },
      body: form,
    });
    expect(added.status).toBe(201);
    // B's index in memory reads what any instance committed before it answers: no waiting.
    const found = await searchOnB(`partilhado ${code}`);
    expect(found.body.courses[0]?._id).toBe(added.body.courseId);
    const suggested = await api<{ courses: { _id: string }[] }>(
      b,
      `/api/course/suggest?q=${encodeURIComponent(code.slice(0, 6))}`,
    );
    expect(suggested.body.courses.map((course) => course._id)).toEqual([added.body.courseId]);

    let thumbnail = '';
    await within(PROPAGATION_MS, async () => {
      const listed = (await catalogue(b)).find((c) => c._id === added.body.courseId);
      expect(listed?.courseTitle).toBe(title);
      thumbnail = listed!.courseThumbnail;
    });
    expect(thumbnail).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);

    const fromB = await fetch(`${b.url}${thumbnail}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/webp');
    expect(fromB.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = fromB.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const bytes = Buffer.from(await fromB.arrayBuffer());
    expect((await sharp(bytes).metadata()).format).toBe('webp');
    const fromA = await fetch(`${a.url}${thumbnail}`);
    expect(fromA.headers.get('etag')).toBe(etag);
    expect(Buffer.compare(Buffer.from(await fromA.arrayBuffer()), bytes)).toBe(0);

    const revalidated = await fetch(`${b.url}${thumbnail}`, {
      headers: { 'If-None-Match': etag! },
    });
    expect(revalidated.status).toBe(304);
    expect((await revalidated.arrayBuffer()).byteLength).toBe(0);
  });

  it('when an upload is resumed through the other instance while its first request still hangs on this one, then that request is let go and the video arrives whole', async () => {
    const signIn = await api<{ token: string }>(
      a,
      '/api/auth/sign-in',
      postJson({ email: 'educador@aprendiz.dev', password: DEMO_PASSWORD }),
    );
    expect(signIn.status).toBe(200);
    const auth = { Authorization: `Bearer ${signIn.body.token}`, 'Tus-Resumable': '1.0.0' };
    const bytes = await readFile(await testVideo('mp4'));
    const created = await fetch(`${a.url}/api/educator/videos/uploads`, {
      method: 'POST',
      headers: {
        ...auth,
        'Upload-Length': String(bytes.length),
        'Upload-Metadata': `filename ${Buffer.from('aula-partilhada.mp4').toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const videoId = location.split('/').pop()!;

    // A PATCH on A that sends half the file, then hangs, as on a phone that lost its network.
    const half = Math.floor(bytes.length / 2);
    const hanging = http.request(`${a.url}${location}`, {
      method: 'PATCH',
      headers: {
        ...auth,
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
        'Content-Length': String(bytes.length),
      },
    });
    const firstEnded = new Promise<{ status: number; offset: number } | 'closed'>((resolve) => {
      hanging.on('response', (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, offset: Number(res.headers['upload-offset']) });
      });
      hanging.on('error', () => resolve('closed'));
    });
    await new Promise<void>((resolve) => hanging.write(bytes.subarray(0, half), () => resolve()));
    await new Promise((resolve) => setTimeout(resolve, 500));

    // The client comes back through B: its HEAD takes the lock, so A's request must end first.
    const head = await fetch(`${b.url}${location}`, { method: 'HEAD', headers: auth });
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    const first = await Promise.race([
      firstEnded,
      new Promise<'still hanging'>((resolve) => setTimeout(() => resolve('still hanging'), 2000)),
    ]);
    hanging.destroy();
    expect(first).not.toBe('still hanging');
    if (first !== 'closed' && first !== 'still hanging') {
      expect(first.status).toBe(204);
      expect(first.offset).toBe(offset);
    }
    expect(offset).toBeLessThanOrEqual(half);

    const rest = await fetch(`${b.url}${location}`, {
      method: 'PATCH',
      headers: {
        ...auth,
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
      },
      body: bytes.subarray(offset),
    });
    expect(rest.status).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(bytes.length));
    // Whole: ffprobe read it and the quick copy plays (the ladder comes later, from either instance).
    await within(60_000, async () => {
      const { body } = await api<{ video: { playable: boolean; durationSeconds: number } }>(
        a,
        `/api/educator/videos/${videoId}`,
        { headers: auth },
      );
      expect(body.video.playable).toBe(true);
      expect(body.video.durationSeconds).toBeCloseTo(2, 0);
    });
  }, 90_000);

  it('when the demo catalogue was seeded by whichever instance started first, then both serve its thumbnails', async () => {
    const courses = await catalogue(a);
    expect(courses.length).toBeGreaterThanOrEqual(30);
    for (const course of courses.slice(0, 3)) {
      for (const instance of [a, b]) {
        const res = await fetch(`${instance.url}${course.courseThumbnail}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/webp');
      }
    }
  });
});
