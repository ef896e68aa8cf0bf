import { groupAccess, projectAccess } from '../access.js';
import { both, entity, extend, gitlab, gitlabOnly, render, type View } from '../entity.js';
import { MAINTAINER, type Project, REPORTER, type Upload } from '../model.js';
import type { Store } from '../store.js';
import { iso } from '../time.js';
import { NAMESPACE_BASIC } from './namespaces.js';
import { USER_BASIC } from './users.js';

/** Projects as GitLab 17.x answers them (lib/api/projects.rb picks the entity). */

const fullPath = (p: Project, v: View): string => v.store.projectFullPath(p);
const host = (v: View): string => new URL(v.store.baseUrl).host;
const canAdmin = (p: Project, v: View): boolean =>
  v.viewer !== null && (v.viewer.admin || projectAccess(v.store, v.viewer, p) >= MAINTAINER);

function forksCount(store: Store, project: Project): number {
  let count = 0;
  for (const p of store.projects.values()) if (p.forkedFromId === project.id) count++;
  return count;
}

/** `ProjectIdentity` (lib/api/entities/project_identity.rb). */
const IDENTITY = entity<Project>('ProjectIdentity: lib/api/entities/project_identity.rb', {
  id: both((p) => p.id),
  description: both((p) => p.description),
  name: both((p) => p.name),
  name_with_namespace: both((p, v) => v.store.projectFullName(p)),
  path: both((p) => p.path),
  path_with_namespace: both(fullPath),
  created_at: both((p) => iso(p.createdAt)),
});

/** A to-do item's project: the spec shows its names and paths. */
export const PROJECT_IDENTITY = gitlabOnly(IDENTITY, ['description', 'created_at']);

/** `BasicProjectDetails` (lib/api/entities/basic_project_details.rb): `simple=true` lists, a fork's parent, a board's project. */
export const BASIC_PROJECT = extend<Project, Project>(
  IDENTITY,
  'BasicProjectDetails: lib/api/entities/basic_project_details.rb',
  {
    default_branch: both((p) => p.defaultBranch),
    tag_list: both((p) => [...p.tagList]),
    topics: both((p) => [...p.tagList]),
    ssh_url_to_repo: both((p, v) => `git@${host(v).replace(/:\d+$/, '')}:${fullPath(p, v)}.git`),
    http_url_to_repo: both((p, v) => `${v.store.baseUrl}/${fullPath(p, v)}.git`),
    web_url: both((p, v) => `${v.store.baseUrl}/${fullPath(p, v)}`),
    readme_url: gitlab((p, v) => `${v.store.baseUrl}/${fullPath(p, v)}/-/blob/${p.defaultBranch}/README.md`),
    forks_count: both((p, v) => forksCount(v.store, p)),
    avatar_url: both(() => null),
    star_count: both((p) => p.starredBy.size),
    last_activity_at: both((p) => iso(p.lastActivityAt)),
    namespace: gitlab((p, v) => render(NAMESPACE_BASIC, p.namespaceId, v)),
    repository_storage: gitlab(
      (p) => p.repositoryStorage,
      (_, v) => v.viewer?.admin === true,
    ),
  },
  {
    optional: {
      license_url: 'only with license=true',
      license: 'only with license=true',
      custom_attributes: 'only with with_custom_attributes=true',
    },
  },
);

/** A board's project: the spec shows its names, paths and two URLs. */
export const BOARD_PROJECT = gitlabOnly(BASIC_PROJECT, [
  'description',
  'created_at',
  'default_branch',
  'tag_list',
  'topics',
  'ssh_url_to_repo',
  'forks_count',
  'avatar_url',
  'star_count',
  'last_activity_at',
]);

const level = (name: string, enabled: boolean): string => (enabled ? 'enabled' : name === 'pages' ? 'private' : 'disabled');

function statistics(p: Project, v: View): Record<string, number> {
  const s = p.statistics;
  if (v.flavor === 'spec') return { ...s };
  return {
    ...s,
    wiki_size: 0,
    pipeline_artifacts_size: 0,
    packages_size: 0,
    snippets_size: 0,
    uploads_size: 0,
    container_registry_size: 0,
  };
}

function permissions(p: Project, v: View): Record<string, unknown> {
  const viewer = v.viewer;
  if (!viewer) return { project_access: null, group_access: null };
  const direct = p.members.get(viewer.id);
  const ns = v.store.userNamespaces.get(p.namespaceId);
  const projectLevel = direct ?? (ns?.userId === viewer.id ? 50 : undefined);
  const group = v.store.groups.get(p.namespaceId);
  const groupLevel = group ? groupAccess(v.store, viewer, group) : 0;
  return {
    project_access: projectLevel ? { access_level: projectLevel, notification_level: 3 } : null,
    group_access: groupLevel ? { access_level: groupLevel, notification_level: 3 } : null,
  };
}

