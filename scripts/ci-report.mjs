// The slowest test files (vitest's JSON reports) and journeys (Playwright's JSON report) of a CI run,
// so the next change that makes CI slower is seen by name. Usage: node scripts/ci-report.mjs DIR
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SHOWN = 20;
const dir = process.argv[2] ?? '.ci/reports';
if (!existsSync(dir)) process.exit(0);

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(8);
const files = [];
const journeys = [];

for (const name of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
  let report;
  try {
    report = JSON.parse(readFileSync(path.join(dir, name), 'utf8'));
  } catch {
    continue; // a run stopped mid-write leaves no report worth reading
  }
  const pass = name.replace(/\.json$/, '');
  if (Array.isArray(report.testResults)) {
    for (const file of report.testResults) {
      files.push({
        ms: file.endTime - file.startTime,
        label: `${pass}: ${path.relative(process.cwd(), file.name)}`,
      });
    }
  } else if (Array.isArray(report.suites)) {
    const walk = (suite, titles) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          const ms = (test.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0);
          journeys.push({
            ms,
            label: `${test.projectName}: ${[...titles, spec.title].join(' › ')} (${spec.file}:${spec.line})`,
          });
        }
      }
      for (const child of suite.suites ?? []) walk(child, [...titles, child.title].filter(Boolean));
    };
    for (const suite of report.suites) walk(suite, []);
  }
}

function print(title, rows) {
  if (rows.length === 0) return;
  const total = rows.reduce((sum, r) => sum + r.ms, 0);
  console.log(
    `\n${title} (${rows.length}, ${seconds(total).trim()} in all, the ${SHOWN} slowest):`,
  );
  for (const row of rows.sort((a, b) => b.ms - a.ms).slice(0, SHOWN)) {
    console.log(`${seconds(row.ms)}  ${row.label}`);
  }
}

print('Test files', files);
print('Journeys', journeys);
