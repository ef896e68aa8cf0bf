import { type Columns, columnSet } from '../output/columns.js';
import { JOB_FIELDS } from './issue-fields.js';

/** The `scope` values of part 1 §4.5. */
export const JOB_SCOPES = ['created', 'pending', 'running', 'failed', 'success', 'canceled', 'skipped', 'manual'] as const;

/** Statuses of a job that is still going to change (`started` is what play answers). */
export const ACTIVE_JOB_STATUSES: readonly string[] = [
  'created',
  'pending',
  'running',
  'started',
  'preparing',
  'waiting_for_resource',
  'scheduled',
];

/** A job list; a narrow table drops PIPELINE and DURATION first, then REF, STAGE and CREATED. */
export const jobColumns: Columns = columnSet(
  [
    { key: 'id', kind: 'number', priority: 0 },
    { key: 'status', kind: 'state', priority: 0 },
    { key: 'stage', priority: 2 },
    { key: 'name', kind: 'title', priority: 0 },
    { key: 'ref', priority: 2 },
    { key: 'duration', get: (j: { duration?: unknown }) => seconds(j.duration), priority: 3 },
    { key: 'pipeline.id', header: 'pipeline', kind: 'number', priority: 3 },
    { key: 'created_at', header: 'created', kind: 'date', priority: 1 },
  ],
  JOB_FIELDS,
);

/** `1m 05s` from GitLab's duration in seconds (a float); nothing while a job has not run. */
function seconds(value: unknown): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return undefined;
  const total = Math.round(value);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}h ${String(m).padStart(2, '0')}m ${s}s` : m > 0 ? `${m}m ${s}s` : `${total}s`;
}

/** What the action commands (cancel, retry, …) print as a row: the job and its new status. */
export const jobStatusColumns: Columns = columnSet(
  [
    { key: 'id', kind: 'number' },
    { key: 'name', kind: 'title' },
    { key: 'status', kind: 'state' },
  ],
  JOB_FIELDS,
);
