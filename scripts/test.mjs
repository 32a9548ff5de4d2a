// `npm test`: every suite — contract, server (PGlite), client, then the e2e journeys in Chromium.
import './lib/require-node.mjs';
import {
  ensureClientBuilt,
  ensureInstalled,
  findChromium,
  isListening,
  run,
} from './lib/workspace.mjs';

await ensureInstalled();

// The shared online counter and rate limits are tested on a real Redis when one answers locally.
if (!process.env.TEST_REDIS_URL) {
  if (await isListening('127.0.0.1', 6379)) process.env.TEST_REDIS_URL = 'redis://127.0.0.1:6379';
  else
    console.warn(
      'Redis não encontrado em 127.0.0.1:6379: os testes sobre Redis não são executados.',
    );
}

// Under CI (.ci/run) each runner also writes a JSON report, read for the slowest files and journeys.
const reports = process.env.CI_REPORTS_DIR;
const unit = await run('npx', [
  'vitest',
  'run',
  ...(reports
    ? ['--reporter=default', '--reporter=json', `--outputFile.json=${reports}/vitest-pglite.json`]
    : []),
]);
if (unit !== 0) process.exit(unit);

const chromium = findChromium();
if (!chromium) {
  const banner = '!'.repeat(78);
  console.error(`\n${banner}\n  Chromium não encontrado: os testes e2e NÃO rodaram.`);
  console.error('  Instale-o com `apt-get install -y chromium` ou defina CHROMIUM_PATH.');
  console.error(`${banner}\n`);
  process.exit(process.env.CI === 'true' ? 1 : 0);
}

await ensureClientBuilt();
// The build's budgets (the public pages' critical paths) fail the run as they fail `npm run build`:
// a few hundred bytes over went unnoticed for a wave when only the build checked them.
const budgets = await run('node', ['scripts/bundle-size.mjs']);
if (budgets !== 0) process.exit(budgets);
const e2e = await run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
  env: { ...process.env, CHROMIUM_PATH: chromium, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
});
process.exit(e2e);
