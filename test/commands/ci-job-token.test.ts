/**
 * The CI job token where GitLab takes it, and what collab says where GitLab does not; exit 3 for
 * artifacts that are not there. collab, run in-process as the binary runs it, in a simulated CI
 * job, against a server answering as GitLab does (test/helpers/gitlab-ci.ts):
 * lib/api/ci/pipelines.rb `GET :id/pipelines/:id/jobs` and lib/api/ci/jobs.rb `GET :id/jobs` carry
 * `route_setting :authentication, job_token_allowed: true` on newer GitLab
 * (doc/ci/jobs/fine_grained_permissions.md lists them); an older GitLab answers the job token there
 * `401 {"message":"401 Unauthorized"}` (lib/api/helpers.rb).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/e2e.js';
import { type CiPipelineModel, type GitlabCi, runnerEnv, startGitlabCi } from '../helpers/gitlab-ci.js';
import { runBytesInProcess } from '../helpers/in-process.js';
import { json } from '../helpers/json-answer.js';
import { deadPort, type OddServer, oddServer } from '../helpers/odd-server.js';

const pipelines: CiPipelineModel[] = [
  { id: 50, ref: 'main', status: 'success', jobs: [{ id: 500, name: 'build', status: 'success', files: { 'v.txt': 'fifty' } }] },
  {
    id: 51,
    ref: 'main',
    status: 'running',
    jobs: [
      { id: 510, name: 'build', status: 'success', files: { 'v.txt': 'fifty-one' } },
      { id: 511, name: 'deploy', status: 'running' },
    ],
  },
];

let newer: GitlabCi;
let older: GitlabCi;
beforeAll(async () => {
  newer = await startGitlabCi(pipelines, { currentJob: 511 });
  older = await startGitlabCi(pipelines, { currentJob: 511, jobTokenJobLists: false });
});
afterAll(async () => {
  await newer?.close();
  await older?.close();
});

const job = (ci: GitlabCi) => runnerEnv(ci, pipelines[1]!);

describe('--pipeline current with the job token', () => {
  it('job list --pipeline current lists the running pipeline with the job token', async () => {
    const before = newer.seen.length;
    const r = await runBytesInProcess(job(newer), ['job', 'list', '--pipeline', 'current', '-o', 'json'], tempDir());
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout.toString()).map((j: { id: number }) => j.id)).toEqual([511, 510]);
    const [sent] = newer.seen.slice(before);
    expect(sent!.url).toMatch(new RegExp(`^/api/v4/projects/${newer.projectId}/pipelines/51/jobs(\\?|$)`));
    expect(sent!.headers['job-token']).toBe('ci-job-token');
  });

  it(
    "job artifacts --pipeline current takes the running pipeline's job, where by ref " + "GitLab takes the last successful pipeline's",
    async () => {
      const current = await runBytesInProcess(
        job(newer),
        ['job', 'artifact', '--job', 'build', '--pipeline', 'current', 'v.txt'],
        tempDir(),
      );
      expect(current.stdout.toString(), current.stderr).toBe('fifty-one');
      const byRef = await runBytesInProcess(job(newer), ['job', 'artifact', '--job', 'build', 'v.txt'], tempDir());
      expect(byRef.stdout.toString(), byRef.stderr).toBe('fifty');
    },
  );

  it('where GitLab does not take the job token for the job list: exit 4 saying exactly that, and what to do', async () => {
    for (const args of [
      ['job', 'artifacts', '--job', 'build', '--pipeline', 'current', '--dest', 'a.zip'],
      ['job', 'list', '--pipeline', 'current'],
    ]) {
      const dir = tempDir();
      const r = await runBytesInProcess(job(older), args, dir);
      expect(r.exitCode, args.join(' ')).toBe(4);
      expect(r.stderr).toMatch(/^collab: 401 Unauthorized\nhint: /);
      expect(r.stderr).not.toContain('only authenticates artifact downloads');
      expect(r.stderr).toMatch(/GitLab refused the CI job token|does not take the CI job token for a pipeline's job list/);
      expect(r.stderr).toContain('COLLAB_TOKEN');
    }
    const r = await runBytesInProcess(job(older), ['job', 'artifacts', '--job', 'build', '--pipeline', 'current'], tempDir());
    expect(r.stderr).toContain(
      `this GitLab does not take the CI job token for a pipeline's job list (GET /projects/:id/pipelines/51/jobs)`,
    );
    expect(r.stderr).toContain('needs:');
  });
});

describe('exit 3: no such artifacts, told from a failure to reach them (exit 1)', () => {
  let failing: OddServer;
  beforeAll(async () => {
    failing = await oddServer((_req, res) => json(res, 500, { message: '500 Internal Server Error' }));
  });
  afterAll(() => failing?.close());

  it('a 404 on the by-ref route (GitLab: no successful pipeline with the job) is exit 3', async () => {
    const r = await runBytesInProcess(job(newer), ['job', 'artifacts', '--job', 'nope', '--dest', 'a.zip'], tempDir());
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toMatch(/^collab: 404 Not found\nhint: no successful job named "nope" with artifacts on ref "main"/);
    const file = await runBytesInProcess(job(newer), ['job', 'artifact', '--job', 'build', 'missing.txt'], tempDir());
    expect(file.exitCode).toBe(3);
    const inPipeline = await runBytesInProcess(
      job(newer),
      ['job', 'artifact', '--job', 'nope', '--pipeline', 'current', 'v.txt'],
      tempDir(),
    );
    expect(inPipeline.exitCode).toBe(3);
  });

  it('a server error or an unreachable server is exit 1', async () => {
    const serverError = await runBytesInProcess(
      { ...job(newer), CI_SERVER_URL: failing.url, CI_API_V4_URL: undefined },
      ['job', 'artifacts', '--job', 'build', '--dest', 'a.zip', '--timeout', '3'],
      tempDir(),
    );
    expect(serverError.exitCode).toBe(1);
    expect(serverError.stderr).toMatch(/^collab: 500 /);
    const down = `http://127.0.0.1:${await deadPort()}`;
    const unreachable = await runBytesInProcess(
      { ...job(newer), CI_SERVER_URL: down, CI_API_V4_URL: undefined },
      ['job', 'artifacts', '--job', 'build', '--timeout', '3'],
      tempDir(),
    );
    expect(unreachable.exitCode).toBe(1);
    expect(unreachable.stderr).toContain('could not connect');
  });
});
