/**
 * `collab mr checkout`, as a user runs it: the built binary against the sandbox (both flavours),
 * in git repositories made here whose remotes point at the project (served over git's HTTP on the
 * sandbox's host): the merge request's head fetched from refs/merge-requests/<iid>/head into a
 * branch named after its source branch; a fork's checkout fetching from its upstream; a local
 * branch fast-forwarded, kept when it is ahead, refused when it has diverged; a detached HEAD.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, openMergeRequest, type SandboxFixture, startSandboxFixture, tempDir, USER_TOKEN } from '../helpers/e2e.js';
import { git, gitRepo } from '../helpers/git.js';
import { type GitHttp, serveGit } from '../helpers/git-http.js';
import { paste } from '../helpers/paste.js';

const P = 'acme/platform/api';
const ME = ['-c', 'user.name=Tess', '-c', 'user.email=tess@example.com'];

describe.each(['spec', 'gitlab'] as const)('mr checkout (%s flavour)', (flavor) => {
  let sb: SandboxFixture;
  let repos: GitHttp;
  /** Where the project's commits are written before they are pushed to the served repository. */
  let author: string;
  const run = (args: string[], cwd: string) => sb.run(args, { COLLAB_FLAVOR: flavor }, { cwd });
  const sent = () => sb.requests().map((r) => `${r.method} ${decodeURIComponent(r.path)}`);
  const remote = (project: string) => `${repos.url}/${project}.git`;
  const head = (cwd: string, rev = 'HEAD') => git(cwd, ['rev-parse', rev]).trim();
  const onBranch = (cwd: string) => git(cwd, ['symbolic-ref', '--short', 'HEAD']).trim();

  const commit = (cwd: string, message: string) => {
    fs.writeFileSync(path.join(cwd, `${message.replace(/\W+/g, '-')}.txt`), `${message}\n`);
    git(cwd, ['add', '-A']);
    git(cwd, [...ME, 'commit', '-q', '-m', message]);
    return head(cwd);
  };

  /** The merge request's head in the served project: `messages` committed on `from`, pushed to refs/merge-requests/<iid>/head. */
  const publishHead = (iid: number, from: string, ...messages: string[]) => {
    git(author, ['switch', '-q', '--detach', from]);
    for (const m of messages) commit(author, m);
    git(author, ['push', '-q', '--force', repos.bare(P), `HEAD:refs/merge-requests/${iid}/head`]);
    repos.publish(P);
    return head(author);
  };

  const openMr = (project: string, source: string, title: string, token = ADMIN_TOKEN, extra: Record<string, unknown> = {}) =>
    openMergeRequest(sb.url, project, { source, title, token, ...extra });

  /**
   * A clone of the project, as a reviewer has one: origin is the project. (Cloned from the bare
   * repository's directory: a synchronous git here would block the server it fetches from.)
   */
  const clone = () => {
    const dir = path.join(tempDir('collab-co-'), 'api');
    git(path.dirname(dir), ['clone', '-q', repos.bare(P), dir]);
    git(dir, ['remote', 'set-url', 'origin', remote(P)]);
    return dir;
  };

  let base: string;

  beforeAll(async () => {
    sb = await startSandboxFixture({ seed: 'demo', flavor });
    repos = await serveGit(tempDir('collab-git-http-'));
    author = gitRepo(tempDir('collab-author-'), {});
    base = commit(author, 'base');
    git(author, ['push', '-q', repos.bare(P), 'main']);
    repos.publish(P);
  });
  afterAll(async () => {
    await repos?.close();
    await sb?.close();
  });

  it('fetches the head into a branch named after its source branch, tracking it, and switches to it; again, nothing moves', async () => {
    const iid = await openMr(P, `review/${flavor}`, 'Review me');
    const sha = publishHead(iid, base, 'review one');
    const cwd = clone();
    repos.requests.length = 0;
    const r = await run(['mr', 'checkout', String(iid)], cwd);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toBe(`Switched to review/${flavor} (a new branch) at ${sha.slice(0, 8)}: !${iid} (Review me) from origin`);
    expect([onBranch(cwd), head(cwd)]).toEqual([`review/${flavor}`, sha]);
    expect(git(cwd, ['config', `branch.review/${flavor}.merge`]).trim()).toBe(`refs/heads/review/${flavor}`);
    expect(git(cwd, ['config', `branch.review/${flavor}.remote`]).trim()).toBe('origin');
    expect(repos.requests).toContain(`/${P}.git/info/refs`);

    const again = await run(['mr', 'checkout', String(iid), '-o', 'json'], cwd);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual({ iid, branch: `review/${flavor}`, sha, remote: 'origin', action: 'unchanged' });
  });

  it('a new head fast-forwards the branch, from elsewhere or on it with no argument (the merge request of the branch)', async () => {
    const iid = await openMr(P, `ff/${flavor}`, 'Fast forward');
    const first = publishHead(iid, base, 'ff one');
    const cwd = clone();
    expect((await run(['mr', 'checkout', String(iid)], cwd)).exitCode).toBe(0);
    git(cwd, ['switch', '-q', 'main']);
    const second = publishHead(iid, first, 'ff two');
    const moved = await run(['mr', 'checkout', `ff/${flavor}`], cwd);
    expect(moved.exitCode, moved.stderr).toBe(0);
    expect(moved.stderr).toContain(`Switched to ff/${flavor} (fast-forwarded) at ${second.slice(0, 8)}`);
    expect(head(cwd)).toBe(second);

    const third = publishHead(iid, second, 'ff three');
    const inPlace = await run(['mr', 'checkout'], cwd);
    expect(inPlace.exitCode, inPlace.stderr).toBe(0);
    expect([onBranch(cwd), head(cwd)]).toEqual([`ff/${flavor}`, third]);
  });

  it('--branch names the local branch; a bad name is exit 2 with nothing sent', async () => {
    const iid = await openMr(P, `named/${flavor}`, 'Named');
    const sha = publishHead(iid, base, 'named one');
    const cwd = clone();
    const r = await run(['mr', 'checkout', String(iid), '--branch', `mine/${flavor}`], cwd);
    expect(r.exitCode, r.stderr).toBe(0);
    expect([onBranch(cwd), head(cwd)]).toEqual([`mine/${flavor}`, sha]);
    await sb.clearRequests();
    const bad = await run(['mr', 'checkout', String(iid), '--branch', 'a..b'], cwd);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('invalid value for --branch');
    expect(sent()).toEqual([]);
  });

  it('a local branch that has diverged is not touched: exit 1, and the ways on; one ahead is kept', async () => {
    const iid = await openMr(P, `diverged/${flavor}`, 'Diverged');
    const theirs = publishHead(iid, base, 'theirs one');
    const cwd = clone();
    git(cwd, ['switch', '-q', '-c', `diverged/${flavor}`]);
    const mine = commit(cwd, 'mine one');
    git(cwd, ['switch', '-q', 'main']);
    const r = await run(['mr', 'checkout', String(iid)], cwd);
    expect([r.exitCode, r.stdout]).toEqual([1, '']);
    expect(r.stderr).toBe(
      `collab: diverged/${flavor} has diverged from !${iid}: 1 commit of its own, 1 new in the merge request; nothing changed\n` +
        `hint: check it out beside yours: collab mr checkout ${iid} --branch diverged/${flavor}-mr${iid}; ` +
        `or rebase yours onto it: git switch diverged/${flavor} && git rebase ${theirs}`,
    );
    expect([onBranch(cwd), head(cwd, `diverged/${flavor}`)]).toEqual(['main', mine]);

    // Yours on top of theirs: kept as it is, and switched to.
    git(cwd, ['branch', '-f', `diverged/${flavor}`, theirs]);
    git(cwd, ['switch', '-q', `diverged/${flavor}`]);
    const ahead = commit(cwd, 'mine on top');
    git(cwd, ['switch', '-q', 'main']);
    const kept = await run(['mr', 'checkout', String(iid)], cwd);
    expect(kept.exitCode, kept.stderr).toBe(0);
    expect(kept.stderr).toContain(`diverged/${flavor} has 1 commit the merge request does not: kept`);
    expect([onBranch(cwd), head(cwd)]).toEqual([`diverged/${flavor}`, ahead]);
  });

  it('the ways on from a diverged branch quote its name: pasted, they get the name and run nothing in it', async () => {
    const branch = `fix$(touch\${IFS}pwned)/${flavor}`;
    const iid = await openMr(P, branch, 'Hostile name');
    const theirs = publishHead(iid, base, 'hostile theirs');
    const cwd = clone();
    git(cwd, ['switch', '-q', '-c', branch]);
    commit(cwd, 'hostile mine');
    git(cwd, ['switch', '-q', 'main']);
    const r = await run(['mr', 'checkout', String(iid)], cwd);
    expect(r.exitCode).toBe(1);
    const hint = r.stderr.slice(r.stderr.indexOf('hint: check it out beside yours: ') + 33);
    const [beside, rebase] = hint.split('; or rebase yours onto it: ') as [string, string];
    expect(paste(beside)).toEqual({
      calls: [['collab', 'mr', 'checkout', String(iid), '--branch', `${branch}-mr${iid}`]],
      left: [],
      status: 0,
    });
    expect(paste(rebase)).toEqual({
      calls: [
        ['git', 'switch', branch],
        ['git', 'rebase', theirs],
      ],
      left: [],
      status: 0,
    });
  });

  it("a fork's checkout: fetched from the remote that points at the project, tracking the fork's branch", async () => {
    const res = await fetch(`${sb.url}/api/v4/projects/${encodeURIComponent(P)}/fork`, {
      method: 'POST',
      headers: { 'private-token': USER_TOKEN, 'content-type': 'application/json' },
      body: JSON.stringify({ path: `api-co-${flavor}`, name: `api-co-${flavor}` }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const fork = ((await res.json()) as { path_with_namespace: string }).path_with_namespace;
    const iid = await openMr(fork, `fork/${flavor}`, 'From a fork', USER_TOKEN, { target_project_id: 1 });
    const sha = publishHead(iid, base, 'fork one');
    const cwd = gitRepo(tempDir('collab-co-fork-'), { origin: remote(fork), upstream: remote(P) });
    const r = await run(['mr', 'checkout', String(iid), '-p', P], cwd);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain(`at ${sha.slice(0, 8)}: !${iid} (From a fork) from upstream`);
    // Another project's merge request: a branch of its own, under the fork's namespace.
    expect([onBranch(cwd), head(cwd)]).toEqual([`alice/fork/${flavor}`, sha]);
    expect(git(cwd, ['config', `branch.alice/fork/${flavor}.remote`]).trim()).toBe('origin');
    expect(git(cwd, ['config', `branch.alice/fork/${flavor}.merge`]).trim()).toBe(`refs/heads/fork/${flavor}`);
  });

  /** A fork of the project by alice (USER_TOKEN), and a merge request from its `source` branch into the project. */
  const forkMr = async (name: string, source: string, title: string) => {
    const res = await fetch(`${sb.url}/api/v4/projects/${encodeURIComponent(P)}/fork`, {
      method: 'POST',
      headers: { 'private-token': USER_TOKEN, 'content-type': 'application/json' },
      body: JSON.stringify({ path: `${name}-${flavor}`, name: `${name}-${flavor}` }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const fork = ((await res.json()) as { path_with_namespace: string }).path_with_namespace;
    const iid = await openMr(fork, source, title, USER_TOKEN, { target_project_id: 1 });
    return { fork, iid };
  };

  it("a fork's merge request from main never moves your main: it gets alice/main, tracking the fork", async () => {
    const { fork, iid } = await forkMr('api-main', 'main', 'Their main');
    const theirs = publishHead(iid, base, 'fork main one');
    const cwd = clone();
    git(cwd, ['remote', 'add', 'theirs', remote(fork)]);
    const mine = head(cwd, 'main');
    expect(git(cwd, ['config', 'branch.main.remote']).trim()).toBe('origin');
    const r = await run(['mr', 'checkout', String(iid), '-o', 'json'], cwd);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ branch: 'alice/main', sha: theirs, action: 'created' });
    expect([onBranch(cwd), head(cwd), head(cwd, 'refs/heads/main')]).toEqual(['alice/main', theirs, mine]);
    expect(git(cwd, ['config', 'branch.alice/main.remote']).trim()).toBe('theirs');
    expect(git(cwd, ['config', 'branch.main.merge']).trim()).toBe('refs/heads/main');
    // Again: its own branch is fast-forwarded; yours still is not.
    const next = publishHead(iid, theirs, 'fork main two');
    git(cwd, ['switch', '-q', 'main']);
    const again = await run(['mr', 'checkout', String(iid)], cwd);
    expect(again.exitCode, again.stderr).toBe(0);
    expect([onBranch(cwd), head(cwd), head(cwd, 'refs/heads/main')]).toEqual(['alice/main', next, mine]);
  });

  it("--branch naming a branch that tracks something else: a fork's head is never put on it (exit 1, nothing changed)", async () => {
    const { iid } = await forkMr('api-onto', 'feature/onto', 'Onto yours');
    publishHead(iid, base, 'onto one');
    const cwd = clone();
    const mine = head(cwd, 'main');
    const r = await run(['mr', 'checkout', String(iid), '--branch', 'main'], cwd);
    expect([r.exitCode, r.stdout]).toEqual([1, '']);
    expect(r.stderr).toContain(`collab: main tracks origin/main, and !${iid} comes from another project (alice/api-onto-${flavor})`);
    expect(r.stderr).toContain(`hint: check it out in a branch of its own: collab mr checkout ${iid} --branch alice/feature/onto`);
    expect([onBranch(cwd), head(cwd, 'refs/heads/main')]).toEqual(['main', mine]);
  });

  it("the project's own merge request never moves a branch of yours that tracks your fork: mr-<iid>/, or exit 1 with --branch", async () => {
    // A fork's checkout: your `same/…` tracks your fork's branch; the project has one of that name.
    const source = `same/${flavor}`;
    const iid = await openMr(P, source, 'Same name upstream');
    const theirs = publishHead(iid, base, 'upstream same one');
    const cwd = clone();
    git(cwd, ['remote', 'add', 'mine', remote(`alice/api-mine-${flavor}`)]);
    git(cwd, ['switch', '-q', '-c', source]);
    git(cwd, ['config', `branch.${source}.remote`, 'mine']);
    git(cwd, ['config', `branch.${source}.merge`, `refs/heads/${source}`]);
    git(cwd, ['switch', '-q', 'main']);
    const r = await run(['mr', 'checkout', String(iid), '-o', 'json'], cwd);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain(`(it is a branch of yours that tracks mine/${source}): checked out as mr-${iid}/${source}`);
    expect(JSON.parse(r.stdout)).toMatchObject({ branch: `mr-${iid}/${source}`, sha: theirs, action: 'created' });
    expect(head(cwd, `refs/heads/${source}`)).toBe(base);
    expect(git(cwd, ['config', `branch.mr-${iid}/${source}.remote`]).trim()).toBe('origin');
    git(cwd, ['switch', '-q', 'main']);
    const given = await run(['mr', 'checkout', String(iid), '--branch', source], cwd);
    expect([given.exitCode, given.stdout]).toEqual([1, '']);
    expect(given.stderr).toContain(
      `collab: ${source} tracks mine/${source}, and !${iid} comes from origin/${source}: its head is never put on it`,
    );
    expect(given.stderr).toContain(`hint: check it out in a branch of its own: collab mr checkout ${iid} --branch mr-${iid}/${source}`);
    expect([onBranch(cwd), head(cwd, `refs/heads/${source}`)]).toEqual(['main', base]);
  });

  it('a source branch named like a remote-tracking branch or a tag is put under mr-<iid>/, never shadowing them', async () => {
    const cwd = clone();
    git(cwd, ['tag', `v9-${flavor}`, base]);
    for (const source of [`origin/main-${flavor}`, `v9-${flavor}`]) {
      const iid = await openMr(P, source, `Shadow ${source}`);
      const sha = publishHead(iid, base, `shadow ${source}`);
      const r = await run(['mr', 'checkout', String(iid)], cwd);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stderr).toContain(`checked out as mr-${iid}/${source}`);
      expect([onBranch(cwd), head(cwd)]).toEqual([`mr-${iid}/${source}`, sha]);
      expect(git(cwd, ['for-each-ref', '--format=%(refname)', `refs/heads/${source}`]).trim()).toBe('');
    }
    // git reads origin/main as the remote's branch, as before.
    expect(git(cwd, ['rev-parse', '--symbolic-full-name', 'origin/main']).trim()).toBe('refs/remotes/origin/main');
  });

  it("a fork's namespace that is a remote's name is put under mr-<iid>/ too", async () => {
    const { fork, iid } = await forkMr('api-ns', 'fix/ns', 'Namespace');
    const sha = publishHead(iid, base, 'ns one');
    const cwd = clone();
    git(cwd, ['remote', 'add', 'alice', remote(fork)]);
    const r = await run(['mr', 'checkout', String(iid)], cwd);
    expect(r.exitCode, r.stderr).toBe(0);
    expect([onBranch(cwd), head(cwd)]).toEqual([`mr-${iid}/alice/fix/ns`, sha]);
    expect(git(cwd, ['config', `branch.mr-${iid}/alice/fix/ns.remote`]).trim()).toBe('alice');
  });

  it('--branch that would shadow a remote, its branches, a tag or HEAD is exit 2, nothing sent', async () => {
    const cwd = clone();
    git(cwd, ['tag', 'release-1', base]);
    // What a removed remote can leave behind: its refs/remotes/<name>/HEAD.
    git(cwd, ['update-ref', 'refs/remotes/gone/main', base]);
    git(cwd, ['symbolic-ref', 'refs/remotes/gone/HEAD', 'refs/remotes/gone/main']);
    await sb.clearRequests();
    for (const [name, why] of [
      ['origin/main', 'the remote-tracking branches of origin'],
      ['origin', 'the default branch of the remote origin'],
      ['release-1', 'the tag release-1'],
      ['HEAD', 'a name git keeps for its own refs'],
      ['FETCH_HEAD', 'a name git keeps for its own refs'],
      ['AUTO_MERGE', 'a name git keeps for its own refs'],
      ['gone', 'gone/HEAD, the default branch of a remote once named gone'],
      ['refs/heads/x', 'a name git keeps for its own refs'],
    ]) {
      const r = await run(['mr', 'checkout', '1', '--branch', name!], cwd);
      expect([r.exitCode, r.stdout], name).toEqual([2, '']);
      expect(r.stderr).toContain(`collab: invalid value for --branch: "${name}": `);
      expect(r.stderr).toContain(why);
    }
    expect(sent()).toEqual([]);
    expect(git(cwd, ['for-each-ref', '--format=%(refname)', 'refs/heads']).trim()).toBe('refs/heads/main');
  });

  it('a detached HEAD: with an IID it checks out; without one, the missing argument is named (exit 2, nothing sent)', async () => {
    const iid = await openMr(P, `detached/${flavor}`, 'Detached');
    const sha = publishHead(iid, base, 'detached one');
    const cwd = clone();
    git(cwd, ['switch', '-q', '--detach']);
    await sb.clearRequests();
    const none = await run(['mr', 'checkout'], cwd);
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toContain('missing argument <iid>: HEAD is detached');
    expect(sent()).toEqual([]);
    const r = await run(['mr', 'checkout', String(iid)], cwd);
    expect(r.exitCode, r.stderr).toBe(0);
    expect([onBranch(cwd), head(cwd)]).toEqual([`detached/${flavor}`, sha]);
  });

  it('no remote points at the project: exit 1 with the remote to add; no checkout at all: exit 1, nothing sent', async () => {
    const cwd = gitRepo(tempDir('collab-co-other-'), { origin: remote('acme/website') });
    const r = await run(['mr', 'checkout', '8', '-p', P], cwd);
    expect([r.exitCode, r.stdout]).toEqual([1, '']);
    expect(r.stderr).toMatch(
      new RegExp(
        `^collab: no git remote here points at ${P}, where the merge request !8 lives\\nhint: ` +
          `add one: git remote add upstream ${sb.url}/${P}\\.git$`,
      ),
    );
    await sb.clearRequests();
    const outside = await run(['mr', 'checkout', '8', '-p', P], tempDir('collab-nogit-'));
    expect(outside.exitCode).toBe(1);
    expect(outside.stderr).toContain('collab: mr checkout needs a git checkout to switch in: not inside a git checkout');
    expect(sent()).toEqual([]);
  });
});
