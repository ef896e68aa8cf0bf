import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The command tests log every request they send here (test/helpers/request-log.ts); the coverage
 * tests, which run after all the others, read it. One directory per run: vitest evaluates this
 * file once per project, and the first evaluation chooses it.
 */
process.env.COLLAB_TEST_REQUEST_LOG ??= fs.mkdtempSync(path.join(os.tmpdir(), 'collab-requests-'));
const requestLog = process.env.COLLAB_TEST_REQUEST_LOG;

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    provide: { requestLog },
    projects: [
      {
        extends: true,
        test: {
          name: 'tests',
          include: ['test/**/*.test.ts'],
          exclude: ['test/coverage/**'],
          globalSetup: ['test/helpers/global-setup.ts', 'test/helpers/request-log-setup.ts'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: 'coverage', include: ['test/coverage/**/*.test.ts'], sequence: { groupOrder: 1 } },
      },
    ],
  },
});
