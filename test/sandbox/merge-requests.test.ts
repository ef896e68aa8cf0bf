import { describe, expect, it } from 'vitest';
import { ALICE, API_PROJECT, BOB, call, useSandbox } from './helpers.js';

const MRS = `/projects/${API_PROJECT}/merge_requests`;

describe('sandbox merge requests', () => {
  const sandbox = useSandbox();

  async function byTitle(title: string) {
    const { body } = await call(sandbox(), `${MRS}?state=all&per_page=100&search=${encodeURIComponent(title)}`);
    return body.find((mr: { title: string }) => mr.title === title);
  }

  it('has merge requests in every state with the documented fields', async () => {
    const sb = sandbox();
    const { body } = await call(sb, `${MRS}?per_page=100`);
    const states = new Set(body.map((mr: { state: string }) => mr.state));
    expect(states).toEqual(new Set(['opened', 'closed', 'merged']));
    expect(body.some((mr: { merge_status: string }) => mr.merge_status === 'cannot_be_merged')).toBe(true);
    expect(body.some((mr: { work_in_progress: boolean }) => mr.work_in_progress)).toBe(true);
    expect(body.some((mr: { merge_when_pipeline_succeeds: boolean }) => mr.merge_when_pipeline_succeeds)).toBe(true);
    const merged = body.find((mr: { state: string }) => mr.state === 'merged');
    expect(merged.merge_commit_sha).toMatch(/^[0-9a-f]{40}$/);
    expect(merged.subscribed).toBeUndefined();
    const simple = await call(sb, `${MRS}?view=simple&per_page=1`);
    expect(Object.keys(simple.body[0]).sort()).toEqual([
      'created_at',
      'description',
      'id',
      'iid',
      'project_id',
      'state',
      'title',
      'updated_at',
      'web_url',
    ]);
    const single = await call(sb, `${MRS}/${merged.iid}`);
    expect(single.body.subscribed).toBeDefined();
    expect((await call(sb, '/merge_requests?scope=all&state=merged', { token: ALICE })).body.length).toBeGreaterThan(0);
    const mine = await call(sb, '/merge_requests', { token: ALICE });
    expect(mine.body.every((mr: { author: { username: string } }) => mr.author.username === 'alice')).toBe(true);
  });

  it('serves commits, changes, versions and closes_issues', async () => {
    const sb = sandbox();
    const mr = await byTitle('Add rate limiting to public endpoints');
    const commits = await call(sb, `${MRS}/${mr.iid}/commits`);
    expect(commits.body[0].id).toBe(mr.sha);
    const changes = await call(sb, `${MRS}/${mr.iid}/changes`);
    expect(changes.body.changes[0]).toMatchObject({ new_file: false, renamed_file: false, deleted_file: false });
    expect(changes.body.changes[0].diff).toContain('@@');
    const versions = await call(sb, `${MRS}/${mr.iid}/versions`);
    expect(versions.body[0]).toMatchObject({ head_commit_sha: mr.sha, state: 'collected', merge_request_id: mr.id });
    const version = await call(sb, `${MRS}/${mr.iid}/versions/${versions.body[0].id}`);
    expect(version.body.id).toBe(versions.body[0].id);
    expect((await call(sb, `${MRS}/${mr.iid}/versions/999999`)).status).toBe(404);
    const closes = await call(sb, `${MRS}/${mr.iid}/closes_issues`);
    expect(closes.body.map((i: { iid: number }) => i.iid).sort()).toEqual([2, 3]);
  });

  it('creates, updates, closes and reopens', async () => {
    const sb = sandbox();
    const missing = await call(sb, MRS, { token: ALICE, json: { source_branch: 'a', target_branch: 'main' } });
    expect(missing.body).toEqual({ message: '400 (Bad request) "title" not given' });
    const created = await call(sb, MRS, {
      token: ALICE,
      json: { source_branch: 'feature/new', target_branch: 'main', title: 'New thing', labels: 'feature', approvals_before_merge: 3 },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ state: 'opened', source_branch: 'feature/new', labels: ['feature'], approvals_before_merge: 0 });
    const iid = created.body.iid;
    expect((await call(sb, `${MRS}/${iid}`, { token: ALICE, method: 'PUT' })).status).toBe(400);
    const closed = await call(sb, `${MRS}/${iid}`, { token: ALICE, method: 'PUT', json: { state_event: 'close' } });
    expect(closed.body.state).toBe('closed');
    const reopened = await call(sb, `${MRS}/${iid}`, { token: ALICE, method: 'PUT', json: { state_event: 'reopen', title: 'Renamed' } });
    expect(reopened.body).toMatchObject({ state: 'opened', title: 'Renamed' });
    const carol = 'sandbox-impersonation-carol';
    expect((await call(sb, `${MRS}/${iid}`, { token: carol, method: 'DELETE' })).status).toBe(403);
    expect((await call(sb, `${MRS}/${iid}`, { token: ALICE, method: 'DELETE' })).status).toBe(204);
  });

  it('approves to unlock a merge, rejects stale shas, and merges', async () => {
    const sb = sandbox();
    const mr = await byTitle('Harden artifact downloads');
    const before = await call(sb, `${MRS}/${mr.iid}/approvals`);
    expect(before.body).toMatchObject({ approvals_required: 2, approvals_missing: 1 });
    expect(before.body.approved_by.map((a: { user: { username: string } }) => a.user.username)).toEqual(['carol']);
    const stale = await call(sb, `${MRS}/${mr.iid}/approve`, { token: ALICE, json: { sha: '0'.repeat(40) } });
    expect(stale.status).toBe(409);
    const approved = await call(sb, `${MRS}/${mr.iid}/approve`, { token: ALICE, json: { sha: mr.sha } });
    expect(approved.status).toBe(201);
    expect(approved.body.approvals_left).toBe(0);
    const unapproved = await call(sb, `${MRS}/${mr.iid}/unapprove`, { token: ALICE, method: 'POST' });
    expect(unapproved.body.approved_by).toHaveLength(1);
    await call(sb, `${MRS}/${mr.iid}/approve`, { token: ALICE, method: 'POST' });
    const wrongSha = await call(sb, `${MRS}/${mr.iid}/merge`, { token: ALICE, method: 'PUT', json: { sha: 'f'.repeat(40) } });
    expect(wrongSha.status).toBe(409);
    expect(wrongSha.body).toEqual({ message: `SHA does not match HEAD of source branch: ${mr.sha}` });
    const merged = await call(sb, `${MRS}/${mr.iid}/merge`, {
      token: ALICE,
      method: 'PUT',
      json: { sha: mr.sha, should_remove_source_branch: true },
    });
    expect(merged.status).toBe(200);
    expect(merged.body.state).toBe('merged');
    expect(merged.body.merge_commit_sha).toMatch(/^[0-9a-f]{40}$/);
    const again = await call(sb, `${MRS}/${mr.iid}/merge`, { token: ALICE, method: 'PUT' });
    expect(again.status).toBe(406);
    expect(again.body).toEqual({ message: '406 Method Not Allowed' });
  });

  it('reports the other merge errors', async () => {
    const sb = sandbox();
    const conflicted = await byTitle('Refactor storage layer');
    const conflict = await call(sb, `${MRS}/${conflicted.iid}/merge`, { token: ALICE, method: 'PUT' });
    expect(conflict.status).toBe(405);
    expect(conflict.body).toEqual({ message: 'Branch cannot be merged' });
    const wip = await byTitle('Draft: New dashboard widgets');
    expect((await call(sb, `${MRS}/${wip.iid}/merge`, { token: ALICE, method: 'PUT' })).status).toBe(405);
    const closed = await byTitle('Experiment: switch to gRPC');
    expect((await call(sb, `${MRS}/${closed.iid}/merge`, { token: ALICE, method: 'PUT' })).status).toBe(406);
    const reporter = await call(sb, '/projects/acme%2Fwebsite/merge_requests/1/merge', { token: BOB, method: 'PUT' });
    expect(reporter.status).toBe(401);
    expect(reporter.body).toEqual({ message: '401 Unauthorized' });
  });

  it('sets and cancels merge when pipeline succeeds', async () => {
    const sb = sandbox();
    const feature = await byTitle('Feature X');
    const auto = await call(sb, `${MRS}/${feature.iid}/merge`, {
      token: ALICE,
      method: 'PUT',
      json: { merge_when_pipeline_succeeds: true },
    });
    expect(auto.status).toBe(200);
    expect(auto.body).toMatchObject({ state: 'opened', merge_when_pipeline_succeeds: true });
    const canceled = await call(sb, `${MRS}/${feature.iid}/cancel_merge_when_pipeline_succeeds`, { token: ALICE, method: 'PUT' });
    expect(canceled.status).toBe(200);
    expect(canceled.body.merge_when_pipeline_succeeds).toBe(false);
    expect((await call(sb, `${MRS}/${feature.iid}/cancel_merge_when_pipeline_succeeds`, { token: ALICE, method: 'PUT' })).status).toBe(406);
    const merged = await byTitle('Fix token refresh race');
    expect((await call(sb, `${MRS}/${merged.iid}/cancel_merge_when_pipeline_succeeds`, { token: ALICE, method: 'PUT' })).status).toBe(405);
  });

  it('answers 304 for repeated subscribe, unsubscribe and todo', async () => {
    const sb = sandbox();
    const mr = await byTitle('Bump dependencies');
    expect((await call(sb, `${MRS}/${mr.iid}/subscribe`, { token: ALICE, method: 'POST' })).status).toBe(201);
    const again = await call(sb, `${MRS}/${mr.iid}/subscribe`, { token: ALICE, method: 'POST' });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect((await call(sb, `${MRS}/${mr.iid}/unsubscribe`, { token: ALICE, method: 'POST' })).body.subscribed).toBe(false);
    expect((await call(sb, `${MRS}/${mr.iid}/unsubscribe`, { token: ALICE, method: 'POST' })).status).toBe(304);
    const todo = await call(sb, `${MRS}/${mr.iid}/todo`, { token: ALICE, method: 'POST' });
    expect(todo.body).toMatchObject({ target_type: 'MergeRequest', body: 'Bump dependencies' });
    expect((await call(sb, `${MRS}/${mr.iid}/todo`, { token: ALICE, method: 'POST' })).status).toBe(304);
  });
});
