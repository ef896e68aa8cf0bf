/**
 * Which artifacts were taken, said for people and for scripts; one file by ref on a server that
 * follows the spec. collab, run in-process as the binary runs it, in a simulated CI job or outside
 * one, against servers answering as GitLab does (test/helpers/gitlab-ci.ts:
 * lib/api/ci/job_artifacts.rb takes by ref the job of the latest successful *pipeline*,
 * Project#latest_successful_build_for_ref!) or as the spec's list has it (no
 * `…/jobs/artifacts/:ref_name/raw/*artifact_path`, no `GET /version`).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/e2e.js';
import { type CiPipelineModel, type GitlabCi, runnerEnv, startGitlabCi } from '../helpers/gitlab-ci.js';
import { runBytesInProcess, runInProcess } from '../helpers/in-process.js';

const pipelines: CiPipelineModel[] = [
  { id: 60, ref: 'main', status: 'success', jobs: [{ id: 600, name: 'build', status: 'success', files: { 'v.txt': 'sixty' } }] },
  { id: 61, ref: 'main', status: 'failed', jobs: [{ id: 610, name: 'build', status: 'failed', files: { 'v.txt': 'failed' } }] },
  { id: 62, ref: 'feature/y', status: 'success', jobs: [{ id: 620, name: 'build', status: 'success', files: { 'v.txt': 'feature' } }] },
  {
    id: 63,
    ref: 'main',
    status: 'running',
    jobs: [
      { id: 630, name: 'build', status: 'success', files: { 'v.txt': 'sixty-three', 'dir/b.txt': 'b' } },
      { id: 631, name: 'deploy', status: 'running' },
    ],
  },
];

let gitlab: GitlabCi;
let spec: GitlabCi;
beforeAll(async () => {
  gitlab = await startGitlabCi(pipelines, { currentJob: 631 });
  spec = await startGitlabCi(pipelines, { flavor: 'spec' });
});
afterAll(async () => {
  await gitlab?.close();
  await spec?.close();
});

const ciJob = () => runnerEnv(gitlab, pipelines[3]!);
const personal = (server: GitlabCi) => ({ COLLAB_HOST: server.url, COLLAB_TOKEN: 'glpat-personal' });
const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

describe('the result line says which artifacts were taken', () => {
  it('from a pipeline: the job id, its pipeline and status', async () => {
    const r = await runBytesInProcess(
      ciJob(),
      ['job', 'artifacts', '--job', 'build', '--pipeline', 'current', '--dest', 'a.zip'],
      tempDir(),
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^Saved the artifacts of job 630 \("build" of pipeline 63 on main, success\) to a\.zip \(\d+ B\)\n$/);
  });

  it("by the CI job's own ref: GitLab's rule, and that --pipeline current takes the running pipeline", async () => {
    const dir = tempDir();
    const r = await runBytesInProcess(ciJob(), ['job', 'artifacts', '--job', 'build', '--dest', 'a.zip'], dir);
    expect(r.exitCode, r.stderr).toBe(0);
    // GitLab took pipeline 60's build (the latest successful one), not 63's, which runs.
    expect(fs.readFileSync(path.join(dir, 'a.zip')).equals(gitlab.archive(600))).toBe(true);
    expect(r.stderr.split('\n')).toEqual([
      expect.stringMatching(/^Saved the artifacts of the "build" job of the latest successful pipeline on main to a\.zip \(\d+ B\)$/),
      'note: by ref, GitLab takes the latest successful pipeline on main ' +
        '(CI_COMMIT_REF_NAME), never this running one (63): --pipeline current takes this ' +
        'pipeline\'s "build"',
      '',
    ]);
    // A ref given on purpose is taken as meant: no note.
    const given = await runBytesInProcess(ciJob(), ['job', 'artifacts', '--job', 'build', '--ref', 'main', '--dest', 'b.zip'], dir);
    expect(given.stderr).not.toContain('note:');
  });

  it('help states the rule and the way to the same pipeline', async () => {
    for (const verb of ['artifacts', 'artifact']) {
      const help = await runInProcess(['job', verb, '--help']);
      const text = help.stdout.replace(/\s+/g, ' ');
      expect(text).toContain('By ref, GitLab takes the job of the latest *successful pipeline* of the ref');
      expect(text).toContain('--pipeline current');
      expect(text).toContain('needs:');
    }
  });
});

describe('-o json: what was saved, for scripts', () => {
  it('by job id: the path, size and SHA-256, and the job and pipeline learnt from the job', async () => {
    const dir = tempDir();
    const before = gitlab.seen.length;
    const r = await runBytesInProcess(personal(gitlab), ['job', 'artifacts', '630', '-p', '7', '--dest', 'a.zip', '-o', 'json'], dir);
    expect(r.exitCode, r.stderr).toBe(0);
    const saved = fs.readFileSync(path.join(dir, 'a.zip'));
    expect(JSON.parse(r.stdout.toString())).toEqual({
      path: path.join(fs.realpathSync(dir), 'a.zip'),
      size: saved.length,
      sha256: sha256(saved),
      job_id: 630,
      job_name: 'build',
      pipeline_id: 63,
      ref: 'main',
      extracted_to: null,
      files: null,
    });
    expect(gitlab.seen.slice(before).map((q) => q.url)).toEqual(['/api/v4/projects/7/jobs/630/artifacts', '/api/v4/projects/7/jobs/630']);
  });

  it('by ref (GitLab does not say which job it took): the ref and the name; --extract, --fields and --jq', async () => {
    const dir = tempDir();
    const r = await runBytesInProcess(ciJob(), ['job', 'artifacts', '--job', 'build', '--extract', 'out', '-o', 'ndjson'], dir);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout.toString())).toEqual({
      path: null,
      size: gitlab.archive(600).length,
      sha256: sha256(gitlab.archive(600)),
      job_id: null,
      job_name: 'build',
      pipeline_id: null,
      ref: 'main',
      extracted_to: path.join(fs.realpathSync(dir), 'out'),
      files: 1,
    });
    const fields = await runBytesInProcess(
      ciJob(),
      ['job', 'artifacts', '--job', 'build', '--pipeline', 'current', '--fields', 'job_id,pipeline_id', '-o', 'json'],
      dir,
    );
    expect(JSON.parse(fields.stdout.toString())).toEqual({ job_id: 630, pipeline_id: 63 });
    const jq = await runBytesInProcess(
      ciJob(),
      ['job', 'artifact', '--job', 'build', 'v.txt', '--dest', 'v.txt', '--jq', '.sha256', '-r'],
      dir,
    );
    expect(jq.stdout.toString()).toBe(`${sha256(Buffer.from('sixty'))}\n`);
  });

  it('a record cannot share stdout with the download: exit 2, nothing sent', async () => {
    const before = gitlab.seen.length;
    for (const args of [
      ['job', 'artifacts', '--job', 'build', '--dest', '-', '-o', 'json'],
      ['job', 'artifact', '--job', 'build', 'v.txt', '-o', 'json'],
      ['job', 'artifacts', '--job', 'build', '--fields', 'nope'],
    ]) {
      const r = await runBytesInProcess(ciJob(), args, tempDir());
      expect(r.exitCode, args.join(' ')).toBe(2);
    }
    expect(gitlab.seen.length).toBe(before);
  });
});

describe('one file by ref on a server that follows the spec (no raw-by-ref route)', () => {
  it("the last successful job of the name on the ref is found in the job list, then its file by the job's id", async () => {
    const before = spec.seen.length;
    const r = await runBytesInProcess(
      personal(spec),
      ['job', 'artifact', '--ref', 'main', '--job', 'build', 'dir/b.txt', '-p', '7'],
      tempDir(),
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout.toString()).toBe('b');
    const sent = spec.seen.slice(before).map((q) => q.url);
    expect(sent[0]).toBe('/api/v4/version');
    expect(sent[1]).toMatch(/^\/api\/v4\/projects\/7\/jobs\?scope%5B%5D=success&per_page=100/);
    expect(sent.at(-1)).toBe('/api/v4/projects/7/jobs/630/artifacts/dir/b.txt');
    expect(sent.some((u) => u.includes('/raw/'))).toBe(false);
    // Saved, the line names the job found.
    const saved = await runBytesInProcess(
      { ...personal(spec), COLLAB_FLAVOR: 'spec' },
      ['job', 'artifact', '--ref', 'feature/y', '--job', 'build', 'v.txt', '--dest', 'v.txt', '-p', '7'],
      tempDir(),
    );
    expect(saved.stderr).toMatch(/^Saved v\.txt from the artifacts of job 620 \("build" of pipeline 62 on feature\/y, success\) to v\.txt/);
  });

  it('none on the ref: exit 3 naming the job and the ref, never a job that exists', async () => {
    const r = await runBytesInProcess(
      { ...personal(spec), COLLAB_FLAVOR: 'spec' },
      ['job', 'artifact', '--ref', 'nope', '--job', 'build', 'v.txt', '-p', '7'],
      tempDir(),
    );
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toMatch(/^collab: no successful "build" job with artifacts on nope\nhint: project 7 lists none/);
  });
});
