import type { Fields } from '../output/columns.js';

/** The fields of each kind of answer, for `--fields` (see fields.ts): issues, merge requests, boards and jobs. */

/** The keys every issuable answer (and the approval status) begins with. */
const ISSUABLE_HEAD = ['id', 'iid', 'project_id', 'title', 'description', 'state', 'created_at', 'updated_at'];

/** An issue (part 1 §2.5): lists, views and every write that answers with the issue; `subscribed` and `_links` in single answers. */
export const ISSUE_FIELDS: Fields = {
  spec: [
    ...ISSUABLE_HEAD,
    'closed_at',
    'labels',
    'milestone',
    'assignees',
    'assignee',
    'author',
    'user_notes_count',
    'due_date',
    'web_url',
    'confidential',
    'weight',
    'discussion_locked',
    'time_stats',
    'references',
    'type',
    'issue_type',
    'task_completion_status',
    'subscribed',
    '_links',
  ],
  gitlab: [
    'closed_by',
    'merge_requests_count',
    'upvotes',
    'downvotes',
    'has_tasks',
    'task_status',
    'moved_to_id',
    'service_desk_reply_to',
    'blocking_issues_count',
    'severity',
    'health_status',
    'epic',
    'epic_iid',
    'iteration',
    'imported',
    'imported_from',
  ],
};

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

/** A to-do item (part 1 §2.6), with the issue or merge request as `target`. */
export const TODO_FIELDS: Fields = {
  spec: ['id', 'project', 'author', 'action_name', 'target_type', 'target', 'target_url', 'body', 'state', 'created_at'],
  gitlab: ['group', 'updated_at'],
};

/**
 * A note: a comment, or a system note recording what happened (GitLab's `Note`, doc/api/notes.md).
 * The spec's API has no notes: every field is GitLab's.
 */
export const NOTE_FIELDS: Fields = {
  spec: [],
  gitlab: [
    'id',
    'type',
    'body',
    'attachment',
    'author',
    'created_at',
    'updated_at',
    'system',
    'noteable_id',
    'noteable_type',
    'project_id',
    'noteable_iid',
    'resolvable',
    'resolved',
    'resolved_by',
    'resolved_at',
    'confidential',
    'internal',
    'imported',
    'imported_from',
    'commit_id',
    'position',
    'commands_changes',
  ],
};

/** Time tracking (part 1 §2.5): estimate and time spent. */
export const TIME_STATS_FIELDS: Fields = {
  spec: ['time_estimate', 'total_time_spent', 'human_time_estimate', 'human_total_time_spent'],
};

/** What a spam check saw of an issue's author (part 1 §2.7). */
export const USER_AGENT_DETAIL_FIELDS: Fields = {
  spec: ['user_agent', 'ip_address', 'spamfilter_submitted'],
};

/** An issue board with its lists. */
export const BOARD_FIELDS: Fields = {
  spec: ['id', 'project', 'milestone', 'lists'],
  gitlab: ['name', 'hide_backlog_list', 'hide_closed_list', 'group', 'assignee', 'labels', 'weight', 'iteration'],
};

/** A list of an issue board. */
export const BOARD_LIST_FIELDS: Fields = {
  spec: ['id', 'label', 'position'],
  gitlab: ['max_issue_count', 'max_issue_weight', 'limit_metric', 'assignee', 'milestone', 'iteration'],
};

/**
 * The approval status of a merge request (the spec names what is missing `approvals_missing`, and
 * `approvals_left` where approving answers).
 */
export const APPROVALS_FIELDS: Fields = {
  spec: [...ISSUABLE_HEAD, 'merge_status', 'approvals_required', 'approvals_missing', 'approved_by', 'approvals_left'],
  gitlab: [
    'approved',
    'require_password_to_approve',
    'suggested_approvers',
    'approvers',
    'approver_groups',
    'user_has_approved',
    'user_can_approve',
    'approval_rules_left',
    'has_approval_rules',
    'merge_request_approvers_available',
    'multiple_approval_rules_available',
    'invalid_approvers_rules',
  ],
};

/** A commit of a merge request. */
export const COMMIT_FIELDS: Fields = {
  spec: ['id', 'short_id', 'title', 'message', 'author_name', 'author_email', 'created_at'],
  gitlab: [
    'parent_ids',
    'authored_date',
    'committer_name',
    'committer_email',
    'committed_date',
    'trailers',
    'extended_trailers',
    'web_url',
  ],
};

/** A version of a merge request's diff; one version also carries its `commits` and `diffs`. */
export const MR_VERSION_FIELDS: Fields = {
  spec: [
    'id',
    'head_commit_sha',
    'base_commit_sha',
    'start_commit_sha',
    'created_at',
    'merge_request_id',
    'state',
    'real_size',
    'commits',
    'diffs',
  ],
  gitlab: ['patch_id_sha'],
};

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
