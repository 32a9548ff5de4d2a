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
import { createLogger } from '../server/src/logger';

/** GET /api/course/search answers within p95 < 20 ms at 10,000 published courses. */
export const SEARCH_P95_BUDGET_MS = 20;
export const SEARCH_COURSES = 10_000;

export interface SearchLatencyRow {
  query: string;
  p95Ms: number;
  total: number;
}

export interface SearchResults {
  /** Over every request of every query. */
  p95Ms: number;
  samplesPerQuery: number;
  rows: SearchLatencyRow[];
}

function p95(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length * 0.95)]!;
}

/** What people type: titles, typos, a name, a word only descriptions hold, filters, every sort, pages. */
export const SEARCH_QUERIES = [
  'q=python',
  'q=pyton',
  'q=javscript',
  'q=programacao',
  'q=silva',
  'q=conceicao',
  'q=dashboards',
  'q=a',
  'q=xyzzy',
  'q=react&category=programacao&level=avancado&sort=rating',
  'category=dados-ia&sort=students&page=3',
  'sort=newest&page=100',
  'sort=price&pageSize=60',
  'sort=rating',
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

/** 10,000 published courses from 300 educators with HTML descriptions, and 20,000 ratings. */
export async function loadSearchCatalogue(database: Database): Promise<void> {
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
    from generate_series(1, ${SEARCH_COURSES}) g`);
  await db.execute(sql`insert into ratings (user_id, course_id, rating)
    select 'usr_search_' || u, c.id, 1 + (u + k) % 5
    from generate_series(1, 2000) u cross join generate_series(1, 10) k
    join (select id, row_number() over (order by id) - 1 as n from courses) c
      on c.n = (u * 37 + k * 1013) % ${SEARCH_COURSES}`);
  // After a bulk load, what the server's own maintenance timer does within minutes on PGlite.
  await vacuumAndAnalyze(database);
}

/**
 * Search latency, in process on PGlite (as `npm start` runs without DATABASE_URL) over
 * loadSearchCatalogue's courses: each query of SEARCH_QUERIES asked `samples` times in a row.
 */
export async function measureSearch(samples = 100): Promise<SearchResults> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'aprendiz-bench-search-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
    PAYMENTS_SANDBOX: '1',
    // Production with local accounts needs an SMTP server; these runs send no mail.
    SMTP_URL: 'smtp://127.0.0.1:25',
    LOG_LEVEL: 'silent',
  });
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await migrate(database.db);
    await loadSearchCatalogue(database);

    const app = createApp(await buildDeps(config, database, createLogger('silent')));
    const server = app.listen(0);
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/course/search?`;
      const rows: SearchLatencyRow[] = [];
      const all: number[] = [];
      for (const query of SEARCH_QUERIES) {
        const { total } = (await (await fetch(base + query)).json()) as { total: number };
        const times: number[] = [];
        for (let i = 0; i < samples; i++) {
          const start = performance.now();
          const res = await fetch(base + query);
          if (!res.ok) throw new Error(`${query}: ${res.status}`);
          await res.arrayBuffer();
          times.push(performance.now() - start);
        }
        all.push(...times);
        rows.push({ query, total, p95Ms: p95(times) });
      }
      return { p95Ms: p95(all), samplesPerQuery: samples, rows };
    } finally {
      server.close();
    }
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
