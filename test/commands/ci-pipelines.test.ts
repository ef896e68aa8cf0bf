/**
 * The pipeline loop from inside a CI job (issue 36): collab run in-process as the binary runs it
 * with a runner's variables (CI_SERVER_URL, CI_PROJECT_ID, CI_JOB_TOKEN, CI_PIPELINE_ID,
 * CI_COMMIT_REF_NAME), no TTY, against a small server that answers as GitLab's source writes it:
 * - lib/api/ci/pipelines.rb: `get ':id/pipelines/latest'` (403 for a ref without one, as
 *   doc/api/pipelines.md says), `get ':id/pipelines/:pipeline_id'`, `post ':id/pipeline'` (the
 *   `variables` array), none of them `job_token_allowed`; `get ':id/pipelines/:pipeline_id/jobs'`
 *   with `route_setting :authentication, job_token_allowed: true`.
 * - lib/api/ci/jobs.rb `get ':id/jobs/:job_id/trace'`: no job token.
 * - lib/api/ci/triggers.rb `post ":id/(ref/:ref/)trigger/pipeline"`: the job token as `token`,
 *   `variables` a Hash of strings (else 400 "variables needs to be a map of key-valued strings").
 * - lib/api/api_guard.rb: a job token on a route that does not allow it is 401; a private project
 *   read by nobody is `404 Project Not Found` (lib/api/helpers.rb find_project!).
 * A pipeline read moves on by one status of its script each time (the server's clock is its reads).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/e2e.js';
import { runInProcess } from '../helpers/in-process.js';
import { json } from '../helpers/json-answer.js';

const PERSONAL = 'glpat-ci-reader';
const JOB_TOKEN = 'ci-job-token-7f3a';

interface Served {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface CiServer {
  url: string;
  seen: Served[];
  close(): Promise<void>;
}

/** Pipelines by id: project, ref, and the statuses each read walks through (the last one stays). */
const SCRIPTS: Record<number, { project: string; ref: string; statuses: string[] }> = {
  501: { project: '9', ref: 'main', statuses: ['running', 'running', 'success'] },
  901: { project: '7', ref: 'main', statuses: ['running'] },
  902: { project: '7', ref: 'main', statuses: ['running'] },
};
const PROJECTS: Record<string, string> = { '7': '7', 'acme%2Fapp': '7', '9': '9', 'acme%2Fdeploy': '9' };
const FAILED_JOBS = [
  { id: 9012, name: 'rspec 2/2', stage: 'test', status: 'failed', allow_failure: false },
  { id: 9010, name: 'lint', stage: 'test', status: 'failed', allow_failure: true },
];
const LOGS: Record<number, string> = { 9010: 'rubocop: 2 offenses\n', 9012: 'Failures:\n  1) login times out\n' };

