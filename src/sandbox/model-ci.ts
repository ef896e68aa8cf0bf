/** The sandbox's CI state as it keeps it: pipelines and jobs (GitLab's Ci::Pipeline, Ci::Build). */

export interface Pipeline {
  id: number;
  iid: number;
  projectId: number;
  /** A branch, a tag, or `refs/merge-requests/:iid/head` for a merge request pipeline. */
  ref: string;
  sha: string;
  status: string;
  /** GitLab's `source`: `push`, `merge_request_event` for a merge request pipeline, `api`/`web`/`trigger` when started so, `pipeline` by a CI job's token (multi-project). */
  source: 'push' | 'merge_request_event' | 'api' | 'web' | 'trigger' | 'schedule' | 'pipeline';
  userId: number;
  createdAt: number;
  updatedAt: number;
}

export type JobStatus =
  | 'created'
  | 'pending'
  | 'running'
  | 'failed'
  | 'success'
  | 'canceled'
  | 'canceling'
  | 'skipped'
  | 'manual'
  | 'started';

/** How a job's artifacts archive is made and served. */
export interface ArtifactSpec {
  kind: 'demo' | 'large';
  /** Quote the filename in Content-Disposition (real servers do both). */
  quotedFilename: boolean;
  /** Serve through a 302 to the sandbox's fake object storage on another origin. */
  viaObjectStorage: boolean;
  expireAt: number | null;
  kept: boolean;
}

export interface Job {
  id: number;
  projectId: number;
  pipelineId: number;
  name: string;
  stage: string;
  ref: string;
  tag: boolean;
  status: JobStatus;
  coverage: number | null;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  erasedAt: number | null;
  userId: number;
  commitSha: string;
  commitTitle: string;
  artifact: ArtifactSpec | null;
  trace: string | null;
}
