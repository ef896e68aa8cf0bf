import { afterEach, describe, expect, it } from 'vitest';
import { jsonReply, mockApi, runCli } from '../helpers/harness.js';
import { mr } from './mr-fixtures.js';

const MR_PATH = '/api/v4/projects/acme%2Fapi/merge_requests/3';
/** The head pipeline runs in the fork (project 9), not in the target project. */
const failed = mr(3, { head_pipeline: { id: 40, status: 'failed', project_id: 9 }, user_notes_count: 2, description: 'Faster.' });

describe('mr view reads what its card says besides the merge request', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it("on a terminal: the failed jobs of a failed head pipeline, from the pipeline's project, one request", async () => {
    api = mockApi();
    api.pool.intercept({ path: MR_PATH, method: 'GET' }).reply(200, ...jsonReply(failed));
    api.pool
      .intercept({ path: '/api/v4/projects/9/pipelines/40/jobs?scope%5B%5D=failed&per_page=100', method: 'GET' })
      .reply(200, ...jsonReply([{ id: 91, name: 'lint', status: 'failed' }]));
    const r = await runCli(['mr', 'view', '3', '-p', 'acme/api'], { transport: api.transport, tty: true, columns: 60 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(
      [
        'MR 3 !3',
        'Open · alice opened · 2 comments',
        'Branches      feature/x → main',
        'Merge status  can be merged',
        'Pipeline      failed #40',
        'Failed jobs   lint (job 91)',
        '',
        'Faster.',
        '',
      ].join('\n'),
    );
  });

  it('a job list it may not read is said in the card, and the view still shows: exit 0', async () => {
    api = mockApi();
    api.pool.intercept({ path: MR_PATH, method: 'GET' }).reply(200, ...jsonReply(failed));
    api.pool
      .intercept({ path: (p) => p.startsWith('/api/v4/projects/9/pipelines/40/jobs'), method: 'GET' })
      .reply(403, ...jsonReply({ message: '403 Forbidden' }));
    const r = await runCli(['mr', 'view', '3', '-p', 'acme/api'], { transport: api.transport, tty: true, columns: 80 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Failed jobs +could not be read: .*403/m);
  });

  it('piped, with --fields or --raw-fields: no other request, every field as before', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: MR_PATH, method: 'GET' })
      .reply(200, ...jsonReply(failed))
      .times(3);
    const piped = await runCli(['mr', 'view', '3', '-p', 'acme/api'], { transport: api.transport });
    expect(piped.stdout).toMatch(/^id\t503\niid\t3\n/);
    expect(piped.stdout).toContain(`sha\t${'a'.repeat(40)}\n`);
    const raw = await runCli(['mr', 'view', '3', '-p', 'acme/api', '--raw-fields'], { transport: api.transport, tty: true });
    expect(raw.stdout).toMatch(/^id +503\niid +3\n/);
    expect(raw.stdout).toMatch(/^sha +aaaaaaaa$/m);
    const named = await runCli(['mr', 'view', '3', '-p', 'acme/api', '--fields', 'sha'], { transport: api.transport, tty: true });
    expect(named.stdout).toBe(`sha  ${'a'.repeat(40)}\n`);
  });
});

describe('a piped view: field lines, then the description as written (issue 38 item 4)', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('keeps the lists, code and blank lines of the description below the field lines; escapes stripped', async () => {
    const description = '## Steps\n\n1. run `make`\n2. see\n\n```\n\tpanic: boom\u001b[2J\n```\n\n';
    api = mockApi();
    api.pool
      .intercept({ path: MR_PATH, method: 'GET' })
      .reply(200, ...jsonReply({ iid: 3, title: 'Faster', description, state: 'opened' }));
    const r = await runCli(['mr', 'view', '3', '-p', 'acme/api'], { transport: api.transport });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('iid\t3\ntitle\tFaster\nstate\topened\n\n## Steps\n\n1. run `make`\n2. see\n\n```\n\tpanic: boom\n```\n');
  });

  it('keeps tabs, trailing spaces and CRLF line endings as written; a lone CR (it writes over its line) goes', async () => {
    const description = 'Log:\r\n\tat main  \r\n```sh\r\n$ make\t-j4\r\n```\r\nfake\rreal';
    api = mockApi();
    api.pool.intercept({ path: MR_PATH, method: 'GET' }).reply(200, ...jsonReply({ iid: 3, description, title: 'T' }));
    api.pool.intercept({ path: MR_PATH, method: 'GET' }).reply(200, ...jsonReply({ iid: 3, description, title: 'T' }));
    const written = 'Log:\r\n\tat main  \r\n```sh\r\n$ make\t-j4\r\n```\r\nfakereal\n';
    const view = await runCli(['mr', 'view', '3', '-p', 'acme/api'], { transport: api.transport });
    expect(view.stdout).toBe(`iid\t3\ntitle\tT\n\n${written}`);
    const alone = await runCli(['mr', 'view', '3', '-p', 'acme/api', '--fields', 'description'], { transport: api.transport });
    expect(alone.stdout).toBe(written);
  });

  it('an empty description stays a field line (nothing follows); --fields description alone is the text', async () => {
    api = mockApi();
    api.pool.intercept({ path: MR_PATH, method: 'GET' }).reply(200, ...jsonReply({ iid: 3, description: '', title: 'T' }));
    api.pool.intercept({ path: MR_PATH, method: 'GET' }).reply(200, ...jsonReply({ iid: 3, description: 'a\nb', title: 'T' }));
    const empty = await runCli(['mr', 'view', '3', '-p', 'acme/api'], { transport: api.transport });
    expect(empty.stdout).toBe('iid\t3\ndescription\t\ntitle\tT\n');
    const alone = await runCli(['mr', 'view', '3', '-p', 'acme/api', '--fields', 'description'], { transport: api.transport });
    expect(alone.stdout).toBe('a\nb\n');
  });
});

describe('mr jobs', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it("lists the head pipeline's jobs, in the pipeline's project, with --scope", async () => {
    api = mockApi();
    api.pool.intercept({ path: MR_PATH, method: 'GET' }).reply(200, ...jsonReply(failed));
    api.pool
      .intercept({ path: '/api/v4/projects/9/pipelines/40/jobs?scope%5B%5D=failed', method: 'GET' })
      .reply(200, ...jsonReply([{ id: 91, name: 'lint', status: 'failed', stage: 'test', ref: 'feature/x', duration: 65 }]));
    const r = await runCli(['mr', 'jobs', '3', '-p', 'acme/api', '--scope', 'failed', '--fields', 'id,name,duration'], {
      transport: api.transport,
    });
    expect([r.code, r.stdout], r.stderr).toEqual([0, '91\tlint\t1m 05s\n']);
  });

  it('a merge request without a pipeline: exit 1, saying so, no job list asked for', async () => {
    api = mockApi();
    api.pool.intercept({ path: MR_PATH, method: 'GET' }).reply(200, ...jsonReply(mr(3, { head_pipeline: null })));
    const r = await runCli(['mr', 'jobs', '3', '-p', 'acme/api'], { transport: api.transport });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('merge request !3 in acme/api has no pipeline');
  });
});
