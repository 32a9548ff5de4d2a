import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const clientRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), 'client');

/**
 * Client test files that mock modules, stub globals or fake timers: each gets a module graph of its
 * own. The others share one per worker, which saves jsdom and React being set up again for each of
 * ~90 files (76 → 20 s for the client suite on 2 cores). Read from the files, so a new test that
 * mocks is isolated without anyone listing it.
 */
function clientFilesNeedingIsolation(): string[] {
  const needs = /\bvi\.(?:mock|doMock|stubGlobal|useFakeTimers)\(/;
  return readdirSync(path.join(clientRoot, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .filter((file) => needs.test(readFileSync(path.join(clientRoot, 'src', file), 'utf8')))
    .map((file) => `src/${file.split(path.sep).join('/')}`);
}
const isolated = clientFilesNeedingIsolation();

// One run over every workspace's unit/integration tests; e2e runs separately under Playwright. Each
// project sets its own `maxWorkers` (a root value does not reach the projects).
export default defineConfig({
  test: {
    projects: [
      'contract',
      'server',
      {
        extends: './client/vite.config.ts',
        root: clientRoot,
        test: {
          name: 'client',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...isolated],
          isolate: false,
        },
      },
      {
        extends: './client/vite.config.ts',
        root: clientRoot,
        test: { name: 'client (isolated)', include: isolated },
      },
    ],
  },
});
