/**
 * A merge request's threads, in-process against answers shaped as GitLab's discussions API sends
 * them (doc/api/discussions.md; lib/api/discussions.rb, lib/api/entities/discussion.rb, note.rb):
 * `mr notes` and `mr discussions` read `GET …/discussions`, `mr note` replies
 * (`POST …/discussions/:id/notes`), starts a diff thread (`POST …/discussions` with `position`),
 * writes an internal note (`POST …/notes` `internal`), resolves (`PUT …/discussions/:id`).
 */
import { isDeepStrictEqual } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonReply, mockApi, runCli } from '../helpers/harness.js';
import { mr } from './mr-fixtures.js';

const P = ['-p', 'acme/platform/api'];
const M = '/api/v4/projects/acme%2Fplatform%2Fapi/merge_requests/3';
const T1 = '9880258f38009394351b19e601c22b33c09afc13';
const T2 = '4b08ae1ed88a4f614817c0ce54c4c9efa4ff2927';
const T3 = '2ac8f1eb5dd6266e7e49bc64d3c44c1981bbec8f';
const REFS = { base_sha: 'b'.repeat(40), start_sha: 's'.repeat(40), head_sha: 'h'.repeat(40) };

const note = (id: number, who: string, body: string, extra: Record<string, unknown> = {}) => ({
  id,
  type: 'DiscussionNote',
  body,
  author: { id, username: who },
  created_at: `2026-11-2${id % 10}T10:00:00.000Z`,
  updated_at: `2026-11-2${id % 10}T10:00:00.000Z`,
  system: false,
  noteable_type: 'MergeRequest',
  resolvable: true,
  resolved: false,
  internal: false,
  ...extra,
});
const position = { ...REFS, position_type: 'text', old_path: 'src/app.ts', new_path: 'src/app.ts', old_line: null, new_line: 12 };
const THREADS = [
  {
    id: 'a'.repeat(40),
    individual_note: true,
    notes: [note(1, 'alice', 'changed the description', { type: null, system: true, resolvable: false })],
  },
  {
    id: T1,
    individual_note: false,
    notes: [note(2, 'carol', 'Why a variable?', { type: 'DiffNote', position }), note(3, 'alice', 'Fixed.')],
  },
  {
    id: T2,
    individual_note: false,
    notes: [note(4, 'root', 'Old default?', { resolved: true, resolved_by: { username: 'alice' } })],
  },
  { id: T3, individual_note: true, notes: [note(5, 'root', 'Team only', { type: null, resolvable: false, internal: true })] },
];

