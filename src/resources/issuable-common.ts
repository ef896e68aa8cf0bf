/** What issues and merge requests share: the fields their answers begin with and the parts of their cards. */
import { type CardField, people, type Span, span, whoWhen } from '../output/card.js';
import { fullReference } from '../output/references.js';
import { relativeTime } from '../output/values.js';

/** The fields of an issue or merge request the cards read (GitLab's names; the spec's where they differ). */
export interface Issuable {
  iid?: number;
  title?: string;
  state?: string;
  description?: string | null;
  author?: unknown;
  created_at?: string;
  closed_by?: unknown;
  closed_at?: string | null;
  user_notes_count?: number;
  labels?: unknown[];
  assignees?: unknown[];
  assignee?: unknown;
  milestone?: { title?: string } | null;
  web_url?: string;
  confidential?: boolean;
  task_completion_status?: { count?: number; completed_count?: number };
}

const STATE_WORDS: Readonly<Record<string, string>> = { opened: 'Open', closed: 'Closed', merged: 'Merged', locked: 'Locked' };

export function state(value: unknown): Span[] | undefined {
  if (typeof value !== 'string') return undefined;
  return span(STATE_WORDS[value] ?? value, 'state', value);
}

export function reference(item: Issuable, sign: '#' | '!'): string | undefined {
  return fullReference(item) ?? (item.iid !== undefined ? `${sign}${item.iid}` : undefined);
}

/** `bob closed it 2 days ago`, `carol merged it 1 hour ago`: who ended it, where the server says. */
export function ended(
  item: Issuable & { merged_by?: unknown; merge_user?: unknown; merged_at?: string | null },
  now: Date,
): Span[] | undefined {
  if (item.state === 'merged') return whoWhen(item.merged_by ?? item.merge_user, 'merged it', item.merged_at, now);
  if (item.state === 'closed') return whoWhen(item.closed_by, 'closed it', item.closed_at, now);
  return undefined;
}

/** The fields both share after their own: labels, people, milestone. */
export function common(item: Issuable): CardField[] {
  return [
    { label: 'Labels', value: labels(item.labels) },
    { label: 'Assignees', value: people(item.assignees ?? item.assignee) },
  ];
}

function labels(list: unknown): Span[] | undefined {
  if (!Array.isArray(list) || list.length === 0) return undefined;
  const names = list.map((l) => (typeof l === 'string' ? l : (l as { name?: string })?.name)).filter((n) => typeof n === 'string');
  return names.length ? span(names.join(', '), 'label') : undefined;
}

export function tasks(item: Issuable): Span[] | undefined {
  const t = item.task_completion_status;
  return typeof t?.count === 'number' && t.count > 0 ? span(`${t.completed_count ?? 0} of ${t.count} done`) : undefined;
}

/** `2026-12-01 (in 5 days)`. */
export function due(date: unknown, now: Date): Span[] | undefined {
  if (typeof date !== 'string' || date === '') return undefined;
  const when = relativeTime(`${date}T00:00:00Z`, now);
  return [...span(date), ...(when === `${date}T00:00:00Z` ? [] : span(` (${when})`, 'dim'))];
}

/** The keys every issuable answer (and the approval status) begins with. */
export const ISSUABLE_HEAD = ['id', 'iid', 'project_id', 'title', 'description', 'state', 'created_at', 'updated_at'];
