// The JavaScript of the public pages, gzip, from the build's chunk graph (client/dist/.vite/manifest.json):
// - executed before idle: the first script and what it imports statically. A server-rendered page
//   runs nothing else until it has loaded and the browser is idle (client/src/boot/start-when-idle.ts),
//   so this is what competes with its first paint and largest image. The build fails above BUDGET_KB.
// - the critical path of a page: that, plus what hydrates it once idle (the app and the page's chunk
//   with their static imports): what a visitor waits for before the page's controls answer in the
//   app. Reported for `/`, `/course-list` and `/course/:id`, and held under each page's ceiling in
//   CEILINGS_KB to catch regressions; the API client (axios) is on none of them, since it loads on
//   the first call (client/src/lib/load-api.ts). See docs/decisions/2026-11-25-paint-first-hydrate-when-idle.md.
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './lib/workspace.mjs';

/** JS executed on `/` before the page is idle (issue 30). */
export const BUDGET_KB = 100;
/** The critical path of `/` (first script + hydration); above it the build fails. */
export const CEILING_KB = 130;
/** The critical paths held under a ceiling, gzip kB: above one the build fails. */
export const CEILINGS_KB = { '/': CEILING_KB, '/course/:id': 140 };
/** Chunks that load on their first use, never on a public page's critical path. */
export const ON_FIRST_USE = ['api-client'];

const ENTRY = 'index.html';
/** The page chunks hydrated at each public address. */
export const PAGE_CHUNKS = {
  '/': 'src/pages/public/home.tsx',
  '/course-list': 'src/pages/public/course-list.tsx',
  '/course/:id': 'src/pages/public/course-detail.tsx',
};

function readManifest(dist) {
  const file = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(file)) throw new Error(`${file} not found: run npm run build -w client`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** The manifest keys of `keys` and everything they import statically. */
function staticClosure(manifest, keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

function sizes(dist, manifest, keys) {
  const files = [...keys].map((key) => {
    const file = `/${manifest[key].file}`;
    const bytes = readFileSync(path.join(dist, manifest[key].file));
    return {
      file,
      chunk: manifest[key].name ?? key,
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
    };
  });
  return { files, totalGzipKb: files.reduce((sum, f) => sum + f.gzip, 0) / 1024 };
}

/** What the first script of every page runs before idle: entry + static imports, gzip. */
export function measureEntryJs(dist = path.join(root, 'client', 'dist')) {
  const manifest = readManifest(dist);
  const beforeIdle = staticClosure(manifest, [ENTRY]);
  // The page's HTML must not ask for more than that (a modulepreload runs nothing, but competes).
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const named = new Set([...beforeIdle].map((key) => `/${manifest[key].file}`));
  for (const m of html.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+\.js)"/g)) {
    if (!named.has(m[1]))
      throw new Error(`index.html loads ${m[1]}, outside the first script's graph`);
  }
  return sizes(dist, manifest, beforeIdle);
}

/** What hydrates `page` once idle, beyond what ran before idle. */
export function measureHydrationJs(page = '/', dist = path.join(root, 'client', 'dist')) {
  const manifest = readManifest(dist);
  const beforeIdle = staticClosure(manifest, [ENTRY]);
  // The first script imports the app and React DOM (fetched together, evaluated apart).
  const app = manifest[ENTRY].dynamicImports ?? [];
  const hydration = [...staticClosure(manifest, [...app, PAGE_CHUNKS[page]])].filter(
    (key) => !beforeIdle.has(key),
  );
  return sizes(dist, manifest, hydration);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
  const failures = [];
  const before = measureEntryJs();
  console.log('JS executed on / before idle:');
  for (const f of before.files) console.log(`  ${f.file}  ${kb(f.gzip)} gzip`);
  const verdict = before.totalGzipKb <= BUDGET_KB ? 'within' : 'OVER';
  console.log(
    `  = ${before.totalGzipKb.toFixed(1)} kB gzip (${verdict} the ${BUDGET_KB} kB budget)`,
  );
  if (before.totalGzipKb > BUDGET_KB) failures.push(`JS executed on / before idle is over budget.`);
  for (const page of Object.keys(PAGE_CHUNKS)) {
    const hydration = measureHydrationJs(page);
    const total = before.totalGzipKb + hydration.totalGzipKb;
    const ceiling = CEILINGS_KB[page];
    console.log(
      `Critical path of ${page}: ${total.toFixed(1)} kB gzip (${hydration.totalGzipKb.toFixed(1)} kB hydrate once idle${ceiling ? `; ceiling ${ceiling} kB` : ''})`,
    );
    if (ceiling) for (const f of hydration.files) console.log(`  ${f.file}  ${kb(f.gzip)} gzip`);
    if (ceiling && total > ceiling)
      failures.push(`The critical path of ${page} is over its ${ceiling} kB ceiling.`);
    for (const f of hydration.files.filter((f) => ON_FIRST_USE.includes(f.chunk)))
      failures.push(`${page} hydrates with ${f.file}, which should load on its first use.`);
  }
  for (const failure of failures) console.log(failure);
  if (failures.length > 0) process.exit(1);
}
