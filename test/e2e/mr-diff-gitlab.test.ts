/**
 * `mr diff` against what GitLab really answers, never a patch that is wrong without a word:
 * - it asks for raw diffs (`access_raw_diffs=true`: lib/api/merge_requests.rb, answered by
 *   lib/api/entities/merge_request_changes.rb without size limits);
 * - a server that ignores that and answers `overflow: true` with part of the files is read again
 *   through the paginated /diffs (GitLab 15.7+), checked against `changes_count`; without /diffs
 *   the partial patch fails (exit 1);
 * - before GitLab 18.4 a new file whose diff was collapsed came as `"diff": ""` with no flag
 *   (the persisted diff loses `collapsed`: lib/gitlab/git/diff.rb's SERIALIZE_KEYS): its size at
 *   the head commit (HEAD /repository/files, X-Gitlab-Size: lib/api/files.rb) tells an empty file
 *   from one left out.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type BinResult, runBin, tempDir } from '../helpers/e2e.js';
import { type HostileServer, type Recorded, type Reply, startHostileServer } from '../helpers/hostile.js';

const MR = '/api/v4/projects/acme%2Fapi/merge_requests/7';
const HEAD_SHA = '9a0f2c4e8b1d3f5a7c9e0b2d4f6a8c0e1b3d5f7a';

let servers: HostileServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function gitlab(routes: Parameters<typeof startHostileServer>[0]): Promise<HostileServer> {
  const s = await startHostileServer({ 'GET /api/v4/version': { body: { version: '18.2.1-ee', revision: 'a1b2c3d' } }, ...routes });
  servers.push(s);
  return s;
}

const run = (s: HostileServer, args: string[]): Promise<BinResult> =>
  runBin(
    ['mr', 'diff', '7', '-p', 'acme/api', ...args],
    { COLLAB_HOST: s.url, COLLAB_TOKEN: 'glpat-mr-diff-gitlab', COLLAB_CONFIG_DIR: tempDir() },
    {
      stripFinalNewline: false,
    },
  );

const edit = (n: number) => ({
  old_path: `src/f${String(n).padStart(4, '0')}.txt`,
  new_path: `src/f${String(n).padStart(4, '0')}.txt`,
  a_mode: '100644',
  b_mode: '100644',
  new_file: false,
  renamed_file: false,
  deleted_file: false,
  generated_file: false,
  collapsed: false,
  too_large: false,
  diff: `@@ -1 +1 @@\n-old ${n}\n+new ${n}\n`,
});

/** The merge request as GitLab's MergeRequestChanges entity answers it. */
const mrAnswer = (changes: unknown[], extra: Record<string, unknown> = {}) => ({
  id: 4107,
  iid: 7,
  project_id: 3,
  title: 'Bump dependencies',
  state: 'opened',
  sha: HEAD_SHA,
  diff_refs: { base_sha: '1'.repeat(40), head_sha: HEAD_SHA, start_sha: '1'.repeat(40) },
  changes_count: String(changes.length),
  changes,
  overflow: false,
  ...extra,
});

const headers = (patch: string) => patch.split('\n').filter((l) => l.startsWith('diff --git '));
const asked = (s: HostileServer, prefix: string) => s.requests.filter((r) => r.path.startsWith(prefix));

/** GitLab's offset pages of `items` (lib/gitlab/pagination/offset_header_builder.rb), per_page as asked. */
function pages(items: unknown[]): (req: Recorded) => Reply {
  return (req) => {
    const q = new URL(req.path, 'http://x').searchParams;
    const page = Number(q.get('page') ?? 1);
    const perPage = Number(q.get('per_page') ?? 20);
    const totalPages = Math.ceil(items.length / perPage);
    return {
      body: items.slice((page - 1) * perPage, page * perPage),
      headers: {
        'x-page': String(page),
        'x-per-page': String(perPage),
        'x-next-page': page < totalPages ? String(page + 1) : '',
        'x-total': String(items.length),
        'x-total-pages': String(totalPages),
      },
    };
  };
}

describe('mr diff asks GitLab for raw diffs', () => {
  it('the request carries access_raw_diffs=true', async () => {
    const s = await gitlab({ [`GET ${MR}/changes`]: { body: mrAnswer([edit(1)]) } });
    const r = await run(s, []);
    expect([r.exitCode, r.stderr]).toEqual([0, '']);
    expect(asked(s, `${MR}/changes`).map((q) => q.path)).toEqual([`${MR}/changes?access_raw_diffs=true`]);
  });
});

