import type { LintAnswer } from '../ci-config.js';
import type { PipelineVariable } from '../ci-state.js';
import { both, entity, extend, gitlab } from '../entity.js';
import type { MergeRequest } from '../model.js';
import type { Pipeline } from '../model-ci.js';
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
  detailed_status: gitlab((p, v) => {
    const text = STATUS_TEXT[p.status] ?? p.status;
    return {
      icon: `status_${p.status}`,
      text,
      label: p.status === 'manual' ? 'manual action' : text,
      group: p.status,
      tooltip: text,
      has_details: true,
      details_path: new URL(webUrl(p, v.store)).pathname,
      illustration: null,
      favicon: `/assets/ci_favicons/favicon_status_${p.status}.png`,
    };
  }),
});

/** The words of lib/gitlab/ci/status/*.rb where they differ from the status. */
const STATUS_TEXT: Record<string, string> = { success: 'passed', success_with_warnings: 'warning' };

/** `Ci::PipelineBasicWithMetadata` (lib/api/entities/ci/pipeline_basic_with_metadata.rb): a project's pipeline list. */
export const PIPELINE_BASIC_WITH_METADATA = extend<Pipeline, Pipeline>(
  PIPELINE_BASIC,
  'Ci::PipelineBasicWithMetadata: lib/api/entities/ci/pipeline_basic_with_metadata.rb',
  { name: gitlab((p, v) => v.store.ci.pipelineNames.get(p.id) ?? null) },
);

/** `Ci::PipelineWithMetadata` (lib/api/entities/ci/pipeline_with_metadata.rb): one pipeline, the latest of a ref. */
export const PIPELINE_WITH_METADATA = extend<Pipeline, Pipeline>(
  PIPELINE,
  'Ci::PipelineWithMetadata: lib/api/entities/ci/pipeline_with_metadata.rb',
  {
    name: gitlab((p, v) => v.store.ci.pipelineNames.get(p.id) ?? null),
  },
);

/** `Ci::Variable` (lib/api/entities/ci/variable.rb) over a pipeline's variable: the keys a Ci::PipelineVariable has. */
export const PIPELINE_VARIABLE = entity<PipelineVariable>('Ci::Variable: lib/api/entities/ci/variable.rb (Ci::PipelineVariable)', {
  variable_type: gitlab((x) => x.variableType),
  key: gitlab((x) => x.key),
  value: gitlab((x) => x.value),
});

export interface SuiteSummary {
  name: string;
  totalTime: number;
  total: number;
  success: number;
  failed: number;
  skipped: number;
  error: number;
  buildIds: number[];
}

/** `TestReportSummaryEntity` (app/serializers/test_report_summary_entity.rb, test_suite_summary_entity.rb). */
export const TEST_REPORT_SUMMARY = entity<SuiteSummary[]>('TestReportSummaryEntity: app/serializers/test_report_summary_entity.rb', {
  total: gitlab((suites) => ({
    time: suites.reduce((n, s) => n + s.totalTime, 0),
    count: suites.reduce((n, s) => n + s.total, 0),
    success: suites.reduce((n, s) => n + s.success, 0),
    failed: suites.reduce((n, s) => n + s.failed, 0),
    skipped: suites.reduce((n, s) => n + s.skipped, 0),
    error: suites.reduce((n, s) => n + s.error, 0),
    suite_error: null,
  })),
  test_suites: gitlab((suites) =>
    suites.map((s) => ({
      name: s.name,
      total_time: s.totalTime,
      total_count: s.total,
      success_count: s.success,
      failed_count: s.failed,
      skipped_count: s.skipped,
      error_count: s.error,
      build_ids: s.buildIds,
      suite_error: null,
    })),
  ),
});

/** `Ci::Lint::Result` (lib/api/entities/ci/lint/result.rb); `jobs` with `include_jobs=true` only. */
export const LINT_RESULT = entity<LintAnswer & { includeJobs: boolean }>('Ci::Lint::Result: lib/api/entities/ci/lint/result.rb', {
  valid: gitlab((r) => r.valid),
  errors: gitlab((r) => r.errors),
  warnings: gitlab((r) => r.warnings),
  merged_yaml: gitlab((r) => r.merged_yaml),
  includes: gitlab((r) => r.includes),
  jobs: gitlab(
    (r) => r.jobs,
    (r) => r.includeJobs,
  ),
});

function isoMin(times: (number | null)[]): string | null {
  const known = times.filter((t) => t !== null);
  return known.length === 0 ? null : iso(known.reduce((a, b) => Math.min(a, b)));
}

function isoMax(times: (number | null)[]): string | null {
  const known = times.filter((t) => t !== null);
  return known.length === 0 ? null : iso(known.reduce((a, b) => Math.max(a, b)));
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