describe('mr notes, mr discussions: thread by thread', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());
  const threads = (times = 1) =>
    api.pool
      .intercept({ path: (p) => p.startsWith(`${M}/discussions?`), method: 'GET' })
      .reply(200, ...jsonReply(THREADS))
      .times(times);

  it('mr notes: replies under their thread, its id, where a diff comment sits, resolved state, internal marked', async () => {
    api = mockApi();
    threads();
    const r = await runCli(['mr', 'notes', '3', ...P, '--sort', 'asc'], { transport: api.transport });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n').map((l) => l.split('\t').slice(0, 7).join('|'))).toEqual([
      '1||alice|changed the description|||',
      '2|9880258f|carol|Why a variable?|src/app.ts:12|false|',
      '3|↳ 9880258f|alice|Fixed.|||',
      '4|4b08ae1e|root|Old default?||true|',
      '5||root|Team only|||true',
      '',
    ]);
  });

  it('on a narrow terminal the internal mark stays beside the author; a cut WHERE keeps its line', async () => {
    api = mockApi();
    const long = {
      ...position,
      old_path: 'app/services/merge_requests/rebase_service.rb',
      new_path: 'app/services/merge_requests/rebase_service.rb',
      new_line: 123,
    };
    const words = 'Team only: the customer escalation waits on this one, so leave it out of the release notes';
    const internal = { ...THREADS[3], notes: [{ ...THREADS[3]!.notes[0], body: words }] };
    const threads = [internal, { ...THREADS[1], notes: [{ ...THREADS[1]!.notes[0], position: long }] }];
    api.pool
      .intercept({ path: (p) => p.startsWith(`${M}/discussions?`), method: 'GET' })
      .reply(200, ...jsonReply(threads))
      .times(2);
    const narrow = await runCli(['mr', 'notes', '3', ...P], { transport: api.transport, tty: true, columns: 80 });
    const [head80, internal80] = narrow.stdout.split('\n');
    expect(head80!.split(/\s+/).slice(0, 5)).toEqual(['ID', 'THREAD', 'AUTHOR', 'BODY', 'INTERNAL']);
    expect(internal80).toMatch(/^5 .* root +Team only: .*… +true /);
    const wide = await runCli(['mr', 'notes', '3', ...P], { transport: api.transport, tty: true, columns: 120 });
    expect(wide.stdout.split('\n')[0]).toMatch(/ WHERE .* INTERNAL /);
    expect(wide.stdout).toMatch(/Why a variable\? +…[\w./]+\.rb:123 /);
  });

  it("mr notes -o json: GitLab's notes as sent, newest thread first by default", async () => {
    api = mockApi();
    threads();
    const r = await runCli(['mr', 'notes', '3', ...P, '-o', 'json'], { transport: api.transport });
    expect(JSON.parse(r.stdout).map((n: { id: number }) => n.id)).toEqual([5, 4, 2, 3, 1]);
    expect(JSON.parse(r.stdout)[2]).toEqual(THREADS[1]!.notes[0]);
  });

  it('--unresolved and --resolved keep those threads; discussions lists threads with their ids', async () => {
    api = mockApi();
    threads(3);
    const open = await runCli(['mr', 'notes', '3', ...P, '--unresolved', '-o', 'json', '--jq', '.[].id'], { transport: api.transport });
    expect(open.stdout).toBe('2\n3\n');
    const done = await runCli(['mr', 'discussions', '3', ...P, '--resolved', '--fields', 'id,state,author'], { transport: api.transport });
    expect(done.stdout).toBe(`${T2}\tresolved\troot\n`);
    const all = await runCli(['mr', 'discussions', '3', ...P, '--fields', 'id,state,where,notes'], { transport: api.transport });
    expect(all.stdout.split('\n')).toEqual([
      `${'a'.repeat(40)}\tsystem\t\t1`,
      `${T1}\tunresolved\tsrc/app.ts:12\t2`,
      `${T2}\tresolved\t\t1`,
      `${T3}\tcomment\t\t1`,
      '',
    ]);
  });

  it('nothing left after a filter: said on a terminal, nothing on stdout', async () => {
    api = mockApi();
    api.pool.intercept({ path: (p) => p.startsWith(`${M}/discussions?`), method: 'GET' }).reply(200, ...jsonReply([THREADS[2]]));
    const r = await runCli(['mr', 'discussions', '3', ...P, '--unresolved'], { transport: api.transport, tty: true });
    expect([r.code, r.stdout], r.stderr).toEqual([0, '']);
    expect(r.stderr).toContain('No threads match --unresolved in merge request !3');
  });

  it("a server without GitLab's API: one line saying so (the merge request exists), exit 1", async () => {
    api = mockApi();
    api.pool
      .intercept({ path: (p) => p.startsWith(`${M}/discussions`), method: 'GET' })
      .reply(404, ...jsonReply({ message: '404 Not Found' }));
    api.pool.intercept({ path: M, method: 'GET' }).reply(200, ...jsonReply(mr(3)));
    const r = await runCli(['mr', 'discussions', '3', ...P], { transport: api.transport });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'this server has no notes API: merge request !3 exists, but /projects/<project>/merge_requests/<iid>/discussions answered 404',
    );
  });
});

