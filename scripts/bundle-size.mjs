// Reports the gzip size of the JavaScript that `/` loads (entry + modulepreloads) against its
// budget, and fails the build above a ceiling that catches regressions: the budget is below what
// React DOM and the data router weigh alone (docs/decisions.md, "Server rendering").
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './lib/workspace.mjs';

export const BUDGET_KB = 96;
export const CEILING_KB = 120;

export function measureEntryJs(dist = path.join(root, 'client', 'dist')) {
  const indexFile = path.join(dist, 'index.html');
  if (!existsSync(indexFile))
    throw new Error('client/dist/index.html not found: run npm run build');
  const html = readFileSync(indexFile, 'utf8');
  const refs = new Set();
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) refs.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g))
    refs.add(m[1]);
  const files = [...refs].map((ref) => {
    const bytes = readFileSync(path.join(dist, ref.replace(/^\//, '')));
    return { file: ref, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
  const totalGzip = files.reduce((sum, f) => sum + f.gzip, 0);
  return { files, totalGzipKb: totalGzip / 1024 };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { files, totalGzipKb } = measureEntryJs();
  for (const f of files) console.log(`  ${f.file}  ${(f.gzip / 1024).toFixed(1)} kB gzip`);
  const verdict = totalGzipKb <= BUDGET_KB ? 'within' : 'over';
  console.log(
    `JS loaded by /: ${totalGzipKb.toFixed(1)} kB gzip (${verdict} the ${BUDGET_KB} kB budget; the build fails above ${CEILING_KB} kB)`,
  );
  if (totalGzipKb > CEILING_KB) process.exit(1);
}
