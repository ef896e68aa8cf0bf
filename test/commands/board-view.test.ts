/**
 * `board view` (issue 38 item 14): a board's columns with their issues, one request per column
 * (`GET /projects/:id/issues`, doc/api/issues.md: `labels`, `state`, `not[labels]`, `milestone`),
 * from the board as `GET /projects/:id/boards` lists it (lib/api/entities/board.rb, list.rb; EE's
 * scope: milestone, labels, assignee, weight).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type Answer, type mockApi, mockServer, runCli } from '../helpers/harness.js';

const label = (id: number, name: string) => ({ id, name, color: '#ff0000' });
const board = (over: Record<string, unknown> = {}) => ({
  id: 3,
  name: 'Development',
  hide_backlog_list: false,
  hide_closed_list: false,
  milestone: null,
  labels: [],
  assignee: null,
  weight: null,
  lists: [
    { id: 12, label: label(2, 'Doing'), position: 1 },
    { id: 11, label: label(1, 'To do'), position: 0 },
  ],
  ...over,
});
const issue = (iid: number, title: string, labels: string[] = []) => ({
  id: 500 + iid,
  iid,
  title,
  labels,
  assignees: [],
  state: 'opened',
});

/** Answers the boards, then each column's issues by its query (`X-Total` included). */
function boardServer(boards: unknown[], issues: (q: URLSearchParams) => { items: unknown[]; total?: number }) {
  return mockServer((url): Answer => {
    if (url.pathname.endsWith('/boards')) return { body: boards };
    const { items, total } = issues(url.searchParams);
    return { body: items, headers: total === undefined ? {} : { 'x-total': String(total) } };
  });
}

const byColumn = (q: URLSearchParams) => {
  if (q.get('state') === 'closed') return { items: [issue(1, 'Old bug')], total: 30 };
  if (q.get('labels') === 'To do') return { items: [issue(4, 'Write the docs', ['To do'])], total: 1 };
  if (q.get('labels') === 'Doing')
    return { items: [issue(5, 'Fix the cache', ['Doing']), issue(6, 'A rather long title that is cut')], total: 2 };
  return { items: [issue(7, 'Nobody looked yet')], total: 1 };
};

