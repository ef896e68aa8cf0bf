import { groupAccess, projectAccess } from '../access.js';
import { inDialect } from '../dialect.js';
import { type Group, MAINTAINER, type Project, type User } from '../model.js';
import type { Store } from '../store.js';
import { iso } from '../time.js';

export interface ProjectViewOptions {
  statistics?: boolean;
  simple?: boolean;
}

/** A project as other resources embed it (a board, a todo): id, names and paths. */
export function projectSummary(store: Store, project: Project): Record<string, unknown> {
  return {
    id: project.id,
    name: project.name,
    name_with_namespace: store.projectFullName(project),
    path: project.path,
    path_with_namespace: store.projectFullPath(project),
  };
}

function urls(store: Store, project: Project): Record<string, string> {
  const fullPath = store.projectFullPath(project);
  const host = new URL(store.baseUrl).host;
  return {
    ssh_url_to_repo: `git@${host.replace(/:\d+$/, '')}:${fullPath}.git`,
    http_url_to_repo: `${store.baseUrl}/${fullPath}.git`,
    web_url: `${store.baseUrl}/${fullPath}`,
  };
}

export function projectBasic(store: Store, project: Project): Record<string, unknown> {
  return {
    id: project.id,
    description: project.description,
    name: project.name,
    name_with_namespace: store.projectFullName(project),
    path: project.path,
    path_with_namespace: store.projectFullPath(project),
    created_at: iso(project.createdAt),
    default_branch: project.defaultBranch,
    tag_list: [...project.tagList],
    topics: [...project.tagList],
    ...urls(store, project),
    avatar_url: null,
    star_count: project.starredBy.size,
    forks_count: forksCount(store, project),
    last_activity_at: iso(project.lastActivityAt),
  };
}

function forksCount(store: Store, project: Project): number {
  let count = 0;
  for (const p of store.projects.values()) if (p.forkedFromId === project.id) count++;
  return count;
}

function namespaceRef(store: Store, id: number): Record<string, unknown> {
  return {
    id,
    name: store.namespaceName(id),
    path: store.namespacePath(id),
    kind: store.namespaceKind(id) ?? 'group',
    full_path: store.namespaceFullPath(id),
  };
}

export function projectView(
  store: Store,
  project: Project,
  viewer: User | null,
  options: ProjectViewOptions = {},
): Record<string, unknown> {
  if (options.simple) return projectBasic(store, project);
  const base = projectBasic(store, project);
  const fullPath = store.projectFullPath(project);
  const ns = store.userNamespaces.get(project.namespaceId);
  const owner = ns ? store.users.get(ns.userId) : undefined;
  const openIssues = store.projectIssues(project.id).reduce((n, issue) => (issue.state === 'opened' ? n + 1 : n), 0);
  const api = `${store.baseUrl}/api/v4/projects/${project.id}`;
  const view: Record<string, unknown> = {
    id: project.id,
    description: project.description,
    default_branch: project.defaultBranch,
    visibility: project.visibility,
    ssh_url_to_repo: base.ssh_url_to_repo,
    http_url_to_repo: base.http_url_to_repo,
    web_url: base.web_url,
    tag_list: [...project.tagList],
    topics: [...project.tagList],
  };
  if (owner) view.owner = { id: owner.id, name: owner.name, created_at: iso(owner.createdAt) };
  Object.assign(view, {
    name: project.name,
    name_with_namespace: base.name_with_namespace,
    path: project.path,
    path_with_namespace: fullPath,
    issues_enabled: project.features.issues_enabled,
    merge_requests_enabled: project.features.merge_requests_enabled,
    jobs_enabled: project.features.jobs_enabled,
    wiki_enabled: project.features.wiki_enabled,
    snippets_enabled: project.features.snippets_enabled,
    container_registry_enabled: project.features.container_registry_enabled,
    resolve_outdated_diff_discussions: project.features.resolve_outdated_diff_discussions,
    open_issues_count: openIssues,
    created_at: iso(project.createdAt),
    last_activity_at: iso(project.lastActivityAt),
    creator_id: project.creatorId,
    namespace: namespaceRef(store, project.namespaceId),
    import_status: project.importStatus,
    import_error: project.importError,
  });
  if (project.forkedFromId != null) {
    const parent = store.projects.get(project.forkedFromId);
    if (parent) view.forked_from_project = projectBasic(store, parent);
  }
  if (viewer) view.permissions = permissions(store, project, viewer);
  const canSeeSecrets = viewer != null && (viewer.admin || projectAccess(store, viewer, project) >= MAINTAINER);
  Object.assign(view, {
    archived: project.archived,
    avatar_url: null,
    shared_runners_enabled: project.features.shared_runners_enabled,
    lfs_enabled: project.features.lfs_enabled,
    forks_count: base.forks_count,
    star_count: base.star_count,
  });
  if (canSeeSecrets) view.runners_token = project.runnersToken;
  Object.assign(view, {
    public_jobs: project.features.public_jobs,
    shared_with_groups: project.sharedWithGroups.map((g) => ({ ...g })),
    repository_storage: project.repositoryStorage,
    only_allow_merge_if_pipeline_succeeds: project.features.only_allow_merge_if_pipeline_succeeds,
    only_allow_merge_if_all_discussions_are_resolved: project.features.only_allow_merge_if_all_discussions_are_resolved,
    printing_merge_requests_link_enabled: project.features.printing_merge_request_link_enabled,
    request_access_enabled: project.features.request_access_enabled,
    approvals_before_merge: project.approvalsBeforeMerge,
    ci_config_path: project.ciConfigPath,
  });
  if (options.statistics) view.statistics = { ...project.statistics };
  view._links = {
    self: api,
    issues: `${api}/issues`,
    merge_requests: `${api}/merge_requests`,
    repo_branches: `${api}/repository/branches`,
    labels: `${api}/labels`,
    events: `${api}/events`,
    members: `${api}/members`,
  };
  return inDialect(store.flavor, view);
}

