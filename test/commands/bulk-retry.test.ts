/**
 * Bulk `job retry` tells scripts the new jobs. GitLab answers
 * `POST /projects/:id/jobs/:job_id/retry` with the new job (lib/api/ci/jobs.rb: `present response[:job],
 * with: Entities::Ci::Job`, 201), and a job it cannot find with `404 {"message":"404 Not found"}`
 * (lib/api/api.rb): collab run in-process as the binary runs it against a server answering so
 * (test/helpers/gitlab-ci.ts), as a pipeline step would run it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CiPipelineModel, type GitlabCi, startGitlabCi } from '../helpers/gitlab-ci.js';
import { runInProcess } from '../helpers/in-process.js';

const pipelines: CiPipelineModel[] = [
  {
    id: 70,
    ref: 'main',
    status: 'failed',
    jobs: [
      { id: 700, name: 'test', status: 'failed' },
      { id: 701, name: 'lint', status: 'failed' },
      { id: 702, name: 'build', status: 'success' },
    ],
  },
];

let gitlab: GitlabCi;
beforeAll(async () => {
  gitlab = await startGitlabCi(pipelines);
});
afterAll(() => gitlab?.close());

const env = () => ({ COLLAB_HOST: gitlab.url, COLLAB_TOKEN: 'glpat-personal', COLLAB_PROJECT: '7' });
const lines = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));

describe('bulk job retry prints the new jobs', () => {
  it('-o ndjson: one record per job given, the new job with the one retried; a failure as every bulk verb writes it', async () => {
    const failed = await runInProcess(['job', 'list', '--scope', 'failed', '-o', 'ndjson'], env());
    expect(failed.exitCode, failed.stderr).toBe(0);
    const input = `${failed.stdout}\n{"id":9999}\n`;
    const r = await runInProcess(['job', 'retry', '--stdin', '-o', 'ndjson'], env(), { input });
    expect(r.exitCode).toBe(1);
    const records = lines(r.stdout);
    expect(records.map((x) => [x.retried_id ?? x.id, x.ok])).toEqual([
      [701, true],
      [700, true],
      [9999, false],
    ]);
    for (const x of records.slice(0, 2)) {
      expect(x.id).toBeGreaterThan(702);
      expect(x.status).toBe('pending');
      expect(pipelines[0]!.jobs.find((j) => j.id === x.id)?.name).toBe(x.name);
    }
    expect(new Set(records.slice(0, 2).map((x) => x.id)).size).toBe(2);
    expect(records[2]).toEqual({ id: 9999, ok: false, status: 404, error: '404 Not found' });
    expect(r.stderr).toBe('collab: 1 of 3 failed');
  });

  it('--fields id,name,status picks from the new jobs; -o json is one array; the new ids feed the next command', async () => {
    const r = await runInProcess(['job', 'retry', '700', '701', '--fields', 'id,name,status', '-o', 'json'], env());
    expect(r.exitCode, r.stderr).toBe(0);
    const records = JSON.parse(r.stdout) as { id: number; name: string; status: string }[];
    expect(records.map((x) => Object.keys(x))).toEqual([
      ['id', 'name', 'status'],
      ['id', 'name', 'status'],
    ]);
    expect(records.map((x) => [x.name, x.status])).toEqual([
      ['test', 'pending'],
      ['lint', 'pending'],
    ]);
    expect(records[0]!.id).not.toBe(700);
    // Piped on, a record is the new job: `job view` of its id finds it.
    const view = await runInProcess(['job', 'view', String(records[1]!.id), '-o', 'json'], env());
    expect(JSON.parse(view.stdout).name).toBe('lint');
    const bad = await runInProcess(['job', 'retry', '700', '701', '--fields', 'id,nope'], env());
    expect(bad.exitCode).toBe(2);
  });

  it('for people, each line names the new job', async () => {
    const r = await runInProcess(['job', 'retry', '700', '702'], env());
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^Retried job 700: new job \d+ \(test\), now pending\nRetried job 702: new job \d+ \(build\), now pending$/);
  });
});