describe('mr note: replies, diff threads, internal notes, resolving', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());
  const threads = () =>
    api.pool.intercept({ path: (p) => p.startsWith(`${M}/discussions?`), method: 'GET' }).reply(200, ...jsonReply(THREADS));
  const sends = (method: string, path: string, body: unknown, answer: object, status = 201) =>
    api.pool.intercept({ path, method, body: (b: string) => isDeepStrictEqual(JSON.parse(b), body) }).reply(status, ...jsonReply(answer));

  it('--reply by the first characters of its id, then --resolve it: one read, two writes, two lines', async () => {
    api = mockApi();
    threads();
    sends('POST', `${M}/discussions/${T1}/notes`, { body: 'Done' }, note(9, 'root', 'Done'));
    sends('PUT', `${M}/discussions/${T1}`, { resolved: true }, THREADS[1], 200);
    const r = await runCli(['mr', 'note', '3', ...P, '--reply', '9880', '-m', 'Done', '--resolve', '9880258f'], {
      transport: api.transport,
      tty: true,
    });
    expect([r.code, r.stdout], r.stderr).toEqual([0, '']);
    expect(r.stderr).toBe(
      '✓ Replied in the thread 9880258f on src/app.ts:12 of !3\n✓ Resolved the thread 9880258f on src/app.ts:12 of !3\n',
    );
  });

  it('--resolve by a note id alone sends no comment and reads no stdin', async () => {
    api = mockApi();
    threads();
    sends('PUT', `${M}/discussions/${T1}`, { resolved: true }, THREADS[1], 200);
    const r = await runCli(['mr', 'note', '3', ...P, '--resolve', '3'], { transport: api.transport, stdin: 'not a comment' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Resolved the thread 9880258f');
  });

  /** The merge request's changes: src/app.ts with `diff`, three times (one read per note); the position's common part and a thread started. */
  const servesDiff = (diff: string) => {
    api.pool
      .intercept({ path: (p) => p.startsWith(`${M}/changes`), method: 'GET' })
      .reply(200, ...jsonReply(mr(3, { diff_refs: REFS, changes: [{ old_path: 'src/app.ts', new_path: 'src/app.ts', diff }] })))
      .times(3);
    const at = { ...REFS, position_type: 'text', old_path: 'src/app.ts', new_path: 'src/app.ts' };
    const started = { id: T1, individual_note: false, notes: [note(9, 'root', 'x', { type: 'DiffNote' })] };
    return { at, started };
  };

  it('--file --line: the position from the diff_refs and the diff (an unchanged line gets both numbers)', async () => {
    api = mockApi();
    const diff = '@@ -10,3 +10,4 @@\n keep\n-old\n+new\n+added\n same\n';
    const { at, started } = servesDiff(diff);
    sends(
      'POST',
      `${M}/discussions`,
      { body: 'added', position: { position_type: 'text', ...REFS, old_path: 'src/app.ts', new_path: 'src/app.ts', new_line: 12 } },
      started,
    );
    sends('POST', `${M}/discussions`, { body: 'kept', position: { ...at, old_line: 10, new_line: 10 } }, started);
    sends('POST', `${M}/discussions`, { body: 'gone', position: { ...at, old_line: 11 } }, started);
    for (const [args, body] of [
      [['--line', '12'], 'added'],
      [['--line', '10'], 'kept'],
      [['--line', '11', '--old-line'], 'gone'],
    ] as const) {
      const r = await runCli(['mr', 'note', '3', ...P, '--file', 'src/app.ts', ...args, '-m', body], { transport: api.transport });
      expect(r.code, r.stderr).toBe(0);
    }
  });

  it('--line inside a hunk: `--- x` is a removed line and `+++ x` an added one, not file headers', async () => {
    // lib/gitlab/diff/parser.rb takes file names only before the first hunk (`filename?(line) && type.nil?`).
    api = mockApi();
    const diff = '@@ -1,3 +1,3 @@\n keep\n--- gone\n+++ come\n same\n';
    const { at, started } = servesDiff(diff);
    sends('POST', `${M}/discussions`, { body: 'come', position: { ...at, new_line: 2 } }, started);
    sends('POST', `${M}/discussions`, { body: 'gone', position: { ...at, old_line: 2 } }, started);
    sends('POST', `${M}/discussions`, { body: 'same', position: { ...at, old_line: 3, new_line: 3 } }, started);
    for (const [args, body] of [
      [['--line', '2'], 'come'],
      [['--line', '2', '--old-line'], 'gone'],
      [['--line', '3'], 'same'],
    ] as const) {
      const r = await runCli(['mr', 'note', '3', ...P, '--file', 'src/app.ts', ...args, '-m', body], { transport: api.transport });
      expect(r.code, r.stderr).toBe(0);
    }
  });

  it('a line the diff does not show, or a file it does not change: exit 2, nothing written', async () => {
    api = mockApi();
    const diff = '@@ -10,2 +10,2 @@\n keep\n-old\n+new\n';
    api.pool
      .intercept({ path: (p) => p.startsWith(`${M}/changes`), method: 'GET' })
      .reply(200, ...jsonReply(mr(3, { diff_refs: REFS, changes: [{ old_path: 'src/app.ts', new_path: 'src/app.ts', diff }] })))
      .times(2);
    const line = await runCli(['mr', 'note', '3', ...P, '--file', 'src/app.ts', '--line', '40', '-m', 'x'], { transport: api.transport });
    expect([line.code, line.stderr]).toEqual([
      2,
      'collab: line 40 of src/app.ts is not in the diff of !3 (new lines shown: 10-11)\nhint: a removed line is one of the old file: add --old-line\n',
    ]);
    const file = await runCli(['mr', 'note', '3', ...P, '--file', 'README.md', '--line', '1', '-m', 'x'], { transport: api.transport });
    expect([file.code, file.stderr]).toEqual([
      2,
      'collab: README.md is not in the diff of !3\nhint: a diff comment goes on a file it changes: src/app.ts\n',
    ]);
  });

  it('--internal: the notes API with internal=true', async () => {
    api = mockApi();
    sends('POST', `${M}/notes`, { body: 'Team only', internal: true }, note(9, 'root', 'Team only', { internal: true }));
    const r = await runCli(['mr', 'note', '3', ...P, '--internal', '-m', 'Team only'], { transport: api.transport, tty: true });
    expect(r.stderr).toBe('✓ Commented on merge request !3 (internal: members from Reporter up see it)\n');
  });

  it.each([
    [['--file', 'a.ts', '-m', 'x'], '--file and --line go together'],
    [['--old-line', '-m', 'x'], '--old-line goes with --line'],
    [['--reply', 'abcd', '--file', 'a.ts', '--line', '1', '-m', 'x'], '--reply and --file cannot be used together'],
    [['--internal', '--reply', 'abcd', '-m', 'x'], 'cannot be used together'],
    [['--resolve', 'abcd', '--unresolve', 'abcd'], 'cannot be used together'],
    [['--line', '0', '--file', 'a.ts', '-m', 'x'], '--line'],
  ])('%j: exit 2, nothing sent', async (flags, message) => {
    api = mockApi();
    const r = await runCli(['mr', 'note', '3', ...P, ...flags], { transport: api.transport });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
  });

  it('a thread that is not there, or a prefix two threads share: nothing written', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: (p) => p.startsWith(`${M}/discussions?`), method: 'GET' })
      .reply(
        200,
        ...jsonReply([...THREADS, { id: `${T1.slice(0, 6)}ff${'0'.repeat(32)}`, individual_note: false, notes: [note(8, 'bob', 'x')] }]),
      )
      .times(2);
    const missing = await runCli(['mr', 'note', '3', ...P, '--reply', 'deadbeef', '-m', 'x'], { transport: api.transport });
    expect([missing.code, missing.stderr]).toEqual([
      1,
      'collab: merge request !3 has no thread deadbeef (no thread id starts so, no note has that id)\nhint: its threads and their ids: collab mr discussions 3\n',
    ]);
    const shared = await runCli(['mr', 'note', '3', ...P, '--resolve', '988025'], { transport: api.transport });
    expect(shared.code, shared.stderr).toBe(2);
    expect(shared.stderr).toContain("988025 is the start of 2 threads' ids: give more of it");
  });
});

