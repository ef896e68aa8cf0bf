import { type Column, type Columns, columnSet, withCard } from '../output/columns.js';
import { mergeRequestCard } from './issuable-cards.js';
import { APPROVALS_FIELDS, COMMIT_FIELDS, ISSUE_FIELDS, MERGE_REQUEST_FIELDS, MR_VERSION_FIELDS, TODO_FIELDS } from './issue-fields.js';

/** Merge request list filters and columns (part 2 §2.3, §4.3). */
export const MR_STATES = ['opened', 'closed', 'merged', 'all'] as const;
export const MR_SCOPES = ['created-by-me', 'assigned-to-me', 'all'] as const;
export const MR_VIEWS = ['simple'] as const;

/** `feature/x → main`; empty in `view=simple` lists, which carry no branches. */
function branchesOf(mr: { source_branch?: unknown; target_branch?: unknown }): string | undefined {
  if (mr.source_branch === undefined && mr.target_branch === undefined) return undefined;
  return `${mr.source_branch ?? '?'} → ${mr.target_branch ?? '?'}`;
}

/**
 * GitLab's draft prefixes (`MergeRequest::DRAFT_REGEX`: `[Draft]`, `(Draft)`, `Draft:`, any case,
 * repeated), and the spec's older `[WIP]` and `WIP:`, which its servers still read as drafts.
 */
const DRAFT_PREFIXES = /^\s*(?:(?:\[draft\]|\(draft\)|draft:|\[wip\]|wip:)\s*)+/i;
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

/** The title without its draft prefixes (and the spec's `WIP`), as GitLab's "Mark as ready" leaves it. */
export const readyTitle = (title: string): string => title.replace(DRAFT_PREFIXES, '');

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

export const mrCommitColumns: Columns = columnSet(
  [
    { key: 'short_id', header: 'commit' },
    { key: 'title', kind: 'title' },
    { key: 'author_name', header: 'author' },
    { key: 'created_at', header: 'created', kind: 'date' },
  ],
  COMMIT_FIELDS,
);

export const mrVersionColumns: Columns = columnSet(
  [
    { key: 'id', header: 'ID', kind: 'number' },
    { key: 'state', kind: 'state' },
    { key: 'head_commit_sha', header: 'head' },
    { key: 'base_commit_sha', header: 'base' },
    { key: 'start_commit_sha', header: 'start' },
    { key: 'real_size', header: 'size' },
    { key: 'created_at', header: 'created', kind: 'date' },
  ],
  MR_VERSION_FIELDS,
);

/** One row per changed file of `GET …/changes`. */
export interface MrChange {
  old_path: string;
  new_path: string;
  a_mode?: string;
  b_mode?: string;
  diff?: string;
  new_file?: boolean;
  renamed_file?: boolean;
  deleted_file?: boolean;
  /** GitLab: no diff sent, the file's diff is too large or collapsed. */
  too_large?: boolean;
  collapsed?: boolean;
}

function changeStatus(c: MrChange): string {
  if (c.new_file) return 'added';
  if (c.deleted_file) return 'deleted';
  if (c.renamed_file) return 'renamed';
  return 'modified';
}

/** Added and removed lines of a unified diff body (hunk headers and file headers excluded). */
function diffStat(diff: string | undefined): { additions: number; deletions: number } {
  let additions = 0;
  let deletions = 0;
  for (const line of (diff ?? '').split('\n')) {
    if (line.startsWith('+++ ') || line.startsWith('--- ')) continue;
    if (line.startsWith('+')) additions++;
    else if (line.startsWith('-')) deletions++;
  }
  return { additions, deletions };
}

export const mrChangeColumns: Column[] = [
  { key: 'status', get: (c: MrChange) => changeStatus(c) },
  { key: 'old_path' },
  { key: 'new_path' },
  { key: 'additions', kind: 'number', get: (c: MrChange) => diffStat(c.diff).additions },
  { key: 'deletions', kind: 'number', get: (c: MrChange) => diffStat(c.diff).deletions },
];

/**
 * Issues closed on merge: project issues by iid, as every list shows them (their full reference
 * when they are in another project), or with an external tracker `{id, title}`.
 */
export const closesIssueColumns: Columns = columnSet(
  [
    { key: 'issue', kind: 'ref', get: (i: { iid?: number; id?: unknown }) => i.iid ?? i.id },
    { key: 'state', kind: 'state' },
    { key: 'title', kind: 'title' },
    { key: 'web_url', header: 'url' },
  ],
  ISSUE_FIELDS,
);

export const approvalColumns: Columns = columnSet(
  [{ key: 'approved_by', kind: 'users', get: (a: { approved_by?: { user?: unknown }[] }) => a.approved_by?.map((e) => e.user) }],
  APPROVALS_FIELDS,
);

export const todoColumns: Columns = columnSet(
  [
    { key: 'project', get: (t: { project?: { path_with_namespace?: string } }) => t.project?.path_with_namespace },
    { key: 'target', get: (t: { target?: { iid?: number } }) => (t.target?.iid !== undefined ? `!${t.target.iid}` : undefined) },
  ],
  TODO_FIELDS,
);
