import { type Column, type Columns, columnSet } from '../output/format.js';

/** Merge request list filters and columns (part 2 §2.3, §4.3). */
export const MR_STATES = ['opened', 'closed', 'merged', 'all'] as const;
export const MR_SCOPES = ['created-by-me', 'assigned-to-me', 'all'] as const;
export const MR_VIEWS = ['simple'] as const;

/** `feature/x → main`; empty in `view=simple` lists, which carry no branches. */
export function branchesOf(mr: { source_branch?: unknown; target_branch?: unknown }): string | undefined {
  if (mr.source_branch === undefined && mr.target_branch === undefined) return undefined;
  return `${mr.source_branch ?? '?'} → ${mr.target_branch ?? '?'}`;
}

export const mrColumns: Columns = columnSet([
  { key: 'iid', header: 'IID', kind: 'ref' },
  { key: 'state', kind: 'state' },
  { key: 'title', kind: 'title' },
  { key: 'branches', get: branchesOf },
  { key: 'author', kind: 'users' },
  { key: 'reviewers', kind: 'users', priority: 3 },
  // GitLab's verdict (mergeable, not_approved, conflict, draft_status, …); the spec's servers send merge_status only.
  { key: 'detailed_merge_status', header: 'merge status', priority: 3, get: (mr: { detailed_merge_status?: unknown; merge_status?: unknown }) => mr.detailed_merge_status ?? mr.merge_status },
  { key: 'updated_at', header: 'updated', kind: 'date' },
], ['id', 'iid', 'project_id', 'title', 'description', 'state', 'created_at', 'updated_at', 'merged_at', 'merged_by', 'merge_user', 'closed_at', 'closed_by', 'target_branch', 'source_branch', 'upvotes', 'downvotes', 'author', 'assignee', 'assignees', 'reviewers', 'source_project_id', 'target_project_id', 'labels', 'work_in_progress', 'draft', 'milestone', 'merge_when_pipeline_succeeds', 'merge_status', 'detailed_merge_status', 'sha', 'merge_commit_sha', 'squash_commit_sha', 'user_notes_count', 'discussion_locked', 'should_remove_source_branch', 'force_remove_source_branch', 'allow_collaboration', 'allow_maintainer_to_push', 'approvals_before_merge', 'squash', 'squash_on_merge', 'web_url', 'references', 'time_stats', 'task_completion_status', 'has_conflicts', 'blocking_discussions_resolved', 'subscribed', 'head_pipeline', 'pipeline', 'changes_count', 'diff_refs', 'first_contribution', 'user', 'prepared_at', 'imported', 'imported_from', 'latest_build_started_at', 'latest_build_finished_at', 'first_deployed_to_production_at', 'diverged_commits_count', 'rebase_in_progress', 'merge_error']);

export const mrCommitColumns: Column[] = [
  { key: 'short_id', header: 'commit' },
  { key: 'title', kind: 'title' },
  { key: 'author_name', header: 'author' },
  { key: 'created_at', header: 'created', kind: 'date' },
];

export const mrVersionColumns: Column[] = [
  { key: 'id', header: 'ID', kind: 'number' },
  { key: 'state', kind: 'state' },
  { key: 'head_commit_sha', header: 'head' },
  { key: 'base_commit_sha', header: 'base' },
  { key: 'start_commit_sha', header: 'start' },
  { key: 'real_size', header: 'size' },
  { key: 'created_at', header: 'created', kind: 'date' },
];

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
}

export function changeStatus(c: MrChange): string {
  if (c.new_file) return 'added';
  if (c.deleted_file) return 'deleted';
  if (c.renamed_file) return 'renamed';
  return 'modified';
}

/** Added and removed lines of a unified diff body (hunk headers and file headers excluded). */
export function diffStat(diff: string | undefined): { additions: number; deletions: number } {
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

/** Issues closed on merge: project issues (`#iid`) or, with an external tracker, `{id, title}`. */
export const closesIssueColumns: Column[] = [
  { key: 'issue', get: (i: { iid?: number; id?: unknown }) => (i.iid !== undefined ? `#${i.iid}` : i.id) },
  { key: 'state', kind: 'state' },
  { key: 'title', kind: 'title' },
  { key: 'web_url', header: 'url' },
];

export const approvalColumns: Column[] = [
  { key: 'approved_by', kind: 'users', get: (a: { approved_by?: { user?: unknown }[] }) => a.approved_by?.map((e) => e.user) },
];

export const todoColumns: Column[] = [
  { key: 'project', get: (t: { project?: { path_with_namespace?: string } }) => t.project?.path_with_namespace },
  { key: 'target', get: (t: { target?: { iid?: number } }) => (t.target?.iid !== undefined ? `!${t.target.iid}` : undefined) },
];
