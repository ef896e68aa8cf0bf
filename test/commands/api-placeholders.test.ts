/**
 * `collab api` fills `:id`, `:fullpath` and `:branch` from the checkout, as glab's `api` does (in
 * the path URL-encoded, in `-F` values as text), and inside a CI job from the runner's variables,
 * sending the CI job token where GitLab takes it; `auth status` with only a job token says so, and
 * whose job it is and what it reaches. collab, run in-process as the binary runs it, against a
 * server answering as GitLab does (test/helpers/gitlab-ci.ts: lib/api/ci/jobs.rb `GET /job`,
 * lib/api/commits.rb, lib/api/releases.rb, lib/api/branches.rb, lib/api/projects.rb;
 * lib/api/helpers.rb `unauthorized!`), in a simulated CI job: the runner's variables, no TTY, no
 * HOME config.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/e2e.js';
import { git, gitRepo } from '../helpers/git.js';
import { type CiPipelineModel, type GitlabCi, runnerEnv, startGitlabCi } from '../helpers/gitlab-ci.js';
import { runBytesInProcess } from '../helpers/in-process.js';

const pipelines: CiPipelineModel[] = [
  { id: 51, ref: 'main', status: 'running', jobs: [{ id: 511, name: 'deploy', status: 'running' }] },
  { id: 52, ref: 'v1.0.0', status: 'running', jobs: [{ id: 521, name: 'release', status: 'running' }] },
];

let ci: GitlabCi;
let spec: GitlabCi;
beforeAll(async () => {
  ci = await startGitlabCi(pipelines, { currentJob: 511, branches: ['main', 'feature/x'] });
  spec = await startGitlabCi(pipelines, { flavor: 'spec' });
});
afterAll(async () => {
  await ci?.close();
  await spec?.close();
});

/** What the server saw from one run: method, path and which token came with it. */
async function run(env: Record<string, string | undefined>, args: string[], cwd = tempDir()) {
  const before = ci.seen.length;
  const r = await runBytesInProcess(env, args, cwd);
  const sent = ci.seen.slice(before).map((s) => ({
    line: `${s.method} ${s.url.split('?')[0]}`,
    query: s.url.split('?')[1] ?? '',
    token: s.headers['job-token'] ? 'job' : s.headers['private-token'] ? 'personal' : 'none',
  }));
  return { ...r, out: r.stdout.toString(), sent };
}

/** A checkout of the project on `branch`, its remote on the server's host. */
function checkout(branch: string): string {
  return gitRepo(tempDir('collab-checkout-'), { origin: `git@127.0.0.1:${ci.projectPath}.git` }, branch);
}

describe('placeholders from the git checkout', () => {
  const user = () => ({ COLLAB_HOST: ci.url, COLLAB_TOKEN: 'glpat-personal' });

  it(':id asks the project once, :fullpath and :branch are the checkout’s, URL-encoded in the path', async () => {
    const dir = checkout('feature/x');
    const r = await run(user(), ['api', '/projects/:id/repository/branches/:branch', '-o', 'json'], dir);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.out).name).toBe('feature/x');
    expect(r.sent.map((s) => s.line)).toEqual([
      'GET /api/v4/projects/acme%2Fapp',
      `GET /api/v4/projects/${ci.projectId}/repository/branches/feature%2Fx`,
    ]);
    const full = await run(user(), ['api', '/projects/:fullpath/repository/branches/:branch'], dir);
    expect(full.exitCode, full.stderr).toBe(0);
    expect(full.sent.map((s) => s.line)).toEqual(['GET /api/v4/projects/acme%2Fapp/repository/branches/feature%2Fx']);
  });

  it('-F values are filled as text (-f values are raw), a GET sends them as the query', async () => {
    const r = await run(
      user(),
      ['api', '/projects/:fullpath/releases', '-X', 'GET', '-F', 'ref=:branch', '-f', 'raw=:branch'],
      checkout('main'),
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(new URLSearchParams(r.sent[0]!.query).get('ref')).toBe('main');
    expect(new URLSearchParams(r.sent[0]!.query).get('raw')).toBe(':branch');
  });

  it('text that only looks like a placeholder is left alone', async () => {
    const r = await run(user(), ['api', '/projects/acme%2Fapp/repository/branches/x:branch:id'], tempDir());
    expect(r.sent.map((s) => s.line)).toEqual(['GET /api/v4/projects/acme%2Fapp/repository/branches/x:branch:id']);
  });

  it('no project or no branch to fill: exit 2 saying what is missing, nothing sent', async () => {
    const none = await run(user(), ['api', '/projects/:id/issues'], tempDir());
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toMatch(/^collab: :id needs a project: run inside a git checkout of it, set COLLAB_PROJECT/);
    expect(none.sent).toEqual([]);
    const bad = await run(user(), ['api', '/projects/:id/issues', '-X', 'FETCH'], checkout('main'));
    expect(bad.exitCode).toBe(2);
    expect(bad.sent).toEqual([]);
  });
});

