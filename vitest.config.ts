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
/**
 * The binaries the tests spawn share one V8 code cache (their XDG_CACHE_HOME, test/helpers/e2e.ts):
 * each has a fresh HOME, and would otherwise compile the bundle and write a cache at every start.
 */
process.env.COLLAB_TEST_CODE_CACHE ??= fs.mkdtempSync(path.join(os.tmpdir(), 'collab-code-cache-'));
const codeCache = process.env.COLLAB_TEST_CODE_CACHE;
/**
 * Where the in-process command tests keep their config (test/helpers/harness.ts): a folder per
 * run, and in it one per call, so no call reads what another stored (a host's dialect).
 */
process.env.COLLAB_TEST_CONFIG_ROOT ??= fs.mkdtempSync(path.join(os.tmpdir(), 'collab-test-config-'));
/** Where the single file and the executable are built once for the tests that need them (test/helpers/packaged.ts). */
process.env.COLLAB_TEST_PACKAGE_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'collab-packaged-'));

/**
 * The test files that replace a module (`vi.mock`): a mock holds only in a fresh module cache, and
 * would reach the files run after it in a shared one, so these run isolated.
 */
const mocking = fs
  .readdirSync(path.join(import.meta.dirname, 'test'), { recursive: true, encoding: 'utf8' })
  .map((file) => path.join('test', file))
  .filter(
    (file) => file.endsWith('.test.ts') && /\bvi\.(do)?[mM]ock\(/.test(fs.readFileSync(path.join(import.meta.dirname, file), 'utf8')),
  );
/** Removes this run's folders at its end; the run's projects each name it, and it runs for each. */
const runDirs = 'test/helpers/run-dirs-setup.ts';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // vitest's default on 2 cores is one worker: the end-to-end files spend much of their time in
    // the binaries they spawn and in waits, so two run side by side.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    provide: { requestLog, codeCache },
    projects: [
      {
        extends: true,
        // In-process: src/ is loaded from source, so nothing is built and a file run right after an
        // edit starts at once.
        test: {
          name: 'tests',
          include: ['test/**/*.test.ts'],
          exclude: ['test/e2e/**', 'test/coverage/**', ...mocking],
          globalSetup: [runDirs],
          // The files of a worker share its module cache: src/ and the helpers are loaded once per
          // worker, not once per file, which halves the CPU time of the in-process tests. Nothing in
          // src/ keeps state in a module, and a test restores what it stubs.
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        // The tests that spawn the built binary (test/e2e/): the global setup builds dist/ first
        // when src/ changed since the last build.
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          exclude: mocking,
          globalSetup: ['test/helpers/global-setup.ts', runDirs],
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        // In-process only: nothing to build.
        test: { name: 'mocking', include: mocking, globalSetup: [runDirs], sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: { name: 'coverage', include: ['test/coverage/**/*.test.ts'], sequence: { groupOrder: 1 } },
      },
    ],
  },
});
