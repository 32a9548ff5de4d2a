import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // As many workers as cores, like the other projects (server/vitest.config.ts says why).
  test: { name: 'contract', include: ['src/**/*.test.ts'], maxWorkers: os.availableParallelism() },
});
