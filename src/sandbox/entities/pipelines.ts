import { both, entity, extend, gitlab } from '../entity.js';
import type { MergeRequest, Pipeline } from '../model.js';
import type { Store } from '../store.js';
import { iso } from '../time.js';
import { userBasic } from './common.js';

const webUrl = (p: Pipeline, store: Store): string => {
  const project = store.projects.get(p.projectId);
  return `${project ? store.projectWebUrl(project) : store.baseUrl}/-/pipelines/${p.id}`;
};

/** `Ci::PipelineBasic` (lib/api/entities/ci/pipeline_basic.rb): a job's pipeline; the spec shows four of its keys there. */
export const PIPELINE_BASIC = entity<Pipeline>('Ci::PipelineBasic: lib/api/entities/ci/pipeline_basic.rb', {
  id: both((p) => p.id),
  iid: gitlab((p) => p.iid),
  project_id: gitlab((p) => p.projectId),
  sha: both((p) => p.sha),
  ref: both((p) => p.ref),
  status: both((p) => p.status),
  source: gitlab((p) => p.source),
  created_at: gitlab((p) => iso(p.createdAt)),
  updated_at: gitlab((p) => iso(p.updatedAt)),
  web_url: gitlab((p, v) => webUrl(p, v.store)),
});

const jobsOf = (p: Pipeline, store: Store) => store.projectJobs(p.projectId).filter((j) => j.pipelineId === p.id);
const FINISHED = new Set(['success', 'failed', 'canceled', 'skipped', 'manual']);

/** `Ci::Pipeline` (lib/api/entities/ci/pipeline.rb): a merge request's `head_pipeline`. */
export const PIPELINE = extend<Pipeline, Pipeline>(PIPELINE_BASIC, 'Ci::Pipeline: lib/api/entities/ci/pipeline.rb', {
  iid: both((p) => p.iid),
  project_id: both((p) => p.projectId),
  source: both((p) => p.source),
  created_at: both((p) => iso(p.createdAt)),
  updated_at: both((p) => iso(p.updatedAt)),
  web_url: both((p, v) => webUrl(p, v.store)),
  before_sha: gitlab(() => '0000000000000000000000000000000000000000'),
  tag: gitlab((p, v) => jobsOf(p, v.store).some((j) => j.tag)),
  yaml_errors: gitlab(() => null),
  user: both((p, v) => userBasic(v, p.userId)),
  started_at: gitlab((p, v) => isoMin(jobsOf(p, v.store).map((j) => j.startedAt))),
  finished_at: gitlab((p, v) => (FINISHED.has(p.status) ? isoMax(jobsOf(p, v.store).map((j) => j.finishedAt)) : null)),
  committed_at: gitlab(() => null),
  duration: gitlab((p, v) => {
    const jobs = jobsOf(p, v.store);
    const spans = jobs.map((j) => (j.startedAt != null && j.finishedAt != null ? (j.finishedAt - j.startedAt) / 1000 : 0));
    return FINISHED.has(p.status) ? Math.round(spans.reduce((a, b) => a + b, 0)) : null;
  }),
  queued_duration: gitlab(() => null),
  coverage: gitlab((p, v) => {
    const values = jobsOf(p, v.store)
      .map((j) => j.coverage)
      .filter((c) => c !== null);
    return values.length === 0 ? null : (values.reduce((a, b) => a + b, 0) / values.length).toFixed(2);
  }),
  detailed_status: gitlab((p, v) => ({
    icon: `status_${p.status}`,
    text: p.status,
    label: p.status,
    group: p.status,
    tooltip: p.status,
    has_details: true,
    details_path: new URL(webUrl(p, v.store)).pathname,
    illustration: null,
    favicon: `/assets/ci_favicons/favicon_status_${p.status}.png`,
  })),
});

function isoMin(times: (number | null)[]): string | null {
  const known = times.filter((t) => t !== null);
  return known.length === 0 ? null : iso(Math.min(...known));
}

function isoMax(times: (number | null)[]): string | null {
  const known = times.filter((t) => t !== null);
  return known.length === 0 ? null : iso(Math.max(...known));
}

/** The ref of a merge request pipeline, as GitLab runs them. */
export const mergeRequestRef = (iid: number): string => `refs/merge-requests/${iid}/head`;

/**
 * A merge request's head pipeline: the latest pipeline of its source branch (in the source project)
 * or of its merge request ref (in the target project).
 */
export function headPipelineOf(store: Store, mr: MergeRequest): Pipeline | undefined {
  let latest: Pipeline | undefined;
  for (const p of store.pipelines.values()) {
    const branch = p.projectId === mr.sourceProjectId && p.ref === mr.sourceBranch;
    const mrRef = p.projectId === mr.projectId && p.ref === mergeRequestRef(mr.iid);
    if ((branch || mrRef) && (!latest || p.id > latest.id)) latest = p;
  }
  return latest;
}