function permissions(store: Store, project: Project, viewer: User): Record<string, unknown> {
  const direct = project.members.get(viewer.id);
  const ns = store.userNamespaces.get(project.namespaceId);
  const projectLevel = direct ?? (ns?.userId === viewer.id ? 50 : undefined);
  const group = store.groups.get(project.namespaceId);
  const groupLevel = group ? groupAccess(store, viewer, group) : 0;
  return {
    project_access: projectLevel ? { access_level: projectLevel, notification_level: 3 } : null,
    group_access: groupLevel ? { access_level: groupLevel, notification_level: 3 } : null,
  };
}

export function groupView(store: Store, group: Group, options: { statistics?: boolean } = {}): Record<string, unknown> {
  const view: Record<string, unknown> = {
    id: group.id,
    name: group.name,
    path: group.path,
    description: group.description,
    visibility: group.visibility,
    lfs_enabled: group.lfsEnabled,
    avatar_url: null,
    web_url: `${store.baseUrl}/groups/${store.groupFullPath(group)}`,
    request_access_enabled: group.requestAccessEnabled,
    full_name: store.groupFullName(group),
    full_path: store.groupFullPath(group),
    parent_id: group.parentId,
  };
  if (options.statistics) {
    let storage = 0;
    for (const p of store.projects.values()) if (p.namespaceId === group.id) storage += p.statistics.storage_size;
    view.statistics = { storage_size: storage, repository_size: storage, lfs_objects_size: 0, job_artifacts_size: 0 };
  }
  return view;
}

/** `GET /groups/:id` and the update response: the group with its projects. */
export function groupDetailView(
  store: Store,
  group: Group,
  viewer: User | null,
  visible: (p: Project) => boolean,
): Record<string, unknown> {
  const projects = [...store.projects.values()].filter((p) => p.namespaceId === group.id && visible(p));
  const shared = [...store.projects.values()].filter((p) => visible(p) && p.sharedWithGroups.some((s) => s.group_id === group.id));
  return {
    ...groupView(store, group),
    shared_runners_minutes_limit: group.sharedRunnersMinutesLimit,
    projects: projects.map((p) => projectView(store, p, viewer)),
    shared_projects: shared.map((p) => projectView(store, p, viewer)),
  };
}

export function namespaceView(store: Store, id: number, viewer: User): Record<string, unknown> {
  const group = store.groups.get(id);
  const view: Record<string, unknown> = {
    id,
    name: store.namespaceName(id),
    path: store.namespacePath(id),
    kind: group ? 'group' : 'user',
    full_path: store.namespaceFullPath(id),
    parent_id: group ? group.parentId : null,
  };
  if (group && (viewer.admin || groupAccess(store, viewer, group) >= MAINTAINER)) {
    const members = new Set<number>();
    for (const g of [group, ...store.groupDescendants(group)]) for (const uid of g.members.keys()) members.add(uid);
    view.members_count_with_descendants = members.size;
    view.plan = 'free';
  }
  return view;
}
