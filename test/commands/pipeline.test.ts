/**
 * The `pipeline` noun in-process, against answers as GitLab's source writes them: lib/api/ci/
 * pipelines.rb (routes), lib/api/entities/ci/pipeline*.rb (PipelineBasicWithMetadata in lists,
 * PipelineWithMetadata for one), doc/api/pipelines.md ("Get the latest pipeline": 403 when the
 * ref has none), app/serializers/test_report_summary_entity.rb, lib/api/entities/ci/lint/result.rb.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gitRepo } from '../helpers/git.js';
import { headerOf, jsonReply, mockApi, recordRequests, runCli, TEST_HOST } from '../helpers/harness.js';
import { tempDirsPerTest } from '../helpers/temp.js';
import { job, pipelineAnswer } from './pipeline-fixtures.js';

const P = '/api/v4/projects/acme%2Fplatform%2Fapi';
const newDir = tempDirsPerTest('collab-pipeline-');

let api: ReturnType<typeof mockApi>;
afterEach(() => api?.done());

/** A checkout of acme/platform/api on `branch` (its remote on the test host). */
const checkout = (branch: string) => gitRepo(newDir(), { origin: `${TEST_HOST}/acme/platform/api.git` }, branch);

describe('pipeline list', () => {
  it('in a checkout lists the pipelines of the branch checked out, newest first, tsv when piped', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: `${P}/pipelines?ref=feature%2Flogin`, method: 'GET' })
      .reply(200, ...jsonReply([pipelineAnswer(4712, 'running', 'feature/login'), pipelineAnswer(4711, 'failed', 'feature/login')]));
    const r = await runCli(['pipeline', 'list'], { transport: api.transport, cwd: checkout('feature/login') });
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toBe(
      '4712\trunning\tfeature/login\ta91957a8\tpush\t2026-11-25T11:50:00.000Z\n4711\tfailed\tfeature/login\ta91957a8\tpush\t2026-11-25T11:50:00.000Z\n',
    );
  });

  it('-p names another project: every ref, and the filters GitLab takes', async () => {
    api = mockApi();
    api.pool
      .intercept({
        path: `/api/v4/projects/acme%2Fweb/pipelines?status=failed&source=schedule&username=alice&updated_after=2026-11-01T00%3A00%3A00Z`,
        method: 'GET',
      })
      .reply(200, ...jsonReply([]));
    const r = await runCli(
      [
        'ci',
        'list',
        '-p',
        'acme/web',
        '--status',
        'failed',
        '--source',
        'schedule',
        '--username',
        'alice',
        '--updated-after',
        '2026-11-01T00:00:00Z',
      ],
      { transport: api.transport, cwd: checkout('feature/login') },
    );
    expect(r.code).toBe(0);
  });

  it("-p naming the checkout's own project keeps the branch checked out", async () => {
    api = mockApi();
    api.pool.intercept({ path: `${P}/pipelines?ref=feature%2Flogin`, method: 'GET' }).reply(200, ...jsonReply([]));
    const r = await runCli(['pipeline', 'list', '-p', 'acme/platform/api'], { transport: api.transport, cwd: checkout('feature/login') });
    expect(r.code).toBe(0);
  });

  it('--all-refs in a checkout; --branch is --ref', async () => {
    api = mockApi();
    api.pool.intercept({ path: `${P}/pipelines`, method: 'GET' }).reply(200, ...jsonReply([]));
    api.pool.intercept({ path: `${P}/pipelines?ref=main`, method: 'GET' }).reply(200, ...jsonReply([]));
    const cwd = checkout('feature/login');
    expect((await runCli(['pipelines', 'list', '--all-refs'], { transport: api.transport, cwd })).code).toBe(0);
    expect((await runCli(['pipeline', 'ls', '--branch', 'main'], { transport: api.transport, cwd })).code).toBe(0);
  });

  it("takes GitLab 17's statuses, the same list as job list --scope (Ci::HasStatus::AVAILABLE_STATUSES)", async () => {
    // lib/api/ci/pipelines.rb: `optional :status, values: ::Ci::HasStatus::AVAILABLE_STATUSES`, which
    // has waiting_for_callback and canceling since GitLab 17 (app/models/concerns/ci/has_status.rb).
    api = mockApi();
    for (const status of ['waiting_for_callback', 'canceling'])
      api.pool.intercept({ path: `${P}/pipelines?status=${status}`, method: 'GET' }).reply(200, ...jsonReply([]));
    for (const status of ['waiting_for_callback', 'canceling']) {
      const r = await runCli(['pipeline', 'list', '-p', 'acme/platform/api', '--all-refs', '--status', status], {
        transport: api.transport,
      });
      expect([r.code, r.stderr]).toEqual([0, '']);
    }
  });

  it('a status GitLab does not have is exit 2, nothing sent', async () => {
    api = mockApi();
    const r = await runCli(['pipeline', 'list', '-p', 'acme/platform/api', '--status', 'green'], { transport: api.transport });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('invalid value for --status: "green"');
  });

  it('a server that follows the spec has no pipelines API: said once, exit 1', async () => {
    api = mockApi();
    api.pool.intercept({ path: `${P}/pipelines`, method: 'GET' }).reply(404, ...jsonReply({ message: '404 Not Found' }));
    const r = await runCli(['pipeline', 'list', '-p', 'acme/platform/api'], { transport: api.transport, env: { COLLAB_FLAVOR: 'spec' } });
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n').filter((l) => l.includes('no pipelines API'))).toEqual([
      'collab: this server has no pipelines API: it follows the spec, whose endpoints do not include GitLab pipelines',
    ]);
  });

  it('on GitLab a 404 stays what it says (no such project)', async () => {
    api = mockApi();
    api.pool.intercept({ path: `${P}/pipelines`, method: 'GET' }).reply(404, ...jsonReply({ message: '404 Project Not Found' }));
    const r = await runCli(['pipeline', 'list', '-p', 'acme/platform/api'], { transport: api.transport, env: { COLLAB_FLAVOR: 'gitlab' } });
    expect([r.code, r.stderr.split('\n')[0]]).toEqual([1, 'collab: 404 Project Not Found']);
  });
});

