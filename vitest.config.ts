import os from 'node:os';
import { defineConfig } from 'vitest/config';

// One run over every workspace's unit/integration tests; e2e runs separately under Playwright.
export default defineConfig({
  test: {
    projects: ['contract', 'server', 'client'],
    // Vitest leaves a core free by default: one worker on CI's 2 cores. The suites wait on PGlite
    // and jsdom, not on the runner, so every core runs a test file (17 → 8 minutes on 2 cores).
    maxWorkers: os.availableParallelism(),
  },
});
