import stringWidth from 'string-width';
import { afterEach, describe, expect, it } from 'vitest';
import type { Column } from '../../src/output/columns.js';
import { fitColumns } from '../../src/output/table-fit.js';
import { relativeTime } from '../../src/output/values.js';
import { gitRepo } from '../helpers/git.js';
import { jsonReply, mockApi, runCli } from '../helpers/harness.js';
import { tempDir } from '../helpers/temp.js';
import { issue } from './issue-fixtures.js';

const NOW = new Date('2026-11-25T12:00:00Z');
const LONG = 'Billing export returns 500 for billing export requests made through the public API with a cursor';
const ISSUES = '/api/v4/projects/acme%2Fplatform%2Fapi/issues?state=opened';

/** Issues with long titles, changed five minutes ago, one of them with a task list. */
const longIssues = () =>
  [1, 2, 3].map((n) =>
    issue(n, {
      title: `${LONG} ${n}`,
      updated_at: '2026-11-25T11:55:00.000Z',
      labels: ['backend', 'security'],
      ...(n === 1 ? { task_completion_status: { count: 4, completed_count: 1 } } : {}),
    }),
  );

const lines = (text: string) => text.trimEnd().split('\n');
const headers = (text: string) => lines(text)[0]!.trim().split(/ {2,}/);

describe('fitting a list to the terminal', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  for (const columns of [160, 100, 80, 59, 40]) {
    it(`at ${columns} columns dates are whole, the title takes the rest and no line is wider`, async () => {
      api = mockApi();
      api.pool.intercept({ path: ISSUES, method: 'GET' }).reply(200, ...jsonReply(longIssues()));
      const r = await runCli(['issue', 'list', '-p', 'acme/platform/api'], { transport: api.transport, tty: true, columns });
      expect(r.code).toBe(0);
      const rows = lines(r.stdout);
      for (const l of rows) expect(stringWidth(l), l).toBeLessThanOrEqual(columns);
      // Where the title is cut, the room is all used: the widest line fills the terminal.
      if (!r.stdout.includes(`${LONG} 1`)) expect(Math.max(...rows.map((l) => stringWidth(l)))).toBe(columns);
      const head = headers(r.stdout);
      if (head.includes('UPDATED')) {
        const date = columns < 60 ? '5m' : '5 minutes ago';
        for (const l of rows.slice(1)) expect(l.endsWith(`  ${date}`), l).toBe(true);
      }
      // Declared priority: TASKS goes before ASSIGNEES, then LABELS, then UPDATED.
      const order = ['TASKS', 'ASSIGNEES', 'LABELS', 'UPDATED'];
      for (const [k, h] of order.entries()) if (head.includes(h)) for (const later of order.slice(k + 1)) expect(head).toContain(later);
    });
  }

  it('keeps what fits and drops by priority: the exact tables at 160, 80 and 40 columns', async () => {
    api = mockApi();
    for (let i = 0; i < 3; i++) api.pool.intercept({ path: ISSUES, method: 'GET' }).reply(200, ...jsonReply(longIssues()));
    const at = async (columns: number) =>
      (await runCli(['issue', 'list', '-p', 'acme/platform/api'], { transport: api.transport, tty: true, columns })).stdout;
    const title = (n: number, w: number) => (w >= LONG.length + 2 ? `${LONG} ${n}`.padEnd(w) : `${LONG.slice(0, w - 1)}…`);
    expect(await at(160)).toBe(
      [
        `IID  STATE   ${'TITLE'.padEnd(LONG.length + 2)}  LABELS          ASSIGNEES  TASKS  UPDATED`,
        `1    opened  ${title(1, LONG.length + 2)}  backend, secu…  alice      1/4    5 minutes ago`,
        `2    opened  ${title(2, LONG.length + 2)}  backend, secu…  alice      -      5 minutes ago`,
        `3    opened  ${title(3, LONG.length + 2)}  backend, secu…  alice      -      5 minutes ago`,
        '',
      ].join('\n'),
    );
    expect(await at(80)).toBe(
      [
        `IID  STATE   ${'TITLE'.padEnd(38)}  LABELS        UPDATED`,
        ...[1, 2, 3].map((n) => `${n}    opened  ${title(n, 38)}  backend, se…  5 minutes ago`),
        '',
      ].join('\n'),
    );
    expect(await at(40)).toBe(['IID  STATE   TITLE', ...[1, 2, 3].map((n) => `${n}    opened  ${title(n, 27)}`), ''].join('\n'));
  });
});