describe('pipeline view', () => {
  const jobs = [
    job(16, 'deploy', 'deploy', 'skipped'),
    job(15, 'rspec 2/2', 'test', 'failed', { failure_reason: 'script_failure' }),
    job(14, 'rspec 1/2', 'test', 'success'),
    job(13, 'lint', 'test', 'failed', { allow_failure: true }),
    job(12, 'compile', 'build', 'success', { duration: 75 }),
  ];

  it('without an id: the latest pipeline of the branch checked out; piped, its fields', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: `${P}/pipelines/latest?ref=feature%2Flogin`, method: 'GET' })
      .reply(200, ...jsonReply(pipelineAnswer(4711, 'failed', 'feature/login')));
    const r = await runCli(['pipeline', 'view'], { transport: api.transport, cwd: checkout('feature/login') });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^id\t4711\n/);
    expect(r.stdout).toContain('\nstatus\tfailed\n');
    expect(r.stdout).toContain('\nref\tfeature/login\n');
  });

  it('on a terminal: a card, and the jobs grouped by stage in stage order (not by name or id), failed ones marked', async () => {
    api = mockApi();
    api.pool.intercept({ path: `${P}/pipelines/4711`, method: 'GET' }).reply(200, ...jsonReply(pipelineAnswer(4711, 'failed')));
    api.pool.intercept({ path: `${P}/pipelines/4711/jobs?per_page=100`, method: 'GET' }).reply(200, ...jsonReply(jobs));
    const r = await runCli(['pipeline', 'view', '4711', '-p', 'acme/platform/api'], { transport: api.transport, tty: true, columns: 100 });
    expect(r.code).toBe(0);
    const out = r.stdout;
    expect(out).toMatch(/^Pipeline 4711 #4711\nfailed · by push · alice started it /);
    expect(out).toContain('Ref       main\nCommit    a91957a8\nDuration  1m 05s (queued 5s)\n');
    const section = out.slice(out.indexOf('Jobs\n'));
    expect(section.split('\n').slice(0, 9)).toEqual([
      'Jobs',
      '  build',
      '    ✓ compile    success  1m 15s  job 12',
      '  test',
      '    ! lint       failed (allowed to fail)  13s  job 13',
      '    ✓ rspec 1/2  success  13s  job 14',
      '    ✗ rspec 2/2  failed  13s  job 15',
      '  deploy',
      '    – deploy     skipped  13s  job 16',
    ]);
  });

  it('a ref without a pipeline: GitLab answers 403, said as that (exit 1)', async () => {
    api = mockApi();
    api.pool.intercept({ path: `${P}/pipelines/latest?ref=docs`, method: 'GET' }).reply(403, ...jsonReply({ message: '403 Forbidden' }));
    const r = await runCli(['pipeline', 'view', '--ref', 'docs', '-p', 'acme/platform/api'], { transport: api.transport });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'collab: no pipeline on docs in acme/platform/api (GitLab answers 403 for a ref without one, or pipelines you may not read)\n' +
        'hint: collab pipeline run --ref docs starts one\n',
    );
  });

  it('inside a CI job, current is CI_PIPELINE_ID; outside, current is exit 2', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/projects/7/pipelines/901', method: 'GET' })
      .reply(200, ...jsonReply(pipelineAnswer(901, 'running')));
    const ci = { CI: 'true', CI_PROJECT_ID: '7', CI_PIPELINE_ID: '901' };
    const r = await runCli(['pipeline', 'view', 'current', '-o', 'json', '--jq', '.id'], { transport: api.transport, env: ci });
    expect([r.code, r.stdout]).toEqual([0, '901\n']);
    const outside = await runCli(['pipeline', 'view', 'current', '-p', '7'], { transport: api.transport });
    expect(outside.stderr.split('\n')[1]).toBe('hint: outside CI give the pipeline id in its place');
    expect([outside.code, outside.stderr.split('\n')[0]]).toEqual([2, 'collab: current needs a CI job: CI_PIPELINE_ID is not set']);
  });

  it('its web URL names the project too; --web prints the URL when piped', async () => {
    api = mockApi();
    api.pool.intercept({ path: `${P}/pipelines/4711`, method: 'GET' }).reply(200, ...jsonReply(pipelineAnswer(4711, 'success')));
    const r = await runCli(['pipeline', 'view', `${TEST_HOST}/acme/platform/api/-/pipelines/4711`, '--web'], { transport: api.transport });
    expect([r.code, r.stdout]).toEqual([0, `${TEST_HOST}/acme/platform/api/-/pipelines/4711\n`]);
  });

  it('--log-failed: the log of every failed job, each headed by its name and id', async () => {
    api = mockApi();
    api.pool.intercept({ path: `${P}/pipelines/4711`, method: 'GET' }).reply(200, ...jsonReply(pipelineAnswer(4711, 'failed')));
    api.pool
      .intercept({ path: `${P}/pipelines/4711/jobs?scope%5B%5D=failed&per_page=100`, method: 'GET' })
      .reply(200, ...jsonReply([jobs[1], jobs[3]]));
    api.pool
      .intercept({ path: `${P}/jobs/13/trace`, method: 'GET' })
      .reply(200, 'rubocop: 2 offenses', { headers: { 'content-type': 'text/plain' } });
    api.pool
      .intercept({ path: `${P}/jobs/15/trace`, method: 'GET' })
      .reply(200, 'Failures:\n  1) login times out\n', { headers: { 'content-type': 'text/plain' } });
    const r = await runCli(['pipeline', 'view', '4711', '-p', 'acme/platform/api', '--log-failed'], { transport: api.transport });
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toBe(
      '==> lint (job 13, failed, allowed to fail) <==\nrubocop: 2 offenses\n\n==> rspec 2/2 (job 15, failed) <==\nFailures:\n  1) login times out\n',
    );
  });
});

