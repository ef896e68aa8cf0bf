import type { Column } from '../output/format.js';

export const ISSUE_STATES = ['opened', 'closed', 'all'] as const;
export const ISSUE_SCOPES = ['created-by-me', 'assigned-to-me', 'all'] as const;
export const ORDER_BY_CREATED_UPDATED = ['created_at', 'updated_at'] as const;
export const SORT = ['asc', 'desc'] as const;

export const issueColumns: Column[] = [
  { key: 'iid', header: 'IID', kind: 'number' },
  { key: 'state', kind: 'state' },
  { key: 'title', kind: 'title' },
  { key: 'labels', kind: 'labels' },
  { key: 'assignees', kind: 'users' },
  { key: 'updated_at', header: 'updated', kind: 'date' },
];

export const timeStatsColumns: Column[] = [
  { key: 'time_estimate', header: 'estimate (s)' },
  { key: 'human_time_estimate', header: 'estimate' },
  { key: 'total_time_spent', header: 'spent (s)' },
  { key: 'human_total_time_spent', header: 'spent' },
];
