import { afterEach, describe, expect, it } from 'vitest';
import { jsonReply, mockApi, runCli, scriptedPrompter } from '../helpers/harness.js';
import { issue } from './issue-fixtures.js';

const P = 'acme/platform/api';
const I = '/api/v4/projects/acme%2Fplatform%2Fapi/issues/42';
const M = '/api/v4/projects/acme%2Fplatform%2Fapi/merge_requests/3';

const note = (id: number, body: string, extra: Record<string, unknown> = {}) => ({
  id,
  body,
  author: { id: 2, username: 'alice', name: 'Alice' },
  created_at: '2026-11-25T10:00:00.000Z',
  updated_at: '2026-11-25T10:00:00.000Z',
  system: false,
  noteable_type: 'Issue',
  noteable_iid: 42,
  ...extra,
});

const NOT_FOUND = { message: '404 Not Found' };

/** Every request's path and query, as sent. */
function recorder(api: ReturnType<typeof mockApi>) {
  // undici may ask a matcher more than once about one request.
  const seen = new Set<string>();
  const match = (prefix: string) => (path: string) => {
    const hit = path === prefix || path.startsWith(`${prefix}?`);
    if (hit) seen.add(path);
    return hit;
  };
  return { seen: () => [...seen], match, api };
}

const query = (path: string) => Object.fromEntries(new URL(path, 'http://x').searchParams);

describe('issue note / mr note: a comment', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('sends -m as the body; piped, the note is printed and the line says what was done', async () => {
    api = mockApi();
    let sent: unknown;
    api.pool
      .intercept({
        path: `${I}/notes`,
        method: 'POST',
        body: (b) => {
          sent = JSON.parse(b);
          return true;
        },
      })
      .reply(201, ...jsonReply(note(7, 'LGTM')));
    const r = await runCli(['issue', 'note', '42', '-p', P, '-m', 'LGTM', '--fields', 'id,body'], { transport: api.transport });
    expect([r.code, r.stdout, r.stderr]).toEqual([0, 'id\t7\nbody\tLGTM\n', 'Commented on issue #42\n']);
    expect(sent).toEqual({ body: 'LGTM' });
  });

  it('reads the comment from piped stdin (comment is an alias), its trailing line breaks left out', async () => {
    api = mockApi();
    let sent: unknown;
    api.pool
      .intercept({
        path: `${M}/notes`,
        method: 'POST',
        body: (b) => {
          sent = JSON.parse(b);
          return true;
        },
      })
      .reply(201, ...jsonReply(note(8, 'x')));
    const r = await runCli(['mr', 'comment', '3', '-p', P, '-o', 'json'], { transport: api.transport, stdin: 'Two\n\nparagraphs\n\n' });
    expect(r.code, r.stderr).toBe(0);
    expect(sent).toEqual({ body: 'Two\n\nparagraphs' });
    expect(r.stderr).toBe('Commented on merge request !3\n');
  });

  it.each([
    ['an empty -m', ['-m', ''], undefined],
    ['a blank -m', ['-m', ' \n '], undefined],
    ['empty stdin', [], ''],
    ['blank stdin', [], '\n\t\n'],
  ])('%s is exit 2, nothing sent', async (_name, flags, stdin) => {
    api = mockApi();
    const r = await runCli(['issue', 'note', '42', '-p', P, ...flags], { transport: api.transport, stdin });
    expect([r.code, r.stdout, r.stderr]).toEqual([2, '', 'collab: the comment is empty: nothing was sent\n']);
  });

  it('on a terminal with nothing given, offers the editor; declined, nothing is sent (exit 2)', async () => {
    api = mockApi();
    const prompter = scriptedPrompter([false]);
    const r = await runCli(['issue', 'note', '42', '-p', P], { transport: api.transport, tty: true, prompter, env: { EDITOR: 'nano' } });
    expect(prompter.asked).toEqual(['Write a message in nano?']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no comment to send');
    expect(r.stderr).toContain('-m <text>, write it with --editor, or pipe it in');
  });

  it('-m with --editor is exit 2 before anything is sent', async () => {
    api = mockApi();
    const r = await runCli(['mr', 'note', '3', '-p', P, '-m', 'x', '--editor'], { transport: api.transport });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--editor writes the message');
  });

  it('a server without the notes API (404 while the issue exists) is said once, exit 1', async () => {
    api = mockApi();
    api.pool.intercept({ path: `${I}/notes`, method: 'POST' }).reply(404, ...jsonReply(NOT_FOUND));
    api.pool.intercept({ path: I, method: 'GET' }).reply(200, ...jsonReply(issue(42)));
    const r = await runCli(['issue', 'note', '42', '-p', P, '-m', 'hi'], { transport: api.transport });
    expect(r.code).toBe(1);
    expect(r.stderr.match(/has no notes API/g)).toHaveLength(1);
    expect(r.stderr).toContain('issue #42 exists');
  });

  it('a missing issue stays a missing issue', async () => {
    api = mockApi();
    api.pool.intercept({ path: `${I}/notes`, method: 'POST' }).reply(404, ...jsonReply(NOT_FOUND));
    api.pool.intercept({ path: I, method: 'GET' }).reply(404, ...jsonReply({ message: '404 Issue Not Found' }));
    const r = await runCli(['issue', 'note', '42', '-p', P, '-m', 'hi'], { transport: api.transport });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('404 Issue Not Found');
    expect(r.stderr).not.toContain('notes API');
  });
});

