/** The cards of an issue and a merge request: what people read first on a terminal. */
import { type Card, type CardField, type CardLayout, comments, people, type Span, span, text, whoWhen } from '../output/card.js';
import { fullReference } from '../output/references.js';
import { relativeTime } from '../output/values.js';

/** The fields of an issue or merge request the cards read (GitLab's names; the spec's where they differ). */
interface Issuable {
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

interface Issue extends Issuable {
  due_date?: string | null;
}

export interface MergeRequest extends Issuable {
  draft?: boolean;
  work_in_progress?: boolean;
  source_branch?: string;
  target_branch?: string;
  detailed_merge_status?: string;
  merge_status?: string;
  reviewers?: unknown[];
  merged_by?: unknown;
  merge_user?: unknown;
  merged_at?: string | null;
  merge_when_pipeline_succeeds?: boolean;
  head_pipeline?: { id?: number; status?: string; project_id?: number } | null;
}

/** What `mr view` reads besides the merge request, for its card. */
export interface MergeRequestFacts {
  /** The approval state (`…/approvals`), read when approvals are what it waits for. */
  approvals?: { approvals_left?: number; approvals_missing?: number; approvals_required?: number; approved_by?: unknown[] };
  /** The head pipeline's failed jobs, or why they could not be read. */
  failedJobs?: { id?: number; name?: string }[] | { error: string };
}

const STATE_WORDS: Readonly<Record<string, string>> = { opened: 'Open', closed: 'Closed', merged: 'Merged', locked: 'Locked' };

function state(value: unknown): Span[] | undefined {
  if (typeof value !== 'string') return undefined;
  return span(STATE_WORDS[value] ?? value, 'state', value);
}

function reference(item: Issuable, sign: '#' | '!'): string | undefined {
  return fullReference(item) ?? (item.iid !== undefined ? `${sign}${item.iid}` : undefined);
}

/** `bob closed it 2 days ago`, `carol merged it 1 hour ago`: who ended it, where the server says. */
function ended(item: Issuable & Partial<MergeRequest>, now: Date): Span[] | undefined {
  if (item.state === 'merged') return whoWhen(item.merged_by ?? item.merge_user, 'merged it', item.merged_at, now);
  if (item.state === 'closed') return whoWhen(item.closed_by, 'closed it', item.closed_at, now);
  return undefined;
}

/** The fields both share after their own: labels, people, milestone. */
function common(item: Issuable): CardField[] {
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

function tasks(item: Issuable): Span[] | undefined {
  const t = item.task_completion_status;
  return typeof t?.count === 'number' && t.count > 0 ? span(`${t.completed_count ?? 0} of ${t.count} done`) : undefined;
}

/** `2026-12-01 (in 5 days)`. */
function due(date: unknown, now: Date): Span[] | undefined {
  if (typeof date !== 'string' || date === '') return undefined;
  const when = relativeTime(`${date}T00:00:00Z`, now);
  return [...span(date), ...(when === `${date}T00:00:00Z` ? [] : span(` (${when})`, 'dim'))];
}

export const issueCard: CardLayout<Issue> = {
  card: (issue, _extra, now): Card => ({
    title: String(issue.title ?? ''),
    reference: reference(issue, '#'),
    status: [
      state(issue.state),
      issue.confidential ? span('Confidential', 'failed') : undefined,
      whoWhen(issue.author, 'opened', issue.created_at, now),
      ended(issue, now),
      comments(issue.user_notes_count),
    ],
    fields: [
      ...common(issue),
      { label: 'Milestone', value: text(issue.milestone?.title) },
      { label: 'Due', value: due(issue.due_date, now) },
      { label: 'Tasks', value: tasks(issue) },
    ],
    body: { text: issue.description, what: 'description' },
    url: issue.web_url,
  }),
};

export const mergeRequestCard: CardLayout<MergeRequest, MergeRequestFacts> = {
  card: (mr, facts, now): Card => ({
    title: String(mr.title ?? ''),
    reference: reference(mr, '!'),
    status: [
      state(mr.state),
      mr.draft || mr.work_in_progress ? span('Draft', 'dim') : undefined,
      whoWhen(mr.author, 'opened', mr.created_at, now),
      ended(mr, now),
      comments(mr.user_notes_count),
    ],
    fields: [
      { label: 'Branches', value: branches(mr) },
      { label: 'Merge status', value: mr.state === 'opened' ? mergeStatus(mr) : undefined },
      { label: 'Auto-merge', value: autoMerge(mr) },
      { label: 'Approvals', value: approvals(facts?.approvals) },
      { label: 'Pipeline', value: pipeline(mr) },
      { label: 'Failed jobs', value: failedJobs(facts?.failedJobs) },
      ...common(mr),
      { label: 'Reviewers', value: people(mr.reviewers) },
      { label: 'Milestone', value: text(mr.milestone?.title) },
      { label: 'Tasks', value: tasks(mr) },
    ],
    body: { text: mr.description, what: 'description' },
    url: mr.web_url,
  }),
};

/**
 * `set by alice: merges when the pipeline succeeds`: GitLab's auto-merge, and who set it where the
 * server says (`merge_user`, until it is merged; the spec's servers do not say).
 */
function autoMerge(mr: MergeRequest): Span[] | undefined {
  if (mr.state === 'merged' || mr.merge_when_pipeline_succeeds !== true) return undefined;
  const by = people(mr.merge_user);
  return [...(by ? [...span('set by ', 'dim'), ...by, ...span(': ', 'dim')] : []), ...span('merges when the pipeline succeeds')];
}

function branches(mr: MergeRequest): Span[] | undefined {
  if (mr.source_branch === undefined) return undefined;
  return [...span(mr.source_branch), ...span(' → ', 'dim'), ...span(String(mr.target_branch ?? '?'))];
}

/** GitLab's `detailed_merge_status` (or the spec's `merge_status`) in words. */
const MERGE_STATUS_WORDS: Readonly<Record<string, string>> = {
  mergeable: 'mergeable',
  can_be_merged: 'can be merged',
  cannot_be_merged: 'cannot be merged',
  cannot_be_merged_recheck: 'cannot be merged (checking again)',
  unchecked: 'not checked yet',
  checking: 'being checked',
  not_approved: 'not approved',
  conflict: 'has conflicts',
  draft_status: 'draft: mark it ready first',
  discussions_not_resolved: 'unresolved discussions',
  ci_must_pass: 'the pipeline must succeed',
  ci_still_running: 'the pipeline is still running',
  need_rebase: 'needs a rebase',
  blocked_status: 'blocked by another merge request',
  not_open: 'not open',
  requested_changes: 'changes requested',
};

function mergeStatus(mr: MergeRequest): Span[] | undefined {
  const status = mr.detailed_merge_status ?? mr.merge_status;
  if (typeof status !== 'string') return undefined;
  const tone =
    status === 'mergeable' || status === 'can_be_merged'
      ? 'success'
      : status === 'conflict' || status === 'cannot_be_merged'
        ? 'failed'
        : 'pending';
  return span(MERGE_STATUS_WORDS[status] ?? status.replaceAll('_', ' '), 'state', tone);
}

function approvals(a: MergeRequestFacts['approvals']): Span[] | undefined {
  const left = a?.approvals_left ?? a?.approvals_missing;
  if (typeof left !== 'number') return undefined;
  const by = people(a?.approved_by?.map((e) => (e as { user?: unknown })?.user ?? e));
  const missing = span(left === 0 ? 'none missing' : `${left} missing`, 'state', left === 0 ? 'success' : 'pending');
  const required = typeof a?.approvals_required === 'number' ? `${a.approvals_required} required, ` : '';
  return [...span(required), ...missing, ...(by ? [...span('; approved by ', 'dim'), ...by] : [])];
}

function pipeline(mr: MergeRequest): Span[] | undefined {
  const p = mr.head_pipeline;
  if (!p || typeof p.status !== 'string') return undefined;
  return [...span(p.status, 'state', p.status), ...(p.id !== undefined ? span(` #${p.id}`, 'dim') : [])];
}

/** `build (job 45), lint (job 46)`: what `job trace` takes. */
function failedJobs(jobs: MergeRequestFacts['failedJobs']): Span[] | undefined {
  if (jobs === undefined) return undefined;
  if (!Array.isArray(jobs)) return span(`could not be read: ${jobs.error}`, 'dim');
  if (jobs.length === 0) return undefined;
  return span(jobs.map((j) => `${j.name ?? '?'} (job ${j.id ?? '?'})`).join(', '), 'failed');
}
