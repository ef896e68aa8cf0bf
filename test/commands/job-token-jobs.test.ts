/**
 * Inside a CI job with only CI_JOB_TOKEN (issue 36 item 9): GitLab takes the job token on a
 * pipeline's job list (lib/api/ci/pipelines.rb `get ':id/pipelines/:pipeline_id/jobs'`,
 * `job_token_allowed: true`) but on none of lib/api/ci/jobs.rb's routes for one job: `get
 * ':id/jobs/:job_id'`, and the `post` of cancel, retry, play, erase and keep have no
 * job_token_allowed, so GitLab answers them as to nobody (401). collab sends the token only where
 * it is taken, and where it is not says exactly which token the route needs: `read_api` to read a
 * job, `api` for its actions, in COLLAB_TOKEN. The server answers as lib/api/api_guard.rb does
 * without credentials (`{"message":"401 Unauthorized"}`).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type BinResult, tempDir } from '../helpers/e2e.js';
import { gitRepo } from '../helpers/git.js';
import { runInProcess } from '../helpers/in-process.js';

const JOB_TOKEN = 'ci-job-token-for-jobs';

interface Hit {
  method: string;
  url: string;
  jobToken: boolean;
}

let open: http.Server[] = [];
afterEach(async () => {
  await Promise.all(open.map((s) => new Promise((r) => s.close(r))));
  open = [];
});

/** GitLab 17.9: the pipeline's job list takes the job token; a job and its actions answer 401 without a token. */
async function gitlab(): Promise<{ url: string; hits: Hit[] }> {
  const hits: Hit[] = [];
  const server = http.createServer((req, res) => {
    const hit = { method: req.method ?? '', url: req.url ?? '', jobToken: req.headers['job-token'] === JOB_TOKEN };
    hits.push(hit);
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (hit.url === '/api/v4/version') return reply(401, { message: '401 Unauthorized' });
    if (hit.url.startsWith('/api/v4/projects/7/pipelines/901/jobs') && hit.jobToken)
      return reply(200, [{ id: 12, name: 'deploy', status: 'manual', stage: 'deploy', ref: 'main', pipeline: { id: 901 } }]);
    return reply(401, { message: '401 Unauthorized' });
  });
  open.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
}

const ci = (url: string) => ({
  COLLAB_TOKEN: undefined,
  GITLAB_TOKEN: undefined,
  COLLAB_HOST: undefined,
  COLLAB_CONFIG_DIR: tempDir(),
  COLLAB_FLAVOR: 'gitlab',
  CI: 'true',
  GITLAB_CI: 'true',
  CI_JOB_TOKEN: JOB_TOKEN,
  CI_SERVER_URL: url,
  CI_API_V4_URL: `${url}/api/v4`,
  CI_PROJECT_ID: '7',
  CI_PIPELINE_ID: '901',
  CI_COMMIT_REF_NAME: 'main',
});
const hint = (r: BinResult) => r.stderr.split('\n').find((l) => l.startsWith('hint: '));

describe('a job and its actions with only the CI job token', () => {
  it.each([
    [['job', 'view', 'deploy'], 'GET', '/api/v4/projects/7/jobs/12', 'read_api'],
    [['job', 'play', 'deploy'], 'POST', '/api/v4/projects/7/jobs/12/play', 'api'],
    [['job', 'retry', '12'], 'POST', '/api/v4/projects/7/jobs/12/retry', 'api'],
    [['job', 'cancel', 'deploy', '--pipeline', 'current'], 'POST', '/api/v4/projects/7/jobs/12/cancel', 'api'],
  ])('collab %j: the token not sent there, the token it needs said', async (args, method, path, scope) => {
    const s = await gitlab();
    // The job's script checked its branch out (`git checkout -B "$CI_COMMIT_REF_NAME"`): a name is still
    // looked for in the job's own pipeline, not in the latest of that branch (the pipelines API refuses the token).
    const cwd = gitRepo(tempDir(), { origin: `${s.url}/acme/web.git` }, 'main');
    const r = await runInProcess(args, ci(s.url), { cwd });
    expect(r.exitCode, r.stderr).toBe(4);
    const refused = s.hits.find((h) => h.method === method && h.url === path);
    expect(refused?.jobToken).toBe(false);
    expect(hint(r)).toBe(
      `hint: GitLab does not take the CI job token for a job${scope === 'api' ? "'s actions" : ''} ` +
        `(lib/api/ci/jobs.rb: no job_token_allowed there): set COLLAB_TOKEN to a token with ${scope}`,
    );
    // Where GitLab takes it, it went: the name was found in the CI job's own pipeline.
    if (args.includes('deploy')) expect(s.hits.find((h) => h.url.includes('/pipelines/901/jobs'))?.jobToken).toBe(true);
  });
});
