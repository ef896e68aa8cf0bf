/**
 * `mr diff --name-only` and `--stat` (issue 38 item 13): the files of a merge request and how much
 * each changed, in git's formats (git diff --name-only, --stat), from GitLab's
 * `GET …/merge_requests/:iid/changes` (doc/api/merge_requests.md).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { jsonReply, mockApi, runCli } from '../helpers/harness.js';
import { mr } from './mr-fixtures.js';

const CHANGES = '/api/v4/projects/acme%2Fapi/merge_requests/3/changes?access_raw_diffs=true';

const change = (over: Record<string, unknown>) => ({
  a_mode: '100644',
  b_mode: '100644',
  new_file: false,
  renamed_file: false,
  deleted_file: false,
  ...over,
});

const changes = [
  change({ old_path: 'src/app.ts', new_path: 'src/app.ts', diff: '@@ -1,3 +1,4 @@\n a\n-b\n+B\n+c\n' }),
  change({ old_path: 'docs/new.md', new_path: 'docs/new.md', new_file: true, a_mode: '0', diff: '@@ -0,0 +1,2 @@\n+x\n+y\n' }),
  change({ old_path: 'gone.txt', new_path: 'gone.txt', deleted_file: true, b_mode: '0', diff: '@@ -1 +0,0 @@\n-z\n' }),
  change({ old_path: 'old/name.ts', new_path: 'new/name.ts', renamed_file: true, diff: '' }),
  change({ old_path: 'logo.png', new_path: 'logo.png', diff: 'Binary files a/logo.png and b/logo.png differ\n' }),
  change({ old_path: 'tab\tname', new_path: 'tab\tname', diff: '@@ -1 +1 @@\n-q\n+r\n' }),
];

describe('mr diff --name-only and --stat', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  const answer = () => api.pool.intercept({ path: CHANGES, method: 'GET' }).reply(200, ...jsonReply({ ...mr(3), changes }));

  it('--name-only: one path a line, a deleted file by its old path, a strange one C-quoted as git does', async () => {
    api = mockApi();
    answer();
    const r = await runCli(['mr', 'diff', '3', '-p', 'acme/api', '--name-only'], { transport: api.transport });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('src/app.ts\ndocs/new.md\ngone.txt\nnew/name.ts\nlogo.png\n"tab\\tname"\n');
  });

  it('--stat: each file, its count and bar, Bin for a binary one, then the total', async () => {
    api = mockApi();
    answer();
    const r = await runCli(['mr', 'changes', '3', '-p', 'acme/api', '--stat'], { transport: api.transport });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(
      [
        ' src/app.ts                 |   3 ++-',
        ' docs/new.md                |   2 ++',
        ' gone.txt                   |   1 -',
        ' old/name.ts => new/name.ts |   0',
        ' logo.png                   | Bin',
        ' "tab\\tname"                |   2 +-',
        ' 6 files changed, 5 insertions(+), 3 deletions(-)',
        '',
      ].join('\n'),
    );
  });

  it('--stat scales a long bar to the width, a changed file keeping one mark; the two flags exclude each other', async () => {
    api = mockApi();
    const big = change({ old_path: 'big', new_path: 'big', diff: `@@ -0,0 +1,300 @@\n${'+l\n'.repeat(300)}` });
    const small = change({ old_path: 'small', new_path: 'small', diff: '@@ -1 +1 @@\n-a\n+b\n' });
    api.pool.intercept({ path: CHANGES, method: 'GET' }).reply(200, ...jsonReply({ ...mr(3), changes: [big, small] }));
    const r = await runCli(['mr', 'diff', '3', '-p', 'acme/api', '--stat'], { transport: api.transport });
    const [bigLine, smallLine] = r.stdout.split('\n');
    expect(bigLine!.length).toBeLessThanOrEqual(80);
    expect(bigLine).toMatch(/^ big {3}\| 300 \++$/);
    expect(smallLine).toBe(' small |   2 +-');
    const both = await runCli(['mr', 'diff', '3', '-p', 'acme/api', '--stat', '--name-only'], { transport: api.transport });
    expect([both.code, both.stderr]).toEqual([2, 'collab: --name-only and --stat cannot be used together\n']);
  });
});