describe('fitColumns: the rules', () => {
  const cols: Column[] = [
    { key: 'iid', kind: 'ref' },
    { key: 'state', kind: 'state' },
    { key: 'title', kind: 'title' },
    { key: 'labels', kind: 'labels', priority: 2 },
    { key: 'tasks', priority: 4 },
    { key: 'updated', kind: 'date', priority: 1 },
  ];

  it('never cuts a date or a state: it is whole or dropped', () => {
    const { keep, widths } = fitColumns([3, 12, 80, 20, 5, 14], cols, 70);
    for (const [k, i] of keep.entries()) if (i === 1 || i === 5) expect(widths[k]).toBe([3, 12, 80, 20, 5, 14][i]);
  });

  it('drops by declared priority: the higher first, the date only after them', () => {
    expect(fitColumns([3, 6, 80, 20, 5, 13], cols, 70).keep).toEqual([0, 1, 2, 3, 5]);
    expect(fitColumns([3, 6, 80, 20, 5, 13], cols, 60).keep).toEqual([0, 1, 2, 5]);
    expect(fitColumns([3, 6, 80, 20, 5, 13], cols, 40).keep).toEqual([0, 1, 2]);
  });

  it('drops an empty column as soon as the table does not fit, whatever its priority', () => {
    const empty = [false, false, false, true, false, false];
    const { keep, widths } = fitColumns([3, 6, 60, 12, 5, 13], cols, 100, { empty });
    expect(keep).toEqual([0, 1, 2, 4, 5]);
    expect(widths[2]).toBe(60);
  });

  it('gives room freed by a dropped column back: a column that fits again returns', () => {
    // TASKS and LABELS both go for the title's share; the title needs less, and TASKS fits again.
    const { keep, widths } = fitColumns([3, 6, 20, 14, 5, 13], cols, 60);
    expect(keep).toEqual([0, 1, 2, 4, 5]);
    expect(widths).toEqual([3, 6, 20, 5, 13]);
  });

  it('the room left widens the columns that were cut, up to their width', () => {
    const { keep, widths } = fitColumns([3, 6, 30, 40, 5, 13], cols, 90);
    expect(keep).toEqual([0, 1, 2, 3, 4, 5]);
    expect(widths).toEqual([3, 6, 30, 23, 5, 13]);
  });

  it('dates are compact below 60 columns', () => {
    expect(relativeTime('2026-11-25T11:55:00Z', NOW, true)).toBe('5m');
    expect(relativeTime('2026-11-04T12:00:00Z', NOW, true)).toBe('3w');
    expect(relativeTime('2026-09-20T12:00:00Z', NOW, true)).toBe('2mo');
    expect(relativeTime('2026-11-25T13:00:00Z', NOW, true)).toBe('in 1h');
    for (const iso of ['2026-11-15T12:00:00Z', '2016-01-01T00:00:00Z', '2027-10-01T00:00:00Z'])
      expect(relativeTime(iso, NOW).length).toBeLessThanOrEqual(14);
  });
});

const mr = (iid: number, project: string, extra: Record<string, unknown> = {}) => ({
  id: iid + project.length * 100,
  iid,
  project_id: project.length,
  title: `Change ${iid}`,
  state: 'opened',
  source_branch: 'feature',
  target_branch: 'main',
  author: { username: 'alice' },
  updated_at: '2026-11-24T12:00:00.000Z',
  references: { full: `${project}!${iid}` },
  web_url: `https://gitlab.test/${project}/-/merge_requests/${iid}`,
  ...extra,
});