function links(p: Project, v: View): Record<string, string> {
  const api = `${v.store.baseUrl}/api/v4/projects/${p.id}`;
  const out: Record<string, string> = { self: api, issues: `${api}/issues`, merge_requests: `${api}/merge_requests` };
  for (const name of ['repo_branches', 'labels', 'events', 'members'])
    out[name] = `${api}/${name === 'repo_branches' ? 'repository/branches' : name}`;
  if (v.flavor === 'gitlab') out.cluster_agents = `${api}/cluster_agents`;
  return out;
}

const owner = (p: Project, v: View) => {
  const ns = v.store.userNamespaces.get(p.namespaceId);
  const user = ns ? v.store.users.get(ns.userId) : undefined;
  if (!user) return null;
  return v.flavor === 'spec' ? { id: user.id, name: user.name, created_at: iso(user.createdAt) } : render(USER_BASIC, user, v);
};
const inUserNamespace = (p: Project, v: View): boolean => v.store.userNamespaces.has(p.namespaceId);
const adminOnly = <T>(value: (p: Project, v: View) => T) => gitlab(value, canAdmin);
const f = (name: keyof Project['features']) => both((p: Project) => p.features[name]);

/**
 * `ProjectWithAccess` (lib/api/entities/project.rb, project_details.rb, project_with_access.rb;
 * EE adds approvals, mirroring, compliance and requirements): one project, and lists of a caller
 * who is signed in. The settings GitLab shows to maintainers only are sent to them only.
 */
