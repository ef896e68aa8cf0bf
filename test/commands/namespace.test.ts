import { afterEach, describe, expect, it } from 'vitest';
import { jsonReply, mockApi, runCli, TEST_TOKEN } from '../helpers/harness.js';

const namespaces = [
  { id: 1, name: 'root', path: 'root', kind: 'user', full_path: 'root', parent_id: null },
  {
    id: 10,
    name: 'platform',
    path: 'platform',
    kind: 'group',
    full_path: 'acme/platform',
    parent_id: 9,
    members_count_with_descendants: 3,
    plan: 'free',
  },
];

describe('namespace list', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('lists namespaces with a search, tsv when piped', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/namespaces?search=plat+form', method: 'GET', headers: { 'PRIVATE-TOKEN': TEST_TOKEN } })
      .reply(200, ...jsonReply(namespaces));
    const r = await runCli(['namespace', 'list', '--search', 'plat form'], { transport: api.transport });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('1\tuser\troot\troot\t\n10\tgroup\tacme/platform\tplatform\t9\n');
  });

  it('streams every page as ndjson and stops at --limit', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/namespaces?per_page=100', method: 'GET' })
      .reply(200, ...jsonReply([namespaces[0]], { 'x-next-page': '2' }));
    api.pool
      .intercept({ path: '/api/v4/namespaces?per_page=100&page=2', method: 'GET' })
      .reply(200, ...jsonReply([namespaces[1]], { 'x-next-page': '' }));
    const all = await runCli(['namespace', 'list', '--all', '-o', 'ndjson', '--fields', 'id,kind'], { transport: api.transport });
    expect(all.stdout).toBe('{"id":1,"kind":"user"}\n{"id":10,"kind":"group"}\n');
    api.pool.intercept({ path: '/api/v4/namespaces?per_page=20', method: 'GET' }).reply(200, ...jsonReply(namespaces));
    const one = await runCli(['namespace', 'list', '--limit', '1', '-o', 'json'], { transport: api.transport });
    expect(JSON.parse(one.stdout)).toEqual([namespaces[0]]);
  });

  it('shows a table on a terminal, and on stderr what was asked when there is none', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/namespaces', method: 'GET' }).reply(200, ...jsonReply(namespaces));
    api.pool.intercept({ path: '/api/v4/namespaces?search=zzz', method: 'GET' }).reply(200, ...jsonReply([]));
    const r = await runCli(['namespace', 'list'], { transport: api.transport, tty: true });
    const lines = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => l.replace(/\s+/g, ' '));
    expect(lines).toEqual(['ID KIND PATH NAME PARENT', '1 user root root -', '10 group acme/platform platform 9']);
    const none = await runCli(['namespace', 'list', '--search', 'zzz'], { transport: api.transport, tty: true });
    expect([none.code, none.stdout, none.stderr]).toEqual([0, '', 'No namespaces match --search "zzz"\n']);
  });

  it('rejects a bad --per-page and reports 401 with exit 4', async () => {
    api = mockApi();
    const bad = await runCli(['namespace', 'list', '--per-page', '0'], { transport: api.transport });
    expect(bad.code).toBe(2);
    api.pool.intercept({ path: '/api/v4/namespaces', method: 'GET' }).reply(401, ...jsonReply({ message: '401 Unauthorized' }));
    const denied = await runCli(['namespace', 'list'], { transport: api.transport });
    expect(denied.code).toBe(4);
  });
});
