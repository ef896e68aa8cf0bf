import { afterEach, describe, expect, it } from 'vitest';
import { jsonReply, mockApi, runCli, scriptedPrompter, TEST_TOKEN } from '../helpers/harness.js';

const job = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  name: `build-${id}`,
  stage: 'build',
  ref: 'main',
  status: 'success',
  pipeline: { id: 40, ref: 'main', sha: 'abc', status: 'success' },
  created_at: '2026-11-24T12:00:00.000Z',
  ...extra,
});

const P = '/api/v4/projects/acme%2Fplatform%2Fapi';

describe('job list and view', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('sends scope[] values and prints tsv rows', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: `${P}/jobs?scope%5B%5D=failed&scope%5B%5D=success`, method: 'GET', headers: { 'PRIVATE-TOKEN': TEST_TOKEN } })
      .reply(200, ...jsonReply([job(2, { status: 'failed', duration: 83.4 }), job(1, { duration: 3725.2 })]));
    const r = await runCli(['job', 'list', '-p', 'acme/platform/api', '--scope', 'failed,success'], { transport: api.transport });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      '2\tfailed\tbuild\tbuild-2\tmain\t1m ' +
        '23s\t40\t2026-11-24T12:00:00.000Z\n1\tsuccess\tbuild\tbuild-1\tmain\t1h 02m ' +
        '05s\t40\t2026-11-24T12:00:00.000Z\n',
    );
  });

  it('a list flag given twice is one list, never only the last (--scope, --iids, --labels)', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: `${P}/jobs?scope%5B%5D=failed&scope%5B%5D=canceling&scope%5B%5D=manual`, method: 'GET' })
      .reply(200, ...jsonReply([job(2, { status: 'failed' })]));
    api.pool
      .intercept({ path: `${P}/issues?state=opened&labels=bug%2Cui&iids%5B%5D=1&iids%5B%5D=2`, method: 'GET' })
      .reply(200, ...jsonReply([]));
    const jobs = await runCli(['job', 'list', '-p', 'acme/platform/api', '--scope', 'failed', '--scope', 'canceling,manual'], {
      transport: api.transport,
    });
    expect([jobs.code, jobs.stderr]).toEqual([0, '']);
    const issues = await runCli(
      ['issue', 'list', '-p', 'acme/platform/api', '--labels', 'bug', '--labels', 'ui', '--iids', '1', '--iids', '2', '-o', 'json'],
      { transport: api.transport },
    );
    expect([issues.code, issues.stderr, issues.stdout]).toEqual([0, '', '[]\n']);
  });

  it('lists the jobs of a pipeline', async () => {
    api = mockApi();
    api.pool.intercept({ path: `${P}/pipelines/40/jobs?scope%5B%5D=manual`, method: 'GET' }).reply(200, ...jsonReply([job(3)]));
    const r = await runCli(['job', 'list', '-p', 'acme/platform/api', '--pipeline', '40', '--scope', 'manual', '-o', 'json'], {
      transport: api.transport,
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([job(3)]);
  });

  it('refuses an unknown scope before sending anything', async () => {
    api = mockApi();
    const r = await runCli(['job', 'list', '-p', '7', '--scope', 'failed,broken'], { transport: api.transport });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--scope');
    expect(r.stderr).toContain('broken');
  });

  it('views a job by id or web URL', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: `${P}/jobs/12`, method: 'GET' })
      .reply(200, ...jsonReply(job(12)))
      .times(2);
    const a = await runCli(['job', 'view', '12', '-p', 'acme/platform/api', '-o', 'json'], { transport: api.transport });
    expect(JSON.parse(a.stdout)).toEqual(job(12));
    const b = await runCli(['job', 'view', 'https://gitlab.test/acme/platform/api/-/jobs/12', '--fields', 'status'], {
      transport: api.transport,
    });
    expect(b.code).toBe(0);
    expect(b.stdout).toBe('status\tsuccess\n');
  });
});

describe('job actions', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it.each([
    ['cancel', 'cancel', 'canceled', 'Cancelled job 12 (build-12)'],
    // lib/api/ci/jobs.rb cancels with `build.cancel`, a no-op on an ended job, and answers 201 with it.
    ['cancel', 'cancel', 'success', 'Job 12 (build-12) had ended (success): nothing to cancel'],
    ['retry', 'retry', 'pending', 'Retried job 12: new job 12 (build-12), now pending'],
    ['play', 'play', 'started', 'Started job 12 (build-12)'],
    // GitLab answers a played job as pending (or running): said once, after the verb.
    ['play', 'play', 'pending', 'Started job 12 (build-12), now pending'],
    ['keep', 'artifacts/keep', 'success', 'Kept the artifacts of job 12 (build-12): they no longer expire'],
  ])('%s posts to .../%s and prints the new status; on a terminal one line says it', async (verb, suffix, status, line) => {
    api = mockApi();
    api.pool
      .intercept({ path: `${P}/jobs/12/${suffix}`, method: 'POST', headers: { 'PRIVATE-TOKEN': TEST_TOKEN } })
      .reply(201, ...jsonReply(job(12, { status })))
      .times(2);
    const r = await runCli(['job', verb, '12', '-p', 'acme/platform/api'], { transport: api.transport });
    expect(r.stderr).toBe(`${line}\n`);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`12\tbuild-12\t${status}\n`);
    const tty = await runCli(['job', verb, '12', '-p', 'acme/platform/api'], { transport: api.transport, tty: true });
    expect([tty.code, tty.stdout, tty.stderr]).toEqual([0, '', `✓ ${line}\n`]);
  });

  it('prints the whole job with -o json', async () => {
    api = mockApi();
    api.pool.intercept({ path: `${P}/jobs/12/retry`, method: 'POST' }).reply(201, ...jsonReply(job(13, { status: 'pending' })));
    const r = await runCli(['job', 'retry', '12', '-p', 'acme/platform/api', '-o', 'json'], { transport: api.transport });
    expect(JSON.parse(r.stdout)).toEqual(job(13, { status: 'pending' }));
  });

  it('erase needs --yes without a terminal, and asks on one', async () => {
    api = mockApi();
    const refused = await runCli(['job', 'erase', '12', '-p', 'acme/platform/api'], { transport: api.transport });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--yes');
    api.pool
      .intercept({ path: `${P}/jobs/12/erase`, method: 'POST' })
      .reply(201, ...jsonReply(job(12, { download_url: null })))
      .times(2);
    const yes = await runCli(['job', 'erase', '12', '-p', 'acme/platform/api', '--yes'], { transport: api.transport });
    expect(yes.code).toBe(0);
    expect(yes.stdout).toBe('12\tbuild-12\tsuccess\n');
    api.pool.intercept({ path: `${P}/jobs/12`, method: 'GET' }).reply(200, ...jsonReply(job(12)));
    const prompter = scriptedPrompter([true]);
    const asked = await runCli(['job', 'erase', '12', '-p', 'acme/platform/api', '-o', 'json'], {
      transport: api.transport,
      tty: true,
      prompter,
    });
    expect(asked.code).toBe(0);
    expect(prompter.asked).toEqual(['Erase the artifacts and trace of job 12 (build-12) in acme/platform/api?']);
  });

  it('shows the server error of a refused action', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: `${P}/jobs/12/play`, method: 'POST' })
      .reply(400, ...jsonReply({ message: '400 Bad request - Unplayable Job' }));
    const r = await runCli(['job', 'play', '12', '-p', 'acme/platform/api'], { transport: api.transport });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('400');
    expect(r.stderr).toContain('Unplayable Job');
  });
});