describe('mr resolve, mr unresolve', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('resolves the thread a note id names; one already resolved is said and not sent', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: (p) => p.startsWith(`${M}/discussions?`), method: 'GET' })
      .reply(200, ...jsonReply(THREADS))
      .times(2);
    api.pool
      .intercept({ path: `${M}/discussions/${T1}`, method: 'PUT', body: JSON.stringify({ resolved: true }) })
      .reply(200, ...jsonReply(THREADS[1]));
    const r = await runCli(['mr', 'resolve', '3', '2', ...P], { transport: api.transport, tty: true });
    expect([r.code, r.stderr]).toEqual([0, '✓ Resolved the thread 9880258f (carol: "Why a variable?") on !3\n']);
    const again = await runCli(['mr', 'resolve', '3', T2.slice(0, 8), ...P], { transport: api.transport, tty: true });
    expect([again.code, again.stderr]).toEqual([
      0,
      'The thread 4b08ae1e (root: "Old default?") on !3 is already resolved: nothing changed\n',
    ]);
  });

  it("GitLab's 403 (not allowed to resolve a thread that resolves) passes through", async () => {
    api = mockApi();
    api.pool.intercept({ path: (p) => p.startsWith(`${M}/discussions?`), method: 'GET' }).reply(200, ...jsonReply(THREADS));
    api.pool.intercept({ path: `${M}/discussions/${T1}`, method: 'PUT' }).reply(403, ...jsonReply({ message: '403 Forbidden' }));
    const r = await runCli(['mr', 'resolve', '3', '2', ...P], { transport: api.transport });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('403');
  });

  // GitLab answers 403, with no reason, for a thread whose notes are not resolvable
  // (lib/api/helpers/discussions_helpers.rb resolve_discussion: forbidden! unless can_resolve?).
  it('a comment on its own is no thread to resolve: exit 1 saying so, nothing sent (no reply either)', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: (p) => p.startsWith(`${M}/discussions?`), method: 'GET' })
      .reply(200, ...jsonReply(THREADS))
      .times(2);
    const r = await runCli(['mr', 'unresolve', '3', '5', ...P], { transport: api.transport });
    expect([r.code, r.stderr]).toEqual([
      1,
      'collab: the thread 2ac8f1eb (root: "Team only") is a comment on its own, not a thread anyone resolves: nothing was sent\n' +
        'hint: the threads to resolve: collab mr discussions 3 --unresolved -p acme/platform/api\n',
    ]);
    const reply = await runCli(['mr', 'note', '3', ...P, '--reply', T1.slice(0, 8), '-m', 'Done', '--resolve', T3.slice(0, 8)], {
      transport: api.transport,
    });
    expect(reply.code).toBe(1);
    expect(reply.stderr).toMatch(/^collab: the thread 2ac8f1eb is a comment on its own/);
  });
});

