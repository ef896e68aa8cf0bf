import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli.js';
import { crashReport } from '../../src/errors.js';

/** A failure nothing expected is reported as one line and the bug hint, exit 1: never a stack or code. */
describe('unexpected errors', () => {
  it('a failure while the run is set up (before any setting is read) is one line and the hint', async () => {
    const stderr = new PassThrough();
    const out: Buffer[] = [];
    stderr.on('data', (c) => out.push(Buffer.from(c)));
    // The environment itself fails to be read: nothing of collab's own reporting is set up yet.
    const env = new Proxy(
      {},
      {
        get: () => {
          throw new Error('environment unreadable\n    at Object.<anonymous> (bundle.cjs:60)');
        },
      },
    );
    const code = await run(['job', 'list'], {
      io: {
        stdin: Readable.from([]),
        stdout: new PassThrough(),
        stderr,
        stdinIsTTY: false,
        stdoutIsTTY: false,
        stderrIsTTY: false,
        colorLevel: 0,
        columns: 80,
      },
      env,
      cwd: '/',
      signal: new AbortController().signal,
    });
    expect(code).toBe(1);
    expect(Buffer.concat(out).toString()).toBe(crashReport(new Error('environment unreadable at Object.<anonymous> (bundle.cjs:60)')));
    expect(Buffer.concat(out).toString()).toMatch(
      /^collab: unexpected error: environment unreadable at .*\nhint: this is a bug in collab: .*issue tracker.*\n$/,
    );
  });
});
