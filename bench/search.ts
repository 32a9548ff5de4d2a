import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openDatabase, type Database } from '../server/src/db/client';
import { vacuumAndAnalyze } from '../server/src/db/maintenance';
import { migrate } from '../server/src/db/migrate';
import { buildDeps } from '../server/src/deps';
import { createCourseSearch } from '../server/src/modules/courses/course-search.engine';
import { createLogger } from '../server/src/logger';

/**
 * GET /api/course/search answers within p95 < 20 ms at 10,000 published courses and
 * < 60 ms at 100,000; GET /api/course/suggest within p95 < 15 ms at 10,000 (and measured at
 * 100,000).
 */
export const SEARCH_SCALES = [
  { courses: 10_000, budgetMs: 20, suggestBudgetMs: 15 },
  // The issue sets no budget for suggestions here: their figure is reported as measured.
  { courses: 100_000, budgetMs: 60, suggestBudgetMs: undefined },
] as const;
export type SearchScale = (typeof SEARCH_SCALES)[number];

export interface SearchLatencyRow {
  query: string;
  p95Ms: number;
  total: number;
}

export interface SearchResults {
  scale: SearchScale;
  /** Over every request of every search query. */
  p95Ms: number;
  /** Over every request of every suggestion query. */
  suggestP95Ms: number;
  /** What the word search adds to the database (documents, their indexes, the lexicon). */
  index: { name: string; bytes: number }[];
  /** The in-process index (course-search.index.ts): its build and its typed arrays. */
  memory: { courses: number; bytes: number; buildMs: number };
  samplesPerQuery: number;
  rows: SearchLatencyRow[];
}

function p95(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length * 0.95)]!;
}

/**
 * What people type, mostly several words, stop words and typos: titles, a name and a topic, a word
 * only descriptions hold, an unknown word, filters, every sort, pages.
 */
export const SEARCH_QUERIES = [
  'q=curso%20de%20python',
  'q=python%20para%20iniciantes',
  'q=introducao%20a%20docker',
  'q=machine%20learning%20na%20pratica',
  'q=analise%20de%20dados%20sql',
  'q=marketing%20digital%20para%20equipas',
  'q=gestao%20de%20projetos%20avancado',
  'q=kubernets%20avancado',
  'q=dokcer',
  'q=pyton',
  'q=javscript%20do%20zero',
  'q=silva%20python',
  'q=javascrip',
  'q=xyzzy%20python',
  'q=xyzzy',
  'q=python',
  'q=dashboards',
  'q=react&category=programacao&level=avancado&sort=rating',
  'category=dados-ia&sort=students&page=3',
  'sort=newest&page=100',
];

/** A search box being typed into: prefixes, filler, a typo, a name. */
export const SUGGEST_QUERIES = [
  'py',
  'pytho',
  'curso%20de%20doc',
  'kubernets',
  'ana%20sil',
  'javascrip',
  'gestao%20de%20proj',
  'machine%20lea',
];

const TOPICS = [
  'Python',
  'JavaScript',
  'React',
  'TypeScript',
  'Programação Funcional',
  'SQL',
  'Machine Learning',
  'Design de Interfaces',
  'Marketing Digital',
  'Gestão de Projetos',
  'Cibersegurança',
  'Docker',
  'Kubernetes',
  'Excel',
  'Finanças Pessoais',
  'Fotografia',
  'Comunicação',
  'Liderança',
  'Java',
  'Análise de Dados',
];
const SHAPES = ['%s do Zero', '%s Avançado', '%s na Prática', 'Introdução a %s', '%s para Equipas'];
const FIRST_NAMES = ['Ana', 'João', 'Maria', 'José', 'Inês', 'Rui', 'Beatriz', 'Tiago', 'Sofia'];
const LAST_NAMES = ['Silva', 'Conceição', 'Gonçalves', 'Araújo', 'Pereira', 'Lopes', 'Sá'];
const CATEGORIES = [
  'programacao',
  'dados-ia',
  'design',
  'negocios',
  'marketing',
  'seguranca',
  'infraestrutura-cloud',
  'carreira',
];
const LEVELS = ['iniciante', 'intermediario', 'avancado'];

/** A Postgres text[] literal of the given words. */
function textArray(words: readonly string[]) {
  return sql`${`{${words.map((word) => `"${word}"`).join(',')}}`}::text[]`;
}

