import { defineConfig } from 'vitest/config';

// One run over every workspace's unit/integration tests; e2e runs separately under Playwright.
export default defineConfig({
  test: {
    projects: ['contract', 'server', 'client'],
  },
});
