import { afterEach, describe, expect, it } from 'vitest';
import { jsonReply, mockApi, runCli, TEST_TOKEN } from '../helpers/harness.js';
import { mr } from './mr-fixtures.js';

describe('mr list', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('sends every filter to the project list, in order, and prints tsv rows', async () => {
    api = mockApi();
    api.pool
      .intercept({
        path:
          '/api/v4/projects/acme%2Fplatform%2Fapi/merge_requests?state=merged&order_by=updated_at&sort=asc&milestone=v1.0&labels=bug%2Cui' +
          '&created_after=2026-01-01T00%3A00%3A00Z&created_before=2026-02-01&scope=all&author_id=2&assignee_id=3&my_reaction_emoji=thumbsup&iids%5B%5D=1&iids%5B%5D=2',
        method: 'GET',
        headers: { 'PRIVATE-TOKEN': TEST_TOKEN },
      })
      .reply(
        200,
        ...jsonReply([
          mr(1, {
            reviewers: [
              { id: 4, username: 'carol' },
              { id: 1, username: 'root' },
            ],
            detailed_merge_status: 'not_approved',
          }),
          mr(2, { title: 'tab\there', state: 'merged' }),
        ]),
      );
    const r = await runCli(
      [
        'mr',
        'list',
        '-p',
        'acme/platform/api',
        '--state',
        'merged',
        '--order-by',
        'updated_at',
        '--sort',
        'asc',
        '--milestone',
        'v1.0',
        '--labels',
        'bug,ui',
        '--created-after',
        '2026-01-01T00:00:00Z',
        '--created-before',
        '2026-02-01',
        '--scope',
        'all',
        '--author-id',
        '2',
        '--assignee-id',
        '3',
        '--my-reaction',
        'thumbsup',
        '--iids',
        '1,2',
      ],
      { transport: api.transport },
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      // GitLab's detailed_merge_status where sent, else the spec's merge_status.
      '1\topened\tMR 1\tfeature/x → main\talice\tcarol,root\tnot_approved\t2026-11-24T12:00:00.000Z\n' +
        '2\tmerged\ttab here\tfeature/x → main\talice\t\tcan_be_merged\t2026-11-24T12:00:00.000Z\n',
    );
  });

  it('uses the global list without a project, with view=simple and state=all; rows lead with the full reference', async () => {
    api = mockApi();
    const simple = {
      id: 501,
      iid: 1,
      project_id: 7,
      title: 'MR 1',
      description: '',
      state: 'opened',
      web_url: 'https://gitlab.test/a/-/merge_requests/1',
      updated_at: '2026-11-25T11:00:00.000Z',
    };
    api.pool
      .intercept({ path: '/api/v4/merge_requests?state=all&view=simple&scope=assigned-to-me', method: 'GET' })
      .reply(200, ...jsonReply([simple]));
    const r = await runCli(['mr', 'list', '--state', 'all', '--view', 'simple', '--scope', 'assigned-to-me', '--header'], {
      transport: api.transport,
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      'ref\tstate\ttitle\tbranches\tauthor\treviewers\tmerge status\tupdated\na!1\topened\tMR 1\t\t\t\t\t2026-11-25T11:00:00.000Z\n',
    );
  });

  it('prints a table with relative dates on a terminal and the raw objects with -o json', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/projects/7/merge_requests?state=opened', method: 'GET' })
      .reply(200, ...jsonReply([mr(3)]))
      .times(2);
    const t = await runCli(['mr', 'list', '-p', '7'], { transport: api.transport, tty: true });
    expect(t.code).toBe(0);
    expect(t.stdout.split('\n')[0]).toMatch(/^IID\s+STATE\s+TITLE\s+BRANCHES\s+AUTHOR\s+REVIEWERS\s+MERGE STATUS\s+UPDATED$/);
    expect(t.stdout.split('\n')[1]).toMatch(/^3\s+opened\s+MR 3\s+feature\/x → main\s+alice\s+-\s+can_be_merged\s+1 day ago$/);
    const j = await runCli(['mr', 'list', '-p', '7', '-o', 'json'], { transport: api.transport });
    expect(JSON.parse(j.stdout)).toEqual([mr(3)]);
  });

  it('rejects bad filters and project-only filters without a project (exit 2, nothing sent)', async () => {
    api = mockApi();
    const cases: [string[], string][] = [
      [['-p', '7', '--state', 'open'], '--state'],
      [['-p', '7', '--view', 'full'], '--view'],
      [['-p', '7', '--order-by', 'title'], '--order-by'],
      [['-p', '7', '--created-after', 'yesterday'], '--created-after'],
      [['-p', '7', '--author-id', 'alice'], '--author-id'],
      [['--iids', '1'], '--iids applies to project lists only'],
    ];
    for (const [args, expected] of cases) {
      const r = await runCli(['mr', 'list', ...args], { transport: api.transport });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain(expected);
    }
  });
});

describe('mr view', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('reads the merge request, also from its web URL', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/projects/acme%2Fplatform%2Fapi/merge_requests/3', method: 'GET' })
      .reply(200, ...jsonReply(mr(3)))
      .times(2);
    const r = await runCli(['mr', 'view', '3', '-p', 'acme/platform/api', '-o', 'json'], { transport: api.transport });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(mr(3));
    const u = await runCli(['mr', 'view', 'https://gitlab.test/acme/platform/api/-/merge_requests/3'], { transport: api.transport });
    expect(u.code).toBe(0);
    expect(u.stdout).toContain('iid\t3\n');
    expect(u.stdout).toContain('author\talice\n');
  });

  it('refuses what is neither an iid nor a branch name, and an issue URL', async () => {
    api = mockApi();
    for (const arg of ['a..b', 'https://gitlab.test/acme/api/-/issues/3']) {
      const r = await runCli(['mr', 'view', arg, '-p', '7'], { transport: api.transport });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('<iid>');
    }
  });
});