describe('a new file sent with an empty diff (GitLab before 18.4)', () => {
  const lock = { ...edit(0), old_path: 'package-lock.json', new_path: 'package-lock.json', a_mode: '0', new_file: true, diff: '' };
  const keep = { ...edit(0), old_path: 'logs/.keep', new_path: 'logs/.keep', a_mode: '0', new_file: true, diff: '' };
  const size = (bytes: number): Reply => ({ headers: { 'x-gitlab-size': String(bytes), 'x-gitlab-ref': HEAD_SHA } });

  it('is left out when its size at the head commit is not 0, kept when it is: the rest is the patch, exit 1', async () => {
    const s = await gitlab({
      [`GET ${MR}/changes`]: { body: mrAnswer([edit(1), lock, keep]) },
      [`HEAD /api/v4/projects/acme%2Fapi/repository/files/package-lock.json?ref=${HEAD_SHA}`]: size(48213),
      [`HEAD /api/v4/projects/acme%2Fapi/repository/files/logs%2F.keep?ref=${HEAD_SHA}`]: size(0),
    });
    const r = await run(s, []);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toBe(
      'collab: the patch leaves out package-lock.json (a new file sent without its content): the server sent no diff for it\n',
    );
    expect(headers(r.stdout)).toEqual(['diff --git a/src/f0001.txt b/src/f0001.txt', 'diff --git a/logs/.keep b/logs/.keep']);
    expect(r.stdout).toContain('diff --git a/logs/.keep b/logs/.keep\nnew file mode 100644\n');
  });

  it('a size that cannot be read leaves the file out too', async () => {
    const s = await gitlab({ [`GET ${MR}/changes`]: { body: mrAnswer([edit(1), lock]) } });
    const r = await run(s, []);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('leaves out package-lock.json (a new file sent without its content)');
    expect(r.stdout).not.toContain('package-lock.json');
  });
});

describe('an answer that overflows', () => {
  const all = Array.from({ length: 1203 }, (_, i) => edit(i + 1));
  // A server that ignores access_raw_diffs: the first 1,000 files, and the flag.
  const overflowing = mrAnswer(all.slice(0, 1000), { overflow: true, changes_count: '1203' });

  it('is read again through the paginated /diffs: every file, exit 0', async () => {
    const s = await gitlab({ [`GET ${MR}/changes`]: { body: overflowing }, [`GET ${MR}/diffs`]: pages(all) });
    const r = await run(s, []);
    expect([r.exitCode, r.stderr]).toEqual([0, '']);
    expect(headers(r.stdout)).toHaveLength(1203);
    expect(new Set(headers(r.stdout)).size).toBe(1203);
    expect(asked(s, `${MR}/diffs`)).toHaveLength(13);
    const json = await run(s, ['-o', 'json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ iid: 7, overflow: false });
    expect(JSON.parse(json.stdout).changes).toHaveLength(1203);
  });

  it('without /diffs (before GitLab 15.7) the partial patch is written, then exit 1 saying what is missing', async () => {
    const s = await gitlab({ [`GET ${MR}/changes`]: { body: { ...overflowing, changes_count: '1000+' } } });
    const r = await run(s, []);
    expect(r.exitCode).toBe(1);
    expect(headers(r.stdout)).toHaveLength(1000);
    expect(r.stderr).toBe(
      "collab: the patch is not the whole merge request: the server sent 1000 of the merge request's 1000+ changed files\n",
    );
  });

  it('/diffs holding fewer files than changes_count says is not whole either', async () => {
    const s = await gitlab({
      [`GET ${MR}/changes`]: { body: overflowing },
      [`GET ${MR}/diffs`]: pages(all.slice(0, 1100)),
    });
    const r = await run(s, []);
    expect(r.exitCode).toBe(1);
    expect(headers(r.stdout)).toHaveLength(1100);
    expect(r.stderr).toMatch(/the server sent 1100 of the merge request's 1203 changed files\n$/);
  });

  it('a server without /changes (404) is read through /diffs', async () => {
    const s = await gitlab({ [`GET ${MR}`]: { body: mrAnswer([], { changes_count: '3' }) }, [`GET ${MR}/diffs`]: pages(all.slice(0, 3)) });
    const r = await run(s, []);
    expect([r.exitCode, r.stderr]).toEqual([0, '']);
    expect(headers(r.stdout)).toHaveLength(3);
  });
});
