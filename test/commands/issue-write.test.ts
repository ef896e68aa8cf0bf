import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  contentTypeOf,
  headerOf,
  jsonReply,
  mockApi,
  recordRequests,
  runCli,
  type Sent,
  scriptedPrompter,
  TEST_TOKEN,
} from '../helpers/harness.js';
import { tempDir } from '../helpers/temp.js';
import { issue } from './issue-fixtures.js';

/** The JSON bodies requests sent, in order, so tests compare them whole (key order aside). */
const bodies = (...sent: Sent[][]) => sent.flat().map((s) => JSON.parse(s.body));

const P = '/api/v4/projects/acme%2Fplatform%2Fapi';

describe('issue create', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('sends every parameter of 4.2.1 in the JSON body and prints the issue', async () => {
    api = mockApi();
    const sent = recordRequests(api, 'POST', `${P}/issues`, 201, issue(251, { title: 'Crash' }));
    const r = await runCli(
      [
        'issue',
        'create',
        '-p',
        'acme/platform/api',
        '--title',
        'Crash',
        '--description',
        'It *crashes*',
        '--confidential',
        '--assignee-ids',
        '2,3',
        '--milestone-id',
        '4',
        '--labels',
        'bug, p1',
        '--created-at',
        '2026-01-02T03:04:05Z',
        '--due-date',
        '2026-12-01',
        '--weight',
        '0',
        '--mr-to-resolve',
        '12',
        '--discussion',
        'abc123',
        '-o',
        'json',
      ],
      { transport: api.transport },
    );
    expect(r.code).toBe(0);
    expect([headerOf(sent[0]!, 'private-token'), contentTypeOf(sent[0]!)]).toEqual([TEST_TOKEN, 'application/json']);
    expect(bodies(sent)).toEqual([
      {
        title: 'Crash',
        description: 'It *crashes*',
        confidential: true,
        assignee_ids: [2, 3],
        milestone_id: 4,
        labels: 'bug,p1',
        created_at: '2026-01-02T03:04:05Z',
        due_date: '2026-12-01',
        weight: 0,
        merge_request_to_resolve_discussions_of: 12,
        discussion_to_resolve: 'abc123',
      },
    ]);
    expect(JSON.parse(r.stdout)).toEqual(issue(251, { title: 'Crash' }));
    expect(r.stderr).toBe('Created issue #251 (Crash)\n');
  });

  it('reads the description from stdin and prints field/value lines in tsv', async () => {
    api = mockApi();
    const sent = recordRequests(api, 'POST', '/api/v4/projects/7/issues', 201, { iid: 3, title: 'T', labels: ['a', 'b'] });
    const r = await runCli(['issue', 'create', '-p', '7', '-t', 'T', '--description-file', '-'], {
      transport: api.transport,
      stdin: 'line 1\nline 2\n',
    });
    expect(r.code).toBe(0);
    expect(bodies(sent)).toEqual([{ title: 'T', description: 'line 1\nline 2\n' }]);
    expect(r.stdout).toBe('iid\t3\ntitle\tT\nlabels\ta,b\n');
  });

  it("reads a relative --description-file from the command's directory, not the process's", async () => {
    // `collab mcp serve` runs a tool in another directory than its own process's.
    api = mockApi();
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'desc.md'), 'from the file\n');
    const sent = recordRequests(api, 'POST', '/api/v4/projects/7/issues', 201, { iid: 3, title: 'T' });
    const r = await runCli(['issue', 'create', '-p', '7', '-t', 'T', '--description-file', 'desc.md'], {
      transport: api.transport,
      cwd: dir,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(bodies(sent)).toEqual([{ title: 'T', description: 'from the file\n' }]);
  });

  it('asks for a missing title on a terminal', async () => {
    api = mockApi();
    const sent = recordRequests(api, 'POST', '/api/v4/projects/7/issues', 201, issue(9));
    const prompter = scriptedPrompter(['Asked title', false]);
    const r = await runCli(['issue', 'create', '-p', '7', '-o', 'json', '--fields', 'iid'], {
      transport: api.transport,
      tty: true,
      prompter,
      env: { EDITOR: 'nano' },
    });
    expect(r.code).toBe(0);
    // Without a description, the editor is offered; "no" sends none.
    expect(prompter.asked).toEqual(['Title:', 'Write a description in nano?']);
    expect(bodies(sent)).toEqual([{ title: 'Asked title' }]);
    expect(JSON.parse(r.stdout)).toEqual({ iid: 9 });
  });

  it('refuses bad input with exit 2 naming the flag and sends nothing', async () => {
    api = mockApi();
    const cases: [string[], string][] = [
      [[], '--title'],
      [['-t', 'x', '--weight', '10'], '--weight'],
      [['-t', 'x', '--weight', 'heavy'], '--weight'],
      [['-t', 'x', '--due-date', '2026-02-30'], '--due-date'],
      [['-t', 'x', '--created-at', 'yesterday'], '--created-at'],
      [['-t', 'x', '--assignee-ids', '2,bob'], '--assignee-ids'],
      [['-t', 'x', '--milestone-id', '0'], '--milestone-id'],
      [['-t', 'x', '--discussion', 'abc'], '--mr-to-resolve'],
      [['-t', ' '], '--title'],
      [['-t', 'x', '-d', 'a', '--description-file', 'f.md'], '--description'],
      [['-t', 'x', '--description-file', '/nonexistent/desc.md'], '--description-file'],
    ];
    for (const [args, flag] of cases) {
      const r = await runCli(['issue', 'create', '-p', '7', ...args], { transport: api.transport });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toContain(flag);
      expect(r.stdout).toBe('');
    }
  });

  it('shows the server reason of a 400 with exit 1', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/projects/7/issues', method: 'POST' })
      .reply(400, ...jsonReply({ message: { title: ['is too long (maximum is 255 characters)'] } }));
    const r = await runCli(['issue', 'create', '-p', '7', '-t', 'x'], { transport: api.transport });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('400');
    expect(r.stderr).toContain('title: is too long (maximum is 255 characters)');
  });
});