export const PROJECT = extend<Project, Project>(
  BASIC_PROJECT,
  'Project: lib/api/entities/project_details.rb, lib/api/entities/project.rb, lib/api/entities/project_with_access.rb',
  {
    namespace: both((p, v) => render(NAMESPACE_BASIC, p.namespaceId, v)),
    forked_from_project: both(
      (p, v) => render(BASIC_PROJECT, v.store.projects.get(p.forkedFromId as number) as Project, v),
      (p, v) => p.forkedFromId !== null && v.store.projects.has(p.forkedFromId),
    ),
    container_registry_image_prefix: gitlab((p, v) => `${host(v)}/${fullPath(p, v)}`),
    _links: both(links),
    packages_enabled: gitlab(() => true),
    empty_repo: gitlab(() => false),
    archived: both((p) => p.archived),
    visibility: both((p) => p.visibility),
    owner: both(owner, inUserNamespace),
    resolve_outdated_diff_discussions: f('resolve_outdated_diff_discussions'),
    container_expiration_policy: gitlab(() => ({
      cadence: '1d',
      enabled: false,
      keep_n: 10,
      older_than: '90d',
      name_regex: '.*',
      name_regex_keep: null,
      next_run_at: null,
    })),
    repository_object_format: gitlab(() => 'sha1'),
    issues_enabled: f('issues_enabled'),
    merge_requests_enabled: f('merge_requests_enabled'),
    wiki_enabled: f('wiki_enabled'),
    jobs_enabled: f('jobs_enabled'),
    snippets_enabled: f('snippets_enabled'),
    container_registry_enabled: f('container_registry_enabled'),
    service_desk_enabled: gitlab(() => false),
    service_desk_address: gitlab(
      () => null,
      (p, v) => v.viewer !== null && (v.viewer.admin || projectAccess(v.store, v.viewer, p) >= REPORTER),
    ),
    can_create_merge_request_in: gitlab((p, v) => v.viewer !== null && (v.viewer.admin || projectAccess(v.store, v.viewer, p) >= 30)),
    issues_access_level: gitlab((p) => level('issues', p.features.issues_enabled)),
    repository_access_level: gitlab(() => 'enabled'),
    merge_requests_access_level: gitlab((p) => level('merge_requests', p.features.merge_requests_enabled)),
    forking_access_level: gitlab(() => 'enabled'),
    wiki_access_level: gitlab((p) => level('wiki', p.features.wiki_enabled)),
    builds_access_level: gitlab((p) => level('builds', p.features.jobs_enabled)),
    snippets_access_level: gitlab((p) => level('snippets', p.features.snippets_enabled)),
    pages_access_level: gitlab(() => 'private'),
    analytics_access_level: gitlab(() => 'enabled'),
    container_registry_access_level: gitlab((p) => level('container_registry', p.features.container_registry_enabled)),
    security_and_compliance_access_level: gitlab(() => 'private'),
    releases_access_level: gitlab(() => 'enabled'),
    environments_access_level: gitlab(() => 'enabled'),
    feature_flags_access_level: gitlab(() => 'enabled'),
    infrastructure_access_level: gitlab(() => 'enabled'),
    monitor_access_level: gitlab(() => 'enabled'),
    model_experiments_access_level: gitlab(() => 'enabled'),
    model_registry_access_level: gitlab(() => 'enabled'),
    emails_disabled: gitlab(() => false),
    emails_enabled: gitlab(() => true),
    shared_runners_enabled: f('shared_runners_enabled'),
    lfs_enabled: f('lfs_enabled'),
    creator_id: both((p) => p.creatorId),
    mr_default_target_self: gitlab(
      () => false,
      (p) => p.forkedFromId !== null,
    ),
    import_url: gitlab((p) => p.importUrl, canAdmin),
    import_type: gitlab(() => null, canAdmin),
    import_status: both((p) => p.importStatus),
    import_error: both((p) => p.importError),
    open_issues_count: both((p, v) => v.store.projectIssues(p.id).reduce((n, i) => (i.state === 'opened' ? n + 1 : n), 0)),
    description_html: gitlab((p) =>
      p.description ? `<p data-sourcepos="1:1-1:${p.description.length}" dir="auto">${p.description}</p>` : '',
    ),
    updated_at: gitlab((p) => iso(p.lastActivityAt)),
    ci_default_git_depth: adminOnly(() => 20),
    ci_delete_pipelines_in_seconds: adminOnly(() => null),
    ci_forward_deployment_enabled: adminOnly(() => true),
    ci_forward_deployment_rollback_allowed: adminOnly(() => true),
    ci_job_token_scope_enabled: adminOnly(() => false),
    ci_separated_caches: adminOnly(() => true),
    ci_allow_fork_pipelines_to_run_in_parent_project: adminOnly(() => true),
    ci_id_token_sub_claim_components: adminOnly(() => ['project_path', 'ref_type', 'ref']),
    build_git_strategy: adminOnly(() => 'fetch'),
    keep_latest_artifact: adminOnly(() => true),
    restrict_user_defined_variables: adminOnly(() => false),
    ci_pipeline_variables_minimum_override_role: adminOnly(() => 'developer'),
    runners_token: both((p) => p.runnersToken, canAdmin),
    runner_token_expiration_interval: adminOnly(() => null),
    group_runners_enabled: adminOnly(() => true),
    auto_cancel_pending_pipelines: adminOnly(() => 'enabled'),
    build_timeout: adminOnly(() => 3600),
    auto_devops_enabled: adminOnly(() => false),
    auto_devops_deploy_strategy: adminOnly(() => 'continuous'),
    ci_push_repository_for_job_token_allowed: adminOnly(() => false),
    ci_config_path: both((p) => p.ciConfigPath),
    public_jobs: f('public_jobs'),
    shared_with_groups: both((p) => p.sharedWithGroups.map((g) => ({ ...g }))),
    only_allow_merge_if_pipeline_succeeds: f('only_allow_merge_if_pipeline_succeeds'),
    allow_merge_on_skipped_pipeline: gitlab(() => false),
    request_access_enabled: f('request_access_enabled'),
    only_allow_merge_if_all_discussions_are_resolved: f('only_allow_merge_if_all_discussions_are_resolved'),
    remove_source_branch_after_merge: gitlab(() => true),
    printing_merge_requests_link_enabled: f('printing_merge_request_link_enabled'),
    merge_method: gitlab((p) => p.mergeMethod),
    squash_option: gitlab(() => 'default_off'),
    enforce_auth_checks_on_uploads: gitlab(() => true),
    suggestion_commit_message: gitlab(() => null),
    merge_commit_template: gitlab(() => null),
    squash_commit_template: gitlab(() => null),
    issue_branch_template: gitlab(() => null),
    statistics: both(statistics, (_, v) => v.statistics === true),
    warn_about_potentially_unwanted_characters: gitlab(() => true),
    autoclose_referenced_issues: gitlab(() => true),
    max_artifacts_size: gitlab(() => null),
    repository_storage: both((p) => p.repositoryStorage),
    approvals_before_merge: both((p) => p.approvalsBeforeMerge),
    mirror: gitlab(() => false),
    external_authorization_classification_label: gitlab(() => ''),
    requirements_enabled: gitlab(() => false),
    requirements_access_level: gitlab(() => 'enabled'),
    security_and_compliance_enabled: gitlab(() => true),
    compliance_frameworks: gitlab(() => []),
    marked_for_deletion_at: gitlab(() => null),
    marked_for_deletion_on: gitlab(() => null),
    permissions: both(permissions, (_, v) => v.viewer !== null),
  },
);

/** A file uploaded to a project (lib/api/projects.rb answers the upload service's hash; `id` since 15.x). */
export const UPLOAD = entity<Upload>('uploads: lib/api/projects.rb, app/services/projects/upload_service.rb', {
  id: gitlab((u) => u.id),
  alt: both((u) => u.filename.replace(/\.[^.]*$/, '')),
  url: both((u) => `/uploads/${u.secret}/${u.filename}`),
  full_path: both((u, v) => {
    const project = v.store.projects.get(u.projectId);
    return `/${project ? v.store.projectFullPath(project) : ''}/uploads/${u.secret}/${u.filename}`;
  }),
  markdown: both((u) => {
    const image = /\.(png|jpe?g|gif|bmp|tiff?|ico|webp|svg)$/i.test(u.filename);
    return `${image ? '!' : ''}[${u.filename.replace(/\.[^.]*$/, '')}](/uploads/${u.secret}/${u.filename})`;
  }),
});
