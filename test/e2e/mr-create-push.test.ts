/**
 * From a branch to a merge request, as a user does it: the built binary in a git checkout made
 * here, whose remote is the project (fetched over git's HTTP on the sandbox's host, pushed to its
 * bare repository on disk), against the sandbox. `--push` pushes the branch first (git push -u);
 * `--fill` pushes it when the remote lacks it, as glab's does, and says so; `--no-push` does not.
 * `--fill-commit-body` keeps the commits' bodies; `--related-issue` closes an issue and takes its
 * title (with `--copy-issue-labels` its labels and milestone). A server that refuses a source
 * branch it does not have (GitLab's validation: `{"message":{"source_branch":["does not exist"]}}`,
 * lib/api/merge_requests.rb `post ':id/merge_requests'` → `handle_merge_request_errors!` →
 * `render_validation_error!`) is answered with the push to run, every word of it shell-quoted.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin, type SandboxFixture, startSandboxFixture, tempDir } from '../helpers/e2e.js';
import { git, gitRepo } from '../helpers/git.js';
import { type GitHttp, serveGit } from '../helpers/git-http.js';
import { oddServer } from '../helpers/odd-server.js';

const P = 'acme/platform/api';
const ME = ['-c', 'user.name=Tess', '-c', 'user.email=tess@example.com'];

describe('mr create --push, --fill, --related-issue', () => {
  let sb: SandboxFixture;
  let repos: GitHttp;
  let bare: string;
  const posts = () => sb.requests().filter((r) => r.method === 'POST' && r.path.endsWith('/merge_requests')).length;
  const run = (args: string[], cwd: string) => sb.run(['mr', 'create', '-p', P, ...args], { COLLAB_FLAVOR: 'gitlab' }, { cwd });
  const onRemote = (branch: string) => {
    try {
      return git(bare, ['rev-parse', '--verify', '--quiet', `refs/heads/${branch}`]).trim();
    } catch {
      return undefined;
    }
  };

  /** A commit on the branch checked out: a file of its own, the message given (subject, blank line, body). */
  const commit = (cwd: string, message: string) => {
    fs.writeFileSync(path.join(cwd, `${message.split('\n')[0]!.replace(/\W+/g, '-')}.txt`), `${message}\n`);
    git(cwd, ['add', '-A']);
    git(cwd, [...ME, 'commit', '-q', '-m', message]);
    return git(cwd, ['rev-parse', 'HEAD']).trim();
  };

  /** A clone of the project on a new branch: fetched over HTTP, pushed to the bare repository (dumb HTTP takes no push). */
  const checkout = (branch: string) => {
    const dir = path.join(tempDir('collab-push-'), 'api');
    git(path.dirname(dir), ['clone', '-q', bare, dir]);
    git(dir, ['remote', 'set-url', 'origin', `${repos.url}/${P}.git`]);
    git(dir, ['remote', 'set-url', '--push', 'origin', bare]);
    git(dir, ['switch', '-q', '-c', branch]);
    return dir;
  };

  beforeAll(async () => {
    sb = await startSandboxFixture({ flavor: 'gitlab' });
    repos = await serveGit(tempDir('collab-push-http-'));
    bare = repos.bare(P);
    const author = gitRepo(tempDir('collab-push-author-'), {});
    commit(author, 'base');
    git(author, ['push', '-q', bare, 'main']);
    repos.publish(P);
  });
  afterAll(async () => {
    await repos?.close();
    await sb?.close();
  });

  it('--push: the branch pushed to the remote of the project and tracked, then the merge request opened from it', async () => {
    const cwd = checkout('feat/push-me');
    const head = commit(cwd, 'Push me');
    const r = await run(['--push', '--title', 'Push me', '--target', 'main', '-o', 'json'], cwd);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain('Pushed feat/push-me to origin');
    expect(onRemote('feat/push-me')).toBe(head);
    expect(git(cwd, ['config', '--get', 'branch.feat/push-me.remote']).trim()).toBe('origin');
    expect(JSON.parse(r.stdout)).toMatchObject({ source_branch: 'feat/push-me', target_branch: 'main' });
  });

  it('--fill on a branch the remote lacks: pushed first, and said; the bodies kept with --fill-commit-body', async () => {
    const cwd = checkout('feat/fill-me');
    commit(cwd, 'Parse the header\n\nThe header comes first,\nso it is read first.');
    const head = commit(cwd, 'Check the size\n\nNo file over 4 MiB.');
    const before = posts();
    const r = await run(['--fill', '--fill-commit-body', '--target', 'main', '-o', 'json'], cwd);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain("feat/fill-me is not on origin yet: pushing it first, as glab's --fill does (--no-push to leave it)");
    expect(onRemote('feat/fill-me')).toBe(head);
    expect(posts()).toBe(before + 1);
    expect(JSON.parse(r.stdout)).toMatchObject({
      title: 'feat/fill me',
      description: '- Parse the header\n\n  The header comes first,\n  so it is read first.\n\n- Check the size\n\n  No file over 4 MiB.',
    });
  });

  it('--fill on a branch the remote has: nothing pushed; --no-push never pushes', async () => {
    const cwd = checkout('feat/there');
    const first = commit(cwd, 'Already there');
    git(cwd, ['push', '-q', 'origin', 'feat/there']);
    repos.publish(P);
    commit(cwd, 'Not pushed yet');
    const there = await run(['--fill', '--target', 'main'], cwd);
    expect(there.exitCode, there.stderr).toBe(0);
    expect(there.stderr).not.toContain('Pushed');
    expect(onRemote('feat/there')).toBe(first);

    const away = checkout('feat/away');
    commit(away, 'Stay here');
    const kept = await run(['--fill', '--no-push', '--target', 'main'], away);
    expect(kept.exitCode, kept.stderr).toBe(0);
    expect(onRemote('feat/away')).toBeUndefined();
  });

  it('--fill looks where git pushes: a branch the fetch URL has and the push URL lacks is pushed', async () => {
    const cwd = checkout('feat/upstream-only');
    const head = commit(cwd, 'Upstream only');
    git(cwd, ['push', '-q', 'origin', 'feat/upstream-only']);
    repos.publish(P);
    // `git remote set-url --push origin <fork>`: fetched from the project, pushed to a fork without the branch.
    const fork = path.join(tempDir('collab-fork-'), 'api.git');
    git(path.dirname(fork), ['init', '-q', '--bare', fork]);
    git(cwd, ['remote', 'set-url', '--push', 'origin', fork]);
    const r = await run(['--fill', '--target', 'main'], cwd);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain('feat/upstream-only is not on origin yet: pushing it first');
    expect(git(fork, ['rev-parse', 'refs/heads/feat/upstream-only']).trim()).toBe(head);
  });

  it('a push git refuses: exit 1 with what git said and the push to run, no merge request', async () => {
    const cwd = checkout('feat/refused');
    commit(cwd, 'Refused');
    git(cwd, ['remote', 'set-url', '--push', 'origin', path.join(tempDir('collab-nowhere-'), 'missing.git')]);
    const before = posts();
    const r = await run(['--push', '--title', 'Refused', '--target', 'main'], cwd);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/^collab: could not push feat\/refused to origin: .+; no merge request was opened$/m);
    expect(r.stderr).toContain('hint: push it yourself, then run this again: git push -u origin feat/refused');
    expect(posts()).toBe(before);
  });

  it('--push without such a local branch, and --fill-commit-body without --fill: exit 2, nothing sent', async () => {
    const cwd = checkout('feat/local');
    const before = posts();
    const none = await run(['--push', '--source', 'feat/elsewhere', '--title', 'X', '--target', 'main'], cwd);
    expect([none.exitCode, none.stderr]).toEqual([
      2,
      expect.stringContaining('--push: there is no local branch feat/elsewhere here to push'),
    ]);
    const lone = await run(['--fill-commit-body', '--title', 'X', '--target', 'main'], cwd);
    expect([lone.exitCode, lone.stderr]).toEqual([2, expect.stringContaining('--fill-commit-body goes with --fill')]);
    expect(posts()).toBe(before);
  });

  it('--related-issue: "Closes #<iid>", the issue\'s title; with --copy-issue-labels its labels and milestone', async () => {
    // Issue 249 of the demo world has a label and a milestone.
    const issue = JSON.parse((await sb.run(['issue', 'view', '249', '-p', P, '-o', 'json'])).stdout);
    expect([issue.labels, typeof issue.milestone?.id]).toEqual([['security'], 'number']);
    const cwd = checkout('fix/issue-249');
    const plain = await run(['--related-issue', '249', '--target', 'main', '-d', 'Fixes the export.', '-o', 'json'], cwd);
    expect(plain.exitCode, plain.stderr).toBe(0);
    expect(JSON.parse(plain.stdout)).toMatchObject({
      title: issue.title,
      description: 'Fixes the export.\n\nCloses #249',
      labels: [],
      milestone: null,
    });

    git(cwd, ['switch', '-q', '-c', 'fix/issue-249-labels']);
    const copied = await run(['--related-issue', '249', '--copy-issue-labels', '--labels', 'review', '--title', 'Mine', '-o', 'json'], cwd);
    expect(copied.exitCode, copied.stderr).toBe(0);
    const mr = JSON.parse(copied.stdout);
    expect(mr).toMatchObject({ title: 'Mine', description: 'Closes #249' });
    expect([...mr.labels].sort()).toEqual([...new Set(['review', ...issue.labels])].sort());
    expect(mr.milestone?.id).toBe(issue.milestone?.id);
  });

  it('an issue that is not there: its 404, and no merge request', async () => {
    const cwd = checkout('fix/ghost');
    const before = posts();
    const r = await run(['--related-issue', '99999', '--title', 'Ghost', '--target', 'main'], cwd);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('404');
    expect(posts()).toBe(before);
  });
});

describe('mr create: a source branch the server does not have', () => {
  it('is answered with the push to run, the branch name quoted for the shell', async () => {
    const server = await oddServer((_req, res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: { source_branch: ['does not exist'] } }));
    });
    try {
      const cwd = gitRepo(tempDir('collab-unpushed-'), { upstream: `${server.url}/${P}.git` }, 'fix/$(id)');
      const r = await runBin(
        ['mr', 'create', '-p', P, '--title', 'Unpushed', '--target', 'main'],
        { COLLAB_HOST: server.url, COLLAB_TOKEN: 'glpat-x', COLLAB_FLAVOR: 'gitlab' },
        { cwd },
      );
      expect(r.exitCode).toBe(1);
      expect(r.stderr).toContain(
        "hint: the source branch fix/$(id) is not on the server yet: push it first: git push -u upstream 'fix/$(id)' (or run this again with --push)",
      );
      expect(server.seen.map((s) => s.method)).toEqual(['POST']);
    } finally {
      await server.close();
    }
  });
});
