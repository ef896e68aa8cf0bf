import { type Column, type Columns, columnSet } from '../output/format.js';

export const VISIBILITIES = ['private', 'internal', 'public'] as const;
export const PROJECT_ORDER_BY = ['id', 'name', 'path', 'created_at', 'updated_at', 'last_activity_at'] as const;
export const SORT = ['asc', 'desc'] as const;

/** `import_status` values that end a fork's background copy. */
export const IMPORT_FINISHED = 'finished';
export const IMPORT_FAILED = 'failed';

export const projectColumns: Columns = columnSet([
  { key: 'id', header: 'ID', kind: 'number' },
  { key: 'path_with_namespace', header: 'path' },
  { key: 'visibility', kind: 'state' },
  { key: 'topics', kind: 'labels' },
  { key: 'star_count', header: 'stars', kind: 'number' },
  { key: 'last_activity_at', header: 'last activity', kind: 'date' },
], ['id', 'description', 'description_html', 'default_branch', 'visibility', 'ssh_url_to_repo', 'http_url_to_repo', 'web_url', 'readme_url', 'tag_list', 'topics', 'name', 'name_with_namespace', 'path', 'path_with_namespace', 'issues_enabled', 'merge_requests_enabled', 'jobs_enabled', 'wiki_enabled', 'snippets_enabled', 'container_registry_enabled', 'resolve_outdated_diff_discussions', 'open_issues_count', 'created_at', 'updated_at', 'last_activity_at', 'creator_id', 'namespace', 'owner', 'import_status', 'import_error', 'import_url', 'permissions', 'archived', 'avatar_url', 'shared_runners_enabled', 'lfs_enabled', 'forks_count', 'star_count', 'runners_token', 'public_jobs', 'shared_with_groups', 'repository_storage', 'only_allow_merge_if_pipeline_succeeds', 'only_allow_merge_if_all_discussions_are_resolved', 'printing_merge_requests_link_enabled', 'request_access_enabled', 'approvals_before_merge', 'ci_config_path', '_links', 'empty_repo', 'forked_from_project', 'mirror', 'statistics', 'merge_method', 'squash_option', 'emails_disabled', 'visibility_level', 'issues_access_level', 'merge_requests_access_level', 'builds_access_level', 'wiki_access_level', 'snippets_access_level', 'repository_access_level', 'pages_access_level', 'operations_access_level', 'analytics_access_level', 'container_registry_access_level', 'security_and_compliance_access_level', 'releases_access_level', 'environments_access_level', 'feature_flags_access_level', 'infrastructure_access_level', 'monitor_access_level', 'model_experiments_access_level', 'model_registry_access_level', 'packages_enabled', 'service_desk_enabled', 'service_desk_address', 'can_create_merge_request_in', 'autoclose_referenced_issues', 'compliance_frameworks', 'container_expiration_policy', 'ci_default_git_depth', 'ci_forward_deployment_enabled', 'ci_job_token_scope_enabled', 'keep_latest_artifact', 'build_timeout', 'auto_devops_enabled', 'auto_devops_deploy_strategy', 'auto_cancel_pending_pipelines', 'remove_source_branch_after_merge', 'suggestion_commit_message', 'merge_commit_template', 'squash_commit_template', 'issue_branch_template', 'warn_about_potentially_unwanted_characters', 'marked_for_deletion_at', 'marked_for_deletion_on', 'external_authorization_classification_label', 'requirements_enabled', 'security_and_compliance_enabled', 'group_runners_enabled', 'enforce_auth_checks_on_uploads', 'runner_token_expiration_interval', 'restrict_user_defined_variables', 'created_by']);

/** A user reference (`GET /projects/:id/users`). */
export const projectUserColumns: Column[] = [
  { key: 'id', header: 'ID', kind: 'number' },
  { key: 'username' },
  { key: 'name', kind: 'title' },
  { key: 'state', kind: 'state' },
];

/** `POST /projects/:id/uploads`. */
export const uploadColumns: Column[] = [{ key: 'markdown' }, { key: 'url' }, { key: 'alt' }];
