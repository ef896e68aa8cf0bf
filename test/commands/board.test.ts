import { afterEach, describe, expect, it } from 'vitest';
import { jsonReply, mockApi, runCli, scriptedPrompter, TEST_TOKEN } from '../helpers/harness.js';

const P = '/api/v4/projects/acme%2Fplatform%2Fapi';
const list = (id: number, name: string, position: number) => ({ id, label: { name, color: '#F0AD4E', description: null }, position });
const board = {
  id: 1,
  project: { id: 7, name: 'api', path_with_namespace: 'acme/platform/api' },
  milestone: { id: 3, title: 'v1.0' },
  lists: [list(12, 'Doing', 1), list(11, 'Todo', 0)],
};

describe('board list', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it("lists a project's boards with their lists in position order", async () => {
    api = mockApi();
    api.pool.intercept({ path: `${P}/boards`, method: 'GET', headers: { 'PRIVATE-TOKEN': TEST_TOKEN } }).reply(200, ...jsonReply([board]));
    api.pool.intercept({ path: `${P}/boards`, method: 'GET' }).reply(200, ...jsonReply([board]));
    const tsv = await runCli(['board', 'list', '-p', 'acme/platform/api', '--header'], { transport: api.transport });
    expect(tsv.code).toBe(0);
    expect(tsv.stdout).toBe('id\tproject\tmilestone\tlists\n1\tacme/platform/api\tv1.0\tTodo, Doing\n');
    const json = await runCli(['board', 'list', '-p', 'acme/platform/api', '-o', 'json'], { transport: api.transport });
    expect(JSON.parse(json.stdout)).toEqual([board]);
  });

  it('needs a project', async () => {
    api = mockApi();
    const r = await runCli(['board', 'list'], { transport: api.transport });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('project');
  });
});

describe('board lists and list-view', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it("shows a board's lists", async () => {
    api = mockApi();
    api.pool
      .intercept({ path: `${P}/boards/1/lists?per_page=5`, method: 'GET' })
      .reply(200, ...jsonReply([list(11, 'Todo', 0), list(12, 'Doing', 1)]));
    const r = await runCli(['board', 'lists', '1', '-p', 'acme/platform/api', '--per-page', '5'], { transport: api.transport });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('11\t0\tTodo\t#F0AD4E\t\n12\t1\tDoing\t#F0AD4E\t\n');
  });

  it('shows one list as a table on a terminal', async () => {
    api = mockApi();
    api.pool.intercept({ path: `${P}/boards/1/lists/12`, method: 'GET' }).reply(200, ...jsonReply(list(12, 'Doing', 1)));
    const r = await runCli(['board', 'list-view', '1', '12', '-p', 'acme/platform/api'], { transport: api.transport, tty: true });
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').map((l) => l.replace(/\s+/g, ' ').trim())).toEqual(['id 12', 'label Doing', 'position 1', '']);
  });

  it('rejects ids that are not positive integers, sending nothing', async () => {
    api = mockApi();
    for (const args of [
      ['lists', 'x'],
      ['lists', '0'],
      ['list-view', '1', 'two'],
    ]) {
      const r = await runCli(['board', ...args, '-p', '7'], { transport: api.transport });
      expect(r.code, args.join(' ')).toBe(2);
    }
  });

  it('reports an unknown board with exit 1', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/projects/7/boards/9/lists', method: 'GET' })
      .reply(404, ...jsonReply({ message: '404 Board Not Found' }));
    const r = await runCli(['board', 'lists', '9', '-p', '7'], { transport: api.transport });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('404 Board Not Found');
  });
});

