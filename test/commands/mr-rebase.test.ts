/**
 * `mr rebase`, in-process against answers as GitLab's source writes them: `PUT …/rebase` answers
 * 202 `{"rebase_in_progress":true}` (lib/api/merge_requests.rb), the merge request read with
 * `include_rebase_in_progress=true` says when it ended (doc/api/merge_requests.md, "Rebase a merge
 * request"), and `merge_error` why it failed (app/services/merge_requests/rebase_service.rb,
 * REBASE_ERROR). The wait is the one polling loop; the harness clock takes no time.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { jsonReply, mockApi, runCli } from '../helpers/harness.js';
import { mr } from './mr-fixtures.js';

const MR = '/api/v4/projects/acme%2Fplatform%2Fapi/merge_requests/3';
const P = ['-p', 'acme/platform/api'];
const OLD = 'a'.repeat(40);
const NEW = 'b'.repeat(40);
const REBASE_ERROR = 'Rebase failed: Rebase locally, resolve all conflicts, then push the branch.';

describe('mr rebase', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());
  const polls = (...answers: Record<string, unknown>[]) => {
    for (const a of answers)
      api.pool.intercept({ path: `${MR}?include_rebase_in_progress=true`, method: 'GET' }).reply(200, ...jsonReply(mr(3, a)));
  };
  const start = (body = '{}') =>
    api.pool.intercept({ path: `${MR}/rebase`, method: 'PUT', body }).reply(202, ...jsonReply({ rebase_in_progress: true }));

  it('waits while rebase_in_progress, then says the new head; the wait grows while nothing changes', async () => {
    api = mockApi();
    api.pool.intercept({ path: MR, method: 'GET' }).reply(200, ...jsonReply(mr(3, { sha: OLD })));
    start('{"skip_ci":true}');
    polls(
      { sha: OLD, rebase_in_progress: true, merge_error: null },
      { sha: OLD, rebase_in_progress: true, merge_error: null },
      { sha: NEW, rebase_in_progress: false, merge_error: null },
    );
    const waits: number[] = [];
    const r = await runCli(['mr', 'rebase', '3', ...P, '--skip-ci'], {
      transport: api.transport,
      sleep: async (ms) => void waits.push(ms),
    });
    expect([r.code, r.stderr.split('\n').at(-2)]).toEqual([0, 'Rebased !3 (feature/x onto main): its head is now bbbbbbbb']);
    expect(r.stderr).toContain('!3 (feature/x onto main): rebasing');
    expect(waits).toEqual([1000, 1500]);
  });

  it('conflicts: merge_error said, exit 1, and where to resolve them', async () => {
    api = mockApi();
    api.pool.intercept({ path: MR, method: 'GET' }).reply(200, ...jsonReply(mr(3, { sha: OLD })));
    start();
    polls({ sha: OLD, rebase_in_progress: false, merge_error: REBASE_ERROR });
    const r = await runCli(['mr', 'rebase', '3', ...P], { transport: api.transport });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`collab: the rebase of !3 (feature/x onto main) failed: ${REBASE_ERROR}\n`);
    expect(r.stderr).toContain(
      'hint: rebase it where you can resolve the conflicts: collab mr checkout 3 -p acme/platform/api, git rebase onto main, then git push --force-with-lease',
    );
  });

  it('a merged or closed merge request: exit 1 before the PUT (GitLab would answer 409 as if a rebase ran)', async () => {
    api = mockApi();
    api.pool.intercept({ path: MR, method: 'GET' }).reply(200, ...jsonReply(mr(3, { state: 'merged' })));
    api.pool.intercept({ path: MR, method: 'GET' }).reply(200, ...jsonReply(mr(3, { state: 'closed' })));
    const merged = await runCli(['mr', 'rebase', '3', ...P], { transport: api.transport });
    expect([merged.code, merged.stderr]).toEqual([
      1,
      'collab: !3 (feature/x onto main) is merged: GitLab rebases only an open merge request\n',
    ]);
    const closed = await runCli(['mr', 'rebase', '3', ...P], { transport: api.transport });
    expect([closed.code, closed.stderr]).toEqual([
      1,
      'collab: !3 (feature/x onto main) is closed: GitLab rebases only an open merge request\n' +
        'hint: reopen it first: collab mr reopen 3 -p acme/platform/api\n',
    ]);
  });

  it('nothing to rebase: the head unchanged, exit 0; -o json prints the merge request as it ended', async () => {
    api = mockApi();
    api.pool.intercept({ path: MR, method: 'GET' }).reply(200, ...jsonReply(mr(3, { sha: OLD })));
    start();
    polls({ sha: OLD, rebase_in_progress: false, merge_error: null });
    const r = await runCli(['mr', 'rebase', '3', ...P, '-o', 'json'], { transport: api.transport });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ iid: 3, rebase_in_progress: false });
    expect(r.stderr).toContain('!3 (feature/x onto main) was up to date: nothing to rebase');
  });

  it('--timeout ends the wait with exit 124; the rebase goes on on the server', async () => {
    api = mockApi();
    api.pool.intercept({ path: MR, method: 'GET' }).reply(200, ...jsonReply(mr(3, { sha: OLD })));
    start();
    api.pool
      .intercept({ path: `${MR}?include_rebase_in_progress=true`, method: 'GET' })
      .reply(200, ...jsonReply(mr(3, { sha: OLD, rebase_in_progress: true })))
      .persist();
    const r = await runCli(['mr', 'rebase', '3', ...P, '--timeout', '5s'], { transport: api.transport });
    expect(r.code).toBe(124);
    expect(r.stderr).toContain('the rebase of !3 has not ended after');
    expect(r.stderr).toContain('it goes on on the server: collab mr view 3 -p acme/platform/api shows how it ended');
  });

  it("a server without rebase (the spec's): its 404 for a merge request that exists, said so", async () => {
    api = mockApi();
    api.pool
      .intercept({ path: MR, method: 'GET' })
      .reply(200, ...jsonReply(mr(3, { sha: OLD })))
      .times(2);
    api.pool.intercept({ path: `${MR}/rebase`, method: 'PUT' }).reply(404, ...jsonReply({ error: '404 Not Found' }));
    const r = await runCli(['mr', 'rebase', '3', ...P], { transport: api.transport });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('this server has no rebase: merge request !3 exists');
  });

  it("GitLab's 403 (no push access) keeps its words and says what it takes", async () => {
    api = mockApi();
    api.pool.intercept({ path: MR, method: 'GET' }).reply(200, ...jsonReply(mr(3, { sha: OLD })));
    api.pool
      .intercept({ path: `${MR}/rebase`, method: 'PUT' })
      .reply(403, ...jsonReply({ message: '403 Forbidden - Cannot push to source branch' }));
    const r = await runCli(['mr', 'rebase', '3', ...P], { transport: api.transport });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('Cannot push to source branch');
    expect(r.stderr).toContain('hint: rebasing needs push access to the source branch');
  });
});
