/**
 * Auto-merge in the GitLab flavour, as GitLab runs it: `PUT …/merge` with `auto_merge=true` (or the
 * older `merge_when_pipeline_succeeds=true`) while the head pipeline runs sets it; when that pipeline
 * succeeds, AutoMergeProcessWorker (`pipeline.all_merge_requests.with_auto_merge_enabled`) has
 * AutoMerge::MergeWhenChecksPassService#process merge each one whose head pipeline succeeded and
 * which is mergeable, as its `merge_user`, with the `merge_params` it was set with. A failed
 * pipeline leaves it set (doc/user/project/merge_requests/auto_merge.md: "If a retried job succeeds
 * on the second try, the merge request is merged"); one still waiting for something else stays set.
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/sandbox/index.js';
import { PIPELINE_TIMING } from '../../src/sandbox/pipeline-runner.js';
import { ALICE, API_PROJECT, call, useSandbox } from './helpers.js';

const P = `/projects/${API_PROJECT}`;
const { queueMs, pickupMs, jobMs } = PIPELINE_TIMING;
/** A branch's pipeline (not the default branch): build, test, package. */
const STAGES = 3;

describe('GitLab flavour: auto-merge when the head pipeline succeeds', () => {
  const clock = new ManualClock();
  const gitlab = useSandbox({ flavor: 'gitlab', clock });

  async function runToEnd(): Promise<void> {
    await clock.advance(queueMs);
    for (let i = 0; i < STAGES; i++) {
      await clock.advance(pickupMs);
      await clock.advance(jobMs);
    }
  }

  /** A merge request of a new branch with a pipeline running on it. */
  async function withPipeline(branch: string, variables: { key: string; value: string }[] = [], extra = {}) {
    const mr = await call(gitlab(), `${P}/merge_requests`, {
      token: ALICE,
      json: { source_branch: branch, target_branch: 'main', title: `Change ${branch}`, ...extra },
    });
    expect(mr.status).toBe(201);
    const pipeline = await call(gitlab(), `${P}/pipeline`, { token: ALICE, json: { ref: branch, variables } });
    expect(pipeline.status).toBe(201);
    return { iid: mr.body.iid as number, pipeline: pipeline.body.id as number };
  }

  const mrOf = async (iid: number) => (await call(gitlab(), `${P}/merge_requests/${iid}`)).body;

  it('merges it, as the user who set it and with the message given, when the pipeline succeeds', async () => {
    const { iid, pipeline } = await withPipeline('feature/auto-ok');
    const set = await call(gitlab(), `${P}/merge_requests/${iid}/merge`, {
      method: 'PUT',
      token: ALICE,
      json: { auto_merge: true, merge_commit_message: 'Ship the change' },
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ state: 'opened', merge_when_pipeline_succeeds: true, merge_user: { username: 'alice' } });
    await clock.advance(queueMs + pickupMs);
    expect((await mrOf(iid)).state).toBe('opened');
    await runToEnd();
    expect((await call(gitlab(), `${P}/pipelines/${pipeline}`)).body.status).toBe('success');
    const merged = await mrOf(iid);
    expect(merged).toMatchObject({
      state: 'merged',
      merge_when_pipeline_succeeds: false,
      merged_by: { username: 'alice' },
      merge_user: { username: 'alice' },
      merged_at: expect.any(String),
      merge_commit_sha: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
  });

  it('takes the older merge_when_pipeline_succeeds too', async () => {
    const { iid } = await withPipeline('feature/auto-mwps');
    const set = await call(gitlab(), `${P}/merge_requests/${iid}/merge`, {
      method: 'PUT',
      form: { merge_when_pipeline_succeeds: 'true' },
    });
    expect(set.body.merge_when_pipeline_succeeds).toBe(true);
    await runToEnd();
    expect((await mrOf(iid)).state).toBe('merged');
  });

  it('leaves it set when the pipeline fails, and merges when a retry succeeds', async () => {
    const { iid, pipeline } = await withPipeline('feature/auto-flaky', [{ key: 'SANDBOX_FLAKY', value: 'test' }]);
    await call(gitlab(), `${P}/merge_requests/${iid}/merge`, { method: 'PUT', token: ALICE, json: { auto_merge: true } });
    await runToEnd();
    expect((await call(gitlab(), `${P}/pipelines/${pipeline}`)).body.status).toBe('failed');
    expect(await mrOf(iid)).toMatchObject({ state: 'opened', merge_when_pipeline_succeeds: true });
    expect((await call(gitlab(), `${P}/pipelines/${pipeline}/retry`, { method: 'POST', token: ALICE })).status).toBe(201);
    await runToEnd();
    expect((await call(gitlab(), `${P}/pipelines/${pipeline}`)).body.status).toBe('success');
    expect(await mrOf(iid)).toMatchObject({ state: 'merged', merged_by: { username: 'alice' } });
  });

  it('does not merge one whose auto-merge was cancelled, nor one still waiting for something else (a draft)', async () => {
    const cancelled = await withPipeline('feature/auto-cancel');
    await call(gitlab(), `${P}/merge_requests/${cancelled.iid}/merge`, { method: 'PUT', token: ALICE, json: { auto_merge: true } });
    const off = await call(gitlab(), `${P}/merge_requests/${cancelled.iid}/cancel_merge_when_pipeline_succeeds`, {
      method: 'POST',
      token: ALICE,
    });
    expect(off.body).toEqual({ status: 'success' });
    // A draft: "merge when checks pass" waits for it to be marked ready (`skipped_mergeable_checks`).
    const draft = await withPipeline('feature/auto-draft', [], { title: 'Draft: not yet' });
    const set = await call(gitlab(), `${P}/merge_requests/${draft.iid}/merge`, { method: 'PUT', token: ALICE, json: { auto_merge: true } });
    expect(set.body.merge_when_pipeline_succeeds).toBe(true);
    await runToEnd();
    expect(await mrOf(cancelled.iid)).toMatchObject({ state: 'opened', merge_when_pipeline_succeeds: false });
    const waiting = await mrOf(draft.iid);
    expect(waiting).toMatchObject({ state: 'opened', merge_when_pipeline_succeeds: true, detailed_merge_status: 'draft_status' });
    // Marked ready after its pipeline succeeded: DraftStateChangeEvent has GitLab process it
    // (MergeRequests::ProcessAutoMergeFromEventWorker), and it merges then.
    const ready = await call(gitlab(), `${P}/merge_requests/${draft.iid}`, { method: 'PUT', token: ALICE, json: { title: 'not yet' } });
    expect(ready.body).toMatchObject({ state: 'merged', merged_by: { username: 'alice' } });
  });

  it('merges one that waited for an approval when the approval comes (ApprovedEvent), not before', async () => {
    // The project asks one approval of its new merge requests (restored below for the other tests).
    const asks = (n: number) => call(gitlab(), P, { method: 'PUT', json: { approvals_before_merge: n } });
    expect((await asks(1)).status).toBe(200);
    const { iid } = await withPipeline('feature/auto-approve').finally(() => asks(0));
    await runToEnd();
    const set = await call(gitlab(), `${P}/merge_requests/${iid}/merge`, { method: 'PUT', token: ALICE, json: { auto_merge: true } });
    expect(set.body).toMatchObject({ state: 'opened', merge_when_pipeline_succeeds: true, detailed_merge_status: 'not_approved' });
    // An edit that is no event of GitLab's leaves it waiting.
    await call(gitlab(), `${P}/merge_requests/${iid}`, { method: 'PUT', token: ALICE, json: { description: 'still waiting' } });
    expect((await mrOf(iid)).state).toBe('opened');
    expect((await call(gitlab(), `${P}/merge_requests/${iid}/approve`, { method: 'POST' })).status).toBe(201);
    expect(await mrOf(iid)).toMatchObject({ state: 'merged', merged_by: { username: 'alice' } });
  });
});