describe('issue update, close, reopen', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('sends every parameter of 4.2.2, negations as false', async () => {
    api = mockApi();
    const sent = recordRequests(api, 'PUT', `${P}/issues/42`, 200, issue(42));
    const r = await runCli(
      [
        'issue',
        'update',
        '42',
        '-p',
        'acme/platform/api',
        '-t',
        'New',
        '-d',
        'Body',
        '--no-confidential',
        '--assignee-ids',
        '0',
        '--milestone-id',
        '0',
        '--labels',
        'x',
        '--state-event',
        'close',
        '--updated-at',
        '2026-03-04T05:06:07+01:00',
        '--due-date',
        '2026-12-24',
        '--weight',
        '9',
        '--no-discussion-locked',
        '-o',
        'ndjson',
        '--fields',
        'iid,state',
      ],
      { transport: api.transport },
    );
    expect(r.code).toBe(0);
    expect(bodies(sent)).toEqual([
      {
        title: 'New',
        description: 'Body',
        confidential: false,
        assignee_ids: [0],
        milestone_id: 0,
        labels: 'x',
        state_event: 'close',
        updated_at: '2026-03-04T05:06:07+01:00',
        due_date: '2026-12-24',
        weight: 9,
        discussion_locked: false,
      },
    ]);
    expect(r.stdout).toBe('{"iid":42,"state":"opened"}\n');
  });

  it('accepts the web URL of the issue and true booleans', async () => {
    api = mockApi();
    const sent = recordRequests(api, 'PUT', '/api/v4/projects/acme%2Fapi/issues/5', 200, issue(5));
    const r = await runCli(['issue', 'update', 'https://gitlab.test/acme/api/-/issues/5', '--confidential', '--discussion-locked'], {
      transport: api.transport,
    });
    expect(r.code).toBe(0);
    expect(bodies(sent)).toEqual([{ confidential: true, discussion_locked: true }]);
  });

  it('needs at least one change and valid values', async () => {
    api = mockApi();
    for (const [args, text] of [
      [[], 'nothing to change'],
      [['--state-event', 'closed'], '--state-event'],
      [['--weight', '-1'], '--weight'],
      [['--updated-at', '2026-03-04T25:00:00Z'], '--updated-at'],
      [['--milestone-id', 'x'], '--milestone-id'],
    ] as [string[], string][]) {
      const r = await runCli(['issue', 'update', '42', '-p', '7', ...args], { transport: api.transport });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain(text);
    }
    const r = await runCli(['issue', 'update', 'abc', '-p', '7', '-t', 'x'], { transport: api.transport });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('<iid>');
  });

  it('close and reopen send state_event', async () => {
    api = mockApi();
    // Each reads the issue first: one already in that state is not sent again.
    api.pool.intercept({ path: '/api/v4/projects/7/issues/3', method: 'GET' }).reply(200, ...jsonReply(issue(3)));
    const close = recordRequests(api, 'PUT', '/api/v4/projects/7/issues/3', 200, issue(3, { state: 'closed' }));
    api.pool.intercept({ path: '/api/v4/projects/7/issues/3', method: 'GET' }).reply(200, ...jsonReply(issue(3, { state: 'closed' })));
    const reopen = recordRequests(api, 'PUT', '/api/v4/projects/7/issues/3', 200, issue(3));
    const closed = await runCli(['issue', 'close', '3', '-p', '7', '--fields', 'state'], { transport: api.transport });
    expect(closed.stdout).toBe('state\tclosed\n');
    expect(closed.stderr).toBe('Closed issue #3 (Issue 3)\n');
    const reopened = await runCli(['issue', 'reopen', '3', '-p', '7', '-o', 'json', '--fields', 'state'], { transport: api.transport });
    expect(reopened.stdout).toBe('{"state":"opened"}\n');
    expect(reopened.stderr).toBe('Reopened issue #3 (Issue 3)\n');
    expect(bodies(close, reopen)).toEqual([{ state_event: 'close' }, { state_event: 'reopen' }]);
  });

  it('an issue already closed (or open) is said so and not sent: exit 0, the issue printed when piped', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/projects/7/issues/3', method: 'GET' })
      .reply(200, ...jsonReply(issue(3, { state: 'closed', title: 'Crash on save' })));
    api.pool
      .intercept({ path: '/api/v4/projects/7/issues/3', method: 'GET' })
      .reply(200, ...jsonReply(issue(3, { state: 'opened', title: 'Crash on save' })));
    const closed = await runCli(['issue', 'close', '3', '-p', '7', '--fields', 'state'], { transport: api.transport });
    expect([closed.code, closed.stdout, closed.stderr]).toEqual([
      0,
      'state\tclosed\n',
      'Issue #3 (Crash on save) is already closed: nothing changed\n',
    ]);
    const open = await runCli(['issue', 'reopen', '3', '-p', '7'], { transport: api.transport, tty: true });
    expect([open.code, open.stdout, open.stderr]).toEqual([0, '', 'Issue #3 (Crash on save) is already open: nothing changed\n']);
  });

  it('shows a 403 with exit 1', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/projects/7/issues/3', method: 'GET' }).reply(200, ...jsonReply(issue(3)));
    api.pool.intercept({ path: '/api/v4/projects/7/issues/3', method: 'PUT' }).reply(403, ...jsonReply({ message: '403 Forbidden' }));
    const r = await runCli(['issue', 'close', '3', '-p', '7'], { transport: api.transport });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('403 Forbidden');
    expect(r.stdout).toBe('');
  });
});

