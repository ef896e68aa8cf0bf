import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fillPath } from '../../src/api/path.js';
import { parseRemoteUrl, projectFromGit } from '../../src/config/git.js';
import { projectRef } from '../../src/resources/url.js';
import { parseWebUrl } from '../../src/resources/url.js';

describe('paths, web URLs and git remotes', () => {
  it('encodes every segment, keeping / only for wildcard paths', () => {
    expect(fillPath('/projects/:project/jobs/artifacts/:ref/download', { project: 'acme/platform/api', ref: 'feature/x y' })).toBe(
      '/projects/acme%2Fplatform%2Fapi/jobs/artifacts/feature%2Fx%20y/download',
    );
    expect(fillPath('/projects/:project/jobs/:id/artifacts/*path', { project: 7, id: 3, path: 'dir/résumé final.txt' })).toBe(
      '/projects/7/jobs/3/artifacts/dir/r%C3%A9sum%C3%A9%20final.txt',
    );
  });

  it('reads web URLs', () => {
    expect(parseWebUrl('https://h/acme/api/-/issues/42')).toEqual({ origin: 'https://h', path: 'acme/api', kind: 'issues', id: '42' });
    expect(parseWebUrl('https://h/acme/platform/api/-/merge_requests/7/diffs')).toMatchObject({ path: 'acme/platform/api', kind: 'merge_requests', id: '7' });
    expect(parseWebUrl('https://h/acme/api/issues/3')).toMatchObject({ path: 'acme/api', kind: 'issues', id: '3' });
    expect(projectRef('https://h/acme/platform/api')).toBe('acme/platform/api');
    expect(projectRef('42')).toBe('42');
    expect(() => projectRef('acme/../x')).toThrow(/invalid/);
  });

  it('parses remote URLs of every form', () => {
    expect(parseRemoteUrl('git@gitlab.example.com:acme/platform/api.git')).toEqual({ host: 'gitlab.example.com', path: 'acme/platform/api' });
    expect(parseRemoteUrl('ssh://git@gitlab.example.com:2222/acme/api.git')).toEqual({ host: 'gitlab.example.com', path: 'acme/api' });
    expect(parseRemoteUrl('https://gitlab.example.com/acme/api')).toEqual({ host: 'gitlab.example.com', path: 'acme/api' });
  });

  it('finds the project of the remote whose host matches', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'collab-git-'));
    fs.mkdirSync(path.join(dir, '.git'));
    fs.mkdirSync(path.join(dir, 'sub', 'deeper'), { recursive: true });
    fs.writeFileSync(
      path.join(dir, '.git', 'config'),
      '[core]\n\tbare = false\n[remote "upstream"]\n\turl = git@gitlab.example.com:acme/upstream.git\n[remote "origin"]\n\turl = https://gitlab.example.com/acme/platform/api.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n[remote "gh"]\n\turl = git@github.com:someone/api.git\n',
    );
    expect(projectFromGit(path.join(dir, 'sub', 'deeper'), 'gitlab.example.com')).toBe('acme/platform/api');
    expect(projectFromGit(dir, 'github.com')).toBe('someone/api');
    expect(projectFromGit(dir, 'other.example.com')).toBeUndefined();
  });
});