describe('pipeline run', () => {
  it('POST /projects/:id/pipeline with the variables array GitLab expects, as JSON; the new pipeline printed', async () => {
    api = mockApi();
    const sent = recordRequests(api, 'POST', `${P}/pipeline`, 201, pipelineAnswer(4800, 'created', 'main'));
    const dir = newDir();
    fs.writeFileSync(path.join(dir, 'vars.env'), '# deploy\nDEPLOY_ENV=staging\nexport TOKEN=a=b\n');
    const r = await runCli(
      [
        'pipeline',
        'run',
        '-p',
        'acme/platform/api',
        '--ref',
        'main',
        '--variables-file',
        'vars.env',
        '--variable',
        'DEPLOY_ENV=prod',
        '--variable',
        'EMPTY=',
      ],
      { transport: api.transport, cwd: dir },
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(sent[0]!.body)).toEqual({
      ref: 'main',
      variables: [
        { key: 'DEPLOY_ENV', value: 'prod', variable_type: 'env_var' },
        { key: 'TOKEN', value: 'a=b', variable_type: 'env_var' },
        { key: 'EMPTY', value: '', variable_type: 'env_var' },
      ],
    });
    expect(headerOf(sent[0]!, 'content-type')).toBe('application/json');
    expect(r.stdout).toBe(`4800\tcreated\tmain\t${TEST_HOST}/acme/platform/api/-/pipelines/4800\n`);
    expect(r.stderr).toBe(`Started pipeline 4800 on main: ${TEST_HOST}/acme/platform/api/-/pipelines/4800\n`);
  });

  it('a JSON variables file keeps file variables; in a checkout --ref is the branch checked out', async () => {
    api = mockApi();
    const sent = recordRequests(api, 'POST', `${P}/pipeline`, 201, pipelineAnswer(4801, 'created', 'feature/login'));
    const cwd = checkout('feature/login');
    fs.writeFileSync(path.join(cwd, 'v.json'), JSON.stringify([{ key: 'KUBECONFIG', value: 'apiVersion: v1', variable_type: 'file' }]));
    const r = await runCli(['pipeline', 'run', '--variables-file', 'v.json'], { transport: api.transport, cwd, tty: true });
    expect(r.code).toBe(0);
    expect(JSON.parse(sent[0]!.body)).toEqual({
      ref: 'feature/login',
      variables: [{ key: 'KUBECONFIG', value: 'apiVersion: v1', variable_type: 'file' }],
    });
    expect([r.stdout, r.stderr]).toEqual([
      '',
      `✓ Started pipeline 4801 on feature/login: ${TEST_HOST}/acme/platform/api/-/pipelines/4801\n`,
    ]);
  });

  it.each([
    [['--variable', 'NOEQUALS'], 'invalid value for --variable: "NOEQUALS" is not KEY=VALUE'],
    [['--variable', 'BAD-KEY=1'], 'invalid value for --variable: "BAD-KEY" is no variable name GitLab takes'],
    [['--variables-file', '/nonexistent/vars'], 'cannot read --variables-file file'],
    [[], 'missing required flag --ref'],
  ])('bad input %j is exit 2, nothing sent', async (extra, said) => {
    api = mockApi();
    const r = await runCli(['pipeline', 'run', '-p', 'acme/platform/api', ...(extra.length ? ['--ref', 'main'] : []), ...extra], {
      transport: api.transport,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(said);
  });
});

describe('pipeline retry, cancel, delete', () => {
  it('retry and cancel print the pipeline as one row, and say what it is now', async () => {
    api = mockApi();
    recordRequests(api, 'POST', `${P}/pipelines/4711/retry`, 201, pipelineAnswer(4711, 'pending'));
    recordRequests(api, 'POST', `${P}/pipelines/4711/cancel`, 200, pipelineAnswer(4711, 'canceled'));
    const retried = await runCli(['pipeline', 'retry', '4711', '-p', 'acme/platform/api'], { transport: api.transport });
    expect([retried.code, retried.stdout]).toEqual([0, `4711\tpending\tmain\t${TEST_HOST}/acme/platform/api/-/pipelines/4711\n`]);
    expect(retried.stderr).toBe('Retried the failed jobs of pipeline 4711: now pending\n');
    const canceled = await runCli(['pipeline', 'cancel', '4711', '-p', 'acme/platform/api'], { transport: api.transport, tty: true });
    expect([canceled.code, canceled.stderr]).toEqual([0, '✓ Canceled pipeline 4711: now canceled\n']);
  });

  it('cancel of a pipeline that had ended: GitLab answers 200 with it unchanged (doc/api/pipelines.md), said as nothing to cancel', async () => {
    api = mockApi();
    recordRequests(api, 'POST', `${P}/pipelines/4711/cancel`, 200, pipelineAnswer(4711, 'success'));
    const r = await runCli(['pipeline', 'cancel', '4711', '-p', 'acme/platform/api'], { transport: api.transport });
    expect([r.code, r.stderr]).toEqual([0, 'Pipeline 4711 had ended (success): nothing to cancel\n']);
  });

  it('delete is irreversible: --yes off a terminal, else exit 2 and nothing sent', async () => {
    api = mockApi();
    const refused = await runCli(['pipeline', 'delete', '4711', '-p', 'acme/platform/api'], { transport: api.transport });
    expect(refused.code).toBe(2);
    const sent = recordRequests(api, 'DELETE', `${P}/pipelines/4711`, 204);
    const r = await runCli(['pipeline', 'delete', '4711', '-p', 'acme/platform/api', '--yes'], { transport: api.transport });
    expect([r.code, r.stderr, sent.length]).toEqual([0, 'Deleted pipeline 4711 in acme/platform/api\n', 1]);
  });
});

describe('pipeline report', () => {
  it('the totals, then each suite that failed with the jobs that ran it', async () => {
    api = mockApi();
    api.pool.intercept({ path: `${P}/pipelines/4711/test_report_summary`, method: 'GET' }).reply(
      200,
      ...jsonReply({
        total: { time: 1904, count: 3363, success: 3349, failed: 2, skipped: 12, error: 0, suite_error: null },
        test_suites: [
          {
            name: 'rspec',
            total_time: 1800,
            total_count: 3300,
            success_count: 3286,
            failed_count: 2,
            skipped_count: 12,
            error_count: 0,
            build_ids: [15, 14],
            suite_error: null,
          },
          {
            name: 'jest',
            total_time: 104,
            total_count: 63,
            success_count: 63,
            failed_count: 0,
            skipped_count: 0,
            error_count: 0,
            build_ids: [17],
            suite_error: null,
          },
        ],
      }),
    );
    const r = await runCli(['pipeline', 'report', '4711', '-p', 'acme/platform/api'], { transport: api.transport });
    expect([r.code, r.stdout]).toEqual([
      0,
      'pipeline 4711: 3363 tests in 31m 44s: 3349 passed, 2 failed, 12 skipped, 0 errors\nfailed suites:\n  rspec: 2 failed, 0 errors of 3300 (job 15, job 14)\n',
    ]);
  });
});

describe('pipeline lint', () => {
  it('a file: POST …/ci/lint with its content; valid is exit 0, each warning on its own line', async () => {
    api = mockApi();
    const sent = recordRequests(api, 'POST', `${P}/ci/lint`, 200, {
      valid: true,
      errors: [],
      warnings: ['jobs:deploy may allow multiple pipelines'],
      merged_yaml: '',
    });
    const dir = newDir();
    fs.writeFileSync(path.join(dir, '.gitlab-ci.yml'), 'test:\n  script: echo 1\n');
    const r = await runCli(['pipeline', 'lint', '.gitlab-ci.yml', '-p', 'acme/platform/api'], { transport: api.transport, cwd: dir });
    expect([r.code, r.stdout]).toEqual([0, 'warning: jobs:deploy may allow multiple pipelines\n']);
    expect(JSON.parse(sent[0]!.body)).toEqual({ content: 'test:\n  script: echo 1\n' });
  });

  it("without a file: the project's own (GET …/ci/lint); invalid is exit 1, each error on its own line", async () => {
    api = mockApi();
    api.pool.intercept({ path: `${P}/ci/lint`, method: 'GET' }).reply(
      200,
      ...jsonReply({
        valid: false,
        errors: ['jobs:test config contains unknown keys: scrpt', 'stages: bogus'],
        warnings: [],
        merged_yaml: null,
      }),
    );
    const r = await runCli(['pipeline', 'lint', '-p', 'acme/platform/api'], { transport: api.transport });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('error: jobs:test config contains unknown keys: scrpt\nerror: stages: bogus\n');
    expect(r.stderr).toBe("collab: the project's .gitlab-ci.yml is not valid (2 errors)\n");
  });

  it('a file that cannot be read is exit 2 naming it, nothing sent', async () => {
    api = mockApi();
    const dir = newDir();
    const r = await runCli(['pipeline', 'lint', 'missing.yml', '-p', 'acme/platform/api'], { transport: api.transport, cwd: dir });
    expect([r.code, r.stderr]).toEqual([2, `collab: cannot read the configuration file ${dir}/missing.yml: ENOENT\n`]);
  });
});
