/**
 * Pipelines: GitLab's API (lib/api/ci/pipelines.rb, doc/api/pipelines.md), outside the spec's
 * endpoint list. Their fields (lib/api/entities/ci/pipeline*.rb), columns, statuses, and the card
 * `pipeline view` draws, with the jobs grouped by stage.
 */
import { type Columns, columnSet, type Fields, withCard } from '../output/columns.js';
import { humanDuration } from '../output/values.js';
import { pipelineCard } from './pipeline-card.js';

/** `Ci::HasStatus::AVAILABLE_STATUSES` (app/models/concerns/ci/has_status.rb): what `--status` takes. */
export const PIPELINE_STATUSES = [
  'created',
  'waiting_for_resource',
  'preparing',
  'pending',
  'running',
  'success',
  'failed',
  'canceled',
  'skipped',
  'manual',
  'scheduled',
] as const;

/** `Ci::Pipeline.sources` (app/models/ci/pipeline.rb, Enums::Ci::Pipeline.sources): what `--source` takes. */
export const PIPELINE_SOURCES = [
  'push',
  'web',
  'trigger',
  'schedule',
  'api',
  'external',
  'pipeline',
  'chat',
  'webide',
  'merge_request_event',
  'external_pull_request_event',
  'parent_pipeline',
  'ondemand_dast_scan',
  'ondemand_dast_validation',
  'security_orchestration_policy',
  'container_registry_push',
  'duo_workflow',
  'pipeline_execution_policy_schedule',
] as const;

/**
 * The statuses a pipeline ends in (`Ci::HasStatus::COMPLETED_STATUSES`). Every other status still
 * changes by itself (created … running, `scheduled` waits for a time, GitLab 17's `canceling`),
 * except `manual`: it waits for a person to start a job.
 */
export const ENDED_PIPELINE_STATUSES: readonly string[] = ['success', 'failed', 'canceled', 'skipped'];

/** Whether a pipeline will not change unless someone acts: it ended, or it waits for a person (`manual`). */
export const pipelineSettled = (status: unknown): boolean =>
  typeof status !== 'string' || status === 'manual' || ENDED_PIPELINE_STATUSES.includes(status);

/** `Ci::PipelineBasic` and `…WithMetadata`: a pipeline in a project's list. */
export const PIPELINE_LIST_FIELDS: Fields = {
  spec: [],
  gitlab: ['id', 'iid', 'project_id', 'sha', 'ref', 'status', 'source', 'created_at', 'updated_at', 'web_url', 'name'],
};

/** `Ci::PipelineWithMetadata` (and `Ci::Pipeline`, what a create, retry or cancel answers): one pipeline. */
export const PIPELINE_FIELDS: Fields = {
  spec: [],
  gitlab: [
    ...PIPELINE_LIST_FIELDS.gitlab!,
    'before_sha',
    'tag',
    'yaml_errors',
    'user',
    'started_at',
    'finished_at',
    'committed_at',
    'duration',
    'queued_duration',
    'coverage',
    'detailed_status',
  ],
};

/** A project's pipelines; a narrow table drops SOURCE and SHA first. */
export const pipelineListColumns: Columns = columnSet(
  [
    { key: 'id', kind: 'number', priority: 0 },
    { key: 'status', kind: 'state', priority: 0 },
    { key: 'ref', priority: 1 },
    { key: 'sha', get: (p: { sha?: unknown }) => (typeof p.sha === 'string' ? p.sha.slice(0, 8) : p.sha), priority: 3 },
    { key: 'source', priority: 3 },
    { key: 'created_at', header: 'created', kind: 'date', priority: 1 },
  ],
  PIPELINE_LIST_FIELDS,
);

/** One pipeline: its fields, and on a terminal its card. */
export const pipelineColumns: Columns = withCard(
  columnSet(
    [
      { key: 'id', kind: 'number' },
      { key: 'status', kind: 'state' },
      { key: 'ref' },
      { key: 'sha' },
      { key: 'source' },
      { key: 'user.username', header: 'user' },
      { key: 'duration', get: (p: { duration?: unknown }) => humanDuration(p.duration) },
      { key: 'created_at', header: 'created', kind: 'date' },
      { key: 'web_url', header: 'url' },
    ],
    PIPELINE_FIELDS,
  ),
  pipelineCard,
);

/** What a retry or cancel answers, as one row: the pipeline and its status now. */
export const pipelineStatusColumns: Columns = columnSet(
  [{ key: 'id', kind: 'number' }, { key: 'status', kind: 'state' }, { key: 'ref' }, { key: 'web_url', header: 'url' }],
  PIPELINE_FIELDS,
);