describe('board list-create, list-move, list-delete', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('creates a list for a label id', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: `${P}/boards/1/lists`, method: 'POST', body: '{"label_id":5}' })
      .reply(201, ...jsonReply(list(13, 'Review', 2)));
    const r = await runCli(['board', 'list-create', '1', '--label-id', '5', '-p', 'acme/platform/api', '-o', 'json'], {
      transport: api.transport,
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(list(13, 'Review', 2));
    expect(r.stderr).toBe('Added list 13 (Review) to board 1\n');
  });

  it('looks a label name up in the project labels', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: `${P}/labels?per_page=100`, method: 'GET' })
      .reply(200, ...jsonReply([{ id: 4, name: 'bug' }], { 'x-next-page': '2' }));
    api.pool.intercept({ path: `${P}/labels?per_page=100&page=2`, method: 'GET' }).reply(
      200,
      ...jsonReply(
        [
          { id: 5, name: 'in review' },
          { id: 6, name: 'In Review' },
        ],
        { 'x-next-page': '' },
      ),
    );
    api.pool
      .intercept({ path: `${P}/boards/1/lists`, method: 'POST', body: '{"label_id":6}' })
      .reply(201, ...jsonReply(list(13, 'In Review', 2)));
    const r = await runCli(['board', 'list-create', '1', '--label', 'In Review', '-p', 'acme/platform/api', '--fields', 'id'], {
      transport: api.transport,
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('id\t13\n');
  });

  it('fails when no label has that name, without creating anything', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/projects/7/labels?per_page=100', method: 'GET' })
      .reply(200, ...jsonReply([{ id: 4, name: 'bug' }]));
    const r = await runCli(['board', 'list-create', '1', '--label', 'nope', '-p', '7'], { transport: api.transport });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('no label named "nope"');
  });

  it('needs exactly one of --label-id and --label', async () => {
    api = mockApi();
    for (const [args, text] of [
      [[], '--label-id'],
      [['--label-id', '1', '--label', 'bug'], 'cannot be used together'],
      [['--label-id', 'bug'], '--label-id'],
    ] as [string[], string][]) {
      const r = await runCli(['board', 'list-create', '1', '-p', '7', ...args], { transport: api.transport });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain(text);
    }
  });

  it('shows the server reason when the label is taken', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/projects/7/boards/1/lists', method: 'POST' })
      .reply(400, ...jsonReply({ message: { label: ['has already been taken'] } }));
    const r = await runCli(['board', 'list-create', '1', '--label-id', '5', '-p', '7'], { transport: api.transport });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('label: has already been taken');
  });

  it('moves a list to a position', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: `${P}/boards/1/lists/12`, method: 'PUT', body: '{"position":0}' })
      .reply(200, ...jsonReply(list(12, 'Doing', 0)));
    const r = await runCli(['board', 'list-move', '1', '12', '--position', '0', '-p', 'acme/platform/api', '-o', 'ndjson'], {
      transport: api.transport,
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${JSON.stringify(list(12, 'Doing', 0))}\n`);
    for (const args of [[], ['--position', '-1'], ['--position', 'first']]) {
      const bad = await runCli(['board', 'list-move', '1', '12', '-p', '7', ...args], { transport: api.transport });
      expect(bad.code, args.join(' ')).toBe(2);
      expect(bad.stderr).toContain('--position');
    }
  });

  it('deletes a list after confirmation or with --yes', async () => {
    api = mockApi();
    const refused = await runCli(['board', 'list-delete', '1', '12', '-p', '7'], { transport: api.transport });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--yes');
    api.pool.intercept({ path: '/api/v4/projects/7/boards/1/lists/12', method: 'GET' }).reply(200, ...jsonReply(list(12, 'Doing', 1)));
    api.pool.intercept({ path: '/api/v4/projects/7/boards/1/lists/12', method: 'DELETE' }).reply(204, '');
    const prompter = scriptedPrompter([true]);
    const asked = await runCli(['board', 'list-delete', '1', '12', '-p', '7'], { transport: api.transport, tty: true, prompter });
    expect(prompter.asked).toEqual(['Remove list 12 (Doing) from board 1 of 7?']);
    expect([asked.code, asked.stdout, asked.stderr]).toEqual([0, '', '✓ Removed list 12 (Doing) from board 1\n']);
    api.pool
      .intercept({ path: '/api/v4/projects/7/boards/1/lists/12', method: 'DELETE' })
      .reply(403, ...jsonReply({ message: '403 Forbidden' }));
    const denied = await runCli(['board', 'list-delete', '1', '12', '-p', '7', '--yes'], { transport: api.transport });
    expect(denied.code).toBe(1);
    expect(denied.stderr).toContain('403 Forbidden');
  });
});
