/**
 * Standard error that cannot be written to (its reader gone, or after SIGHUP a terminal that is
 * gone) changes nothing about how a run ends: the message is lost, the exit code is the command's.
 */
import { spawn } from 'node:child_process';
import { expect, it } from 'vitest';
import { BIN, binEnv, tempDir } from '../helpers/e2e.js';

it('a usage error whose message cannot be written still exits 2, not as a crash', async () => {
  const child = spawn(process.execPath, [BIN, 'issue', 'view', 'not-a-number', '-p', 'acme/platform/api'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: binEnv(tempDir('collab-cfg-'), { COLLAB_HOST: 'http://127.0.0.1:9', COLLAB_TOKEN: 'glpat-e2e-stdio' }),
  });
  // Closed before collab has started: its one line on stderr meets EPIPE.
  child.stderr.destroy();
  const code = await new Promise((resolve) => child.on('exit', resolve));
  expect(code).toBe(2);
});
