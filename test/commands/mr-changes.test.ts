import { afterEach, describe, expect, it } from 'vitest';
import { renderDiff } from '../../src/commands/mr/changes.js';
import { jsonReply, mockApi, runCli } from '../helpers/harness.js';
import { mr } from './mr-fixtures.js';

const MR = '/api/v4/projects/acme%2Fplatform%2Fapi/merge_requests/3';
const P = ['-p', 'acme/platform/api'];

const changes = [
  {
    old_path: 'src/a.ts',
    new_path: 'src/a.ts',
    a_mode: '100644',
    b_mode: '100644',
    diff: '@@ -1,2 +1,2 @@\n ctx\n-old\n+new \u001b[31mred\u001b[0m\n',
    new_file: false,
    renamed_file: false,
    deleted_file: false,
  },
  {
    old_path: 'NEW.md',
    new_path: 'NEW.md',
    a_mode: '0',
    b_mode: '100644',
    diff: '@@ -0,0 +1 @@\n+hello\n',
    new_file: true,
    renamed_file: false,
    deleted_file: false,
  },
  {
    old_path: 'old.txt',
    new_path: 'renamed.txt',
    a_mode: '100644',
    b_mode: '100755',
    diff: '',
    new_file: false,
    renamed_file: true,
    deleted_file: false,
  },
];
const withChanges = { ...mr(3), changes };

/** The patch of `changes` as git writes it, with the changed line of src/a.ts as given. */
const patchOf = (changedLine: string) =>
  [
    'diff --git a/src/a.ts b/src/a.ts',
    '--- a/src/a.ts',
    '+++ b/src/a.ts',
    '@@ -1,2 +1,2 @@',
    ' ctx',
    '-old',
    changedLine,
    'diff --git a/NEW.md b/NEW.md',
    'new file mode 100644',
    '--- /dev/null',
    '+++ b/NEW.md',
    '@@ -0,0 +1 @@',
    '+hello',
    'diff --git a/old.txt b/renamed.txt',
    'old mode 100644',
    'new mode 100755',
    'rename from old.txt',
    'rename to renamed.txt',
    '',
  ].join('\n');

describe('mr changes', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('prints a unified diff on a terminal, stripped of control sequences', async () => {
    api = mockApi();
    api.pool.intercept({ path: `${MR}/changes?access_raw_diffs=true`, method: 'GET' }).reply(200, ...jsonReply(withChanges));
    const r = await runCli(['mr', 'changes', '3', ...P], { transport: api.transport, tty: true });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(patchOf('+new red'));
  });

  it('colours the diff when the terminal has colour', async () => {
    const out = await renderDiff([changes[0]!], 1);
    expect(out).toBe(
      [
        '\u001b[1mdiff --git a/src/a.ts b/src/a.ts\u001b[22m',
        '\u001b[1m--- a/src/a.ts\u001b[22m',
        '\u001b[1m+++ b/src/a.ts\u001b[22m',
        '\u001b[36m@@ -1,2 +1,2 @@\u001b[39m',
        ' ctx',
        '\u001b[31m-old\u001b[39m',
        '\u001b[32m+new red\u001b[39m',
        '',
      ].join('\n'),
    );
  });

  it('piped: the patch byte for byte (control characters and all, no colour)', async () => {
    api = mockApi();
    api.pool.intercept({ path: `${MR}/changes?access_raw_diffs=true`, method: 'GET' }).reply(200, ...jsonReply(withChanges));
    const r = await runCli(['mr', 'diff', '3', ...P], { transport: api.transport });
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toBe(patchOf('+new \u001b[31mred\u001b[0m'));
  });

  it('quotes paths as git does, and names a file the server sent no diff for on a terminal', async () => {
    const odd = [
      { old_path: 'a b.txt', new_path: 'a b.txt', a_mode: '100644', b_mode: '100644', diff: '@@ -1 +1 @@\n-a\n+b\n' },
      { old_path: 'q"\\.txt', new_path: 'q"\\.txt', a_mode: '0', b_mode: '100644', diff: '', new_file: true },
      { old_path: 'big.bin', new_path: 'big.bin', a_mode: '100644', b_mode: '100644', diff: '', too_large: true },
      {
        old_path: 'img.png',
        new_path: 'img.png',
        a_mode: '100644',
        b_mode: '100644',
        diff: 'Binary files a/img.png and b/img.png differ\n',
      },
    ];
    expect(await renderDiff(odd, 0, true)).toBe(
      [
        'diff --git a/a b.txt b/a b.txt',
        '--- a/a b.txt\t',
        '+++ b/a b.txt\t',
        '@@ -1 +1 @@',
        '-a',
        '+b',
        'diff --git "a/q\\"\\\\.txt" "b/q\\"\\\\.txt"',
        'new file mode 100644',
        '',
      ].join('\n'),
    );
    const shown = await renderDiff(odd, 0, false);
    expect(shown).toContain('diff --git a/big.bin b/big.bin\n(no diff from the server: too large to show)\n');
    expect(shown).toContain('diff --git a/img.png b/img.png\n(no diff from the server: binary)\n');
  });

  it('tsv (asked for): one row per changed file; json: the object as sent', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: `${MR}/changes?access_raw_diffs=true`, method: 'GET' })
      .reply(200, ...jsonReply(withChanges))
      .times(2);
    const t = await runCli(['mr', 'changes', '3', ...P, '-o', 'tsv'], { transport: api.transport });
    expect(t.code).toBe(0);
    expect(t.stdout).toBe('modified\tsrc/a.ts\tsrc/a.ts\t1\t1\nadded\tNEW.md\tNEW.md\t1\t0\nrenamed\told.txt\trenamed.txt\t0\t0\n');
    const j = await runCli(['mr', 'changes', '3', ...P, '-o', 'json'], { transport: api.transport });
    expect(JSON.parse(j.stdout)).toEqual(withChanges);
  });

  it('says so when there is nothing to show', async () => {
    api = mockApi();
    api.pool.intercept({ path: `${MR}/changes?access_raw_diffs=true`, method: 'GET' }).reply(200, ...jsonReply({ ...mr(3), changes: [] }));
    const r = await runCli(['mr', 'changes', '3', ...P], { transport: api.transport, tty: true });
    expect([r.code, r.stdout, r.stderr]).toEqual([0, '', 'No changes\n']);
  });
});

