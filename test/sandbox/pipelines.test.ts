/**
 * The GitLab flavour's pipelines API, as lib/api/ci/pipelines.rb and doc/api/pipelines.md of
 * gitlab-org/gitlab define it: the list and its filters, the latest pipeline of a ref (403 when
 * there is none), one pipeline, creation with `variables`, retry, cancel, delete, the metadata the
 * job token may set, a pipeline's variables and test report summary; Rack's weak ETag and 304 on
 * reads. Pipelines the sandbox creates or retries advance with its clock (a ManualClock here):
 * created → pending → running → success or failed, stage by stage. The spec flavour has no such API.
 */
import { describe, expect, it } from 'vitest';
import { ManualClock, scaledClock } from '../../src/sandbox/index.js';
import { PIPELINE_TIMING } from '../../src/sandbox/pipeline-runner.js';
import { ALICE, API_PROJECT, BOB, call, JOB, useSandbox } from './helpers.js';

const P = `/projects/${API_PROJECT}`;
const WEBSITE = '/projects/acme%2Fwebsite';
const { queueMs, pickupMs, jobMs } = PIPELINE_TIMING;
type Sb = Parameters<typeof call>[0];

const statusOf = async (sb: Sb, id: number) => (await call(sb, `${P}/pipelines/${id}`)).body.status as string;
const jobsOf = async (sb: Sb, id: number, query = '') =>
  ((await call(sb, `${P}/pipelines/${id}/jobs?per_page=100${query}`)).body as { id: number; name: string; status: string }[])
    .map((j) => `${j.name}:${j.status}`)
    .sort();

