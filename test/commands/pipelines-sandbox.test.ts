/**
 * The pipeline loop against `collab sandbox`, piped: collab run in-process as the binary runs it
 * (in a pseudo-terminal: test/e2e/pipelines.test.ts). The gitlab flavour serves GitLab's pipelines
 * API (src/sandbox/routes/pipelines.ts, after lib/api/ci/pipelines.rb) and runs the pipelines it
 * creates on its clock (created → pending → running → success or failed, stage by stage); the spec
 * flavour has no such API, which collab says once (exit 1).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaledClock } from '../../src/sandbox/index.js';
import { ADMIN_TOKEN, type SandboxFixture } from '../helpers/e2e.js';
import { startSandboxInProcess } from '../helpers/in-process.js';
import { createPipeline } from '../helpers/sandbox-pipelines.js';

const P = 'acme/platform/api';
const API = '/api/v4/projects/acme%2Fplatform%2Fapi';
const opts = { stripFinalNewline: false };

/** The lines of a piped wait: each state said once, in order. */
const states = (stderr: string, id: number) =>
  stderr
    .split('\n')
    .filter((l) => l.startsWith(`pipeline ${id} `))
    .map((l) => l.replace(/^pipeline \d+ on [^:]+: /, ''));

describe('gitlab flavour: the pipelines run with the sandbox clock', () => {
  let sb: SandboxFixture;
  beforeAll(async () => {
    // A pipeline takes about 22 s of sandbox time: a fiftieth of it here.
    sb = await startSandboxInProcess({ seed: 'demo', flavor: 'gitlab', clock: scaledClock(0.02) });
  });
  afterAll(() => sb?.close());

  it('run --wait, piped: one plain line per change, each once, to success (exit 0)', async () => {
    const r = await sb.run(['pipeline', 'run', '--ref', 'feature/x', '-p', P, '--wait', '--interval', '0.2'], {}, opts);
    expect(r.exitCode, r.stderr).toBe(0);
    const id = Number(/^(\d+)\t/.exec(r.stdout)?.[1]);
    const said = states(r.stderr, id);
    expect(said[0]).toBe('created');
    expect(said.at(-1)).toBe('success');
    expect(said.filter((s, i) => s === said[i - 1])).toEqual([]);
    expect(r.stderr).not.toMatch(/\u001b/);
  });

  it('a failing job: wait exits 1, view --log-failed and job trace <name> read its log, retry starts it again', async () => {
    const id = await createPipeline(sb, 'main', [{ key: 'SANDBOX_FAIL', value: 'test' }]);
    const waited = await sb.run(['pipeline', 'wait', String(id), '-p', P, '--interval', '0.2'], {}, opts);
    expect(waited.exitCode).toBe(1);
    expect(waited.stderr).toContain(
      `collab: pipeline ${id} failed\nhint: collab pipeline view ${id} --log-failed -p ${P} prints the failed logs\n`,
    );
    const logs = await sb.run(['pipeline', 'view', String(id), '-p', P, '--log-failed'], {}, opts);
    expect(logs.exitCode).toBe(0);
    expect(logs.stdout).toMatch(/^==> test \(job \d+, failed\) <==\n/);
    expect(logs.stdout).toContain('SANDBOX_FAIL');
    const byName = await sb.run(['job', 'trace', 'test', '--pipeline', String(id), '-p', P], {}, opts);
    expect(byName.exitCode).toBe(0);
    expect(logs.stdout).toContain(byName.stdout);
    const retried = await sb.run(['pipeline', 'retry', String(id), '-p', P], {}, opts);
    expect(retried.exitCode).toBe(0);
    expect(retried.stderr).toMatch(new RegExp(`^Retried the failed jobs of pipeline ${id}: now `));
  });

  it('view of a branch: its latest pipeline, the jobs by stage; a ref without one is exit 1', async () => {
    const r = await sb.run(['pipeline', 'view', '--ref', 'fix/login-timeout', '-p', P, '-o', 'json', '--jq', '.status'], {}, opts);
    expect([r.exitCode, r.stdout]).toEqual([0, '"failed"\n']);
    const none = await sb.run(['pipeline', 'view', '--ref', 'no-such-branch', '-p', P], {}, opts);
    expect(none.exitCode).toBe(1);
    expect(none.stderr).toMatch(/^collab: no pipeline on no-such-branch in acme\/platform\/api/);
  });

  it('list of a ref, report, cancel and delete (--yes off a terminal)', async () => {
    const listed = await sb.run(['pipeline', 'list', '--ref', 'fix/login-timeout', '-p', P, '--fields', 'ref,status'], {}, opts);
    expect([listed.exitCode, listed.stdout]).toEqual([0, 'fix/login-timeout\tfailed\n']);
    const failed = Number(
      (await sb.run(['pipeline', 'view', '--ref', 'fix/login-timeout', '-p', P, '-o', 'json', '--jq', '.id'], {}, opts)).stdout,
    );
    const report = await sb.run(['pipeline', 'report', String(failed), '-p', P], {}, opts);
    expect(report.exitCode).toBe(0);
    expect(report.stdout).toMatch(new RegExp(`^pipeline ${failed}: \\d+ tests`));
    const id = await createPipeline(sb, 'main');
    const canceled = await sb.run(['pipeline', 'cancel', String(id), '-p', P, '--fields', 'status'], {}, opts);
    expect(canceled.exitCode, canceled.stderr).toBe(0);
    expect(['canceled\n', 'canceling\n']).toContain(canceled.stdout);
    const refused = await sb.run(['pipeline', 'delete', String(id), '-p', P], {}, opts);
    expect(refused.exitCode).toBe(2);
    const deleted = await sb.run(['pipeline', 'delete', String(id), '-p', P, '--yes'], {}, opts);
    expect([deleted.exitCode, deleted.stderr]).toEqual([0, `Deleted pipeline ${id} in ${P}\n`]);
    expect((await sb.run(['pipeline', 'view', String(id), '-p', P], {}, opts)).exitCode).toBe(1);
  });

  it('a manual pipeline is said, not waited on (exit 1)', async () => {
    const r = await sb.run(['pipeline', 'wait', '--ref', 'docs/api-guide', '-p', P], {}, opts);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/collab: pipeline \d+ is manual: it waits for someone to start a job\n/);
  });

  it("lint: the project's own configuration is valid (exit 0); a broken file is exit 1, each error on a line", async () => {
    expect((await sb.run(['pipeline', 'lint', '-p', P], {}, opts)).exitCode).toBe(0);
    const bad = await sb.run(['pipeline', 'lint', '-', '-p', P], {}, { ...opts, input: 'test:\n  scrpt: echo 1\n' });
    expect(bad.exitCode).toBe(1);
    expect(bad.stdout).toMatch(/^error: /m);
    expect(bad.stderr).toMatch(/^collab: the configuration is not valid/);
  });

  it("mr checks --watch follows the merge request's head pipeline (a new one, pushed), with pipeline wait's exit status", async () => {
    const mr = (await (await fetch(`${sb.url}${API}/merge_requests/1`, { headers: { 'PRIVATE-TOKEN': ADMIN_TOKEN } })).json()) as {
      source_branch: string;
    };
    const id = await createPipeline(sb, mr.source_branch);
    const r = await sb.run(['mr', 'checks', '1', '-p', P, '--watch', '--interval', '0.2'], {}, opts);
    expect(r.exitCode, r.stderr).toBe(0);
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines.every((l) => l.startsWith(`merge request !1: pipeline ${id} on ${mr.source_branch}: `))).toBe(true);
    expect(lines.at(-1)).toBe(`merge request !1: pipeline ${id} on ${mr.source_branch}: success`);
  });
});

