import readline from 'node:readline';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, BIN, binEnv, runBin, tempDir } from '../helpers/e2e.js';

describe('collab sandbox --bandwidth, --latency and compression', () => {
  it('serves through one slow link, gzip when asked, and stops on Ctrl-C', async () => {
    const child = execa(process.execPath, [BIN, 'sandbox', '--port', '0', '--seed', '500', '--latency', '40', '--bandwidth', '2441'], {
      env: binEnv(tempDir()),
      extendEnv: false,
      reject: false,
    });
    const first = await new Promise<string>((resolve) => readline.createInterface({ input: child.stdout! }).once('line', resolve));
    const url = /listening on (\S+)/.exec(first)?.[1];
    expect(url).toBeDefined();
    const res = await fetch(`${url}/api/v4/projects/acme%2Fplatform%2Fapi/issues?per_page=100&state=all`, {
      headers: { 'PRIVATE-TOKEN': ADMIN_TOKEN, 'Accept-Encoding': 'gzip' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect((await res.json()) as unknown[]).toHaveLength(100);
    child.kill('SIGINT');
    const done = await child;
    // The sandbox's Ctrl-C is its normal way to stop.
    expect(done.exitCode).toBe(0);
    expect(String(done.stdout)).toContain('latency 40 ms, bandwidth 2441 KiB/s shared');
  });

  it.each([['0'], ['fast'], ['-5']])('--bandwidth %s is a usage error, exit 2', async (value) => {
    const r = await runBin(['sandbox', '--port', '0', '--bandwidth', value]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('--bandwidth');
    expect(r.stdout).toBe('');
  });
});
