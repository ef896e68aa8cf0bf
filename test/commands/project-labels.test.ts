import { afterEach, describe, expect, it } from 'vitest';
import { jsonReply, mockApi, runCli } from '../helpers/harness.js';

const bug = { id: 3, name: 'bug', color: '#d9534f', description: 'Something is broken' };

describe('project labels', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('lists the labels of a project given positionally, tsv when piped', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/projects/acme%2Fwebsite/labels', method: 'GET' }).reply(200, ...jsonReply([bug]));
    const r = await runCli(['project', 'labels', 'acme/website'], { transport: api.transport });
    expect([r.code, r.stdout]).toEqual([0, '3\tbug\t#d9534f\tSomething is broken\n']);
  });

  it('sends --search, and takes the project as the web URL of its labels page', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/projects/acme%2Fwebsite/labels?search=bu', method: 'GET' }).reply(200, ...jsonReply([bug]));
    const r = await runCli(['project', 'labels', 'https://gitlab.test/acme/website/-/labels', '--search', 'bu', '--fields', 'name'], {
      transport: api.transport,
    });
    expect([r.code, r.stdout]).toEqual([0, 'bug\n']);
  });

  it("refuses a field no label has before sending anything (exit 2), and takes GitLab's own", async () => {
    api = mockApi();
    let r = await runCli(['project', 'labels', 'acme/website', '--fields', 'title'], { transport: api.transport });
    expect([r.code, r.stderr]).toEqual([2, expect.stringContaining('title')]);
    api.pool
      .intercept({ path: '/api/v4/projects/acme%2Fwebsite/labels', method: 'GET' })
      .reply(200, ...jsonReply([{ ...bug, text_color: '#FFFFFF' }]));
    r = await runCli(['project', 'labels', 'acme/website', '--fields', 'name,text_color'], { transport: api.transport });
    expect([r.code, r.stdout]).toEqual([0, 'bug\t#FFFFFF\n']);
  });
});