describe('inside a CI job', () => {
  it('the runner’s project and branch, no lookup, the job token where GitLab takes it', async () => {
    const env = runnerEnv(ci, pipelines[0]!);
    const r = await run(env, ['api', '/projects/:fullpath/repository/commits/:branch', '-o', 'json']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.out).title).toBe('tip of main');
    expect(r.sent).toEqual([{ line: 'GET /api/v4/projects/acme%2Fapp/repository/commits/main', query: '', token: 'job' }]);
    const id = await run(env, ['api', '/projects/:id/releases']);
    expect(id.exitCode, id.stderr).toBe(0);
    expect(id.sent).toEqual([{ line: `GET /api/v4/projects/${ci.projectId}/releases`, query: '', token: 'job' }]);
  });

  it('a detached checkout (as the runner makes it) takes the pipeline’s branch', async () => {
    const dir = checkout('main');
    const id = ['-c', 'user.name=ci', '-c', 'user.email=ci@example.com'];
    git(dir, [...id, 'commit', '-q', '--allow-empty', '-m', 'one']);
    git(dir, ['checkout', '-q', '--detach']);
    const env = runnerEnv(ci, pipelines[0]!, { CI_COMMIT_BRANCH: 'feature/x', CI_COMMIT_REF_NAME: 'feature/x' });
    const r = await run(env, ['api', '/projects/:id/repository/commits/:branch'], dir);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.sent.map((s) => s.line)).toEqual([`GET /api/v4/projects/${ci.projectId}/repository/commits/feature%2Fx`]);
  });

  it('a tag pipeline has no branch: exit 2, nothing sent', async () => {
    const env = runnerEnv(ci, pipelines[1]!, { CI_COMMIT_BRANCH: undefined, CI_COMMIT_TAG: 'v1.0.0' });
    const r = await run(env, ['api', '/projects/:id/repository/commits/:branch']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(':branch needs a branch');
    expect(r.sent).toEqual([]);
  });

  it('where GitLab does not take the job token it is not sent: the project is read anonymously', async () => {
    const r = await run(runnerEnv(ci, pipelines[0]!), ['api', '/projects/:id/repository/branches/:branch']);
    expect(r.sent).toEqual([{ line: `GET /api/v4/projects/${ci.projectId}/repository/branches/main`, query: '', token: 'none' }]);
    expect(r.exitCode).toBe(1);
  });
});

describe('auth status with only a job token', () => {
  it('says it is a job token, whose job and user, and what it reaches (exit 0)', async () => {
    const env = runnerEnv(ci, pipelines[0]!);
    const r = await run(env, ['auth', 'status', '-o', 'json']);
    expect(r.exitCode, r.stderr).toBe(0);
    const status = JSON.parse(r.out);
    expect(status).toMatchObject({
      host: ci.url,
      user: 'deployer',
      token_source: 'CI_JOB_TOKEN',
      token_type: 'job',
      job_id: 511,
      pipeline_id: 51,
    });
    expect(status.reaches).toContain('artifact downloads');
    expect(r.out).not.toContain('ci-job-token');
    expect(r.sent).toEqual([{ line: 'GET /api/v4/job', query: '', token: 'job' }]);
    const table = await run(env, ['auth', 'status']);
    expect(table.exitCode, table.stderr).toBe(0);
    expect(table.out).toMatch(/token_type\s+job/);
    expect(table.out).toMatch(/reaches\s+artifact downloads/);
  });

  it('a job token GitLab refuses (its job ended): exit 4 saying so', async () => {
    const r = await run(runnerEnv(ci, pipelines[0]!, { CI_JOB_TOKEN: 'ended-job-token' }), ['auth', 'status']);
    expect(r.exitCode).toBe(4);
    expect(r.stderr).toContain(`the CI job token for ${ci.url} (from CI_JOB_TOKEN) was refused`);
    expect(r.stderr).toContain('valid only while its job runs');
  });

  it('a server without GET /job (the spec’s): the status still says job token, and that it was not checked', async () => {
    const r = await runBytesInProcess(runnerEnv(spec, pipelines[0]!), ['auth', 'status', '-o', 'json'], tempDir());
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout.toString())).toMatchObject({ token_type: 'job', job_id: null, user: null });
    expect(r.stderr).toContain('has no GET /job: the CI job token was not checked');
  });
});