async function ciServer(nextPipeline: { status: string[] } = { status: ['created', 'running', 'failed'] }): Promise<CiServer> {
  const seen: Served[] = [];
  const reads = new Map<number, number>();
  let created = 600;
  const entity = (id: number, base: string) => {
    const s = SCRIPTS[id]!;
    const n = reads.get(id) ?? 0;
    return {
      id,
      iid: id,
      project_id: Number(s.project),
      ref: s.ref,
      status: s.statuses[Math.min(n, s.statuses.length - 1)],
      sha: 'c0ffee',
      web_url: `${base}/-/pipelines/${id}`,
    };
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const body = Buffer.concat(chunks).toString();
      seen.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, body });
      const who = req.headers['private-token'] === PERSONAL ? 'user' : req.headers['job-token'] === JOB_TOKEN ? 'job' : 'none';
      const m = /^\/api\/v4\/projects\/([^/]+)(\/.*)$/.exec(url.pathname);
      const project = m ? PROJECTS[m[1]!] : undefined;
      if (!m || !project) return json(res, 404, { error: '404 Not Found' });
      const rest = m[2]!;
      const base = `http://${req.headers.host}/acme/${project === '7' ? 'app' : 'deploy'}`;
      // A route without job_token_allowed: the job token is 401, nobody a 404 (private projects).
      // Whether it refused (and so answered).
      const refused = (): boolean => {
        if (who === 'job') json(res, 401, { message: '401 Unauthorized' });
        else if (who === 'none') json(res, 404, { message: '404 Project Not Found' });
        return who !== 'user';
      };
      let hit: RegExpExecArray | null;
      if (req.method === 'POST' && rest === '/trigger/pipeline') {
        const params = JSON.parse(body || '{}') as { token?: string; ref?: string; variables?: Record<string, unknown> };
        if (params.token !== JOB_TOKEN) return json(res, 404, { message: '404 Not Found' });
        if (params.variables && !Object.values(params.variables).every((v) => typeof v === 'string'))
          return json(res, 400, { message: 'variables needs to be a map of key-valued strings' });
        SCRIPTS[++created] = { project, ref: params.ref ?? '', statuses: nextPipeline.status };
        return json(res, 201, { ...entity(created, base), source: 'pipeline' });
      }
      if (req.method === 'POST' && rest === '/pipeline') {
        if (refused()) return;
        const params = JSON.parse(body) as { ref: string };
        SCRIPTS[++created] = { project, ref: params.ref, statuses: nextPipeline.status };
        return json(res, 201, entity(created, base));
      }
      if (req.method === 'GET' && rest === '/pipelines/latest') {
        if (refused()) return;
        const ref = url.searchParams.get('ref');
        const found = Object.entries(SCRIPTS)
          .filter(([, s]) => s.project === project && s.ref === ref)
          .map(([id]) => Number(id));
        if (found.length === 0) return json(res, 403, { message: '403 Forbidden' });
        return json(res, 200, entity(Math.max(...found), base));
      }
      if (req.method === 'GET' && (hit = /^\/pipelines\/(\d+)\/jobs$/.exec(rest))) {
        if (who === 'none') return json(res, 404, { message: '404 Project Not Found' });
        return json(res, 200, Number(hit[1]) === 901 ? FAILED_JOBS : []);
      }
      if (req.method === 'GET' && (hit = /^\/pipelines\/(\d+)$/.exec(rest))) {
        if (refused()) return;
        const id = Number(hit[1]);
        if (!SCRIPTS[id]) return json(res, 404, { message: '404 Not found' });
        const answer = entity(id, base);
        reads.set(id, (reads.get(id) ?? 0) + 1);
        return json(res, 200, answer);
      }
      if (req.method === 'GET' && (hit = /^\/jobs\/(\d+)\/trace$/.exec(rest))) {
        if (refused()) return;
        res.writeHead(200, { 'content-type': 'text/plain' });
        return res.end(LOGS[Number(hit[1])] ?? '');
      }
      json(res, 404, { error: '404 Not Found' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** What a runner sets for a job of project 7 in pipeline 901 on main (no HOME config, no TTY). */
const runner = (ci: CiServer, extra: Record<string, string | undefined> = {}) => ({
  CI: 'true',
  GITLAB_CI: 'true',
  CI_SERVER_URL: ci.url,
  CI_API_V4_URL: `${ci.url}/api/v4`,
  CI_PROJECT_ID: '7',
  CI_PROJECT_PATH: 'acme/app',
  CI_JOB_TOKEN: JOB_TOKEN,
  CI_PIPELINE_ID: '901',
  CI_PIPELINE_SOURCE: 'push',
  CI_COMMIT_REF_NAME: 'main',
  CI_COMMIT_BRANCH: 'main',
  ...extra,
});

let ci: CiServer | undefined;
afterEach(async () => {
  await ci?.close();
  ci = undefined;
});

const opts = { stripFinalNewline: false };

describe('inside a CI job, with a token that reads pipelines (COLLAB_TOKEN)', () => {
  it("waits for another project's latest pipeline: one plain line per change in the job log, exit 0", async () => {
    ci = await ciServer();
    const r = await runInProcess(
      ['pipeline', 'wait', '-p', 'acme/deploy', '--ref', 'main', '--timeout', '20m'],
      runner(ci, { COLLAB_TOKEN: PERSONAL }),
      opts,
    );
    expect([r.exitCode, r.stdout]).toEqual([0, '']);
    expect(r.stderr).toBe('pipeline 501 on main: running\npipeline 501 on main: success\n');
    expect(r.stderr).not.toMatch(/[\u001b\r]/);
  });

  it('runs one with variables (the array GitLab expects) and waits for it: exit 1 when it failed', async () => {
    ci = await ciServer();
    const dir = tempDir('collab-ci-vars-');
    fs.writeFileSync(path.join(dir, 'vars.json'), JSON.stringify({ RELEASE: '1.4.0' }));
    const r = await runInProcess(
      [
        'pipeline',
        'run',
        '-p',
        'acme/deploy',
        '--ref',
        'main',
        '--variable',
        'ENV=staging',
        '--variables-file',
        path.join(dir, 'vars.json'),
        '--wait',
      ],
      runner(ci, { COLLAB_TOKEN: PERSONAL }),
      opts,
    );
    const sent = ci.seen.find((s) => s.method === 'POST')!;
    expect(sent.path).toBe('/api/v4/projects/acme%2Fdeploy/pipeline');
    expect(JSON.parse(sent.body)).toEqual({
      ref: 'main',
      variables: [
        { key: 'RELEASE', value: '1.4.0', variable_type: 'env_var' },
        { key: 'ENV', value: 'staging', variable_type: 'env_var' },
      ],
    });
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe(`601\tcreated\tmain\t${ci.url}/acme/deploy/-/pipelines/601\n`);
    expect(r.stderr).toBe(
      `Started pipeline 601 on main: ${ci.url}/acme/deploy/-/pipelines/601\n` +
        'pipeline 601 on main: created\npipeline 601 on main: running\npipeline 601 on main: failed\n' +
        'collab: pipeline 601 failed\nhint: collab pipeline view 601 --log-failed -p acme/deploy prints the failed logs\n',
    );
  });

  it('prints the failed logs of its own pipeline, each headed by the job name and id', async () => {
    ci = await ciServer();
    const r = await runInProcess(['job', 'trace', '--failed', '--pipeline', 'current'], runner(ci, { COLLAB_TOKEN: PERSONAL }), opts);
    expect([r.exitCode, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toBe(
      '==> lint (job 9010, failed, allowed to fail) <==\nrubocop: 2 offenses\n\n==> rspec 2/2 (job 9012, failed) <==\nFailures:\n  1) login times out\n',
    );
  });

  it('--timeout: exit 124, said once (another pipeline: its own cannot end while the job waits, exit 2)', async () => {
    ci = await ciServer();
    const r = await runInProcess(['pipeline', 'wait', '902', '--timeout', '20s'], runner(ci, { COLLAB_TOKEN: PERSONAL }), opts);
    expect(r.exitCode).toBe(124);
    expect(r.stderr).toBe(
      'pipeline 902 on main: running\ncollab: pipeline 902 has not ended after 20s (--timeout)\nhint: collab pipeline wait 902 goes on waiting\n',
    );
    const own = await runInProcess(['pipeline', 'wait', 'current', '--timeout', '20s'], runner(ci, { COLLAB_TOKEN: PERSONAL }), opts);
    expect(own.exitCode).toBe(2);
  });
});

describe('inside a CI job with only CI_JOB_TOKEN', () => {
  const jobTokenSent = (s: Served) => s.headers['job-token'] !== undefined;

  it('starts a pipeline through the trigger route, which takes the job token as its token', async () => {
    ci = await ciServer();
    const r = await runInProcess(['pipeline', 'run', '-p', 'acme/deploy', '--ref', 'main', '--variable', 'UPSTREAM=901'], runner(ci), opts);
    expect(r.exitCode, r.stderr).toBe(0);
    const sent = ci.seen.find((s) => s.method === 'POST')!;
    expect(sent.path).toBe('/api/v4/projects/acme%2Fdeploy/trigger/pipeline');
    expect(JSON.parse(sent.body)).toEqual({ token: JOB_TOKEN, ref: 'main', variables: { UPSTREAM: '901' } });
    expect(sent.headers['private-token']).toBeUndefined();
  });

  it('never sends it where GitLab refuses it; the refusal says what is needed', async () => {
    ci = await ciServer();
    const r = await runInProcess(['pipeline', 'wait', '501', '-p', 'acme/deploy'], runner(ci), opts);
    expect(r.exitCode).toBe(1);
    expect(ci.seen.filter(jobTokenSent)).toEqual([]);
    expect(r.stderr).toBe(
      'collab: 404 Project Not Found\nhint: GitLab does not take the CI job token for its pipelines API (lib/api/ci/pipelines.rb: ' +
        'no job_token_allowed there): set COLLAB_TOKEN to a token with read_api (api to run, retry, cancel or delete pipelines)\n',
    );
    expect(r.stderr).not.toContain(JOB_TOKEN);
  });

  it("a pipeline's job list takes it, a job's log does not: the logs' refusal says so", async () => {
    ci = await ciServer();
    const r = await runInProcess(['job', 'trace', '--failed', '--pipeline', 'current'], runner(ci), opts);
    expect(r.exitCode).toBe(1);
    const lists = ci.seen.filter((s) => s.path.endsWith('/pipelines/901/jobs'));
    expect(lists.map(jobTokenSent)).toEqual([true]);
    expect(ci.seen.filter((s) => s.path.endsWith('/trace')).map(jobTokenSent)).toEqual([false]);
    expect(r.stdout).toBe('==> lint (job 9010, failed, allowed to fail) <==\n');
    expect(r.stderr).toBe(
      'collab: 404 Project Not Found\nhint: GitLab does not take the CI job token for a job or its log (lib/api/ci/jobs.rb: no job_token_allowed there): ' +
        'set COLLAB_TOKEN to a token with read_api\n',
    );
  });
});
