/**
 * Verbs and flags glab and gh users bring (issue 38 item 13): `mr ready` and `mr draft` (gh's
 * `pr ready`, `--undo`), `--closed`/`--merged` on lists (glab's `-c`, `-M`), and `-y/--yes` on
 * a create (glab's: nothing asked).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { jsonReply, mockApi, mockServer, recordRequests, runCli, scriptedPrompter } from '../helpers/harness.js';

const MR = '/api/v4/projects/acme%2Fapi/merge_requests/3';

describe('mr ready and mr draft', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('mr ready takes the draft prefix off the title the server has; --undo puts it on', async () => {
    api = mockApi();
    api.pool.intercept({ path: MR, method: 'GET' }).reply(200, ...jsonReply({ iid: 3, title: 'Draft: Faster', draft: true }));
    const sent = recordRequests(api, 'PUT', MR, 200, { iid: 3, title: 'Faster', draft: false });
    const r = await runCli(['mr', 'ready', '3', '-p', 'acme/api'], { transport: api.transport, tty: true });
    expect([r.code, r.stderr]).toEqual([0, '✓ Marked merge request !3 (Faster) as ready\n']);
    api.pool.intercept({ path: MR, method: 'GET' }).reply(200, ...jsonReply({ iid: 3, title: 'Faster', draft: false }));
    const back = recordRequests(api, 'PUT', MR, 200, { iid: 3, title: 'Draft: Faster', draft: true });
    const undo = await runCli(['mr', 'ready', '3', '-p', 'acme/api', '--undo'], { transport: api.transport, tty: true });
    expect([undo.code, undo.stderr]).toEqual([0, '✓ Marked merge request !3 (Draft: Faster) as a draft\n']);
    expect([...sent, ...back].map((s) => JSON.parse(s.body))).toEqual([{ title: 'Faster' }, { title: 'Draft: Faster' }]);
  });

  it('mr draft of a draft sends nothing and says so', async () => {
    api = mockApi();
    api.pool.intercept({ path: MR, method: 'GET' }).reply(200, ...jsonReply({ iid: 3, title: 'Draft: Faster', draft: true }));
    const r = await runCli(['mr', 'draft', '3', '-p', 'acme/api'], { transport: api.transport, tty: true });
    expect([r.code, r.stderr]).toEqual([0, 'Merge request !3 (Draft: Faster) is already a draft: nothing changed\n']);
  });
});

describe('--closed and --merged', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('are --state closed and --state merged, and say so in the empty line', async () => {
    const server = mockServer(() => ({ body: [] }));
    api = server;
    const issues = await runCli(['issue', 'list', '-p', 'acme/api', '-c'], { transport: server.transport, tty: true });
    expect([issues.code, issues.stderr]).toEqual([0, 'No closed issues in acme/api\n']);
    const mrs = await runCli(['mr', 'list', '-p', 'acme/api', '--merged'], { transport: server.transport, tty: true });
    expect([mrs.code, mrs.stderr]).toEqual([0, 'No merged merge requests in acme/api\n']);
    expect(server.seen).toEqual([
      '/api/v4/projects/acme%2Fapi/issues?state=closed',
      '/api/v4/projects/acme%2Fapi/merge_requests?state=merged',
    ]);
  });

  it('with --state is exit 2, nothing sent', async () => {
    api = mockApi();
    const r = await runCli(['mr', 'list', '-p', 'acme/api', '--closed', '--state', 'opened'], { transport: api.transport });
    expect([r.code, r.stderr]).toEqual([2, 'collab: --closed and --state cannot be used together\n']);
  });
});

describe('-y on a create asks nothing', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('a missing title is exit 2 on a terminal too, nothing asked, nothing sent', async () => {
    api = mockApi();
    const prompter = scriptedPrompter([]);
    const r = await runCli(['issue', 'create', '-p', 'acme/api', '-y'], { transport: api.transport, tty: true, prompter });
    expect([r.code, r.stderr]).toEqual([2, 'collab: missing required flag --title\n']);
    expect(prompter.asked).toEqual([]);
  });

  it('with a title, the editor is not offered: created at once', async () => {
    api = mockApi();
    const sent = recordRequests(api, 'POST', '/api/v4/projects/acme%2Fapi/issues', 201, { iid: 9, title: 'T' });
    const prompter = scriptedPrompter([]);
    const r = await runCli(['issue', 'create', '-p', 'acme/api', '--title', 'T', '--yes'], {
      transport: api.transport,
      tty: true,
      prompter,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(prompter.asked).toEqual([]);
    expect(JSON.parse(sent[0]!.body)).toEqual({ title: 'T' });
  });
});
