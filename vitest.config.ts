import { defineConfig } from 'vitest/config';

// One run over every workspace's unit/integration tests; e2e runs separately under Playwright. Each
// project sets its own `maxWorkers` (a root value does not reach the projects).
export default defineConfig({
  test: {
    projects: ['contract', 'server', 'client'],
  },
});
