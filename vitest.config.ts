import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    pool: 'forks',
    reporters: ['default', './test/summary-reporter.ts'],
    // answers cached by tests stay out of the user's cache folder
    env: { CLINICALLAB_CACHE_DIR: join(tmpdir(), `clinicallab-test-cache-${process.pid}`) },
  },
});