describe('mr view --comments: what the server sent reaches the terminal sanitised', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('a hostile thread id, path and author: no escape sequence, no bidi override, no zero-width character', async () => {
    api = mockApi();
    const evil = {
      id: '\u001b]0;pwn\u0007\u001b[2J1234',
      individual_note: false,
      notes: [
        note(7, 'mal\u200blory', 'hi', {
          type: 'DiffNote',
          author: { id: 7, username: 'mal\u200blory\u202e' },
          position: { ...position, new_path: 'src/\u202eevil\u001b[31m.ts' },
        }),
      ],
    };
    api.pool.intercept({ path: M, method: 'GET' }).reply(200, ...jsonReply(mr(3)));
    api.pool.intercept({ path: (p) => p.startsWith(`${M}/discussions?`), method: 'GET' }).reply(200, ...jsonReply([evil]));
    const r = await runCli(['mr', 'view', '3', ...P, '--comments'], { transport: api.transport, tty: true, env: { COLLAB_PAGER: 'cat' } });
    expect(r.code, r.stderr).toBe(0);
    const line = r.stdout.split('\n').find((l) => l.includes('mallory'));
    expect(line).toBeDefined();
    expect(line).toContain('src/evil.ts:12');
    expect(r.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f\u200b\u202e]/);
  });
});
