/**
 * A release asset never lands on a checkout's `.git`: asset names come from whoever made the
 * release, and `release download` saves every asset under its file name (its direct asset path's
 * last part, else the link's name) in the current directory — a checkout, where `.git` is a file
 * in a linked worktree or a submodule (`gitdir: …`), which a regular file may replace. A name git
 * reads as `.git` (read-cache.c verify_path; path.c is_ntfs_dotgit; utf8.c is_hfs_dotgit) is
 * exit 2 with nothing downloaded; given `--asset … --dest <file>`, as the hint says, it is saved there.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonReply, mockApi, runCli } from '../helpers/harness.js';
import { tempDir } from '../helpers/temp.js';

const P = 'acme/platform/api';
let api: ReturnType<typeof mockApi>;
afterEach(() => api?.agent.close());

/** doc/api/releases/_index.md: a release with its assets' links (lib/api/entities/releases/link.rb). */
const release = (link: Record<string, unknown>) => ({
  tag_name: 'v1',
  assets: { links: [{ id: 1, url: 'https://gitlab.test/uploads/x', link_type: 'other', ...link }] },
});

describe('release download: no asset saved as .git', () => {
  it.each([
    ['a link named .git', { name: '.git' }],
    ['a link named .GIT. (case, trailing dot)', { name: '.GIT.' }],
    [
      'a direct asset path ending in git~1',
      { name: 'tool', direct_asset_url: 'https://gitlab.test/acme/platform/api/-/releases/v1/downloads/git~1' },
    ],
    ['a link with a code point HFS+ ignores', { name: '.g\u200cit' }],
  ])("%s: exit 2, the worktree's .git file untouched, nothing downloaded", async (_label, link) => {
    api = mockApi();
    api.pool
      .intercept({ path: `/api/v4/projects/${encodeURIComponent(P)}/releases/v1`, method: 'GET' })
      .reply(200, ...jsonReply(release(link)));
    const cwd = tempDir('collab-wt-');
    fs.writeFileSync(path.join(cwd, '.git'), 'gitdir: /elsewhere/.git/worktrees/wt\n');
    const before = fs.readdirSync(cwd);
    const r = await runCli(['release', 'download', 'v1', '-p', P], { transport: api.transport, cwd, env: { COLLAB_FLAVOR: 'gitlab' } });
    expect([r.code, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toContain('has no file name collab can save it under (git reads it as .git): give --asset ');
    expect(fs.readFileSync(path.join(cwd, '.git'), 'utf8')).toBe('gitdir: /elsewhere/.git/worktrees/wt\n');
    expect(fs.readdirSync(cwd)).toEqual(before);
  });

  it('with --asset and --dest, as the hint says, the name is not in the way', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: `/api/v4/projects/${encodeURIComponent(P)}/releases/v1`, method: 'GET' })
      .reply(200, ...jsonReply(release({ name: '.git' })));
    api.pool.intercept({ path: '/uploads/x', method: 'GET' }).reply(200, 'payload\n');
    const cwd = tempDir('collab-wt-');
    const r = await runCli(['release', 'download', 'v1', '-p', P, '--asset', '.git', '--dest', 'tool.bin'], {
      transport: api.transport,
      cwd,
      env: { COLLAB_FLAVOR: 'gitlab' },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(fs.readFileSync(path.join(cwd, 'tool.bin'), 'utf8')).toBe('payload\n');
  });
});
