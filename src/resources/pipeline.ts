/**
 * Pipelines: GitLab's API (lib/api/ci/pipelines.rb, doc/api/pipelines.md), outside the spec's
 * endpoint list. Their fields (lib/api/entities/ci/pipeline*.rb), columns, and the card `pipeline
 * view` draws, with the jobs grouped by stage; their statuses and sources: src/shared/ci-statuses.ts.
 */
import { type Columns, columnSet, type Fields, withCard } from '../output/columns.js';
import { humanDuration } from '../output/values.js';
import { pipelineCard } from './pipeline-card.js';

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
