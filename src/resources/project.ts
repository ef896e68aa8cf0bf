import { type Card, type CardLayout, type Span, span, text, whoWhen } from '../output/card.js';
import { type Columns, columnSet, type Fields, withCard } from '../output/columns.js';
import { PROJECT_FEATURES } from '../shared/spec-names.js';
import { yes } from './card-parts.js';

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
    ...PROJECT_FEATURES,
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

interface Project {
  name?: string;
  name_with_namespace?: string;
  path_with_namespace?: string;
  description?: string | null;
  visibility?: string;
  archived?: boolean;
  created_at?: string;
  last_activity_at?: string;
  default_branch?: string;
  topics?: string[];
  tag_list?: string[];
  star_count?: number;
  forks_count?: number;
  open_issues_count?: number;
  http_url_to_repo?: string;
  ssh_url_to_repo?: string;
  forked_from_project?: { path_with_namespace?: string } | null;
  web_url?: string;
}

function counts(parts: [unknown, string][]): Span[] | undefined {
  const shown = parts.filter(([n]) => typeof n === 'number').map(([n, word]) => `${n} ${word}`);
  return shown.length ? span(shown.join(', ')) : undefined;
}

export const projectCard: CardLayout<Project> = {
  card: (p, _extra, now): Card => ({
    title: String(p.name ?? p.path_with_namespace ?? ''),
    reference: p.path_with_namespace,
    status: [
      text(p.visibility, 'dim'),
      yes(p.archived, 'Archived', 'failed'),
      whoWhen(undefined, 'created', p.created_at, now),
      whoWhen(undefined, 'last active', p.last_activity_at, now),
    ],
    fields: [
      { label: 'Default branch', value: text(p.default_branch) },
      { label: 'Topics', value: text((p.topics ?? p.tag_list)?.join(', '), 'label') },
      { label: 'Forked from', value: text(p.forked_from_project?.path_with_namespace) },
      {
        label: 'Counts',
        value: counts([
          [p.star_count, 'stars'],
          [p.forks_count, 'forks'],
          [p.open_issues_count, 'open issues'],
        ]),
      },
      { label: 'Clone', value: text(p.http_url_to_repo) },
      { label: 'SSH', value: text(p.ssh_url_to_repo) },
    ],
    body: { text: p.description, what: 'description' },
    url: p.web_url,
  }),
};

export const VISIBILITIES = ['private', 'internal', 'public'] as const;
export const PROJECT_ORDER_BY = ['id', 'name', 'path', 'created_at', 'updated_at', 'last_activity_at'] as const;

/** `import_status` values that end a fork's background copy. */
export const IMPORT_FINISHED = 'finished';
export const IMPORT_FAILED = 'failed';

/** A project list; a narrow table drops STARS first, then TOPICS, LAST ACTIVITY and VISIBILITY. */
export const projectColumns: Columns = withCard(
  columnSet(
    [
      { key: 'id', header: 'ID', kind: 'number', priority: 0 },
      { key: 'path_with_namespace', header: 'path', priority: 0 },
      { key: 'visibility', kind: 'state', priority: 1 },
      { key: 'topics', kind: 'labels', priority: 2 },
      { key: 'star_count', header: 'stars', kind: 'number', priority: 3 },
      { key: 'last_activity_at', header: 'last activity', kind: 'date', priority: 1 },
    ],
    PROJECT_FIELDS,
  ),
  projectCard,
);

/** A user reference (`GET /projects/:id/users`). */
export const projectUserColumns: Columns = columnSet(
  [{ key: 'id', header: 'ID', kind: 'number' }, { key: 'username' }, { key: 'name', kind: 'title' }, { key: 'state', kind: 'state' }],
  USER_REF_FIELDS,
);

/** `POST /projects/:id/uploads`. */
export const uploadColumns: Columns = columnSet([{ key: 'markdown' }, { key: 'url' }, { key: 'alt' }], UPLOAD_FIELDS);