describe('mr commits, versions, version, closes-issues', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('lists commits with pagination flags', async () => {
    api = mockApi();
    const commit = {
      id: 'f'.repeat(40),
      short_id: 'ffffffff',
      title: 'Fix',
      author_name: 'Alice',
      author_email: 'a@x',
      created_at: '2026-11-20T00:00:00Z',
      message: 'Fix\n',
    };
    api.pool.intercept({ path: `${MR}/commits?per_page=5&page=2`, method: 'GET' }).reply(200, ...jsonReply([commit]));
    const r = await runCli(['mr', 'commits', '3', ...P, '--per-page', '5', '--page', '2'], { transport: api.transport });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('ffffffff\tFix\tAlice\t2026-11-20T00:00:00Z\n');
  });

  it('lists diff versions and shows one', async () => {
    api = mockApi();
    const v = {
      id: 12,
      head_commit_sha: 'h',
      base_commit_sha: 'b',
      start_commit_sha: 's',
      created_at: '2026-11-20T00:00:00Z',
      merge_request_id: 503,
      state: 'collected',
      real_size: '2',
    };
    api.pool.intercept({ path: `${MR}/versions`, method: 'GET' }).reply(200, ...jsonReply([v]));
    api.pool.intercept({ path: `${MR}/versions/12`, method: 'GET' }).reply(200, ...jsonReply({ ...v, diffs: [] }));
    const l = await runCli(['mr', 'versions', '3', ...P], { transport: api.transport });
    expect(l.stdout).toBe('12\tcollected\th\tb\ts\t2\t2026-11-20T00:00:00Z\n');
    const one = await runCli(['mr', 'version', '3', '12', ...P, '-o', 'json'], { transport: api.transport });
    expect(JSON.parse(one.stdout)).toEqual({ ...v, diffs: [] });
    const bad = await runCli(['mr', 'version', '3', 'x', ...P], { transport: api.transport });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('<version-id>');
  });

  it('lists closed issues by iid as every list does, also in the external tracker shape {id, title}', async () => {
    api = mockApi();
    const issue = {
      id: 1001,
      iid: 1,
      project_id: 7,
      title: 'Crash',
      state: 'opened',
      web_url: 'https://gitlab.test/acme/platform/api/-/issues/1',
    };
    api.pool
      .intercept({ path: `${MR}/closes_issues`, method: 'GET' })
      .reply(200, ...jsonReply([issue, { id: 'PROJ-123', title: 'External bug' }]));
    const r = await runCli(['mr', 'closes-issues', '3', ...P], { transport: api.transport });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('1\topened\tCrash\thttps://gitlab.test/acme/platform/api/-/issues/1\nPROJ-123\t\tExternal bug\t\n');
  });

  it('names an issue of another project by its full reference, piped and on a terminal', async () => {
    api = mockApi();
    const here = { id: 1001, iid: 1, project_id: 7, title: 'Crash', state: 'opened', references: { full: 'acme/platform/api#1' } };
    const there = { id: 2002, iid: 4, project_id: 9, title: 'Docs', state: 'opened', references: { full: 'acme/website#4' } };
    for (let i = 0; i < 3; i++)
      api.pool.intercept({ path: `${MR}/closes_issues`, method: 'GET' }).reply(200, ...jsonReply(i < 2 ? [here, there] : [there]));
    const piped = await runCli(['mr', 'closes-issues', '3', ...P, '--header'], { transport: api.transport });
    expect(piped.stdout).toBe('ref\tstate\ttitle\turl\nacme/platform/api#1\topened\tCrash\t\nacme/website#4\topened\tDocs\t\n');
    const tty = await runCli(['mr', 'closes-issues', '3', ...P, '--no-color'], { transport: api.transport, tty: true });
    expect(tty.stdout.split('\n')[0]).toMatch(/^REF {2,}STATE/);
    expect(tty.stdout).toContain('acme/website#4');
    // One issue, in another project than the merge request's: still not a bare number.
    const elsewhere = await runCli(['mr', 'closes-issues', '3', ...P], { transport: api.transport });
    expect(elsewhere.stdout).toBe('acme/website#4\topened\tDocs\t\n');
  });
});
