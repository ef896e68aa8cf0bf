import type { ArtifactStore } from '../artifacts.js';
import type { Job } from '../model.js';
import type { Store } from '../store.js';
import { iso, isoOrNull } from '../time.js';
import { jobUserView } from './users.js';

export function jobView(store: Store, artifacts: ArtifactStore, job: Job, withDownloadUrl = false): Record<string, unknown> {
  const pipeline = store.pipelines.get(job.pipelineId);
  const project = store.projects.get(job.projectId);
  const seconds = (from: number | null, to: number | null) => (from == null || to == null ? null : (to - from) / 1000);
  const user = store.users.get(job.userId);
  const author = user ?? store.users.get(1);
  const view: Record<string, unknown> = {
    id: job.id,
    status: job.status,
    stage: job.stage,
    name: job.name,
    ref: job.ref,
    tag: job.tag,
    coverage: job.coverage,
    created_at: iso(job.createdAt),
    started_at: isoOrNull(job.startedAt),
    finished_at: isoOrNull(job.finishedAt),
    erased_at: isoOrNull(job.erasedAt),
    duration: seconds(job.startedAt, job.finishedAt ?? (job.status === 'running' ? store.now() : null)),
    queued_duration: seconds(job.createdAt, job.startedAt),
    user: user ? jobUserView(store, user) : null,
    commit: {
      id: job.commitSha,
      short_id: job.commitSha.slice(0, 8),
      title: job.commitTitle,
      message: `${job.commitTitle}\n`,
      author_name: author?.name ?? 'Administrator',
      author_email: author?.email ?? 'admin@example.com',
      created_at: iso(job.createdAt - 600_000),
    },
    pipeline: pipeline ? { id: pipeline.id, ref: pipeline.ref, sha: pipeline.sha, status: pipeline.status } : null,
    artifacts_file: job.artifact ? { filename: 'artifacts.zip', size: artifacts.size(job) } : null,
    artifacts_expire_at: job.artifact?.expireAt != null && !job.artifact.kept ? iso(job.artifact.expireAt) : null,
    runner: null,
    web_url: `${project ? store.projectWebUrl(project) : store.baseUrl}/-/jobs/${job.id}`,
  };
  if (withDownloadUrl) view.download_url = null;
  return view;
}
