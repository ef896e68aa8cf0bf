import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fillPath } from '../../src/api/path.js';
import { gitCheckout } from '../../src/config/git.js';
import { isLoopbackHost, parseReference, parseWebPath } from '../../src/config/references.js';
import { projectFromGit } from '../../src/config/targets.js';
import { excerpt, UsageError } from '../../src/errors.js';
import { parseTyped } from '../../src/executor/validate.js';
import { git, gitRepo } from '../helpers/git.js';
import { tempDir } from '../helpers/temp.js';

describe('paths, web URLs and git remotes', () => {
  it('encodes every segment, keeping / only for wildcard paths', () => {
    expect(fillPath('/projects/:project/jobs/artifacts/:ref/download', { project: 'acme/platform/api', ref: 'feature/x y' })).toBe(
      '/projects/acme%2Fplatform%2Fapi/jobs/artifacts/feature%2Fx%20y/download',
    );
    expect(fillPath('/projects/:project/jobs/:id/artifacts/*path', { project: 7, id: 3, path: 'dir/résumé final.txt' })).toBe(
      '/projects/7/jobs/3/artifacts/dir/r%C3%A9sum%C3%A9%20final.txt',
    );
  });

  it('reads web URLs below the instance root', () => {
    expect(parseWebPath('/acme/api/-/issues/42')).toEqual({ path: 'acme/api', kind: 'issues', id: '42' });
    expect(parseWebPath('/acme/platform/api/-/merge_requests/7/diffs')).toMatchObject({
      path: 'acme/platform/api',
      kind: 'merge_requests',
      id: '7',
    });
    expect(parseWebPath('/acme/api/issues/3')).toMatchObject({ path: 'acme/api', kind: 'issues', id: '3' });
    expect(parseWebPath('/acme/api/-/work_items/9')).toMatchObject({ path: 'acme/api', kind: 'issues', id: '9' });
    // An incident is an issue shown at issues/incident/:iid (GitLab's config/routes/project.rb).
    expect(parseWebPath('/acme/api/-/issues/incident/42')).toEqual({ path: 'acme/api', kind: 'issues', id: '42' });
    expect(parseWebPath('/acme/api/-/issues/incident/42/timeline')).toMatchObject({ kind: 'issues', id: '42' });
    expect(parseWebPath('/groups/acme/platform/-/issues')).toMatchObject({ path: 'acme/platform', kind: 'issues' });
  });

  it('reads every form of a project: id, path, encoded path, .git, trailing slash, web URL, git remote', () => {
    const p = (raw: string) => parseReference(raw, '-p', 'project');
    expect(p('42')).toEqual({ kind: 'id', id: '42' });
    expect(p('acme/platform/api')).toEqual({ kind: 'path', path: 'acme/platform/api' });
    expect(p('acme/platform/api.git')).toEqual({ kind: 'path', path: 'acme/platform/api' });
    expect(p('acme%2Fplatform%2Fapi')).toEqual({ kind: 'path', path: 'acme/platform/api' });
    expect(p('acme/platform/api/')).toEqual({ kind: 'path', path: 'acme/platform/api' });
    expect(p('git@gitlab.example.com:acme/platform/api.git')).toEqual({
      kind: 'ssh',
      hostname: 'gitlab.example.com',
      path: 'acme/platform/api',
    });
    expect(p('ssh://git@gitlab.example.com:2222/acme/api.git')).toEqual({ kind: 'ssh', hostname: 'gitlab.example.com', path: 'acme/api' });
    expect(p('https://h/acme/platform/api')).toMatchObject({ kind: 'web' });
    for (const bad of ['-1', '0', '1.5', '+3', '1e3', '0x10', 'acme/../x', 'acme//x', 'api', 'acme/-x', 'acme/a b', 'acme%2', ''])
      expect(() => p(bad), bad).toThrow(UsageError);
    expect(parseReference('acme', '-g', 'group')).toEqual({ kind: 'path', path: 'acme' });
  });

  it('quotes a bad value as every error quotes raw input: control characters (C1 too) as ?, cut at its length', () => {
    const raw = `acme/a\u009b2Jb\u0007c ${'x'.repeat(100)}`;
    expect(() => parseReference(raw, '-p', 'project')).toThrow(`invalid value for -p: "${excerpt(raw, 80)}"`);
    expect(excerpt(raw, 80)).toBe(`acme/a?2Jb?c ${'x'.repeat(64)}...`);
    expect(() => parseTyped('1\u009b2', '--weight', { type: 'int' })).toThrow('"1?2" is not an integer');
  });

  it('decides loopback on the literal, not on a name prefix', () => {
    for (const h of ['localhost', '127.0.0.1', '127.255.0.9', '[::1]', '::1', '[::ffff:7f00:1]']) expect(isLoopbackHost(h), h).toBe(true);
    for (const h of ['127.evil.example', 'localhost.evil.example', '128.0.0.1', '10.0.0.1', 'example.com', '[::2]'])
      expect(isLoopbackHost(h), h).toBe(false);
    expect(isLoopbackHost(new URL('http://127.1:8080').hostname)).toBe(true);
    expect(isLoopbackHost(new URL('http://0x7f.1').hostname)).toBe(true);
  });

  it('finds the project of the remote whose host matches, as git lists them from a subdirectory', () => {
    const dir = tempDir('collab-git-');
    gitRepo(dir, {
      upstream: 'git@gitlab.example.com:acme/upstream.git',
      origin: 'https://gitlab.example.com/acme/platform/api.git',
      gh: 'git@github.com:someone/api.git',
    });
    fs.mkdirSync(path.join(dir, 'sub', 'deeper'), { recursive: true });
    const remotes = gitCheckout(path.join(dir, 'sub', 'deeper'), { HOME: dir }, () => undefined).remotes();
    expect(remotes.map((r) => r.name)).toEqual(['origin', 'upstream', 'gh']);
    expect(projectFromGit(remotes, 'https://gitlab.example.com')).toBe('acme/platform/api');
    expect(projectFromGit(remotes, 'https://github.com')).toBe('someone/api');
    expect(projectFromGit(remotes, 'https://other.example.com')).toBeUndefined();
  });

  it('maps remotes under a relative URL root to the project path', () => {
    const remote = (name: string, url: string) => ({ name, url });
    const host = 'https://host.example/gitlab';
    expect(
      projectFromGit(
        [remote('origin', 'https://host.example/gitlab/acme/api.git'), remote('other', 'https://host.example/elsewhere/x/y.git')],
        host,
      ),
    ).toBe('acme/api');
    expect(projectFromGit([remote('origin', 'git@host.example:acme/api.git')], host)).toBe('acme/api');
    expect(projectFromGit([remote('other', 'https://host.example/elsewhere/x/y.git')], host)).toBeUndefined();
  });

  it('tells the branch checked out from a detached HEAD and from no checkout at all', () => {
    const dir = gitRepo(tempDir('collab-git-'), {}, 'feature/x');
    const env = { HOME: dir, PATH: process.env.PATH };
    expect(gitCheckout(dir, env, () => undefined).head()).toEqual({ branch: 'feature/x' });
    git(dir, ['-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '--allow-empty', '-m', 'one']);
    git(dir, ['checkout', '-q', '--detach']);
    const detached = gitCheckout(dir, env, () => undefined);
    expect([detached.head(), detached.branch()]).toEqual([{ detached: true }, undefined]);
    const outside = tempDir('collab-nogit-');
    expect(gitCheckout(outside, { ...env, GIT_CEILING_DIRECTORIES: path.dirname(outside) }, () => undefined).head()).toEqual({
      none: 'not inside a git checkout',
    });
  });
});