describe('issue delete', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('deletes with --yes (204, nothing on stdout)', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/projects/7/issues/3', method: 'DELETE' }).reply(204, '');
    const r = await runCli(['issue', 'delete', '3', '-p', '7', '--yes'], { transport: api.transport });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('Deleted issue #3\n');
  });

  it('refuses without --yes when nobody can confirm, and sends nothing', async () => {
    api = mockApi();
    const r = await runCli(['issue', 'delete', '3', '-p', '7'], { transport: api.transport });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--yes');
  });

  it('asks on a terminal; no means nothing is sent', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/projects/7/issues/3', method: 'GET' })
      .reply(200, ...jsonReply({ iid: 3, title: 'Crash on save' }))
      .times(2);
    const no = scriptedPrompter([false]);
    const r = await runCli(['issue', 'delete', '3', '-p', '7'], { transport: api.transport, tty: true, prompter: no });
    expect(no.asked).toEqual(['Delete issue #3 (Crash on save) in 7?']);
    expect([r.code, r.stderr]).toEqual([2, 'collab: cancelled: nothing was sent\n']);
    api.pool.intercept({ path: '/api/v4/projects/7/issues/3', method: 'DELETE' }).reply(204, '');
    const yes = await runCli(['issue', 'delete', '3', '-p', '7'], {
      transport: api.transport,
      tty: true,
      prompter: scriptedPrompter([true]),
    });
    expect(yes.code).toBe(0);
  });
});

