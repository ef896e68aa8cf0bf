/**
 * Jobs named by name where an id is taken (issue 36 item 7), in-process: the latest pipeline of
 * the branch checked out (`GET /projects/:id/pipelines/latest?ref=`, lib/api/ci/pipelines.rb), of
 * --ref, or --pipeline <id|current>; the pipeline's job list (`GET …/pipelines/:id/jobs`, which
 * hides retried jobs: Ci::JobsFinder without include_retried). Parallel jobs are named
 * `rspec 1/2` (lib/gitlab/ci/config/normalizer/number_strategy.rb), matrix jobs `test: [a, b]`
 * (matrix_strategy.rb).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { gitRepo } from '../helpers/git.js';
import { jsonReply, mockApi, recordRequests, runCli, TEST_HOST } from '../helpers/harness.js';
import { tempDirsPerTest } from '../helpers/temp.js';
import { job, pipelineAnswer } from './pipeline-fixtures.js';

const P = '/api/v4/projects/acme%2Fplatform%2Fapi';
const newDir = tempDirsPerTest('collab-job-name-');
const checkout = (branch: string) => gitRepo(newDir(), { origin: `${TEST_HOST}/acme/platform/api.git` }, branch);

let api: ReturnType<typeof mockApi>;
afterEach(() => api?.done());

const JOBS = [
  job(25, 'rspec 2/2', 'test', 'failed'),
  job(24, 'rspec 1/2', 'test', 'success'),
  job(23, 'test: [linux]', 'test', 'success'),
  job(22, 'test: [windows]', 'test', 'running'),
  job(21, 'lint', 'test', 'failed'),
  job(20, 'build', 'build', 'success'),
];

function latest(ref: string, id = 4711) {
  api.pool
    .intercept({ path: `${P}/pipelines/latest?ref=${encodeURIComponent(ref)}`, method: 'GET' })
    .reply(200, ...jsonReply(pipelineAnswer(id, 'failed', ref)));
}

function jobsOf(pipeline: number, path = P) {
  api.pool.intercept({ path: `${path}/pipelines/${pipeline}/jobs?per_page=100`, method: 'GET' }).reply(200, ...jsonReply(JOBS));
}

describe('a job name where an id is taken', () => {
  it('job trace <name> in a checkout: the job of that name in the latest pipeline of the branch checked out', async () => {
    api = mockApi();
    latest('feature/login');
    jobsOf(4711);
    api.pool.intercept({ path: `${P}/jobs/21`, method: 'GET' }).reply(200, ...jsonReply(job(21, 'lint', 'test', 'failed')));
    api.pool
      .intercept({ path: `${P}/jobs/21/trace`, method: 'GET' })
      .reply(200, 'offense\n', { headers: { 'content-type': 'text/plain' } });
    const r = await runCli(['job', 'trace', 'lint'], { transport: api.transport, cwd: checkout('feature/login') });
    expect([r.code, r.stdout, r.stderr]).toEqual([0, 'offense\n', '']);
  });

  it('job trace --job <name> reads the same; --ref names the branch', async () => {
    api = mockApi();
    latest('main');
    jobsOf(4711);
    api.pool.intercept({ path: `${P}/jobs/20`, method: 'GET' }).reply(200, ...jsonReply(job(20, 'build', 'build', 'success')));
    api.pool.intercept({ path: `${P}/jobs/20/trace`, method: 'GET' }).reply(200, 'built\n', { headers: { 'content-type': 'text/plain' } });
    const r = await runCli(['job', 'trace', '--job', 'build', '--ref', 'main', '-p', 'acme/platform/api'], { transport: api.transport });
    expect([r.code, r.stdout]).toEqual([0, 'built\n']);
  });

  it('job retry <name> --pipeline <id>: that pipeline, no latest read', async () => {
    api = mockApi();
    jobsOf(4700);
    const sent = recordRequests(api, 'POST', `${P}/jobs/21/retry`, 201, job(30, 'lint', 'test', 'pending'));
    const r = await runCli(['job', 'retry', 'lint', '--pipeline', '4700', '-p', 'acme/platform/api'], { transport: api.transport });
    expect([r.code, sent.length]).toEqual([0, 1]);
    expect(r.stderr).toBe('Retried job 21: new job 30 (lint), now pending\n');
  });

  it('inside a CI job, a name is looked for in its own pipeline (CI_PIPELINE_ID)', async () => {
    api = mockApi();
    jobsOf(901, '/api/v4/projects/7');
    api.pool
      .intercept({ path: '/api/v4/projects/7/jobs/20', method: 'GET' })
      .reply(200, ...jsonReply(job(20, 'build', 'build', 'success')));
    const env = { CI: 'true', CI_PROJECT_ID: '7', CI_PIPELINE_ID: '901', CI_COMMIT_REF_NAME: 'main' };
    const r = await runCli(['job', 'view', 'build', '-o', 'json', '--jq', '.id'], { transport: api.transport, env });
    expect([r.code, r.stdout]).toEqual([0, '20\n']);
  });

  it.each([
    ['rspec', 'rspec 1/2 (job 24, success), rspec 2/2 (job 25, failed)'],
    ['test', 'test: [windows] (job 22, running), test: [linux] (job 23, success)'],
  ])('several jobs named %s (parallel, matrix) are listed: exit 2', async (name, listed) => {
    api = mockApi();
    latest('main');
    jobsOf(4711);
    const r = await runCli(['job', 'view', name, '--ref', 'main', '-p', 'acme/platform/api'], { transport: api.transport });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `collab: 2 jobs are named "${name}" in pipeline 4711 (the latest on main): ${listed}\nhint: give the one you mean by its id\n`,
    );
  });

  it('none of that name: exit 1 naming the pipeline searched, and its jobs', async () => {
    api = mockApi();
    latest('main');
    jobsOf(4711);
    const r = await runCli(['job', 'play', 'deploy', '--ref', 'main', '-p', 'acme/platform/api'], { transport: api.transport });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'collab: no job named "deploy" in pipeline 4711 (the latest on main) of acme/platform/api\n' +
        'hint: its jobs: rspec 2/2, rspec 1/2, test: [linux], test: [windows], lint, build\n',
    );
  });

  it('a name with nothing to look in (no checkout, no --ref) is exit 2, nothing sent', async () => {
    api = mockApi();
    const r = await runCli(['job', 'cancel', 'lint', '-p', 'acme/platform/api'], { transport: api.transport });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('a job name needs a pipeline to look in: --ref <branch> or --pipeline <id|current>');
  });

  it('--ref beside a job id means nothing: exit 2, nothing sent', async () => {
    api = mockApi();
    const r = await runCli(['job', 'view', '12', '--ref', 'main', '-p', 'acme/platform/api'], { transport: api.transport });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--ref says where a job name is looked for');
  });

  it('job trace --failed --pipeline current: every failed log of the CI job own pipeline', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/projects/7/pipelines/901/jobs?scope%5B%5D=failed&per_page=100', method: 'GET' })
      .reply(200, ...jsonReply([job(25, 'rspec 2/2', 'test', 'failed')]));
    api.pool
      .intercept({ path: '/api/v4/projects/7/jobs/25/trace', method: 'GET' })
      .reply(200, 'boom', { headers: { 'content-type': 'text/plain' } });
    const env = { CI: 'true', CI_PROJECT_ID: '7', CI_PIPELINE_ID: '901' };
    const r = await runCli(['job', 'trace', '--failed', '--pipeline', 'current'], { transport: api.transport, env });
    expect([r.code, r.stdout]).toEqual([0, '==> rspec 2/2 (job 25, failed) <==\nboom\n']);
  });

  it('job artifacts <name> in a checkout: the by-ref download of the branch checked out', async () => {
    api = mockApi();
    const dir = checkout('feature/login');
    api.pool
      .intercept({ path: `${P}/jobs/artifacts/feature%2Flogin/download?job=build`, method: 'GET' })
      .reply(404, ...jsonReply({ message: '404 Not found' }));
    const r = await runCli(['job', 'artifacts', 'build', '--dest', `${dir}/a.zip`], { transport: api.transport, cwd: dir });
    expect(r.code).toBe(3);
  });
});
