import { type Card, type CardLayout, comments, people, type Span, span, text, whoWhen } from '../output/card.js';
import { type Columns, columnSet, type Fields, withCard } from '../output/columns.js';
import { common, ended, ISSUABLE_HEAD, type Issuable, reference, state, tasks } from './issuable-common.js';

/**
 * A merge request (part 2 §2.3): lists, views, writes; `subscribed` and `head_pipeline` in single
 * answers, `changes` from `mr changes`. GitLab answers cancel-auto-merge with `{"status": …}`.
 */
export const MERGE_REQUEST_FIELDS: Fields = {
  spec: [
    ...ISSUABLE_HEAD,
    'target_branch',
    'source_branch',
    'upvotes',
    'downvotes',
    'author',
    'assignee',
    'source_project_id',
    'target_project_id',
    'labels',
    'work_in_progress',
    'milestone',
    'merge_when_pipeline_succeeds',
    'merge_status',
    'sha',
    'merge_commit_sha',
    'user_notes_count',
    'approvals_before_merge',
    'should_remove_source_branch',
    'force_remove_source_branch',
    'squash',
    'web_url',
    'discussion_locked',
    'time_stats',
    'assignees',
    'reviewers',
    'draft',
    'detailed_merge_status',
    'has_conflicts',
    'references',
    'subscribed',
    'head_pipeline',
    'changes',
  ],
  gitlab: [
    'merged_at',
    'merged_by',
    'merge_user',
    'closed_at',
    'closed_by',
    'squash_commit_sha',
    'allow_collaboration',
    'allow_maintainer_to_push',
    'squash_on_merge',
    'task_completion_status',
    'blocking_discussions_resolved',
    'pipeline',
    'changes_count',
    'diff_refs',
    'first_contribution',
    'user',
    'prepared_at',
    'imported',
    'imported_from',
    'latest_build_started_at',
    'latest_build_finished_at',
    'first_deployed_to_production_at',
    'diverged_commits_count',
    'rebase_in_progress',
    'merge_error',
    'status',
    'merge_after',
    'reference',
    'overflow',
  ],
};

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

/** Merge request list filters and columns (part 2 §2.3, §4.3). */
export const MR_STATES = ['opened', 'closed', 'merged', 'all'] as const;
export const MR_SCOPES = ['created-by-me', 'assigned-to-me', 'reviews-for-me', 'all'] as const;
export const MR_VIEWS = ['simple'] as const;

/** `feature/x → main`; empty in `view=simple` lists, which carry no branches. */
function branchesOf(mr: { source_branch?: unknown; target_branch?: unknown }): string | undefined {
  if (mr.source_branch === undefined && mr.target_branch === undefined) return undefined;
  return `${mr.source_branch ?? '?'} → ${mr.target_branch ?? '?'}`;
}

/**
 * GitLab's draft prefix (app/models/merge_request.rb `DRAFT_REGEX`, lib/gitlab/regex.rb
 * `merge_request_draft`: `[Draft]`, `(Draft)`, `Draft:`, any case, at the start) and the blanks
 * after it: what `draftless_title` ("Mark as ready") takes off — one prefix, once. `WIP` is no
 * longer a draft marker.
 */
const DRAFT_PREFIX = /^(?:\[draft\]|\(draft\)|draft:)[ \t\r\n\f\v]*/i;
/**
 * What an older GitLab (13–14, lib/gitlab/regex.rb `merge_request_draft` with `draft\s\-\s` and
 * `draft\z`, and `merge_request_wip`) also took for a draft: taken off only when the server says
 * the merge request is a draft and today's prefix is not there. (Ruby's `\s` is ASCII blanks only.)
 */
const OLDER_DRAFT_PREFIX = /^(?:draft[ \t\r\n\f\v]-[ \t\r\n\f\v]|\[wip\]|wip:)[ \t\r\n\f\v]*/i;
const GITLAB_DRAFT = /^\s*(?:\[draft\]|\(draft\)|draft:)/i;

interface MrLike {
  draft?: unknown;
  work_in_progress?: unknown;
  title?: unknown;
  state?: unknown;
}

/**
 * Whether a merge request is a draft: as the server says (`draft`, GitLab; `work_in_progress`, the
 * spec and GitLab), else as its title reads (a `view=simple` list carries neither field).
 */
export function isDraft(mr: MrLike | null | undefined): boolean {
  if (!mr) return false;
  if (typeof mr.draft === 'boolean') return mr.draft;
  if (typeof mr.work_in_progress === 'boolean') return mr.work_in_progress;
  return typeof mr.title === 'string' && GITLAB_DRAFT.test(mr.title);
}

/** The title marked as a draft, GitLab's way (`Draft: `), unless it is marked already. */
export const draftTitle = (title: string): string => (GITLAB_DRAFT.test(title) ? title : `Draft: ${title}`);

/**
 * The title without its draft prefix, as GitLab's "Mark as ready" leaves it
 * (`MergeRequest.draftless_title`); `serverSaysDraft`: an older GitLab's marker goes too.
 */
export function readyTitle(title: string, serverSaysDraft = false): string {
  const ready = title.replace(DRAFT_PREFIX, '');
  return ready !== title || !serverSaysDraft ? ready : title.replace(OLDER_DRAFT_PREFIX, '');
}

const isOpen = (state: unknown) => state === 'opened' || state === 'reopened';

/** The state, or `draft` for an open draft (as GitLab's badge says; no wider than `opened`, so a table keeps its room). */
export const stateWithDraft = (mr: MrLike): unknown => (isOpen(mr.state) && isDraft(mr) ? 'draft' : mr.state);

/** A merge request list; a narrow table drops MERGE STATUS and REVIEWERS first, then AUTHOR, BRANCHES, UPDATED and STATE. */
export const mrColumns: Columns = withCard(
  columnSet(
    [
      { key: 'iid', header: 'IID', kind: 'ref', priority: 0 },
      { key: 'state', kind: 'state', priority: 1, get: stateWithDraft },
      { key: 'title', kind: 'title', priority: 0 },
      { key: 'branches', get: branchesOf, priority: 2 },
      { key: 'author', kind: 'users', priority: 2 },
      { key: 'reviewers', kind: 'users', priority: 3 },
      // GitLab's verdict (mergeable, not_approved, conflict, draft_status, …); the spec's servers send merge_status only.
      {
        key: 'detailed_merge_status',
        header: 'merge status',
        priority: 3,
        get: (mr: { detailed_merge_status?: unknown; merge_status?: unknown }) => mr.detailed_merge_status ?? mr.merge_status,
      },
      { key: 'updated_at', header: 'updated', kind: 'date', priority: 1 },
    ],
    MERGE_REQUEST_FIELDS,
  ),
  mergeRequestCard,
);

/** Merge requests that close an issue (`issue closed-by`). */
export const closingMergeRequestColumns: Columns = columnSet(
  [
    { key: 'iid', header: 'IID', kind: 'ref' },
    { key: 'state', kind: 'state' },
    { key: 'title', kind: 'title' },
    { key: 'source_branch', header: 'source' },
    { key: 'target_branch', header: 'target' },
    { key: 'author', kind: 'users' },
    { key: 'updated_at', header: 'updated', kind: 'date' },
  ],
  MERGE_REQUEST_FIELDS,
);