describe('issue notes / mr notes: the list', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('sends --sort and --order-by as GitLab names them, and pages with --all', async () => {
    api = mockApi();
    const rec = recorder(api);
    api.pool
      .intercept({ path: rec.match(`${I}/notes`), method: 'GET' })
      .reply(200, ...jsonReply([note(1, 'first')], { 'x-next-page': '2', 'x-page': '1' }));
    api.pool
      .intercept({ path: rec.match(`${I}/notes`), method: 'GET' })
      .reply(200, ...jsonReply([note(2, 'second', { system: true })], { 'x-next-page': '', 'x-page': '2' }));
    const r = await runCli(['issue', 'notes', '42', '-p', P, '--sort', 'asc', '--order-by', 'updated_at', '--all', '-o', 'ndjson'], {
      transport: api.transport,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).body),
    ).toEqual(['first', 'second']);
    expect(query(rec.seen()[0]!)).toMatchObject({ sort: 'asc', order_by: 'updated_at' });
    // Both pages were asked for: afterEach checks that no interceptor is left.
  });

  it('tsv by default when piped; --fields picks', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: (p) => p.startsWith(`${I}/notes`), method: 'GET' })
      .reply(200, ...jsonReply([note(5, 'Looks *good*'), note(4, 'changed the description', { system: true })]));
    const r = await runCli(['issue', 'notes', '42', '-p', P, '--fields', 'id,system,body'], { transport: api.transport });
    expect([r.code, r.stdout]).toEqual([0, '5\tfalse\tLooks *good*\n4\ttrue\tchanged the description\n']);
  });

  it('a bad --sort is exit 2, nothing sent', async () => {
    api = mockApi();
    const r = await runCli(['issue', 'notes', '42', '-p', P, '--sort', 'up'], { transport: api.transport });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--sort');
  });

  it('a 404 of the list, the issue there: no notes API, exit 1', async () => {
    api = mockApi();
    api.pool.intercept({ path: (p) => p.startsWith(`${I}/notes`), method: 'GET' }).reply(404, ...jsonReply(NOT_FOUND));
    api.pool.intercept({ path: I, method: 'GET' }).reply(200, ...jsonReply(issue(42)));
    const r = await runCli(['issue', 'notes', '42', '-p', P, '--all'], { transport: api.transport });
    expect([r.code, r.stdout]).toEqual([1, '']);
    expect(r.stderr.match(/this server has no notes API/g)).toHaveLength(1);
  });
});

describe('issue view --comments / mr view --comments', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  const conversation = [
    note(1, 'changed the description', { system: true, author: { username: 'bob' } }),
    note(2, 'Could we add a **test**?', { author: { username: 'carol' }, created_at: '2026-11-25T09:00:00.000Z' }),
  ];

  it('prints the discussion after the body, oldest first, system notes on one line', async () => {
    api = mockApi();
    const rec = recorder(api);
    api.pool.intercept({ path: I, method: 'GET' }).reply(200, ...jsonReply(issue(42, { description: 'The body' })));
    api.pool.intercept({ path: rec.match(`${I}/notes`), method: 'GET' }).reply(200, ...jsonReply(conversation));
    const r = await runCli(['issue', 'view', '42', '-p', P, '--comments', '-o', 'table'], { transport: api.transport, columns: 60 });
    expect(r.code, r.stderr).toBe(0);
    const body = r.stdout.indexOf('The body');
    const discussion = r.stdout.slice(r.stdout.indexOf('Comments (1)'));
    expect(body).toBeGreaterThan(0);
    expect(r.stdout.indexOf('Comments (1)')).toBeGreaterThan(body);
    expect(discussion).toContain('• bob changed the description · 2 hours ago');
    expect(discussion).toContain('carol · 3 hours ago\n  Could we add a test?');
    expect(query(rec.seen()[0]!)).toMatchObject({ sort: 'asc', order_by: 'created_at' });
  });

  it('--no-system leaves system notes out, even where the server ignores activity_filter', async () => {
    api = mockApi();
    const rec = recorder(api);
    api.pool.intercept({ path: I, method: 'GET' }).reply(200, ...jsonReply(issue(42)));
    api.pool.intercept({ path: rec.match(`${I}/notes`), method: 'GET' }).reply(200, ...jsonReply(conversation));
    const r = await runCli(['issue', 'view', '42', '-p', P, '--comments', '--no-system'], { transport: api.transport });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Could we add a test?');
    expect(r.stdout).not.toContain('changed the description');
    expect(query(rec.seen()[0]!)).toMatchObject({ activity_filter: 'only_comments' });
  });

  it('without --comments, no notes are read', async () => {
    api = mockApi();
    api.pool.intercept({ path: I, method: 'GET' }).reply(200, ...jsonReply(issue(42)));
    const r = await runCli(['issue', 'view', '42', '-p', P], { transport: api.transport });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('Comments');
  });

  it.each([
    [['--comments', '-o', 'json'], 'not with JSON output'],
    [['--comments', '--jq', '.'], 'not with JSON output'],
    [['--comments', '--web'], 'not with --web'],
    [['--no-system'], '--no-system goes with --comments'],
  ])('%j is exit 2, nothing sent', async (flags, message) => {
    api = mockApi();
    const r = await runCli(['issue', 'view', '42', '-p', P, ...flags], { transport: api.transport });
    expect([r.code, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toContain(message);
  });

  it('a server without the notes API: the body, then one line saying so, exit 1 (the issue is not read again)', async () => {
    api = mockApi();
    api.pool.intercept({ path: I, method: 'GET' }).reply(200, ...jsonReply(issue(42)));
    api.pool.intercept({ path: (p) => p.startsWith(`${I}/notes`), method: 'GET' }).reply(404, ...jsonReply(NOT_FOUND));
    const r = await runCli(['issue', 'view', '42', '-p', P, '--comments'], { transport: api.transport });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('Issue 42');
    expect(r.stderr.match(/this server has no notes API/g)).toHaveLength(1);
  });
});
