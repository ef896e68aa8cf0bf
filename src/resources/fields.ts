import type { Fields } from '../output/format.js';
import { SETTINGS } from './settings.js';

/**
 * The fields of each kind of answer, known before anything is sent: `--fields` names are checked
 * against them (exit 2 before any request), and `--fields` alone lists them. `spec` are the
 * attributes the API spec (shared/api) documents for the answer, exactly as the sandbox sends them
 * (test/sandbox/answer-fields.test.ts runs every command against it, in both dialects, so the
 * lists cannot drift); `gitlab` are attributes only real GitLab adds (its API documentation), which
 * a server that follows the spec answers as `null`. Either dialect's name of a renamed field is
 * accepted (src/api/dialect.ts). Anything else real GitLab sends: `-o json --jq`, or `collab api`.
 */

/** An issue (part 1 §2.5): lists, views and every write that answers with the issue; `subscribed` and `_links` in single answers. */
export const ISSUE_FIELDS: Fields = {
  spec: [
    'id',
    'iid',
    'project_id',
    'title',
    'description',
    'state',
    'created_at',
    'updated_at',
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

/** A merge request (part 2 §2.3): lists, views, writes; `subscribed` and `head_pipeline` in single answers, `changes` from `mr changes`. GitLab answers cancel-auto-merge with `{"status": …}`. */
export const MERGE_REQUEST_FIELDS: Fields = {
  spec: [
    'id',
    'iid',
    'project_id',
    'title',
    'description',
    'state',
    'created_at',
    'updated_at',
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

/** The approval status of a merge request (the spec names what is missing `approvals_missing`, and `approvals_left` where approving answers). */
export const APPROVALS_FIELDS: Fields = {
  spec: [
    'id',
    'iid',
    'project_id',
    'title',
    'description',
    'state',
    'created_at',
    'updated_at',
    'merge_status',
    'approvals_required',
    'approvals_missing',
    'approved_by',
    'approvals_left',
  ],
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

/** A project (part 2 §2.1); `owner` and `forked_from_project` where the server has them to say. */
export const PROJECT_FIELDS: Fields = {
  spec: [
    'id',
    'description',
    'default_branch',
    'visibility',
    'ssh_url_to_repo',
    'http_url_to_repo',
    'web_url',
    'tag_list',
    'topics',
    'name',
    'name_with_namespace',
    'path',
    'path_with_namespace',
    'issues_enabled',
    'merge_requests_enabled',
    'jobs_enabled',
    'wiki_enabled',
    'snippets_enabled',
    'container_registry_enabled',
    'resolve_outdated_diff_discussions',
    'open_issues_count',
    'created_at',
    'last_activity_at',
    'creator_id',
    'namespace',
    'import_status',
    'import_error',
    'permissions',
    'archived',
    'avatar_url',
    'shared_runners_enabled',
    'lfs_enabled',
    'forks_count',
    'star_count',
    'runners_token',
    'public_jobs',
    'shared_with_groups',
    'repository_storage',
    'only_allow_merge_if_pipeline_succeeds',
    'only_allow_merge_if_all_discussions_are_resolved',
    'printing_merge_requests_link_enabled',
    'request_access_enabled',
    'approvals_before_merge',
    'ci_config_path',
    '_links',
    'owner',
    'forked_from_project',
  ],
  gitlab: [
    'description_html',
    'readme_url',
    'updated_at',
    'import_url',
    'empty_repo',
    'mirror',
    'statistics',
    'merge_method',
    'squash_option',
    'emails_disabled',
    'visibility_level',
    'issues_access_level',
    'merge_requests_access_level',
    'builds_access_level',
    'wiki_access_level',
    'snippets_access_level',
    'repository_access_level',
    'pages_access_level',
    'operations_access_level',
    'analytics_access_level',
    'container_registry_access_level',
    'security_and_compliance_access_level',
    'releases_access_level',
    'environments_access_level',
    'feature_flags_access_level',
    'infrastructure_access_level',
    'monitor_access_level',
    'model_experiments_access_level',
    'model_registry_access_level',
    'packages_enabled',
    'service_desk_enabled',
    'service_desk_address',
    'can_create_merge_request_in',
    'autoclose_referenced_issues',
    'compliance_frameworks',
    'container_expiration_policy',
    'ci_default_git_depth',
    'ci_forward_deployment_enabled',
    'ci_job_token_scope_enabled',
    'keep_latest_artifact',
    'build_timeout',
    'auto_devops_enabled',
    'auto_devops_deploy_strategy',
    'auto_cancel_pending_pipelines',
    'remove_source_branch_after_merge',
    'suggestion_commit_message',
    'merge_commit_template',
    'squash_commit_template',
    'issue_branch_template',
    'warn_about_potentially_unwanted_characters',
    'marked_for_deletion_at',
    'marked_for_deletion_on',
    'external_authorization_classification_label',
    'requirements_enabled',
    'security_and_compliance_enabled',
    'group_runners_enabled',
    'enforce_auth_checks_on_uploads',
    'runner_token_expiration_interval',
    'restrict_user_defined_variables',
    'created_by',
    'container_registry_image_prefix',
    'repository_object_format',
    'forking_access_level',
    'emails_enabled',
    'mr_default_target_self',
    'import_type',
    'ci_delete_pipelines_in_seconds',
    'ci_forward_deployment_rollback_allowed',
    'ci_separated_caches',
    'ci_allow_fork_pipelines_to_run_in_parent_project',
    'ci_id_token_sub_claim_components',
    'build_git_strategy',
    'ci_pipeline_variables_minimum_override_role',
    'ci_push_repository_for_job_token_allowed',
    'allow_merge_on_skipped_pipeline',
    'max_artifacts_size',
    'requirements_access_level',
  ],
};

/** A user as referenced from elsewhere (`GET /projects/:id/users`). */
export const USER_REF_FIELDS: Fields = {
  spec: ['id', 'username', 'name', 'state', 'avatar_url', 'web_url'],
  gitlab: ['locked'],
};

/** A file uploaded to a project. */
export const UPLOAD_FIELDS: Fields = {
  spec: ['alt', 'url', 'full_path', 'markdown'],
  gitlab: ['id'],
};

/** A group; one group also carries its `projects` and `shared_projects`. */
export const GROUP_FIELDS: Fields = {
  spec: [
    'id',
    'name',
    'path',
    'description',
    'visibility',
    'lfs_enabled',
    'avatar_url',
    'web_url',
    'request_access_enabled',
    'full_name',
    'full_path',
    'parent_id',
    'shared_runners_minutes_limit',
    'projects',
    'shared_projects',
  ],
  gitlab: [
    'created_at',
    'share_with_group_lock',
    'require_two_factor_authentication',
    'two_factor_grace_period',
    'project_creation_level',
    'auto_devops_enabled',
    'subgroup_creation_level',
    'emails_disabled',
    'emails_enabled',
    'mentions_disabled',
    'default_branch_protection',
    'default_branch',
    'organization_id',
    'file_template_project_id',
    'ldap_cn',
    'ldap_access',
    'ldap_group_links',
    'saml_group_links',
    'statistics',
    'shared_with_groups',
    'runners_token',
    'prevent_sharing_groups_outside_hierarchy',
    'marked_for_deletion_on',
    'wiki_access_level',
    'duo_features_enabled',
    'lock_duo_features_enabled',
    'custom_attributes',
    'show_diff_preview_in_email',
    'archived',
    'math_rendering_limits_enabled',
    'lock_math_rendering_limits_enabled',
    'default_branch_protection_defaults',
    'shared_runners_setting',
    'max_artifacts_size',
    'extra_shared_runners_minutes_limit',
    'prevent_forking_outside_group',
    'membership_lock',
  ],
};

/** An LDAP group link. */
export const LDAP_LINK_FIELDS: Fields = {
  spec: ['cn', 'group_access', 'provider'],
  gitlab: ['filter', 'member_role_id'],
};

/** A namespace (user or group). */
export const NAMESPACE_FIELDS: Fields = {
  spec: ['id', 'name', 'path', 'kind', 'full_path', 'parent_id', 'members_count_with_descendants', 'plan'],
  gitlab: [
    'avatar_url',
    'web_url',
    'billable_members_count',
    'end_date',
    'trial_ends_on',
    'trial',
    'root_repository_size',
    'projects_count',
    'max_seats_used',
    'seats_in_use',
  ],
};

/** A user (part 2 §2.5); administrators and the user themself see more. */
export const USER_FIELDS: Fields = {
  spec: [
    'id',
    'username',
    'name',
    'state',
    'avatar_url',
    'web_url',
    'email',
    'created_at',
    'bio',
    'location',
    'messenger',
    'professional_profile',
    'microblog',
    'website_url',
    'organization',
    'last_sign_in_at',
    'current_sign_in_at',
    'confirmed_at',
    'theme_id',
    'last_activity_on',
    'color_scheme_id',
    'projects_limit',
    'identities',
    'can_create_group',
    'can_create_project',
    'two_factor_enabled',
    'external',
    'is_admin',
    'shared_runners_minutes_limit',
  ],
  gitlab: [
    'locked',
    'public_email',
    'pronouns',
    'bot',
    'job_title',
    'discord',
    'private_profile',
    'is_auditor',
    'note',
    'commit_email',
    'namespace_id',
    'created_by',
    'extra_shared_runners_minutes_limit',
    'using_license_seat',
    'followers',
    'following',
    'local_time',
    'work_information',
    'current_sign_in_ip',
    'last_sign_in_ip',
    'sign_in_count',
    'scim_identities',
    'is_followed',
    'email_reset_offered_at',
    'highest_role',
  ],
};

/** When a user was last active. */
export const ACTIVITY_FIELDS: Fields = {
  spec: ['username', 'last_activity_on', 'last_activity_at'],
};

/** An SSH key. */
export const SSH_KEY_FIELDS: Fields = {
  spec: ['id', 'title', 'key', 'created_at', 'expires_at', 'usage_type'],
  gitlab: ['last_used_at'],
};

/** A GPG key. */
export const GPG_KEY_FIELDS: Fields = {
  spec: ['id', 'key', 'created_at'],
};

/** An email address of a user. */
export const EMAIL_FIELDS: Fields = {
  spec: ['id', 'email'],
  gitlab: ['confirmed_at'],
};

/** An impersonation token; `token` only when it is created. */
export const IMPERSONATION_TOKEN_FIELDS: Fields = {
  spec: ['id', 'name', 'revoked', 'created_at', 'scopes', 'user_id', 'active', 'expires_at', 'impersonation', 'token'],
  gitlab: ['description', 'last_used_at', 'last_used_ips'],
};

/** The application settings (part 2 §4.5): every setting of the table, with the record's id and times. */
export const SETTINGS_FIELDS: Fields = { spec: ['id', 'created_at', 'updated_at', ...SETTINGS.map((s) => s.name)] };
