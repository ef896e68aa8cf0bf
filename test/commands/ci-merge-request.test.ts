/**
 * Merge request pipelines (collab run in-process as the binary runs it in a simulated CI job,
 * against a server answering as GitLab does: test/helpers/gitlab-ci.ts). GitLab runs a merge
 * request pipeline for the merge request's ref, not its source branch:
 * MergeRequests::CreatePipelineService gives a detached pipeline `merge_request.ref_path`
 * (refs/merge-requests/<iid>/head) — the source branch only when it runs in the source project of a
 * fork — a merged results pipeline `merge_ref_path` (…/merge), a merge train `train_ref_path`
 * (…/train); MergeRequest#predefined_variables sets CI_MERGE_REQUEST_REF_PATH to `ref_path`, and
 * CI_COMMIT_REF_NAME stays the source branch. The by-ref routes (lib/api/ci/job_artifacts.rb)
 * compare the pipeline's ref.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/e2e.js';
import { type CiPipelineModel, type GitlabCi, runnerEnv, startGitlabCi } from '../helpers/gitlab-ci.js';
import { runBytesInProcess } from '../helpers/in-process.js';

const build = (id: number, content: string) => ({ id, name: 'build', status: 'success', files: { 'version.txt': content } });

const pipelines: CiPipelineModel[] = [
  // A stale pipeline of the source branch, from before the merge request: what CI_COMMIT_REF_NAME finds.
  { id: 100, ref: 'feature/x', status: 'success', jobs: [build(1000, 'branch pipeline')] },
  { id: 101, ref: 'refs/merge-requests/5/head', status: 'success', source: 'merge_request_event', jobs: [build(1010, 'detached')] },
  { id: 102, ref: 'refs/merge-requests/5/merge', status: 'success', source: 'merge_request_event', jobs: [build(1020, 'merged result')] },
  { id: 103, ref: 'refs/merge-requests/5/train', status: 'success', source: 'merge_request_event', jobs: [build(1030, 'merge train')] },
  // Merge request !6 has only merge request pipelines: its source branch has none at all.
  { id: 104, ref: 'refs/merge-requests/6/head', status: 'success', source: 'merge_request_event', jobs: [build(1040, 'only mr')] },
  {
    id: 110,
    ref: 'refs/merge-requests/5/head',
    status: 'running',
    source: 'merge_request_event',
    jobs: [{ id: 1100, name: 'deploy', status: 'running' }],
  },
];

let ci: GitlabCi;
beforeAll(async () => {
  ci = await startGitlabCi(pipelines, { currentJob: 1100 });
});
afterAll(() => ci?.close());

/** A job of the running merge request pipeline 110 (merge request !5 from feature/x). */
const mrJob = (extra: Record<string, string | undefined>) =>
  runnerEnv(ci, pipelines[5]!, {
    CI_COMMIT_REF_NAME: 'feature/x',
    CI_COMMIT_BRANCH: undefined,
    CI_MERGE_REQUEST_IID: '5',
    CI_MERGE_REQUEST_REF_PATH: 'refs/merge-requests/5/head',
    CI_MERGE_REQUEST_PROJECT_ID: String(ci.projectId),
    CI_MERGE_REQUEST_SOURCE_BRANCH_NAME: 'feature/x',
    CI_MERGE_REQUEST_EVENT_TYPE: 'detached',
    ...extra,
  });

describe('the default --ref of a merge request pipeline is the ref the pipeline runs for', () => {
  it.each([
    ['a detached pipeline', {}, 'refs/merge-requests/5/head', 'detached'],
    ['a merged results pipeline', { CI_MERGE_REQUEST_EVENT_TYPE: 'merged_result' }, 'refs/merge-requests/5/merge', 'merged result'],
    ['a merge train pipeline', { CI_MERGE_REQUEST_EVENT_TYPE: 'merge_train' }, 'refs/merge-requests/5/train', 'merge train'],
    // A fork's pipeline that runs in the source project: that project's source branch.
    ['a pipeline in the source project of a fork', { CI_MERGE_REQUEST_PROJECT_ID: '99' }, 'feature/x', 'branch pipeline'],
    // A branch pipeline: CI_COMMIT_REF_NAME, whatever merge request variables say.
    ['a branch pipeline', { CI_PIPELINE_SOURCE: 'push', CI_COMMIT_BRANCH: 'feature/x' }, 'feature/x', 'branch pipeline'],
  ])('%s', async (_what, extra, ref, content) => {
    const before = ci.seen.length;
    const r = await runBytesInProcess(mrJob(extra), ['job', 'artifact', '--job', 'build', 'version.txt'], tempDir('collab-ci-'));
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout.toString()).toBe(content);
    const sent = ci.seen.slice(before);
    expect(sent.map((q) => q.url)).toEqual([
      `/api/v4/projects/${ci.projectId}/jobs/artifacts/${encodeURIComponent(ref)}/raw/version.txt?job=build`,
    ]);
    expect(sent[0]!.headers['job-token']).toBe('ci-job-token');
  });

  it('only merge request pipelines: the archive is found (the source branch has no pipeline at all)', async () => {
    const dir = tempDir('collab-ci-');
    const env = mrJob({
      CI_COMMIT_REF_NAME: 'feature/y',
      CI_MERGE_REQUEST_IID: '6',
      CI_MERGE_REQUEST_REF_PATH: 'refs/merge-requests/6/head',
    });
    const r = await runBytesInProcess(env, ['job', 'artifacts', '--job', 'build', '--extract', 'out'], dir);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(ci.seen.at(-1)!.url).toBe(`/api/v4/projects/${ci.projectId}/jobs/artifacts/refs%2Fmerge-requests%2F6%2Fhead/download?job=build`);
    // The branch name alone finds nothing: what collab sent before.
    const byBranch = await runBytesInProcess(env, ['job', 'artifacts', '--job', 'build', '--ref', 'feature/y', '--dest', 'a.zip'], dir);
    expect(byBranch.exitCode).not.toBe(0);
    expect(byBranch.stderr).toContain('404');
  });

  it('the IID alone is enough when the ref path is not set; an explicit --ref still wins', async () => {
    const viaIid = await runBytesInProcess(
      mrJob({ CI_MERGE_REQUEST_REF_PATH: undefined }),
      ['job', 'artifact', '--job', 'build', 'version.txt'],
      tempDir(),
    );
    expect(viaIid.stdout.toString(), viaIid.stderr).toBe('detached');
    const given = await runBytesInProcess(mrJob({}), ['job', 'artifact', '--job', 'build', '--ref', 'feature/x', 'version.txt'], tempDir());
    expect(given.stdout.toString(), given.stderr).toBe('branch pipeline');
  });
});