/** `courses` published courses from 300 educators with HTML descriptions, and 20,000 ratings. */
export async function loadSearchCatalogue(database: Database, courses: number): Promise<void> {
  const { db } = database;
  await db.execute(sql`insert into users (id, name, email, role)
    select 'usr_search_edu_' || g,
      (${textArray(FIRST_NAMES)})[1 + g % ${FIRST_NAMES.length}] || ' ' ||
      (${textArray(LAST_NAMES)})[1 + (g / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}],
      'edu' || g || '@bench.test', 'educator'
    from generate_series(1, 300) g`);
  await db.execute(sql`insert into users (id, name, email)
    select 'usr_search_' || g, 'Aluno ' || g, 'aluno' || g || '@bench.test'
    from generate_series(1, 2000) g`);
  await db.execute(sql`insert into courses
      (educator_id, title, description_html, thumbnail_url, price, discount, category, level,
       student_count, created_at)
    select 'usr_search_edu_' || (1 + g % 300),
      replace((${textArray(SHAPES)})[1 + (g / 20) % ${SHAPES.length}], '%s',
        (${textArray(TOPICS)})[1 + g % ${TOPICS.length}]) || ' ' || g,
      '<h2>Sobre o curso</h2><p>Aprenda ' ||
        (${textArray(TOPICS)})[1 + (g * 7) % ${TOPICS.length}] ||
        ' com <strong>exercícios</strong> e projetos reais.</p><ul><li>Relatórios e ' ||
        case when g % 50 = 0 then 'dashboards' else 'gráficos' end ||
        '</li><li>Boas práticas da indústria</li></ul>',
      '/x.webp', (g % 80) + 0.99, g % 40,
      (${textArray(CATEGORIES)})[1 + g % ${CATEGORIES.length}],
      (${textArray(LEVELS)})[1 + g % ${LEVELS.length}],
      (g * 37) % 5000, now() - g * interval '1 hour'
    from generate_series(1, ${courses}) g`);
  await db.execute(sql`insert into ratings (user_id, course_id, rating)
    select 'usr_search_' || u, c.id, 1 + (u + k) % 5
    from generate_series(1, 2000) u cross join generate_series(1, 10) k
    join (select id, row_number() over (order by id) - 1 as n from courses) c
      on c.n = (u * 37 + k * 1013) % ${courses}`);
  // After a bulk load, what the server's own maintenance timer does within minutes on PGlite.
  await vacuumAndAnalyze(database);
}

/** The bytes of what migration 0017 added: the search columns, their indexes and the lexicon. */
async function wordSearchSize(database: Database): Promise<{ name: string; bytes: number }[]> {
  const { rows } = await database.db.execute<{ name: string; bytes: string }>(sql`
    select 'courses.search_document + search_title_document + search_outline (values)' as name,
      sum(pg_column_size(search_document) + pg_column_size(search_title_document)
        + pg_column_size(search_outline))::bigint as bytes from courses
    union all select relname::text, pg_total_relation_size(oid) from pg_class
    where relname in ('courses_search_document_idx', 'courses_search_title_document_idx',
      'courses_search_outline_idx', 'users_search_name_document_idx', 'search_lexicon')
    union all select 'search_lexicon words', count(*) from search_lexicon`);
  return rows.map((row) => ({ name: row.name, bytes: Number(row.bytes) }));
}

/**
 * Search latency, in process on PGlite (as `npm start` runs without DATABASE_URL) over
 * loadSearchCatalogue's courses: each query of SEARCH_QUERIES asked `samples` times in a row.
 */
export async function measureSearch(scale: SearchScale, samples = 100): Promise<SearchResults> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'aprendiz-bench-search-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    PAYMENTS_SANDBOX: '1',
    // Production with local accounts needs an SMTP server; these runs send no mail.
    SMTP_URL: 'smtp://127.0.0.1:25',
    LOG_LEVEL: 'silent',
  });
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await migrate(database.db);
    await loadSearchCatalogue(database, scale.courses);
    // Built once on its own to time it; the server below builds its own as it starts.
    const buildStart = performance.now();
    const probe = createCourseSearch(database.db);
    await probe.catchUp();
    const memory = { ...probe.size(), buildMs: performance.now() - buildStart };

    const deps = await buildDeps(config, database, createLogger('silent'));
    await deps.courseSearch.catchUp();
    const app = createApp(deps);
    const server = app.listen(0);
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/course/`;
      const rows: SearchLatencyRow[] = [];
      const all: number[] = [];
      const suggestAll: number[] = [];
      const measure = async (url: string, into: number[]) => {
        const times: number[] = [];
        for (let i = 0; i < samples; i++) {
          const start = performance.now();
          const res = await fetch(url);
          if (!res.ok) throw new Error(`${url}: ${res.status}`);
          await res.arrayBuffer();
          times.push(performance.now() - start);
        }
        into.push(...times);
        return p95(times);
      };
      for (const query of SEARCH_QUERIES) {
        const url = `${origin}search?${query}`;
        const { total } = (await (await fetch(url)).json()) as { total: number };
        rows.push({ query, total, p95Ms: await measure(url, all) });
      }
      for (const query of SUGGEST_QUERIES) {
        const url = `${origin}suggest?q=${query}`;
        const { courses } = (await (await fetch(url)).json()) as { courses: unknown[] };
        rows.push({
          query: `suggest ${query}`,
          total: courses.length,
          p95Ms: await measure(url, suggestAll),
        });
      }
      return {
        scale,
        p95Ms: p95(all),
        suggestP95Ms: p95(suggestAll),
        index: await wordSearchSize(database),
        memory,
        samplesPerQuery: samples,
        rows,
      };
    } finally {
      server.close();
      // Its job queue's timers would keep the process alive.
      await deps.close();
    }
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
