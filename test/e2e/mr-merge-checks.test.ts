/**
 * A merge that knows before it asks, as a reviewer meets it: the built binary in a pseudo-terminal
 * against the sandbox (both flavours), in a git checkout of the project on the merge request's
 * branch. A merge request the server is certain to refuse is not asked about (exit 1, the reason
 * and the next step, nothing sent); one it may merge shows its merge status before the question;
 * `--auto` schedules it, and the view says so and, on GitLab, who set it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, type SandboxFixture, startSandboxFixture, tempDir } from '../helpers/e2e.js';
import { gitRepo } from '../helpers/git.js';
import { runInTerminal, visible } from '../helpers/terminal.js';

const P = 'acme/platform/api';

describe.each(['spec', 'gitlab'] as const)('mr merge checks first (%s flavour)', (flavor) => {
  let sb: SandboxFixture;
  let env: Record<string, string>;
  const merges = () => sb.requests().filter((r) => r.method === 'PUT' && /\/merge$/.test(r.path));
  /** A checkout of the project on `branch`, its remote on the sandbox's host. */
  const checkout = (branch: string) => gitRepo(tempDir('collab-merge-'), { origin: `${sb.url}/${P}.git` }, branch);
  const terminal = (args: string[], cwd: string, answers: [string, string][] = []) => runInTerminal(args, { cols: 120, env, cwd, answers });

  beforeAll(async () => {
    sb = await startSandboxFixture({ seed: 'demo', flavor });
    env = { COLLAB_HOST: sb.url, COLLAB_TOKEN: ADMIN_TOKEN, COLLAB_PAGER: 'cat', COLLAB_FLAVOR: flavor };
  });
  afterAll(() => sb?.close());
  beforeEach(() => sb.clearRequests());

  it('conflicts, on the branch checked out: no question, exit 1, the reason and the way on, nothing sent', async () => {
    const r = await terminal(['mr', 'merge'], checkout('refactor/storage'));
    const screen = visible(r.screen);
    expect(r.code, screen).toBe(1);
    expect(screen).not.toContain('(y/N)');
    expect(screen).toContain('collab: !4 cannot be merged: refactor/storage conflicts with main; nothing was sent');
    expect(screen).toContain('hint: resolve the conflicts: collab mr checkout 4, rebase it onto main (or merge that in), and push');
    expect(merges()).toEqual([]);
  });

  it('a draft, and approvals missing (who approved, who has not): named before any question', async () => {
    const cwd = checkout('main');
    const draft = visible((await terminal(['mr', 'merge', 'feature/dashboard'], cwd)).screen);
    expect(draft).toContain('collab: !5 cannot be merged: it is a draft; nothing was sent');
    expect(draft).toContain('hint: mark it ready with: collab mr update 5 --ready');
    if (flavor === 'gitlab') {
      const approvals = await terminal(['mr', 'merge', '6', '-p', P], cwd);
      expect(approvals.code).toBe(1);
      expect(visible(approvals.screen)).toContain(
        // The rule not yet met is named from GitLab's `approval_rules_left` (the sandbox's !6 has a Security rule).
        '!6 cannot be merged: it needs 1 more approval of 2 (approved by carol; not yet by reviewer root; rules still to satisfy: Security); nothing was sent',
      );
    } else {
      // The spec's merge is not stopped by approvals missing (its sample server merges them): asked, declined here.
      const approvals = await terminal(['mr', 'merge', '6', '-p', P], cwd, [['(y/N)', 'n\r']]);
      expect(visible(approvals.screen)).toContain('approvals: 1 missing');
      expect(visible(approvals.screen)).toContain('(y/N)');
    }
    expect(merges()).toEqual([]);
  });

  it('one the server may merge: the detailed merge status in the summary, then the question', async () => {
    const r = await terminal(['mr', 'merge'], checkout('feature/x'), [['(y/N)', 'n\r']]);
    const screen = visible(r.screen);
    expect(r.code, screen).toBe(2);
    expect(screen).toContain('  merge status: mergeable\n');
    expect(screen).toContain(`Merge !8 (Feature X) in ${P}?`);
    expect(merges()).toEqual([]);
  });

  it('a refusal after the question is explained from the merge request (GitLab 422, the spec 405), never citing the spec', async () => {
    const r = await sb.run(['mr', 'merge', '4', '-p', P, '--yes'], { COLLAB_FLAVOR: flavor });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(flavor === 'gitlab' ? /^collab: 422 Branch cannot be merged — / : /^collab: 405 Branch cannot be merged — /);
    expect(r.stderr).toContain('!4 was not merged: refactor/storage conflicts with main; detailed merge status conflict');
    // What GitLab recorded of the attempt (merge_error) is said too.
    if (flavor === 'gitlab') expect(r.stderr).toMatch(/detailed merge status conflict; merge error: \S/);
    expect(r.stderr).toContain('hint: resolve the conflicts: collab mr checkout 4 -p acme/platform/api');
    expect(r.stderr).not.toMatch(/spec/);
  });

  it('--auto schedules it; the view says auto-merge is set, and on GitLab by whom', async () => {
    const cwd = checkout(`auto/${flavor}`);
    // GitLab 17.6 (the sandbox's) refuses an auto-merge with nothing to wait for; since 17.4 it waits out a draft.
    const draft = flavor === 'gitlab' ? ['--draft'] : [];
    const create = ['mr', 'create', '--title', 'Auto', '--target', 'main', ...draft, '-o', 'json'];
    const created = await sb.run(create, { COLLAB_FLAVOR: flavor }, { cwd });
    expect(created.exitCode, created.stderr).toBe(0);
    const r = await terminal(['mr', 'merge', '--auto'], cwd, [['(y/N)', 'y\r']]);
    const screen = visible(r.screen);
    expect(r.code, screen).toBe(0);
    expect(screen).toContain('  merges by itself when the pipeline succeeds (auto-merge)\n');
    expect(screen).toMatch(/will merge when the pipeline succeeds/);
    const view = visible((await terminal(['mr', 'view'], cwd)).screen);
    expect(view).toMatch(
      flavor === 'gitlab'
        ? /Auto-merge\s+set by root: merges when the pipeline succeeds/
        : /Auto-merge\s+merges when the pipeline succeeds/,
    );
  });
});
