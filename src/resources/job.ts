import type { Column } from '../output/format.js';

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

export const jobColumns: Column[] = [
  { key: 'id', kind: 'number' },
  { key: 'status', kind: 'state' },
  { key: 'stage' },
  { key: 'name', kind: 'title' },
  { key: 'ref' },
  { key: 'pipeline.id', header: 'pipeline', kind: 'number' },
  { key: 'created_at', header: 'created', kind: 'date' },
];

/** What the action commands (cancel, retry, …) print as a row: the job and its new status. */
export const jobStatusColumns: Column[] = [
  { key: 'id', kind: 'number' },
  { key: 'name', kind: 'title' },
  { key: 'status', kind: 'state' },
];
