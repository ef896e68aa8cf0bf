/**
 * `collab sandbox --time-scale 0` for tests that start the sandbox binary, as a user runs it: the
 * built binary. collab against the GitLab flavour's behaviours: test/commands/gitlab-sandbox.test.ts.
 */
import readline from 'node:readline';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, BIN, binEnv, runBin, tempDir } from '../helpers/e2e.js';

const P = 'acme/platform/api';

describe('collab sandbox --time-scale', () => {
  it('0 ends the sandbox waits at once: a fork is imported and a job canceled without waiting', async () => {
    const child = execa(process.execPath, [BIN, 'sandbox', '--port', '0', '--flavor', 'gitlab', '--time-scale', '0'], {
      env: binEnv(tempDir()),
      extendEnv: false,
      reject: false,
    });
    try {
      const first = await new Promise<string>((resolve) => readline.createInterface({ input: child.stdout! }).once('line', resolve));
      const url = /listening on (\S+)/.exec(first)?.[1] as string;
      const env = { COLLAB_HOST: url, COLLAB_TOKEN: ADMIN_TOKEN, COLLAB_FLAVOR: 'gitlab' };
      const fork = await runBin(['project', 'fork', 'acme/website', '--namespace', 'labs', '-o', 'json'], env);
      expect(fork.exitCode, fork.stderr).toBe(0);
      const view = await runBin(['project', 'view', 'labs/website', '-o', 'json'], env);
      expect(JSON.parse(view.stdout).import_status).toBe('finished');
      const running = JSON.parse((await runBin(['job', 'list', '-p', P, '--scope', 'running', '-o', 'json'], env)).stdout)[0];
      await runBin(['job', 'cancel', String(running.id), '-p', P], env);
      expect(JSON.parse((await runBin(['job', 'view', String(running.id), '-p', P, '-o', 'json'], env)).stdout).status).toBe('canceled');
    } finally {
      child.kill('SIGINT');
      await child;
    }
  });

  it.each([['-1'], ['soon'], ['']])('%j is a usage error, exit 2', async (value) => {
    const r = await runBin(['sandbox', '--port', '0', '--time-scale', value]);
    expect([r.exitCode, r.stderr.includes('--time-scale')]).toEqual([2, true]);
  });
});