describe('lists spanning projects', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());
  const mrs = [mr(1, 'acme/platform/api'), mr(1, 'acme/website'), mr(1, 'labs/experiments')];

  it('piped, each line starts with the full reference; -o json is unchanged', async () => {
    api = mockApi();
    for (let i = 0; i < 2; i++)
      api.pool.intercept({ path: '/api/v4/merge_requests?state=opened&scope=all', method: 'GET' }).reply(200, ...jsonReply(mrs));
    const r = await runCli(['mr', 'list', '--scope', 'all', '--header'], { transport: api.transport });
    expect(lines(r.stdout).map((l) => l.split('\t')[0])).toEqual(['ref', 'acme/platform/api!1', 'acme/website!1', 'labs/experiments!1']);
    const json = await runCli(['mr', 'list', '--scope', 'all', '-o', 'json'], { transport: api.transport });
    expect(JSON.parse(json.stdout)).toEqual(mrs);
  });

  it('a group list spans projects: references in tsv and in the table', async () => {
    api = mockApi();
    const issues = [issue(1, { references: { full: 'acme/api#1' } }), issue(2, { references: { full: 'acme/api#2' } })];
    for (let i = 0; i < 2; i++)
      api.pool.intercept({ path: '/api/v4/groups/acme/issues?state=opened', method: 'GET' }).reply(200, ...jsonReply(issues));
    const r = await runCli(['issue', 'list', '-g', 'acme', '--fields', 'iid,title', '-o', 'json'], { transport: api.transport });
    expect(JSON.parse(r.stdout)).toEqual([
      { iid: 1, title: 'Issue 1' },
      { iid: 2, title: 'Issue 2' },
    ]);
    const tsv = await runCli(['issue', 'list', '-g', 'acme'], { transport: api.transport });
    expect(lines(tsv.stdout).map((l) => l.split('\t')[0])).toEqual(['acme/api#1', 'acme/api#2']);
  });

  it('one project asked for, items from several: references too', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/projects/acme%2Fplatform%2Fapi/merge_requests?state=opened', method: 'GET' })
      .reply(200, ...jsonReply([mr(2, 'acme/platform/api'), mr(3, 'acme/website')]));
    const r = await runCli(['mr', 'list', '-p', 'acme/platform/api'], { transport: api.transport });
    expect(lines(r.stdout).map((l) => l.split('\t')[0])).toEqual(['acme/platform/api!2', 'acme/website!3']);
  });

  it('one project, its own items: bare iids', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/projects/acme%2Fplatform%2Fapi/merge_requests?state=opened', method: 'GET' })
      .reply(200, ...jsonReply([mr(2, 'acme/platform/api'), mr(3, 'acme/platform/api')]));
    const r = await runCli(['mr', 'list', '-p', 'acme/platform/api'], { transport: api.transport });
    expect(lines(r.stdout).map((l) => l.split('\t')[0])).toEqual(['2', '3']);
  });

  it('on a terminal the line under the list names the scope when no project was given', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/issues?state=opened', method: 'GET' }).reply(200, ...jsonReply([issue(1)]));
    api.pool.intercept({ path: '/api/v4/issues?state=all&scope=all', method: 'GET' }).reply(200, ...jsonReply([issue(1)]));
    const mine = await runCli(['issue', 'list'], { transport: api.transport, tty: true });
    expect(mine.stderr).toBe('open issues created by you, all projects · --scope all\n');
    const all = await runCli(['issue', 'list', '--state', 'all', '--scope', 'all'], { transport: api.transport, tty: true });
    expect(all.stderr).toBe('issues, all projects\n');
  });
});

describe('an empty list says what was asked', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('on stderr for people, with its filters and where; nothing for a script', async () => {
    api = mockApi();
    const path = `${ISSUES}&search=x`;
    for (let i = 0; i < 3; i++) api.pool.intercept({ path, method: 'GET' }).reply(200, ...jsonReply([]));
    const tty = await runCli(['issue', 'list', '-p', 'acme/platform/api', '--search', 'x'], { transport: api.transport, tty: true });
    expect([tty.code, tty.stdout, tty.stderr]).toEqual([0, '', 'No open issues match --search "x" in acme/platform/api\n']);
    const piped = await runCli(['issue', 'list', '-p', 'acme/platform/api', '--search', 'x'], { transport: api.transport });
    expect([piped.code, piped.stdout, piped.stderr]).toEqual([0, '', '']);
    const json = await runCli(['issue', 'list', '-p', 'acme/platform/api', '--search', 'x', '-o', 'json'], {
      transport: api.transport,
      tty: true,
    });
    expect([json.code, json.stdout.trim(), json.stderr]).toEqual([0, '[]', '']);
  });

  it('names whose items and each filter as typed', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/merge_requests?scope=assigned-to-me&state=opened', method: 'GET' }).reply(200, ...jsonReply([]));
    api.pool
      .intercept({ path: '/api/v4/merge_requests?state=merged&labels=bug%2Cui&scope=all', method: 'GET' })
      .reply(200, ...jsonReply([]));
    const mine = await runCli(['mr', 'list', '--scope', 'assigned-to-me'], { transport: api.transport, tty: true });
    expect(mine.stderr).toBe('No open merge requests assigned to you\n');
    const all = await runCli(['mr', 'list', '--scope', 'all', '--state', 'merged', '--labels', 'bug,ui'], {
      transport: api.transport,
      tty: true,
    });
    expect(all.stderr).toBe('No merged merge requests match --labels bug,ui\n');
  });

  it('a page past the last says which is the last', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: `${ISSUES}&page=99`, method: 'GET' })
      .reply(200, ...jsonReply([], { 'x-total-pages': '10', 'x-total': '200', 'x-page': '99' }));
    const r = await runCli(['issue', 'list', '-p', 'acme/platform/api', '--page', '99'], { transport: api.transport, tty: true });
    expect([r.code, r.stdout, r.stderr]).toEqual([0, '', 'page 99 is past the last page (10)\n']);
  });
});

describe('a checkout whose remote is on another host', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('is said once on stderr, and the list spans projects', async () => {
    const dir = gitRepo(tempDir('collab-gh-'), { origin: 'git@github.com:acme/api.git' });
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/issues?state=opened', method: 'GET' }).reply(200, ...jsonReply([issue(1)]));
    const r = await runCli(['issue', 'list'], { transport: api.transport, cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('collab: warning: remote origin is on github.com, not gitlab.test\n');
  });
});