describe('GitLab flavour: the pipelines API', () => {
  const clock = new ManualClock();
  const gitlab = useSandbox({ flavor: 'gitlab', clock });
  const spec = useSandbox({ flavor: 'spec' });

  /** Moves the clock by each step in turn (a step's wait starts when the one before it ends). */
  async function step(...ms: number[]): Promise<void> {
    for (const m of ms) await clock.advance(m);
  }

  /** Runs a created pipeline to its end: each step of PIPELINE_TIMING, stage after stage. */
  async function runToEnd(id: number, stages: number): Promise<void> {
    await step(queueMs);
    for (let i = 0; i < stages; i++) await step(pickupMs, jobMs);
    expect(await statusOf(gitlab(), id)).not.toMatch(/^(created|pending|running)$/);
  }

  it('seeds pipelines on several branches: success, failed with the failing tests in its log, running, manual, canceled', async () => {
    const list = (await call(gitlab(), `${P}/pipelines?per_page=100`)).body as Record<string, any>[];
    const byRef = (ref: string) => list.filter((p) => p.ref === ref).map((p) => p.status);
    expect(byRef('fix/login-timeout')).toEqual(['failed']);
    expect(byRef('release/2.0')).toEqual(['running']);
    expect(byRef('docs/api-guide')).toEqual(['manual']);
    expect(byRef('spike/cache')).toEqual(['canceled']);
    expect(byRef('main')).toEqual(['canceled', 'manual', 'failed', 'success']);
    // Newest first, with the keys of Ci::PipelineBasicWithMetadata (name among them).
    expect(list.map((p) => p.id)).toEqual([...list.map((p) => p.id)].sort((a, b) => b - a));
    expect(Object.keys(list[0]).sort()).toEqual(
      ['id', 'iid', 'project_id', 'sha', 'ref', 'status', 'source', 'created_at', 'updated_at', 'web_url', 'name'].sort(),
    );
    const failed = list.find((p) => p.ref === 'fix/login-timeout');
    const jobs = (await call(gitlab(), `${P}/pipelines/${failed?.id}/jobs`)).body as Record<string, any>[];
    const test = jobs.find((j) => j.name === 'test');
    expect(test).toMatchObject({ status: 'failed', failure_reason: 'script_failure' });
    const log = (await call(gitlab(), `${P}/jobs/${test?.id}/trace`)).text;
    expect(log).toContain('✗ auth › refresh › renews a token that expires within 60 s');
    expect(log).toContain('ERROR: Job failed: exit code 1');
    // A manual job that may not fail blocks its pipeline: GitLab's composite status `manual`.
    const manual = list.find((p) => p.ref === 'docs/api-guide');
    const deploy = ((await call(gitlab(), `${P}/pipelines/${manual?.id}/jobs`)).body as Record<string, any>[]).find(
      (j) => j.name === 'deploy',
    );
    expect(deploy).toMatchObject({ status: 'manual', allow_failure: false });
  });

  it("filters by ref, status, source, sha, username, time and scope, orders and sorts, and refuses Grape's invalid values", async () => {
    const ids = async (query: string) =>
      ((await call(gitlab(), `${P}/pipelines?per_page=100&${query}`)).body as { id: number }[]).map((p) => p.id);
    const all = (await call(gitlab(), `${P}/pipelines?per_page=100`)).body as Record<string, any>[];
    const main = all.filter((p) => p.ref === 'main').map((p) => p.id);
    expect(await ids('ref=main')).toEqual(main);
    expect(await ids('ref=main&status=failed')).toHaveLength(1);
    expect(await ids('source=web')).toEqual(all.filter((p) => p.ref === 'release/2.0').map((p) => p.id));
    expect(await ids('source=merge_request_event')).toHaveLength(1);
    expect(await ids(`sha=${all[0].sha}`)).toContain(all[0].id);
    expect(await ids('username=carol')).toEqual(all.filter((p) => p.ref === 'fix/login-timeout').map((p) => p.id));
    expect(await ids('username=nobody')).toEqual([]);
    expect(await ids('updated_after=2026-10-29T00:00:00Z')).toEqual(all.filter((p) => p.updated_at > '2026-10-29').map((p) => p.id));
    expect(await ids('updated_before=2026-10-21T00:00:00Z')).toEqual([1]);
    expect(await ids('scope=finished&ref=feature%2Fx')).toEqual([3]);
    expect(await ids('scope=tags')).toEqual([7]);
    expect(await ids('scope=branches&ref=main')).toEqual([Math.max(...main)]);
    expect(await ids('sort=asc&ref=main')).toEqual([...main].reverse());
    const refs = ((await call(gitlab(), `${P}/pipelines?per_page=100&order_by=ref&sort=asc`)).body as { ref: string }[]).map((p) => p.ref);
    expect(refs).toEqual([...refs].sort());
    // Every status and source GitLab's list takes (lib/api/ci/pipelines.rb: `values:
    // ::Ci::HasStatus::AVAILABLE_STATUSES`, `values: ::Ci::Pipeline.sources.keys`), those no seeded
    // pipeline has too: an empty list, not a 400.
    for (const query of ['status=waiting_for_callback', 'status=canceling', 'source=webide', 'source=pipeline_execution_policy_schedule'])
      expect((await call(gitlab(), `${P}/pipelines?${query}`)).status, query).toBe(200);
    for (const [query, name] of [
      ['status=done', 'status'],
      ['scope=mine', 'scope'],
      ['order_by=name', 'order_by'],
      ['source=cron', 'source'],
    ]) {
      const res = await call(gitlab(), `${P}/pipelines?${query}`);
      expect([res.status, res.body]).toEqual([400, { error: `${name} does not have a valid value` }]);
    }
    expect((await call(gitlab(), `${P}/pipelines?updated_after=yesterday`)).body).toEqual({ error: 'updated_after is invalid' });
    const paged = await call(gitlab(), `${P}/pipelines?per_page=2`);
    expect([paged.body.length, paged.headers.get('x-total'), paged.headers.get('x-next-page')]).toEqual([2, String(all.length), '2']);
  });

  it('answers the latest pipeline of a ref (the default branch without one), 403 for a ref without any, and one pipeline', async () => {
    const latest = await call(gitlab(), `${P}/pipelines/latest`);
    expect(latest.body).toMatchObject({ id: 6, ref: 'main', status: 'canceled', name: null, before_sha: expect.any(String) });
    expect((await call(gitlab(), `${P}/pipelines/latest?ref=feature%2Fx`)).body).toMatchObject({ id: 4, status: 'running' });
    // lib/api/ci/pipelines.rb: `authorize! :read_pipeline, latest_pipeline` with no pipeline.
    expect(await call(gitlab(), `${P}/pipelines/latest?ref=no-such-branch`)).toMatchObject({
      status: 403,
      body: { message: '403 Forbidden' },
    });
    const one = await call(gitlab(), `${P}/pipelines/1`);
    expect(one.body).toMatchObject({ id: 1, status: 'success', detailed_status: { text: 'passed', group: 'success' } });
    expect(await call(gitlab(), `${P}/pipelines/99999`)).toMatchObject({ status: 404, body: { message: '404 Not found' } });
    expect(await call(gitlab(), `${P}/pipelines/abc`)).toMatchObject({ status: 400, body: { error: 'pipeline_id is invalid' } });
    // Reporters read them; a non-member of the private project finds no project.
    expect((await call(gitlab(), `${WEBSITE}/pipelines`, { token: BOB })).status).toBe(200);
    expect((await call(gitlab(), `${WEBSITE}/pipelines`, { token: null })).status).toBe(200);
    expect(await call(gitlab(), `${P}/pipelines`, { token: BOB })).toMatchObject({
      status: 404,
      body: { message: '404 Project Not Found' },
    });
  });

  it("sends Rack's weak ETag on reads and an empty 304 to If-None-Match while nothing changed", async () => {
    const first = await call(gitlab(), `${P}/pipelines/4`);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/"[0-9a-f]{32}"$/);
    const again = await call(gitlab(), `${P}/pipelines/4`, { headers: { 'If-None-Match': etag } });
    expect([again.status, again.text, again.headers.get('etag')]).toEqual([304, '', etag]);
    const list = await call(gitlab(), `${P}/pipelines?ref=main`);
    expect((await call(gitlab(), `${P}/pipelines?ref=main`, { headers: { 'If-None-Match': list.headers.get('etag') ?? '' } })).status).toBe(
      304,
    );
    // Another object, another tag.
    expect((await call(gitlab(), `${P}/pipelines/3`, { headers: { 'If-None-Match': etag } })).status).toBe(200);
  });

  it('creates a pipeline with variables that advances with the clock, stage by stage, to success', async () => {
    const res = await call(gitlab(), `${P}/pipeline`, {
      token: ALICE,
      json: {
        ref: 'main',
        variables: [
          { key: 'GREETING', value: 'hello' },
          { key: 'CONFIG', value: 'a: 1\n', variable_type: 'file' },
        ],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      ref: 'main',
      status: 'created',
      source: 'api',
      user: { username: 'alice' },
      started_at: null,
      duration: null,
    });
    expect(res.body).not.toHaveProperty('name');
    const id = res.body.id as number;
    expect(await jobsOf(gitlab(), id)).toEqual([
      'build:created',
      'deploy:created',
      'lint:created',
      'package:created',
      'pages:created',
      'test:created',
    ]);
    await clock.advance(queueMs);
    expect(await statusOf(gitlab(), id)).toBe('pending');
    expect(await jobsOf(gitlab(), id)).toContain('build:pending');
    await clock.advance(pickupMs);
    expect(await statusOf(gitlab(), id)).toBe('running');
    expect(await jobsOf(gitlab(), id)).toEqual([
      'build:running',
      'deploy:created',
      'lint:created',
      'package:created',
      'pages:created',
      'test:created',
    ]);
    await clock.advance(jobMs);
    expect(await jobsOf(gitlab(), id)).toEqual([
      'build:success',
      'deploy:created',
      'lint:pending',
      'package:created',
      'pages:created',
      'test:pending',
    ]);
    await clock.advance(pickupMs);
    expect(await jobsOf(gitlab(), id)).toContain('test:running');
    await clock.advance(jobMs);
    await step(pickupMs, jobMs); // package
    await step(pickupMs, jobMs); // deploy: pages runs, the manual deploy waits
    expect(await jobsOf(gitlab(), id)).toEqual([
      'build:success',
      'deploy:manual',
      'lint:success',
      'package:success',
      'pages:success',
      'test:success',
    ]);
    // `when: manual` from `rules:` may not fail (doc/ci/yaml: allow_failure defaults to false for manual jobs that
    // use rules): it blocks the pipeline (lib/gitlab/ci/status/composite.rb) until someone plays it.
    expect(await statusOf(gitlab(), id)).toBe('manual');
    const deploy = ((await call(gitlab(), `${P}/pipelines/${id}/jobs`)).body as { id: number; name: string }[]).find(
      (j) => j.name === 'deploy',
    );
    expect((await call(gitlab(), `${P}/jobs/${deploy?.id}`)).body.allow_failure).toBe(false);
    expect((await call(gitlab(), `${P}/jobs/${deploy?.id}/play`, { method: 'POST' })).body.status).toBe('pending');
    await step(pickupMs, jobMs);
    const done = (await call(gitlab(), `${P}/pipelines/${id}`)).body;
    expect(done).toMatchObject({ status: 'success', duration: expect.any(Number), finished_at: expect.any(String) });
    expect((await call(gitlab(), `${P}/pipelines/${id}/variables`)).body).toEqual([
      { variable_type: 'env_var', key: 'GREETING', value: 'hello' },
      { variable_type: 'file', key: 'CONFIG', value: 'a: 1\n' },
    ]);
    // Its build now serves main's artifacts by ref, as the latest successful pipeline's.
    const zip = await call(gitlab(), `${P}/jobs/artifacts/main/download?job=build`);
    expect([zip.status, zip.headers.get('content-type')]).toEqual([200, 'application/zip']);
    expect((await call(gitlab(), `${P}/pipelines/${id}/test_report_summary`)).body.total).toMatchObject({ count: 236, failed: 0 });
  });

  it("takes Rack's `variables[][key]` form fields, and runs the release job only for a tag", async () => {
    const form = new URLSearchParams([
      ['ref', 'v0.9'],
      ['variables[][key]', 'A'],
      ['variables[][value]', '1'],
      ['variables[][key]', 'B'],
      ['variables[][value]', '2'],
      ['variables[][variable_type]', 'file'],
    ]);
    // Grape's `requires :ref`.
    expect(await call(gitlab(), `${P}/pipeline`, { json: {} })).toMatchObject({ status: 400, body: { error: 'ref is missing' } });
    const created = await fetch(`${gitlab().url}/api/v4${P}/pipeline`, {
      method: 'POST',
      headers: { 'PRIVATE-TOKEN': ALICE, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    const pipeline = (await created.json()) as { id: number; ref: string };
    expect([created.status, pipeline.ref]).toEqual([201, 'v0.9']);
    expect((await call(gitlab(), `${P}/pipelines/${pipeline.id}/variables`)).body).toEqual([
      { variable_type: 'env_var', key: 'A', value: '1' },
      { variable_type: 'file', key: 'B', value: '2' },
    ]);
    expect(await jobsOf(gitlab(), pipeline.id)).toEqual([
      'build:created',
      'lint:created',
      'package:created',
      'release:created',
      'test:created',
    ]);
    await runToEnd(pipeline.id, 4);
  });

  it('refuses what GitLab refuses: no config, an unknown ref, a bad variable, a reporter, the job token', async () => {
    const post = (path: string, body: unknown, token?: string | null) => call(gitlab(), path, { json: body, token });
    expect(await post(`${P}/pipeline`, { ref: 'no-such-branch' })).toMatchObject({
      status: 400,
      body: { message: { base: ['Reference not found'] } },
    });
    expect(await post('/projects/acme%2Fplatform%2Fdocs/pipeline', { ref: 'main' })).toMatchObject({
      status: 400,
      body: { message: { base: ['Missing CI config file'] } },
    });
    expect((await post(`${P}/pipeline`, { ref: 'main', variables: [{ key: 'A', variable_type: 'secret' }] })).body).toEqual({
      error: 'variables[0][variable_type] does not have a valid value',
    });
    expect((await post(`${P}/pipeline`, { ref: 'main', variables: { A: '1' } })).body).toEqual({ error: 'variables is invalid' });
    expect(await post(`${WEBSITE}/pipeline`, { ref: 'main' }, BOB)).toMatchObject({ status: 403, body: { message: '403 Forbidden' } });
    // lib/api/ci/pipelines.rb: the job token is taken on a pipeline's jobs and metadata, not on these.
    const jobToken = { 'JOB-TOKEN': JOB };
    expect((await call(gitlab(), `${P}/pipelines`, { token: null, headers: jobToken })).status).toBe(401);
    expect((await call(gitlab(), `${P}/pipelines/1`, { token: null, headers: jobToken })).status).toBe(401);
    expect((await call(gitlab(), `${P}/pipeline`, { token: null, headers: jobToken, json: { ref: 'main' } })).status).toBe(401);
    const named = await call(gitlab(), `${P}/pipelines/1/metadata`, {
      method: 'PUT',
      token: null,
      headers: jobToken,
      json: { name: 'Nightly' },
    });
    expect(named).toMatchObject({ status: 200, body: { id: 1, name: 'Nightly' } });
    expect((await call(gitlab(), `${P}/pipelines/1/metadata`, { method: 'PUT', json: {} })).body).toEqual({ error: 'name is missing' });
  });

  it('fails the job SANDBOX_FAIL names, skips the stages after it, and reports the failed tests', async () => {
    const res = await call(gitlab(), `${P}/pipeline`, { json: { ref: 'feature/x', variables: [{ key: 'SANDBOX_FAIL', value: 'test' }] } });
    const id = res.body.id as number;
    await runToEnd(id, 2);
    expect(await statusOf(gitlab(), id)).toBe('failed');
    expect(await jobsOf(gitlab(), id)).toEqual(['build:success', 'lint:success', 'package:skipped', 'test:failed']);
    const jobs = (await call(gitlab(), `${P}/pipelines/${id}/jobs`)).body as { id: number; name: string }[];
    const log = (await call(gitlab(), `${P}/jobs/${jobs.find((j) => j.name === 'test')?.id}/trace`)).text;
    expect(log).toMatch(/SANDBOX_FAIL names job "test": failing on purpose\n.*ERROR: Job failed: exit code 1/);
    const summary = (await call(gitlab(), `${P}/pipelines/${id}/test_report_summary`)).body;
    expect(summary.total).toEqual({ time: 10, count: 236, success: 234, failed: 2, skipped: 0, error: 0, suite_error: null });
    expect(summary.test_suites.map((s: Record<string, unknown>) => [s.name, s.failed_count])).toEqual([
      ['test', 2],
      ['lint', 0],
    ]);
    // A retry fails it again: SANDBOX_FAIL names it on every run.
    expect((await call(gitlab(), `${P}/pipelines/${id}/retry`, { method: 'POST' })).body.status).toBe('pending');
    await step(queueMs, pickupMs, jobMs);
    await step(pickupMs, jobMs);
    expect(await statusOf(gitlab(), id)).toBe('failed');
  });

  it('retries the failed jobs of a pipeline (SANDBOX_FLAKY fails only the first run), hiding the ones it replaced', async () => {
    const res = await call(gitlab(), `${P}/pipeline`, { json: { ref: 'feature/x', variables: [{ key: 'SANDBOX_FLAKY', value: 'lint' }] } });
    const id = res.body.id as number;
    await runToEnd(id, 2);
    expect(await jobsOf(gitlab(), id)).toEqual(['build:success', 'lint:failed', 'package:skipped', 'test:success']);
    const retried = await call(gitlab(), `${P}/pipelines/${id}/retry`, { method: 'POST', token: ALICE });
    expect([retried.status, retried.body.status]).toEqual([201, 'pending']);
    expect(await jobsOf(gitlab(), id)).toEqual(['build:success', 'lint:created', 'package:created', 'test:success']);
    expect(await jobsOf(gitlab(), id, '&include_retried=true')).toEqual([
      'build:success',
      'lint:created',
      'lint:failed',
      'package:created',
      'test:success',
    ]);
    await step(queueMs, pickupMs);
    expect(await statusOf(gitlab(), id)).toBe('running');
    await clock.advance(jobMs);
    await step(pickupMs, jobMs);
    expect(await statusOf(gitlab(), id)).toBe('success');
    // Nothing to retry: no effect (doc/api/pipelines.md), still 201.
    expect((await call(gitlab(), `${P}/pipelines/${id}/retry`, { method: 'POST' })).body.status).toBe('success');
  });

  it('runs a job retried on its own, and the jobs it skipped, to the end of the pipeline', async () => {
    const failed = ((await call(gitlab(), `${P}/pipelines?ref=fix%2Flogin-timeout`)).body as { id: number }[])[0].id;
    const test = ((await call(gitlab(), `${P}/pipelines/${failed}/jobs`)).body as { id: number; name: string }[]).find(
      (j) => j.name === 'test',
    );
    const retried = await call(gitlab(), `${P}/jobs/${test?.id}/retry`, { method: 'POST' });
    expect([retried.status, retried.body.status]).toEqual([201, 'pending']);
    expect(await jobsOf(gitlab(), failed)).toEqual(['build:success', 'lint:success', 'package:created', 'test:pending']);
    await step(queueMs, pickupMs);
    expect(await jobsOf(gitlab(), failed)).toContain('test:running');
    await step(jobMs, pickupMs, jobMs);
    expect(await jobsOf(gitlab(), failed)).toEqual(['build:success', 'lint:success', 'package:success', 'test:success']);
    expect(await statusOf(gitlab(), failed)).toBe('success');
  });

  it('cancels a pipeline: its running jobs are canceling until the runner stops them, the rest canceled; it runs no further', async () => {
    const id = (await call(gitlab(), `${P}/pipeline`, { json: { ref: 'feature/x' } })).body.id as number;
    await step(queueMs, pickupMs);
    expect(await jobsOf(gitlab(), id)).toContain('build:running');
    const canceled = await call(gitlab(), `${P}/pipelines/${id}/cancel`, { method: 'POST' });
    expect([canceled.status, canceled.body.status]).toEqual([200, 'canceling']);
    await clock.advance(3_000);
    expect(await statusOf(gitlab(), id)).toBe('canceled');
    await step(pickupMs, jobMs);
    expect(await jobsOf(gitlab(), id)).toEqual(['build:canceled', 'lint:canceled', 'package:canceled', 'test:canceled']);
    // A finished pipeline: 200 all the same (issue 414963).
    expect((await call(gitlab(), `${P}/pipelines/1/cancel`, { method: 'POST' })).body.status).toBe('success');
  });

  it("deletes a pipeline and its jobs (the owner's right), 403 for a maintainer", async () => {
    const id = (await call(gitlab(), `${P}/pipeline`, { json: { ref: 'feature/x' } })).body.id as number;
    const carol = 'sandbox-impersonation-carol';
    expect(await call(gitlab(), `${P}/pipelines/${id}`, { method: 'DELETE', token: carol })).toMatchObject({ status: 403 });
    expect((await call(gitlab(), `${P}/pipelines/${id}`, { method: 'DELETE', token: ALICE })).status).toBe(204);
    expect((await call(gitlab(), `${P}/pipelines/${id}`)).status).toBe(404);
    expect((await call(gitlab(), `${P}/pipelines/${id}/jobs`)).status).toBe(404);
    await step(queueMs, pickupMs, jobMs);
    expect(((await call(gitlab(), `${P}/pipelines?per_page=100`)).body as { id: number }[]).some((p) => p.id === id)).toBe(false);
  });

  it('has no pipelines API in the spec flavour', async () => {
    for (const [method, path] of [
      ['GET', `${P}/pipelines`],
      ['GET', `${P}/pipelines/latest`],
      ['GET', `${P}/pipelines/1`],
      ['POST', `${P}/pipeline`],
      ['GET', `${P}/pipelines/1/test_report_summary`],
      ['POST', `${P}/ci/lint`],
    ])
      expect(await call(spec(), path, { method, json: method === 'POST' ? { ref: 'main' } : undefined })).toMatchObject({
        status: 404,
        body: { error: '404 Not Found' },
      });
  });
});

describe('a pipeline under `collab sandbox --time-scale 0` (scaledClock(0))', () => {
  const instant = useSandbox({ flavor: 'gitlab', clock: scaledClock(0) });

  it('has ended by the next request, failed where SANDBOX_FAIL says', async () => {
    const ok = await call(instant(), `${P}/pipeline`, { json: { ref: 'feature/x' } });
    const bad = await call(instant(), `${P}/pipeline`, { json: { ref: 'main', variables: [{ key: 'SANDBOX_FAIL', value: 'build' }] } });
    expect([ok.body.status, bad.body.status]).toEqual(['created', 'created']);
    expect((await call(instant(), `${P}/pipelines/${ok.body.id}`)).body.status).toBe('success');
    expect((await call(instant(), `${P}/pipelines/${bad.body.id}`)).body.status).toBe('failed');
  });
});
