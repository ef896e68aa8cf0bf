import type { FlagSpec } from '../executor/inputs.js';
import { type Card, type CardLayout, type Span, span, text, whoWhen } from '../output/card.js';
import { type Columns, columnSet, type Fields, withCard } from '../output/columns.js';
import { humanDuration, shortSha } from '../output/values.js';
import { CI_STATUSES } from '../shared/ci-statuses.js';
import { when, yes } from './card-parts.js';

/** A CI job; `download_url` where the artifacts were kept or erased. */
export const JOB_FIELDS: Fields = {
  spec: [
    'id',
    'status',
    'stage',
    'name',
    'ref',
    'tag',
    'coverage',
    'created_at',
    'started_at',
    'finished_at',
    'erased_at',
    'duration',
    'queued_duration',
    'user',
    'commit',
    'pipeline',
    'artifacts_file',
    'artifacts_expire_at',
    'runner',
    'web_url',
    'download_url',
  ],
  gitlab: ['allow_failure', 'project', 'artifacts', 'tag_list', 'runner_manager', 'failure_reason', 'archived'],
};

interface Job {
  id?: number;
  name?: string;
  status?: string;
  stage?: string;
  ref?: string;
  tag?: boolean;
  user?: unknown;
  created_at?: string;
  started_at?: string | null;
  finished_at?: string | null;
  duration?: number | null;
  queued_duration?: number | null;
  commit?: { id?: string; short_id?: string; title?: string };
  pipeline?: { id?: number; status?: string };
  runner?: { description?: string } | null;
  failure_reason?: string;
  allow_failure?: boolean;
  coverage?: number | null;
  artifacts_file?: { filename?: string; size?: number } | null;
  web_url?: string;
}

/** `1m 05s (queued 30s)`. */
function durations(job: Job): Span[] | undefined {
  const ran = humanDuration(job.duration);
  const queued = humanDuration(job.queued_duration);
  if (ran === undefined && queued === undefined) return undefined;
  return [...span(ran ?? '-'), ...(queued !== undefined ? span(` (queued ${queued})`, 'dim') : [])];
}

function commit(c: Job['commit']): Span[] | undefined {
  const sha = c?.short_id ?? c?.id;
  if (typeof sha !== 'string') return undefined;
  return [...span(shortSha(sha)), ...(c?.title ? span(` ${c.title}`, 'dim') : [])];
}

export const jobCard: CardLayout<Job> = {
  card: (job, _extra, now): Card => ({
    title: String(job.name ?? ''),
    reference: job.id !== undefined ? `job ${job.id}` : undefined,
    status: [
      typeof job.status === 'string' ? span(job.status, 'state', job.status) : undefined,
      yes(job.allow_failure, 'allowed to fail'),
      text(job.stage ? `stage ${job.stage}` : undefined, 'dim'),
      whoWhen(job.user, 'created it', job.created_at, now),
    ],
    fields: [
      { label: job.tag ? 'Tag' : 'Ref', value: text(job.ref) },
      { label: 'Commit', value: commit(job.commit) },
      {
        label: 'Pipeline',
        value: job.pipeline?.id !== undefined ? span(`#${job.pipeline.id} ${job.pipeline.status ?? ''}`.trim()) : undefined,
      },
      { label: 'Duration', value: durations(job) },
      { label: 'Started', value: when(job.started_at, now) },
      { label: 'Finished', value: when(job.finished_at, now) },
      { label: 'Failure', value: text(job.failure_reason?.replaceAll('_', ' '), 'failed') },
      { label: 'Runner', value: text(job.runner?.description) },
      { label: 'Coverage', value: typeof job.coverage === 'number' ? span(`${job.coverage}%`) : undefined },
      { label: 'Artifacts', value: text(job.artifacts_file?.filename) },
    ],
    url: job.web_url,
  }),
};

/** `--scope`: jobs in these statuses only (`job list`, `mr jobs`). */
export const jobScopeFlag: FlagSpec = {
  name: 'scope',
  type: 'stringList',
  choices: CI_STATUSES,
  description: 'only jobs in these statuses (comma-separated)',
  value: '<statuses>',
};

/** A job list; a narrow table drops PIPELINE and DURATION first, then REF, STAGE and CREATED. */
export const jobColumns: Columns = withCard(
  columnSet(
    [
      { key: 'id', kind: 'number', priority: 0 },
      { key: 'status', kind: 'state', priority: 0 },
      { key: 'stage', priority: 2 },
      { key: 'name', kind: 'title', priority: 0 },
      { key: 'ref', priority: 2 },
      { key: 'duration', get: (j: { duration?: unknown }) => humanDuration(j.duration), priority: 3 },
      { key: 'pipeline.id', header: 'pipeline', kind: 'number', priority: 3 },
      { key: 'created_at', header: 'created', kind: 'date', priority: 1 },
    ],
    JOB_FIELDS,
  ),
  jobCard,
);

/** What the action commands (cancel, retry, …) print as a row: the job and its new status. */
export const jobStatusColumns: Columns = columnSet(
  [
    { key: 'id', kind: 'number' },
    { key: 'name', kind: 'title' },
    { key: 'status', kind: 'state' },
  ],
  JOB_FIELDS,
);
