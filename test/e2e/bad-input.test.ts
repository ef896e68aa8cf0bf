/**
 * Bad input, end to end: a sample of the generated suite (test/unit/bad-input.test.ts) run with
 * the built binary against the sandbox. Each must exit 2 naming the flag, and the sandbox's request
 * log must stay empty: nothing reached the server. Invalid UTF-8 goes in as real bytes in argv.
 */
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, BIN, binEnv, type SandboxFixture, startSandboxFixture, tempDir } from '../helpers/e2e.js';

const P = ['-p', 'acme/platform/api'];

const CASES: { args: string[]; names: string[] }[] = [
  { args: ['issue', 'create', ...P, '--title', 't', '--weight', '10'], names: ['--weight'] },
  { args: ['issue', 'update', '1', ...P, '--weight=-1'], names: ['--weight'] },
  { args: ['issue', 'create', ...P, '--title', 't', '--due-date', '2026-02-30'], names: ['--due-date'] },
  { args: ['issue', 'list', ...P, '--created-after', '2026-01-01T25:00'], names: ['--created-after'] },
  { args: ['issue', 'spend', '1', '5 parsecs', ...P], names: ['duration'] },
  { args: ['issue', 'view', 'abc', ...P], names: ['<iid>'] },
  { args: ['job', 'view', '0', ...P], names: ['<id>'] },
  { args: ['issue', 'list', ...P, '--author-id', '1e3'], names: ['--author-id'] },
  { args: ['issue', 'list', ...P, '--state', 'sideways'], names: ['--state'] },
  { args: ['issue', 'list', ...P, '--iids', '1,x'], names: ['--iids'] },
  { args: ['mr', 'list', ...P, '--per-page', '101'], names: ['--per-page'] },
  { args: ['issue', 'create', ...P], names: ['--title'] },
  { args: ['issue', 'delete', '1', ...P], names: ['--yes'] },
  { args: ['issue', 'list', ...P, '--labels', 'bug', '--no-labels'], names: ['--labels', '--no-labels'] },
  { args: ['issue', 'list', ...P, '--frobnicate'], names: ['--frobnicate'] },
  { args: ['board', 'list-move', '1', '2', ...P, '--position', '1.5'], names: ['--position'] },
  { args: ['--timeout', 'soon', 'user', 'me'], names: ['--timeout'] },
  { args: ['api', 'https://evil.example/api/v4/user'], names: ['evil.example'] },
];

describe('bad input against the sandbox: exit 2, the flag named, nothing sent', () => {
  let sb: SandboxFixture;
  beforeAll(async () => {
    sb = await startSandboxFixture({ seed: 'demo' });
  });
  afterAll(() => sb?.close());

  it.each(CASES.map((c) => [c.args.join(' '), c] as const))('%s', async (_name, c) => {
    await sb.clearRequests();
    const r = await sb.run(c.args);
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^collab: /);
    for (const n of c.names) expect(r.stderr).toContain(n);
    expect(sb.requests()).toEqual([]);
  });

  it('refuses invalid UTF-8 bytes in argv (the shell passes them through)', async () => {
    await sb.clearRequests();
    // printf turns \377 into a raw 0xFF byte: not UTF-8; Node decodes it to U+FFFD.
    const script = `exec "${process.execPath}" "${BIN}" issue create -p acme/platform/api --title "$(printf 'caf\\377')"`;
    const r = await execa('/bin/sh', ['-c', script], {
      env: binEnv(tempDir('collab-cfg-'), { COLLAB_HOST: sb.url, COLLAB_TOKEN: ADMIN_TOKEN }),
      extendEnv: false,
      reject: false,
      stdin: 'ignore',
    });
    expect(r.exitCode, String(r.stderr)).toBe(2);
    expect(String(r.stderr)).toMatch(/--title: the text is not valid UTF-8/);
    expect(sb.requests()).toEqual([]);
  });
});