describe('gitlab flavour, inside a CI job with only CI_JOB_TOKEN', () => {
  let sb: SandboxFixture;
  beforeAll(async () => {
    sb = await startSandboxInProcess({ seed: 'demo', flavor: 'gitlab', clock: scaledClock(0.02) });
  });
  afterAll(() => sb?.close());

  const ci = () => ({
    COLLAB_TOKEN: undefined,
    COLLAB_HOST: undefined,
    CI: 'true',
    GITLAB_CI: 'true',
    CI_JOB_TOKEN: 'sandbox-job-token',
    CI_SERVER_URL: sb.url,
    CI_PROJECT_ID: '1',
    CI_PIPELINE_ID: '13',
  });
  const triggered = () => sb.requests().filter((r) => r.method === 'POST' && r.path === `${API}/trigger/pipeline`).length;

  it('pipeline run: the trigger route takes the job token (lib/api/ci/triggers.rb), a multi-project pipeline', async () => {
    const r = await sb.run(['pipeline', 'run', '--ref', 'feature/x', '-p', P, '--variable', 'UPSTREAM=13', '-o', 'json'], ci(), opts);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ ref: 'feature/x', source: 'pipeline', user: { username: 'alice' } });
    expect(triggered()).toBe(1);
  });

  it('pipeline run --wait: refused before anything starts (the wait reads what the job token cannot), exit 2', async () => {
    const before = triggered();
    const r = await sb.run(['pipeline', 'run', '--ref', 'feature/x', '-p', P, '--wait'], ci(), opts);
    expect([r.exitCode, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toMatch(/^collab: --wait reads the pipeline, which GitLab refuses to the CI job token/);
    expect(triggered()).toBe(before);
  });
});

describe('spec flavour: no pipelines API', () => {
  let sb: SandboxFixture;
  beforeAll(async () => {
    sb = await startSandboxInProcess({ seed: 'demo', flavor: 'spec' });
  });
  afterAll(() => sb?.close());

  it.each([
    [['pipeline', 'list', '-p', P]],
    [['pipeline', 'view', '1', '-p', P]],
    [['pipeline', 'wait', '1', '-p', P]],
    [['ci', 'run', '--ref', 'main', '-p', P]],
  ])('%j: said once, exit 1', async (args) => {
    const r = await sb.run(args, {}, opts);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      'collab: this server has no pipelines API: it follows the spec, whose endpoints do not include GitLab pipelines\n' +
        "hint: a pipeline's jobs are still there: collab job list --pipeline <id>\n",
    );
  });

  it('job trace --failed --ref finds the pipeline as a job name does (its newest job on the ref): the spec has its jobs', async () => {
    const byName = await sb.run(['job', 'view', 'test', '--ref', 'main', '-p', P, '-o', 'json', '--jq', '.pipeline.id'], {}, opts);
    expect(byName.exitCode, byName.stderr).toBe(0);
    const failed = await sb.run(['job', 'trace', '--failed', '--ref', 'main', '-p', P], {}, opts);
    expect(failed.exitCode, failed.stderr).toBe(0);
    const byId = await sb.run(['job', 'trace', '--failed', '--pipeline', byName.stdout.trim(), '-p', P], {}, opts);
    expect([failed.stdout, failed.stderr]).toEqual([byId.stdout, byId.stderr]);
    const none = await sb.run(['job', 'trace', '--failed', '--ref', 'no-such-ref', '-p', P], {}, opts);
    expect([none.exitCode, none.stderr.split('\n')[0]]).toEqual([
      1,
      'collab: no pipeline on no-such-ref in acme/platform/api: the project has no job on that ref',
    ]);
  });
});