describe('board view', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('one request per column: Open (not in any list), each list by position, Closed', async () => {
    const server = boardServer([board()], byColumn);
    api = server;
    const r = await runCli(['board', 'view', '3', '-p', 'acme/api', '--per-list', '5'], {
      transport: server.transport,
      env: { COLLAB_FLAVOR: 'gitlab' },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(server.seen.sort()).toEqual(
      [
        '/api/v4/projects/acme%2Fapi/boards?per_page=100',
        '/api/v4/projects/acme%2Fapi/issues?state=opened&not%5Blabels%5D=To+do%2CDoing&per_page=5',
        '/api/v4/projects/acme%2Fapi/issues?state=opened&labels=To+do&per_page=5',
        '/api/v4/projects/acme%2Fapi/issues?state=opened&labels=Doing&per_page=5',
        '/api/v4/projects/acme%2Fapi/issues?state=closed&per_page=5',
      ].sort(),
    );
    // Piped: an issue a line, after its column.
    expect(r.stdout).toBe(
      'Open\t7\tNobody looked yet\t\nTo do\t4\tWrite the docs\t\nDoing\t5\tFix the cache\t\nDoing\t6\tA rather long title that is cut\t\nClosed\t1\tOld bug\t\n',
    );
  });

  it('on a terminal: the columns side by side in the width; too many for it go below', async () => {
    const server = boardServer([board()], byColumn);
    api = server;
    const wide = await runCli(['board', 'view', '-p', 'acme/api'], {
      transport: server.transport,
      tty: true,
      columns: 120,
      env: { COLLAB_FLAVOR: 'gitlab' },
    });
    expect(wide.code, wide.stderr).toBe(0);
    const lines = wide.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^Open \(1\) +│ To do \(1\) +│ Doing \(2\) +│ Closed \(1 of 30\)$/);
    expect(lines[2]).toMatch(/^#7 Nobody looked yet +│ #4 Write the docs +│ #5 Fix the cache +│ #1 Old bug$/);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(120);
    const narrow = await runCli(['board', 'view', '-p', 'acme/api'], {
      transport: server.transport,
      tty: true,
      columns: 50,
      env: { COLLAB_FLAVOR: 'gitlab' },
    });
    const rows = narrow.stdout.trimEnd().split('\n');
    for (const line of rows) expect(line.length).toBeLessThanOrEqual(50);
    expect(rows[0]).toMatch(/^Open \(1\) +│ To do \(1\)$/);
    expect(rows).toContain('#6 A rather long title… │');
    expect(narrow.stdout).toMatch(/\n\nDoing \(2\) +│ Closed \(1 of 30\)\n/);
  });

  it('a scoped board narrows every column; hidden Open and Closed are left out; JSON: the issues with their list', async () => {
    const scoped = board({
      milestone: { id: 9, title: 'v2' },
      labels: [label(8, 'backend')],
      hide_backlog_list: true,
      hide_closed_list: true,
      lists: [{ id: 11, label: label(1, 'To do'), position: 0 }],
    });
    const server = boardServer([scoped], () => ({ items: [issue(4, 'Write the docs')], total: 1 }));
    api = server;
    const r = await runCli(['board', 'view', '-p', 'acme/api', '-o', 'json'], {
      transport: server.transport,
      env: { COLLAB_FLAVOR: 'gitlab' },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(server.seen).toEqual([
      '/api/v4/projects/acme%2Fapi/boards?per_page=100',
      '/api/v4/projects/acme%2Fapi/issues?milestone=v2&labels=backend%2CTo+do&state=opened&per_page=20',
    ]);
    expect(JSON.parse(r.stdout)).toEqual([{ list: 'To do', list_id: 11, ...issue(4, 'Write the docs') }]);
  });

  it("on the spec's dialect the Open column is filtered by collab (no not[labels] there)", async () => {
    const spec = board({ lists: [{ id: 11, label: label(1, 'To do'), position: 0 }] });
    delete (spec as Record<string, unknown>).name;
    const server = boardServer([spec], (q) =>
      q.get('state') === 'opened' && !q.has('labels')
        ? { items: [issue(4, 'Listed', ['To do']), issue(7, 'Free', [])], total: 2 }
        : { items: [], total: 0 },
    );
    api = server;
    const r = await runCli(['board', 'view', '-p', 'acme/api', '-o', 'json'], {
      transport: server.transport,
      env: { COLLAB_FLAVOR: 'spec' },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(server.seen).not.toContain(expect.stringContaining('not%5B'));
    const open = JSON.parse(r.stdout).filter((i: { list: string }) => i.list === 'Open');
    expect(open.map((i: { iid: number }) => i.iid)).toEqual([7]);
    const table = await runCli(['board', 'view', '-p', 'acme/api'], {
      transport: server.transport,
      tty: true,
      env: { COLLAB_FLAVOR: 'spec' },
    });
    expect(table.stdout.split('\n')[0]).toMatch(/^Open \(1\) /);
  });

  it('without an id: the only board; several are named, exit 2; an unknown id is exit 1', async () => {
    const server = boardServer([board(), board({ id: 4, name: 'Release' })], byColumn);
    api = server;
    const several = await runCli(['board', 'view', '-p', 'acme/api'], { transport: server.transport });
    expect([several.code, several.stderr]).toEqual([
      2,
      'collab: acme/api has 2 boards: 3 (Development), 4 (Release)\nhint: give the id of the one to view: collab board view <id> -p acme/api\n',
    ]);
    const unknown = await runCli(['board', 'view', '9', '-p', 'acme/api'], { transport: server.transport });
    expect([unknown.code, unknown.stderr]).toEqual([
      1,
      'collab: 404 no board 9 in acme/api\nhint: list them with: collab board list -p acme/api\n',
    ]);
  });
});