describe('issue move', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('resolves a target path to its id, then moves', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/projects/acme%2Fwebsite', method: 'GET' })
      .reply(200, ...jsonReply({ id: 17, path_with_namespace: 'acme/website' }));
    const sent = recordRequests(
      api,
      'POST',
      `${P}/issues/42/move`,
      201,
      issue(8, { project_id: 17, web_url: 'https://gitlab.test/acme/website/-/issues/8' }),
    );
    const r = await runCli(
      ['issue', 'move', '42', '-p', 'acme/platform/api', '--to', 'acme/website', '-o', 'json', '--fields', 'iid,project_id'],
      {
        transport: api.transport,
      },
    );
    expect(r.code).toBe(0);
    expect(bodies(sent)).toEqual([{ to_project_id: 17 }]);
    expect(r.stdout).toBe('{"iid":8,"project_id":17}\n');
    expect(r.stderr).toBe('Moved issue #42 (Issue 8) to https://gitlab.test/acme/website/-/issues/8\n');
  });

  it('sends a numeric target as is, and a web URL as its path', async () => {
    api = mockApi();
    const first = recordRequests(api, 'POST', '/api/v4/projects/7/issues/1/move', 201, issue(1));
    api.pool.intercept({ path: '/api/v4/projects/acme%2Fwebsite', method: 'GET' }).reply(200, ...jsonReply({ id: 18 }));
    const second = recordRequests(api, 'POST', '/api/v4/projects/7/issues/2/move', 201, issue(2));
    expect((await runCli(['issue', 'move', '1', '-p', '7', '--to', '17'], { transport: api.transport })).code).toBe(0);
    expect(
      (await runCli(['issue', 'move', '2', '-p', '7', '--to', 'https://gitlab.test/acme/website'], { transport: api.transport })).code,
    ).toBe(0);
    expect(bodies(first, second)).toEqual([{ to_project_id: 17 }, { to_project_id: 18 }]);
  });

  it('shows the server reason for a move to the same project (exit 1)', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/projects/7/issues/1/move', method: 'POST' })
      .reply(400, ...jsonReply({ message: 'Cannot move issue to project it originates from!' }));
    const r = await runCli(['issue', 'move', '1', '-p', '7', '--to', '7'], { transport: api.transport });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('collab: 400 Cannot move issue to project it originates from!');
  });

  it('fails when the target path does not exist, before moving', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/projects/nope%2Fgone', method: 'GET' })
      .reply(404, ...jsonReply({ message: '404 Project Not Found' }));
    const r = await runCli(['issue', 'move', '1', '-p', '7', '--to', 'nope/gone'], { transport: api.transport });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('404 Project Not Found');
  });

  it('requires a valid --to and sends nothing otherwise', async () => {
    api = mockApi();
    for (const [args, text] of [
      [[], '--to'],
      [['--to', '0'], '--to'],
      [['--to', 'a/../b'], 'a/../b'],
    ] as [string[], string][]) {
      const r = await runCli(['issue', 'move', '1', '-p', '7', ...args], { transport: api.transport });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain(text);
    }
  });
});
