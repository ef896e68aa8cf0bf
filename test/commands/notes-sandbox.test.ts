/**
 * Comments against the sandbox's spec flavour, which answers 404 (no notes API): collab run
 * in-process as the binary runs it. The GitLab flavour's notes and `view --comments` in a
 * pseudo-terminal: test/e2e/notes.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxFixture } from '../helpers/e2e.js';
import { startSandboxInProcess } from '../helpers/in-process.js';

const P = 'acme/platform/api';

describe('notes against the spec flavour: no notes API', () => {
  let sb: SandboxFixture;

  beforeAll(async () => {
    sb = await startSandboxInProcess({ flavor: 'spec' });
  });
  afterAll(() => sb?.close());

  it.each([
    [['issue', 'notes', '1', '-p', P, '--all']],
    [['mr', 'notes', '1', '-p', P]],
    [['issue', 'note', '1', '-p', P, '-m', 'hello']],
    [['mr', 'note', '1', '-p', P, '-m', 'hello']],
  ])('%j: exit 1, said once', async (args) => {
    const r = await sb.run(args);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.match(/this server has no notes API/g)).toHaveLength(1);
    expect(r.stderr).not.toContain('unexpected error');
  });

  it('a missing issue is reported as missing, not as a missing notes API', async () => {
    const r = await sb.run(['issue', 'notes', '999', '-p', P]);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).not.toContain('notes API');
    expect(r.stderr).toContain('404');
  });

  it('view --comments prints the body, then says it once', async () => {
    const r = await sb.run(['mr', 'view', '1', '-p', P, '--comments', '--fields', 'iid,title']);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toMatch(/^iid\t1\ntitle\t/);
    expect(r.stderr.match(/this server has no notes API/g)).toHaveLength(1);
  });
});
