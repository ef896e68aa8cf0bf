import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonReply, mockApi, runCli, TEST_TOKEN } from '../helpers/harness.js';
import { JSON_HEADERS } from '../helpers/json-answer.js';
import { tempDir } from '../helpers/temp.js';

describe('collab api', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('GETs a path and prints the JSON as the server sent it', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/user', method: 'GET', headers: { 'private-token': TEST_TOKEN } })
      .reply(200, ...jsonReply({ id: 1, username: 'root' }));
    const r = await runCli(['api', '/user'], { transport: api.transport });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('{"id":1,"username":"root"}\n');
  });

  it('-f strings and -F typed values go in a JSON body; default method POST', async () => {
    api = mockApi();
    const dir = tempDir('collab-api-');
    fs.writeFileSync(path.join(dir, 'desc.md'), 'from a file');
    api.pool
      .intercept({
        path: '/api/v4/projects/7/issues',
        method: 'POST',
        body: (b: string) => {
          expect(JSON.parse(b)).toEqual({
            title: '12',
            weight: 3,
            confidential: true,
            milestone_id: null,
            description: 'from a file',
            labels: ['a', 'b'],
          });
          return true;
        },
      })
      .reply(201, ...jsonReply({ iid: 1 }));
    const r = await runCli(
      [
        'api',
        '/projects/7/issues',
        '-f',
        'title=12',
        '-F',
        'weight=3',
        '-F',
        'confidential=true',
        '-F',
        'milestone_id=null',
        '-F',
        `description=@${path.join(dir, 'desc.md')}`,
        '-f',
        'labels[]=a',
        '-f',
        'labels[]=b',
      ],
      { transport: api.transport },
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('GET fields go to the query; --paginate gives one array or NDJSON', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/projects/7/issues?state=opened&per_page=100', method: 'GET' })
      .reply(200, ...jsonReply([{ iid: 1 }], { 'x-next-page': '2', 'x-page': '1' }));
    api.pool
      .intercept({ path: '/api/v4/projects/7/issues?state=opened&per_page=100&page=2', method: 'GET' })
      .reply(200, ...jsonReply([{ iid: 2 }], { 'x-next-page': '', 'x-page': '2' }));
    const r = await runCli(['api', '-X', 'GET', '/projects/7/issues', '-f', 'state=opened', '--paginate'], { transport: api.transport });
    expect(r.stdout).toBe('[{"iid":1},{"iid":2}]\n');
    api.pool
      .intercept({ path: '/api/v4/projects/7/issues?per_page=100', method: 'GET' })
      .reply(200, ...jsonReply([{ iid: 1 }, { iid: 2 }], { 'x-next-page': '' }));
    const n = await runCli(['api', '/projects/7/issues', '--paginate', '-o', 'ndjson'], { transport: api.transport });
    expect(n.stdout).toBe('{"iid":1}\n{"iid":2}\n');
  });

  it('-i prints the status and headers; -H adds headers; errors exit 1 with the status', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/version', method: 'GET', headers: { 'x-custom': 'yes' } })
      .reply(200, ...jsonReply({ version: '17' }, { 'x-request-id': 'abc' }));
    const r = await runCli(['api', '/version', '-i', '-H', 'X-Custom: yes'], { transport: api.transport });
    expect(r.stdout).toMatch(/^HTTP 200\n/);
    expect(r.stdout).toContain('x-request-id: abc');
    expect(r.stdout).toMatch(/\n\n\{"version":"17"\}\n$/);
    api.pool.intercept({ path: '/api/v4/projects/99', method: 'GET' }).reply(404, ...jsonReply({ message: '404 Project Not Found' }));
    const e = await runCli(['api', '/projects/99'], { transport: api.transport });
    expect(e.code).toBe(1);
    expect(e.stderr).toBe('collab: 404 Project Not Found\n');
  });

  it('--input sends a raw body from stdin', async () => {
    api = mockApi();
    api.pool
      .intercept({
        path: '/api/v4/projects/7/issues/1',
        method: 'PUT',
        body: (b: unknown) => Buffer.from(b as Buffer).toString() === '{"title":"raw"}',
        headers: JSON_HEADERS,
      })
      .reply(200, ...jsonReply({ iid: 1 }));
    const r = await runCli(['api', '-X', 'PUT', '/projects/7/issues/1', '--input', '-'], {
      transport: api.transport,
      stdin: '{"title":"raw"}',
    });
    expect(r.code).toBe(0);
  });

  it('refuses an absolute URL on another host and bad field syntax, sending nothing', async () => {
    api = mockApi();
    expect((await runCli(['api', 'https://evil.test/api/v4/user'], { transport: api.transport })).code).toBe(2);
    expect((await runCli(['api', '/user', '-f', 'novalue'], { transport: api.transport })).code).toBe(2);
    expect((await runCli(['api', '/user', '-X', 'BREW'], { transport: api.transport })).code).toBe(2);
    expect((await runCli(['api', '/user', '-H', 'nocolon'], { transport: api.transport })).code).toBe(2);
  });
});
