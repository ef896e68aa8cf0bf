/**
 * Playing a manual job in the GitLab flavour: lib/api/ci/jobs.rb `post ':id/jobs/:job_id/play'`
 * calls `job.play` (Ci::PlayBuildService → Ci::EnqueueJobService), so the job answered is
 * `pending`, and a runner then runs it like any other job — here on the sandbox's clock
 * (PIPELINE_TIMING) — with its pipeline's status following (lib/gitlab/ci/status/composite.rb).
 * The spec flavour keeps its own answer (part 1 §4.5: `started`).
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/sandbox/index.js';
import { PIPELINE_TIMING } from '../../src/sandbox/pipeline-runner.js';
import { ALICE, API_PROJECT, call, useSandbox } from './helpers.js';

const P = `/projects/${API_PROJECT}`;
const { queueMs, pickupMs, jobMs } = PIPELINE_TIMING;
type Sb = Parameters<typeof call>[0];
type JobRow = { id: number; name: string; status: string };

const jobsOf = async (sb: Sb, id: number) => (await call(sb, `${P}/pipelines/${id}/jobs?per_page=100`)).body as JobRow[];
const statusOf = async (sb: Sb, id: number) => (await call(sb, `${P}/pipelines/${id}`)).body.status as string;

describe('GitLab flavour: a played manual job runs on the clock', () => {
  const clock = new ManualClock();
  const gitlab = useSandbox({ flavor: 'gitlab', clock });

  async function step(...ms: number[]): Promise<void> {
    for (const m of ms) await clock.advance(m);
  }

  it('runs the manual job that blocks a seeded pipeline: pending, running, success; the pipeline follows', async () => {
    const pipeline = ((await call(gitlab(), `${P}/pipelines?ref=docs%2Fapi-guide`)).body as { id: number }[])[0].id;
    expect(await statusOf(gitlab(), pipeline)).toBe('manual');
    const deploy = (await jobsOf(gitlab(), pipeline)).find((j) => j.name === 'deploy') as JobRow;
    const played = await call(gitlab(), `${P}/jobs/${deploy.id}/play`, { method: 'POST', token: ALICE });
    expect([played.status, played.body.status, played.body.user.username]).toEqual([200, 'pending', 'alice']);
    expect(await statusOf(gitlab(), pipeline)).toBe('running');
    await step(pickupMs);
    expect((await call(gitlab(), `${P}/jobs/${deploy.id}`)).body).toMatchObject({ status: 'running', started_at: expect.any(String) });
    await step(jobMs);
    expect((await call(gitlab(), `${P}/jobs/${deploy.id}`)).body).toMatchObject({ status: 'success', finished_at: expect.any(String) });
    expect(await statusOf(gitlab(), pipeline)).toBe('success');
    expect((await call(gitlab(), `${P}/jobs/${deploy.id}/trace`)).text).toContain('Job succeeded');
    // A job that is no action (when: manual) and waits for no one: GitLab's 400 "Unplayable Job".
    const build = (await jobsOf(gitlab(), pipeline)).find((j) => j.name === 'build') as JobRow;
    expect(await call(gitlab(), `${P}/jobs/${build.id}/play`, { method: 'POST' })).toMatchObject({
      status: 400,
      body: { message: '400 Bad request - Unplayable Job' },
    });
    // Played again once it has run (`playable?` takes a retryable action): Ci::PlayBuildService retries it.
    const again = await call(gitlab(), `${P}/jobs/${deploy.id}/play`, { method: 'POST' });
    expect([again.status, again.body.id]).toEqual([200, deploy.id]);
    const rerun = (await jobsOf(gitlab(), pipeline)).find((j) => j.name === 'deploy') as JobRow;
    expect(rerun.id).not.toBe(deploy.id);
    expect(rerun.status).toBe('pending');
    await step(queueMs, pickupMs, jobMs);
    expect((await call(gitlab(), `${P}/jobs/${rerun.id}`)).body.status).toBe('success');
    expect(await statusOf(gitlab(), pipeline)).toBe('success');
  });

  it('fails a played job SANDBOX_FAIL names, and the pipeline with it', async () => {
    const res = await call(gitlab(), `${P}/pipeline`, {
      json: { ref: 'main', variables: [{ key: 'SANDBOX_FAIL', value: 'deploy' }] },
    });
    const id = res.body.id as number;
    await step(queueMs);
    for (let i = 0; i < 4; i++) await step(pickupMs, jobMs);
    const deploy = (await jobsOf(gitlab(), id)).find((j) => j.name === 'deploy') as JobRow;
    expect(deploy.status).toBe('manual');
    expect((await call(gitlab(), `${P}/jobs/${deploy.id}/play`, { method: 'POST' })).body.status).toBe('pending');
    await step(pickupMs, jobMs);
    expect((await call(gitlab(), `${P}/jobs/${deploy.id}`)).body.status).toBe('failed');
    expect(await statusOf(gitlab(), id)).toBe('failed');
    expect((await call(gitlab(), `${P}/jobs/${deploy.id}/trace`)).text).toContain('SANDBOX_FAIL names job "deploy"');
  });

  it('stops nothing when the job is canceled before a runner takes it', async () => {
    const pipeline = ((await call(gitlab(), `${P}/pipelines?ref=main&status=manual`)).body as { id: number }[])[0].id;
    const deploy = (await jobsOf(gitlab(), pipeline)).find((j) => j.name === 'deploy') as JobRow;
    expect((await call(gitlab(), `${P}/jobs/${deploy.id}/play`, { method: 'POST' })).body.status).toBe('pending');
    expect((await call(gitlab(), `${P}/jobs/${deploy.id}/cancel`, { method: 'POST' })).body.status).toBe('canceled');
    await step(pickupMs, jobMs);
    expect((await call(gitlab(), `${P}/jobs/${deploy.id}`)).body.status).toBe('canceled');
  });
});

describe('spec flavour: play answers the job `started`', () => {
  const spec = useSandbox({ flavor: 'spec' });

  it('answers 201 with the job started', async () => {
    const jobs = (await call(spec(), `${P}/jobs?scope=manual`)).body as JobRow[];
    const played = await call(spec(), `${P}/jobs/${jobs[0].id}/play`, { method: 'POST' });
    expect([played.status, played.body.status]).toEqual([201, 'started']);
  });
});
