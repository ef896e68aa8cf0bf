/**
 * `mr merge --auto` then the pipeline it waits for, through the built binary against the gitlab
 * flavour of `collab sandbox`: the merge request stays open while its head pipeline runs, and is
 * merged when that pipeline succeeds (GitLab: AutoMergeProcessWorker on the pipeline's success →
 * AutoMerge::MergeWhenChecksPassService#process → merge_async as the merge user); a failed
 * pipeline leaves auto-merge set, and the retry that succeeds merges it
 * (doc/user/project/merge_requests/auto_merge.md). The sandbox's clock is a ManualClock moved by
 * the test while `pipeline wait` polls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/sandbox/index.js';
import { PIPELINE_TIMING } from '../../src/sandbox/pipeline-runner.js';
import { openMergeRequest, type SandboxFixture, startSandboxFixture } from '../helpers/e2e.js';
import { createPipeline, polledPipeline } from '../helpers/sandbox-pipelines.js';

const P = 'acme/platform/api';
const ENV = { COLLAB_FLAVOR: 'gitlab' };

describe('gitlab flavour: mr merge --auto, then the pipeline', () => {
  let sb: SandboxFixture;
  const clock = new ManualClock();
  beforeAll(async () => {
    sb = await startSandboxFixture({ seed: 'demo', flavor: 'gitlab', clock });
  });
  afterAll(() => sb?.close());

  const polled = (id: number, from: number) => polledPipeline(sb, id, from);

  /** Waits for pipeline `id` with the binary while the clock runs it through `stages` stages. */
  async function waitThrough(id: number, stages: number) {
    const waiting = sb.run(['pipeline', 'wait', String(id), '-p', P, '--interval', '0.05'], ENV);
    let seen = await polled(id, 0);
    const { queueMs, pickupMs, jobMs } = PIPELINE_TIMING;
    for (const ms of [queueMs, ...Array.from({ length: stages }, () => [pickupMs, jobMs]).flat()]) {
      await clock.advance(ms);
      seen = await polled(id, seen);
    }
    return waiting;
  }

  const stateOf = async (iid: number) => {
    const r = await sb.run(['mr', 'view', String(iid), '-p', P, '-o', 'json', '--jq', '[.state, .merged_by.username // null]'], ENV);
    expect(r.exitCode, r.stderr).toBe(0);
    return JSON.parse(r.stdout);
  };

  it('stays open while the pipeline runs and is merged when it succeeds', async () => {
    const iid = await openMergeRequest(sb.url, P, { source: 'feature/e2e-auto', title: 'Ship it when green' });
    const id = await createPipeline(sb, 'feature/e2e-auto');
    const set = await sb.run(['mr', 'merge', String(iid), '--auto', '--yes', '-p', P], ENV);
    expect(set.exitCode, set.stderr).toBe(0);
    expect(await stateOf(iid)).toEqual(['opened', null]);
    const waited = await waitThrough(id, 3);
    expect(waited.exitCode, waited.stderr).toBe(0);
    expect(await stateOf(iid)).toEqual(['merged', 'root']);
  });

  it('stays set when the pipeline fails; the retry that succeeds merges it', async () => {
    const iid = await openMergeRequest(sb.url, P, { source: 'feature/e2e-flaky', title: 'Flaky but fine' });
    const id = await createPipeline(sb, 'feature/e2e-flaky', [{ key: 'SANDBOX_FLAKY', value: 'test' }]);
    expect((await sb.run(['mr', 'merge', String(iid), '--auto', '--yes', '-p', P], ENV)).exitCode).toBe(0);
    const failed = await waitThrough(id, 2);
    expect(failed.exitCode).toBe(1);
    const open = await sb.run(['mr', 'view', String(iid), '-p', P, '-o', 'json', '--jq', '[.state, .merge_when_pipeline_succeeds]'], ENV);
    expect(JSON.parse(open.stdout)).toEqual(['opened', true]);
    expect((await sb.run(['pipeline', 'retry', String(id), '-p', P], ENV)).exitCode).toBe(0);
    const retried = await waitThrough(id, 2);
    expect(retried.exitCode, retried.stderr).toBe(0);
    expect(await stateOf(iid)).toEqual(['merged', 'root']);
  });
});
