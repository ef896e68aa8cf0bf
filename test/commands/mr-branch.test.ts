/**
 * The merge request of the branch you are on: collab run in-process as the binary runs it, in git
 * repositories made here whose remote points at the sandbox (both flavours). Without an IID a merge
 * request verb takes the open merge request whose source branch is checked out; a branch name
 * stands for it too; none is exit 1 with the way to open one, several (forks) are listed (exit 2),
 * and a detached HEAD or no checkout is exit 2 with nothing sent.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, openMergeRequest, type SandboxFixture, tempDir, USER_TOKEN } from '../helpers/e2e.js';
import { git, gitRepo } from '../helpers/git.js';
import { startSandboxInProcess } from '../helpers/in-process.js';

const P = 'acme/platform/api';

describe.each(['spec', 'gitlab'] as const)('the merge request of the branch checked out (%s flavour)', (flavor) => {
  let sb: SandboxFixture;
  /** A checkout of acme/platform/api (its remote on the sandbox's host) on `branch`. */
  const checkout = (branch: string, remotes: Record<string, string> = { origin: `${sb.url}/${P}.git` }) =>
    gitRepo(tempDir('collab-mr-branch-'), remotes, branch);
  const run = (args: string[], cwd: string, env: Record<string, string> = {}) => sb.run(args, { COLLAB_FLAVOR: flavor, ...env }, { cwd });
  const sent = () => sb.requests().map((r) => `${r.method} ${decodeURIComponent(r.path)}`);

  beforeAll(async () => {
    sb = await startSandboxInProcess({ seed: 'demo', flavor });
  });
  afterAll(() => sb?.close());

  it('a verb without an IID takes the open merge request of the branch checked out, with one lookup', async () => {
    const cwd = checkout('feature/x');
    fs.mkdirSync(path.join(cwd, 'src'));
    await sb.clearRequests();
    const r = await run(['mr', 'view', '-o', 'json'], path.join(cwd, 'src'));
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ iid: 8, source_branch: 'feature/x' });
    expect(sent()).toEqual([
      `GET /api/v4/projects/${P}/merge_requests?source_branch=feature/x&state=opened&per_page=100`,
      `GET /api/v4/projects/${P}/merge_requests/8`,
    ]);
    const commits = await run(['mr', 'commits', '-o', 'json'], cwd);
    expect(commits.exitCode, commits.stderr).toBe(0);
    expect(JSON.parse(commits.stdout).length).toBeGreaterThan(0);
  });

  it('a branch name stands for its merge request, outside a checkout too', async () => {
    const r = await run(['mr', 'approvals', 'refactor/storage', '-p', P, '-o', 'json'], tempDir('collab-nogit-'));
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ iid: 4 });
  });

  it('writes take it too: close and reopen the merge request of the branch', async () => {
    const cwd = checkout('chore/deps');
    const close = await run(['mr', 'close'], cwd);
    expect(close.exitCode, close.stderr).toBe(0);
    expect(close.stderr).toMatch(/Closed merge request !7 \(/);
    // Closed, it is no open merge request of the branch any more: a write names it rather than guess (issue 38 item 5).
    const none = await run(['mr', 'reopen'], cwd);
    expect(none.exitCode).toBe(1);
    expect(none.stderr).toBe(
      `collab: no open merge request for chore/deps in ${P}; its newest, !7 (Bump dependencies, by root), is closed\n` +
        'hint: to act on that one: collab mr reopen 7; or open one with: collab mr create',
    );
    const reopen = await run(['mr', 'reopen', '7'], cwd);
    expect(reopen.exitCode, reopen.stderr).toBe(0);
  });

  it('none open for the branch: exit 1, the branch and project named, with the way to open one', async () => {
    const cwd = checkout('feature/login');
    const r = await run(['mr', 'view'], cwd);
    expect([r.exitCode, r.stdout]).toEqual([1, '']);
    expect(r.stderr).toBe(`collab: no open merge request for feature/login in ${P}\nhint: open one with: collab mr create`);
    const given = await run(['mr', 'diff', 'feature/login', '-p', P], cwd);
    expect(given.exitCode).toBe(1);
    expect(given.stderr).toContain(`hint: open one with: collab mr create --source feature/login -p ${P}`);
  });

  /** Forks of the project by alice and root, each with a merge request from `branch` into it: their paths and IIDs. */
  const forksWithMergeRequests = async (branch: string, suffix: string) => {
    const forks: { path: string; iid: number }[] = [];
    for (const [token, owner] of [
      [USER_TOKEN, 'alice'],
      [ADMIN_TOKEN, 'root'],
    ] as const) {
      const res = await fetch(`${sb.url}/api/v4/projects/${encodeURIComponent(P)}/fork`, {
        method: 'POST',
        headers: { 'private-token': token, 'content-type': 'application/json' },
        body: JSON.stringify({ path: `api-${suffix}-${flavor}`, name: `api-${suffix}-${flavor}` }),
      });
      expect(res.status, await res.clone().text()).toBe(201);
      const fork = (await res.json()) as { id: number; path_with_namespace: string };
      expect(fork.path_with_namespace).toBe(`${owner}/api-${suffix}-${flavor}`);
      const title = `Fix a typo (${owner})`;
      const iid = await openMergeRequest(sb.url, fork.path_with_namespace, { source: branch, title, token, target_project_id: 1 });
      forks.push({ path: fork.path_with_namespace, iid });
    }
    return forks;
  };

  it("only forks' merge requests for the branch, which pushes to none of them: listed, exit 2, nothing else sent", async () => {
    const forks = await forksWithMergeRequests('fix/typo', 'fork');
    const cwd = checkout('fix/typo', { origin: `${sb.url}/${P}.git`, alice: `${sb.url}/${forks[0]!.path}.git` });
    await sb.clearRequests();
    const r = await run(['mr', 'view', '-p', P], cwd);
    expect([r.exitCode, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toMatch(new RegExp(`^collab: no open merge request for fix/typo from ${P} in ${P}; 2 from other projects: `));
    for (const [owner, fork] of [
      ['alice', forks[0]!],
      ['root', forks[1]!],
    ] as const)
      expect(r.stderr).toMatch(new RegExp(`!${fork.iid} \\(Fix a typo \\(${owner}\\), by ${owner}, from project \\d+\\)`));
    expect(r.stderr).toContain('hint: give the iid of the one you mean');
    expect(sent()).toHaveLength(1);
  });

  it("the branch pushes to a fork: that fork's merge request, never the other fork's", async () => {
    const forks = await forksWithMergeRequests('fix/spelling', 'spell');
    const cwd = checkout('fix/spelling', { origin: `${sb.url}/${forks[1]!.path}.git`, upstream: `${sb.url}/${P}.git` });
    git(cwd, ['config', 'branch.fix/spelling.remote', 'origin']);
    git(cwd, ['config', 'branch.fix/spelling.merge', 'refs/heads/fix/spelling']);
    const r = await run(['mr', 'view', '-p', P, '-o', 'json'], cwd);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ iid: forks[1]!.iid, title: 'Fix a typo (root)' });
    // branch.<name>.pushRemote decides over the upstream, as it does for git push.
    git(cwd, ['remote', 'add', 'alice', `${sb.url}/${forks[0]!.path}.git`]);
    git(cwd, ['config', 'branch.fix/spelling.pushRemote', 'alice']);
    const pushed = await run(['mr', 'view', '-p', P, '-o', 'json'], cwd);
    expect(JSON.parse(pushed.stdout)).toMatchObject({ iid: forks[0]!.iid, title: 'Fix a typo (alice)' });
  });

  it("a push URL decides where the branch pushes: origin fetches the project, pushes to alice's fork", async () => {
    // `git remote set-url --push`: git push sends to remote.<name>.pushurl (remote.c), so the
    // project's own merge request from a branch of that name is someone else's.
    const own = await openMergeRequest(sb.url, P, { source: 'fix/push-url', title: 'Not yours' });
    const forks = await forksWithMergeRequests('fix/push-url', 'pushurl');
    const cwd = checkout('fix/push-url', { origin: `${sb.url}/${P}.git` });
    git(cwd, ['remote', 'set-url', '--push', 'origin', `${sb.url}/${forks[0]!.path}.git`]);
    git(cwd, ['config', 'branch.fix/push-url.remote', 'origin']);
    const r = await run(['mr', 'view', '-o', 'json'], cwd);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ iid: forks[0]!.iid, title: 'Fix a typo (alice)' });
    // A push remote given as a URL (no remote of that name): git pushes there.
    git(cwd, ['config', 'branch.fix/push-url.pushRemote', `${sb.url}/${forks[1]!.path}.git`]);
    const byUrl = await run(['mr', 'view', '-o', 'json'], cwd);
    expect(byUrl.exitCode, byUrl.stderr).toBe(0);
    expect(JSON.parse(byUrl.stdout)).toMatchObject({ iid: forks[1]!.iid, title: 'Fix a typo (root)' });
    // Without the push URL, origin is the project: its own merge request.
    git(cwd, ['config', '--unset', 'branch.fix/push-url.pushRemote']);
    git(cwd, ['config', '--unset-all', 'remote.origin.pushurl']);
    const fetchOnly = await run(['mr', 'view', '-o', 'json'], cwd);
    expect(JSON.parse(fetchOnly.stdout)).toMatchObject({ iid: own, title: 'Not yours' });
  });

  it("a fork's merge request from a branch of the same name is never merged as yours (--yes)", async () => {
    const own = await openMergeRequest(sb.url, P, { source: 'docs/same-name', title: 'Ours' });
    const forks = await forksWithMergeRequests('docs/same-name', 'same');
    for (const tracking of [undefined, 'origin']) {
      const cwd = checkout('docs/same-name', { origin: `${sb.url}/${P}.git`, alice: `${sb.url}/${forks[0]!.path}.git` });
      if (tracking) git(cwd, ['config', 'branch.docs/same-name.remote', tracking]);
      const r = await run(['mr', 'view', '-o', 'json'], cwd);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ iid: own, title: 'Ours' });
    }
    const cwd = checkout('docs/same-name', { origin: `${sb.url}/${P}.git` });
    const merged = await run(['mr', 'merge', '--yes'], cwd);
    expect(merged.exitCode, merged.stderr).toBe(0);
    const states = await Promise.all(
      [own, ...forks.map((f) => f.iid)].map(async (iid) => {
        const res = await fetch(`${sb.url}/api/v4/projects/${encodeURIComponent(P)}/merge_requests/${iid}`, {
          headers: { 'private-token': ADMIN_TOKEN },
        });
        return ((await res.json()) as { state: string }).state;
      }),
    );
    expect(states).toEqual(['merged', 'opened', 'opened']);
  });

  it('a detached HEAD, or no checkout: the missing argument named, exit 2, nothing sent', async () => {
    const cwd = checkout('feature/x');
    git(cwd, ['-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '--allow-empty', '-m', 'one']);
    git(cwd, ['checkout', '-q', '--detach']);
    await sb.clearRequests();
    const detached = await run(['mr', 'view'], cwd);
    expect([detached.exitCode, detached.stdout]).toEqual([2, '']);
    expect(detached.stderr).toBe(
      'collab: missing argument <iid>: HEAD is detached, so no branch checked out stands for the merge request\n' +
        "hint: give the merge request's iid or its source branch",
    );
    const merge = await run(['mr', 'merge', '--yes'], cwd);
    expect(merge.exitCode).toBe(2);
    expect(merge.stderr).toContain('missing argument <iid>: HEAD is detached');
    const outside = await run(['mr', 'approve', '-p', P], tempDir('collab-nogit-'));
    expect(outside.exitCode).toBe(2);
    expect(outside.stderr).toContain('collab: missing argument <iid>: not inside a git checkout');
    expect(sent()).toEqual([]);
  });

  it('refused without --yes off a terminal, the merge names the branch and sends nothing', async () => {
    const cwd = checkout('feature/x');
    await sb.clearRequests();
    const r = await run(['mr', 'merge'], cwd);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(`collab: refusing to merge the merge request of feature/x in ${P} without --yes`);
    expect(sent()).toEqual([]);
  });

  it('a value that is neither an IID nor a branch name is exit 2, nothing sent', async () => {
    await sb.clearRequests();
    for (const bad of ['a..b', 'x y', 'topic.lock', 'x:y']) {
      const r = await run(['mr', 'view', bad, '-p', P], tempDir('collab-nogit-'));
      expect(r.exitCode, bad).toBe(2);
      expect(r.stderr, bad).toContain('invalid value for <iid>');
    }
    expect(sent()).toEqual([]);
  });
});
