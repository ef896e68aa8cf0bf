import { both, entity, extend, gitlab, render, spec, type View } from '../entity.js';
import type { Job } from '../model-ci.js';
import { iso, isoOrNull } from '../time.js';
import { COMMIT } from './commits.js';
import { PIPELINE_BASIC } from './pipelines.js';
import { USER } from './users.js';

const seconds = (from: number | null, to: number | null): number | null => (from == null || to == null ? null : (to - from) / 1000);
const RUNNING = new Set(['running', 'canceling']);

function commit(job: Job, v: View): Record<string, unknown> {
  const author = v.store.users.get(job.userId) ?? v.store.users.get(1);
  const project = v.store.projects.get(job.projectId);
  return render(
    COMMIT,
    {
      id: job.commitSha,
      short_id: job.commitSha.slice(0, 8),
      title: job.commitTitle,
      message: `${job.commitTitle}\n`,
      author_name: author?.name ?? 'Administrator',
      author_email: author?.email ?? 'admin@example.com',
      created_at: job.createdAt - 600_000,
      webUrl: `${project ? v.store.projectWebUrl(project) : v.store.baseUrl}/-/commit/${job.commitSha}`,
      parentIds: [],
    },
    v,
  );
}

function artifacts(job: Job, v: View): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  if (job.artifact) out.push({ file_type: 'archive', size: v.artifacts?.size(job) ?? 0, filename: 'artifacts.zip', file_format: 'zip' });
  if (job.trace !== null) out.push({ file_type: 'trace', size: Buffer.byteLength(job.trace), filename: 'job.log', file_format: null });
  return out;
}

/**
 * `Ci::Job` (lib/api/entities/ci/job_basic.rb, job.rb): jobs and their answers. GitLab sends
 * `artifacts_file` only when the job has artifacts; the spec sends it as null.
 */
export const JOB = entity<Job>('Ci::Job: lib/api/entities/ci/job_basic.rb, lib/api/entities/ci/job.rb', {
  id: both((j) => j.id),
  status: both((j) => j.status),
  stage: both((j) => j.stage),
  name: both((j) => j.name),
  ref: both((j) => j.ref),
  tag: both((j) => j.tag),
  coverage: both((j) => j.coverage),
  allow_failure: gitlab((j, v) => v.store.ci.jobPlans.get(j.id)?.allowFailure ?? j.status === 'manual'),
  created_at: both((j) => iso(j.createdAt)),
  started_at: both((j) => isoOrNull(j.startedAt)),
  finished_at: both((j) => isoOrNull(j.finishedAt)),
  erased_at: both((j) => isoOrNull(j.erasedAt)),
  duration: both((j, v) => seconds(j.startedAt, j.finishedAt ?? (RUNNING.has(j.status) ? v.store.now() : null))),
  queued_duration: both((j) => seconds(j.createdAt, j.startedAt)),
  user: both((j, v) => {
    const user = v.store.users.get(j.userId);
    return user ? render(USER, user, v) : null;
  }),
  commit: both(commit),
  pipeline: both((j, v) => {
    const pipeline = v.store.pipelines.get(j.pipelineId);
    return pipeline ? render(PIPELINE_BASIC, pipeline, v) : null;
  }),
  failure_reason: gitlab(
    () => 'script_failure',
    (j) => j.status === 'failed',
  ),
  web_url: both((j, v) => {
    const project = v.store.projects.get(j.projectId);
    return `${project ? v.store.projectWebUrl(project) : v.store.baseUrl}/-/jobs/${j.id}`;
  }),
  project: gitlab(() => ({ ci_job_token_scope_enabled: false })),
  artifacts_file: both(
    (j, v) => (j.artifact ? { filename: 'artifacts.zip', size: v.artifacts?.size(j) ?? 0 } : null),
    (j, v) => v.flavor === 'spec' || j.artifact !== null,
  ),
  artifacts: gitlab(artifacts),
  runner: both(() => null),
  runner_manager: gitlab(() => null),
  artifacts_expire_at: both((j) => (j.artifact?.expireAt != null && !j.artifact.kept ? iso(j.artifact.expireAt) : null)),
  archived: gitlab(() => false),
  tag_list: gitlab(() => []),
});

/** The answer of erase and keep: the spec adds `download_url`. */
export const JOB_WITH_DOWNLOAD_URL = extend<Job, Job>(JOB, 'Ci::Job', { download_url: spec(() => null) });
