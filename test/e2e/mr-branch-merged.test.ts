/**
 * "Did it merge?" (issue 38 item 5): `mr view` in a git checkout made here, on a branch whose
 * merge request merged or was closed, shows the branch's newest merge request in any state, the
 * built binary against the sandbox in both flavours, and in a pseudo-terminal; a write names it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMergeRequest, type SandboxFixture, startSandboxFixture, tempDir } from '../helpers/e2e.js';
import { gitRepo } from '../helpers/git.js';
import { runInTerminal, visible } from '../helpers/terminal.js';

describe.each(['spec', 'gitlab'] as const)('the merge request of a branch once it is not open (%s flavour)', (flavor) => {
  let sb: SandboxFixture;
  beforeAll(async () => {
    sb = await startSandboxFixture({ flavor });
  });
  afterAll(() => sb?.close());
  const checkout = (project: string, branch: string) => gitRepo(tempDir('collab-merged-'), { origin: `${sb.url}/${project}.git` }, branch);

  it('a merged one: mr view on its branch shows it, saying it is the newest, not open', async () => {
    const cwd = checkout('acme/website', 'fix/footer');
    const r = await sb.run(['mr', 'view', '-o', 'json'], {}, { cwd });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ source_branch: 'fix/footer', state: 'merged', title: 'Fix footer links' });
    expect(r.stderr).toMatch(/^fix\/footer has no open merge request: its newest is !\d+, merged$/);
  });

  it('closed after a newer one: the newest is shown in a terminal, its state in the card', async () => {
    const P = 'acme/platform/api';
    const first = await openMergeRequest(sb.url, P, { source: 'habits/closed', title: 'First try' });
    const close = async (iid: number) => expect((await sb.run(['mr', 'close', String(iid), '-p', P])).exitCode).toBe(0);
    await close(first);
    const second = await openMergeRequest(sb.url, P, { source: 'habits/closed', title: 'Second try' });
    await close(second);
    const cwd = checkout(P, 'habits/closed');
    const r = await runInTerminal(['mr', 'view'], {
      cols: 100,
      cwd,
      env: { COLLAB_HOST: sb.url, COLLAB_TOKEN: 'sandbox-admin-token', COLLAB_PAGER: 'cat' },
    });
    expect(r.code, r.screen).toBe(0);
    const screen = visible(r.screen);
    expect(screen).toContain(`habits/closed has no open merge request: its newest is !${second}, closed`);
    expect(screen).toContain('Second try');
    expect(screen).toMatch(/Closed/);
    const write = await sb.run(['mr', 'merge', '--yes'], {}, { cwd });
    expect(write.exitCode).toBe(1);
    expect(write.stderr).toContain(`its newest, !${second} (Second try, by root), is closed`);
  });
});
