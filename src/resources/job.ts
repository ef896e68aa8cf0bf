import type { FlagSpec } from '../executor/inputs.js';
import { type Columns, columnSet, withCard } from '../output/columns.js';
import { humanDuration } from '../output/values.js';
import { jobCard } from './cards.js';
import { JOB_FIELDS } from './issue-fields.js';

/** The `scope` values of part 1 §4.5. */
export const JOB_SCOPES = ['created', 'pending', 'running', 'failed', 'success', 'canceled', 'skipped', 'manual'] as const;

/** `--scope`: jobs in these statuses only (`job list`, `mr jobs`). */
export const jobScopeFlag: FlagSpec = {
  name: 'scope',
  type: 'stringList',
  choices: JOB_SCOPES,
  description: 'only jobs in these statuses (comma-separated)',
  value: '<statuses>',
};

/**
 * The statuses a job ends in (GitLab's `Ci::HasStatus::COMPLETED_STATUSES`). Every other one
 * still changes by itself: created, waiting_for_resource, preparing, waiting_for_callback,
 * pending, running, canceling (GitLab 17: the runner is stopping it), scheduled, `started` (what
 * play answers), and any status GitLab adds later; except `manual`, which waits for a person.
 */
export const COMPLETED_JOB_STATUSES: readonly string[] = ['success', 'failed', 'canceled', 'skipped'];

/** Whether a job with this status will not change unless someone acts (a status that is no string: nothing to wait for). */
export function jobStopped(status: unknown): boolean {
  return typeof status !== 'string' || status === 'manual' || COMPLETED_JOB_STATUSES.includes(status);
}

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
