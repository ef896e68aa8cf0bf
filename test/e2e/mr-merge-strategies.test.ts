/**
 * Merge strategies as a reviewer uses them, the built binary against the sandbox: `mr merge
 * --squash` (GitLab's `squash` and `squash_commit_message` of `PUT …/merge`, lib/api/merge_requests.rb
 * `build_merge_params`; the spec's merge has neither), and `mr rebase` (`PUT …/rebase`, polled
 * with `include_rebase_in_progress=true` while the sandbox's clock runs the rebase) in a
 * pseudo-terminal, where a merge refused for needing a rebase points at it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/sandbox/index.js';
import { ADMIN_TOKEN, type SandboxFixture, startSandboxFixture } from '../helpers/e2e.js';
import { plain, runInTerminal } from '../helpers/terminal.js';

const P = 'acme/platform/api';

describe('mr merge --squash', () => {
  let gitlab: SandboxFixture;
  let spec: SandboxFixture;
  beforeAll(async () => {
    [gitlab, spec] = await Promise.all([startSandboxFixture({ flavor: 'gitlab' }), startSandboxFixture({ flavor: 'spec' })]);
  });
  afterAll(async () => {
    await Promise.all([gitlab?.close(), spec?.close()]);
  });

  it('on GitLab: squashed with its message, and the squashed commit named', async () => {
    const r = await gitlab.run(['mr', 'merge', '8', '-p', P, '--squash-message', 'Add feature X', '--yes', '-o', 'json']);
    expect(r.exitCode, r.stderr).toBe(0);
    const merged = JSON.parse(r.stdout);
    expect(merged).toMatchObject({ state: 'merged', squash: true });
    expect(merged.squash_commit_sha).toMatch(/^[0-9a-f]{40}$/);
    expect(r.stderr).toBe(
      `Merged !8 (Feature X): feature/x → main as ${merged.merge_commit_sha.slice(0, 8)}, squashed into ${merged.squash_commit_sha.slice(0, 8)}`,
    );
    const sent = gitlab.requests().find((q) => q.method === 'PUT' && q.path.endsWith('/merge'));
    expect(sent).toBeDefined();
  });

  it("on a server of the spec's dialect: exit 2 before anything is sent", async () => {
    const r = await spec.run(['mr', 'merge', '8', '-p', P, '--squash', '--yes']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain("--squash needs GitLab: this server speaks the spec's API, whose merge does not squash");
    expect(spec.requests().filter((q) => q.method !== 'GET')).toEqual([]);
  });
});

describe('mr rebase on the server, then the merge', () => {
  const clock = new ManualClock();
  let sb: SandboxFixture;
  const WEBSITE = 'acme/website';
  beforeAll(async () => {
    sb = await startSandboxFixture({ flavor: 'gitlab', clock });
  });
  afterAll(() => sb?.close());
  const polls = () => sb.requests().filter((q) => q.method === 'GET' && q.path.includes('include_rebase_in_progress=true')).length;
  const env = () => ({ COLLAB_HOST: sb.url, COLLAB_TOKEN: ADMIN_TOKEN, COLLAB_FLAVOR: 'gitlab' });

  it('a merge refused for a rebase names mr rebase; it waits while GitLab rebases, says the new head, and the merge goes', async () => {
    const fonts = JSON.parse((await sb.run(['mr', 'view', 'perf/fonts', '-p', WEBSITE, '-o', 'json'])).stdout);
    const refused = await sb.run(['mr', 'merge', String(fonts.iid), '-p', WEBSITE, '--sha-from-view', '--yes']);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain(`hint: rebase it on the server: collab mr rebase ${fonts.iid} -p acme/website`);

    const running = runInTerminal(['mr', 'rebase', String(fonts.iid), '-p', WEBSITE], { cols: 100, env: env() });
    // The rebase runs on the sandbox's clock: it ends when the test moves it, after polls saw it running.
    for (let i = 0; i < 600 && polls() < 2; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(polls()).toBeGreaterThanOrEqual(2);
    await clock.advance(2_000);
    const r = await running;
    const screen = plain(r.screen);
    expect(r.code, screen).toBe(0);
    expect(screen).toContain(`!${fonts.iid} (perf/fonts onto main): rebasing`);
    const after = JSON.parse((await sb.run(['mr', 'view', String(fonts.iid), '-p', WEBSITE, '-o', 'json'])).stdout);
    expect(after.sha).not.toBe(fonts.sha);
    expect(screen).toContain(`✓ Rebased !${fonts.iid} (perf/fonts onto main): its head is now ${after.sha.slice(0, 8)}`);
    const merged = await sb.run(['mr', 'merge', String(fonts.iid), '-p', WEBSITE, '--sha-from-view', '--yes']);
    expect(merged.exitCode, merged.stderr).toBe(0);
  });

  it('conflicts: exit 1 with merge_error and the way to resolve them', async () => {
    const before = polls();
    const run = sb.run(['mr', 'rebase', '4', '-p', P]);
    for (let i = 0; i < 600 && polls() === before; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    await clock.advance(2_000);
    const r = await run;
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain(
      'collab: the rebase of !4 (refactor/storage onto main) failed: Rebase failed: Rebase locally, resolve all conflicts, then push the branch.',
    );
    expect(r.stderr).toContain('hint: rebase it where you can resolve the conflicts: collab mr checkout 4 -p acme/platform/api');
  });
});
