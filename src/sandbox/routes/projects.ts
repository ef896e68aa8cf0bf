import { PROJECT_FEATURES } from '../../shared/spec-names.js';
import { canReadProject, groupAccess, projectAccess, requireAdmin, requireProject, requireUser } from '../access.js';
import type { Ctx } from '../context.js';
import { BASIC_PROJECT, PROJECT, UPLOAD } from '../entities/projects.js';
import { USER_BASIC } from '../entities/users.js';
import { show } from '../entity.js';
import { forbidden, HttpError, invalid, missingParam, notFound } from '../errors.js';
import { enumParam, sortItems } from '../filters.js';
import { DEVELOPER, GUEST, MAINTAINER, OWNER, type Project, REPORTER, type Upload, type User, type Visibility } from '../model.js';
import { type Keyset, paginate } from '../pagination.js';
import { created, json, notModified, type Reply } from '../reply.js';
import type { RouteTable } from '../router.js';
import type { Store } from '../store.js';

const VISIBILITIES = ['private', 'internal', 'public'] as const;
const ORDER_BY = ['id', 'name', 'path', 'created_at', 'updated_at', 'last_activity_at'] as const;
const PATH_RE = /^[a-zA-Z0-9_.][a-zA-Z0-9_.-]*$/;
const FORK_FINISH_MS = 1_000;

const FEATURE_PARAMS = [
  ...PROJECT_FEATURES,
  'shared_runners_enabled',
  'lfs_enabled',
  'request_access_enabled',
  'public_jobs',
  'resolve_outdated_diff_discussions',
  'only_allow_merge_if_pipeline_succeeds',
  'only_allow_merge_if_all_discussions_are_resolved',
  'printing_merge_request_link_enabled',
] as const;

/** Project list filters of part 2 §4.1, applied to projects the caller may see. */
export function filterProjects(ctx: Ctx, candidates: Iterable<Project>): Project[] {
  const { store, user } = ctx;
  let list = [...candidates].filter((p) => canReadProject(store, user, p));
  const keep = (predicate: (p: Project) => boolean): void => {
    list = list.filter(predicate);
  };
  const archived = ctx.params.bool('archived');
  if (archived !== undefined) keep((p) => p.archived === archived);
  const visibility = enumParam(ctx, 'visibility', VISIBILITIES);
  if (visibility) keep((p) => p.visibility === visibility);
  const search = ctx.params.str('search')?.toLowerCase();
  if (search)
    keep(
      (p) =>
        p.name.toLowerCase().includes(search) ||
        p.path.toLowerCase().includes(search) ||
        (p.description ?? '').toLowerCase().includes(search),
    );
  if (ctx.params.bool('owned')) keep((p) => user !== null && projectAccess(store, user, p) >= OWNER);
  if (ctx.params.bool('membership')) keep((p) => user !== null && projectAccess(store, user, p) >= GUEST);
  if (ctx.params.bool('starred')) keep((p) => user !== null && p.starredBy.has(user.id));
  if (ctx.params.bool('with_issues_enabled')) keep((p) => p.features.issues_enabled);
  if (ctx.params.bool('with_merge_requests_enabled')) keep((p) => p.features.merge_requests_enabled);
  const minAccess = ctx.params.int('min_access_level');
  if (minAccess !== undefined) keep((p) => user !== null && projectAccess(store, user, p) >= minAccess);
  const orderBy = enumParam(ctx, 'order_by', ORDER_BY) ?? 'created_at';
  const sort = enumParam(ctx, 'sort', ['asc', 'desc'] as const) ?? 'desc';
  const keys: Record<(typeof ORDER_BY)[number], (p: Project) => number | string> = {
    id: (p) => p.id,
    name: (p) => p.name.toLowerCase(),
    path: (p) => p.path.toLowerCase(),
    created_at: (p) => p.createdAt,
    updated_at: (p) => p.lastActivityAt,
    last_activity_at: (p) => p.lastActivityAt,
  };
  return sortItems(list, keys[orderBy], sort);
}

const PROJECT_KEYSET: Keyset<Project> = { type: 'Project', id: (p) => p.id, orderBy: ['id'], sort: 'desc' };

/** Renders a page of projects honouring `simple` and `statistics`. */
export function projectList(ctx: Ctx, projects: Project[]): Reply {
  const simple = ctx.params.bool('simple') ?? false;
  const statistics = ctx.params.bool('statistics') ?? false;
  return paginate(
    ctx,
    projects,
    (p) =>
      show(ctx, simple ? BASIC_PROJECT : PROJECT, p, {
        statistics: statistics && ctx.user !== null && (ctx.user.admin || projectAccess(ctx.store, ctx.user, p) >= REPORTER),
      }),
    PROJECT_KEYSET,
  );
}

export const slugify = (name: string): string =>
  name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_.]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'project';

function canCreateIn(store: Store, user: User, namespaceId: number): boolean {
  if (user.admin) return true;
  const group = store.groups.get(namespaceId);
  if (group) return groupAccess(store, user, group) >= DEVELOPER;
  return store.userNamespaces.get(namespaceId)?.userId === user.id;
}

function checkPathFree(store: Store, namespaceId: number, name: string, path: string, except?: Project): void {
  const errors: Record<string, string[]> = {};
  for (const p of store.projects.values()) {
    if (p === except || p.namespaceId !== namespaceId) continue;
    if (p.name.toLowerCase() === name.toLowerCase()) errors.name = ['has already been taken'];
    if (p.path.toLowerCase() === path.toLowerCase()) errors.path = ['has already been taken'];
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

function validatePath(path: string): void {
  if (!PATH_RE.test(path) || path.endsWith('.git') || path.endsWith('.atom')) {
    throw invalid({ path: ["can contain only letters, digits, '_', '-' and '.'. Cannot start with '-', end in '.git' or end in '.atom'"] });
  }
}

/** Applies the create/edit parameters shared by `POST /projects`, `POST /projects/user/:id` and `PUT /projects/:id`. */
function applySettings(ctx: Ctx, project: Project): void {
  const p = ctx.params;
  if (p.has('description')) project.description = p.nullableStr('description') ?? null;
  const branch = p.str('default_branch');
  if (branch) project.defaultBranch = branch;
  const visibility = enumParam(ctx, 'visibility', VISIBILITIES);
  if (visibility) project.visibility = visibility;
  for (const name of FEATURE_PARAMS) {
    const value = p.bool(name);
    if (value !== undefined) project.features[name] = value;
  }
  const tags = p.strArray('tag_list');
  if (tags !== undefined) project.tagList = tags;
  if (p.has('import_url')) project.importUrl = p.nullableStr('import_url') ?? null;
  if (p.has('ci_config_path')) project.ciConfigPath = p.nullableStr('ci_config_path') ?? null;
  const approvals = p.int('approvals_before_merge');
  if (approvals !== undefined) {
    if (approvals < 0) throw invalid({ approvals_before_merge: ['must be greater than or equal to 0'] });
    project.approvalsBeforeMerge = approvals;
  }
  const storage = p.str('repository_storage');
  if (storage !== undefined) {
    if (!ctx.user?.admin) throw forbidden();
    project.repositoryStorage = storage;
  }
}

export function newProject(
  store: Store,
  fields: { name: string; path: string; namespaceId: number; creatorId: number; visibility?: Visibility },
): Project {
  const now = store.now();
  const id = store.nextId('project');
  return {
    id,
    name: fields.name,
    path: fields.path,
    namespaceId: fields.namespaceId,
    description: null,
    defaultBranch: 'master',
    visibility: fields.visibility ?? (store.settings.default_project_visibility as Visibility) ?? 'private',
    tagList: [],
    features: {
      issues_enabled: true,
      merge_requests_enabled: true,
      jobs_enabled: true,
      wiki_enabled: true,
      snippets_enabled: true,
      container_registry_enabled: true,
      shared_runners_enabled: true,
      lfs_enabled: true,
      request_access_enabled: false,
      public_jobs: true,
      resolve_outdated_diff_discussions: false,
      only_allow_merge_if_pipeline_succeeds: false,
      only_allow_merge_if_all_discussions_are_resolved: false,
      printing_merge_request_link_enabled: true,
    },
    createdAt: now,
    lastActivityAt: now,
    creatorId: fields.creatorId,
    importStatus: 'none',
    importError: null,
    importUrl: null,
    archived: false,
    starredBy: new Set(),
    forkedFromId: null,
    members: new Map(),
    runnersToken: `sandbox-runners-${id.toString(16).padStart(8, '0')}`,
    sharedWithGroups: [],
    repositoryStorage: 'default',
    approvalsBeforeMerge: 0,
    ciConfigPath: null,
    mergeMethod: 'merge',
    statistics: { commit_count: 0, storage_size: 0, repository_size: 0, lfs_objects_size: 0, job_artifacts_size: 0 },
  };
}

function addProject(ctx: Ctx, creator: User, owner: User): Reply {
  const nameParam = ctx.params.str('name');
  const pathParam = ctx.params.str('path');
  if (!nameParam && !pathParam) throw new HttpError(400, { error: 'name, path are missing, at least one parameter must be provided' });
  const name = nameParam || (pathParam as string);
  const path = pathParam || slugify(name);
  validatePath(path);
  const namespaceId = ctx.params.int('namespace_id') ?? owner.namespaceId;
  if (!ctx.store.namespaceKind(namespaceId)) throw notFound('Namespace');
  if (!canCreateIn(ctx.store, creator, namespaceId)) throw invalid({ namespace: ['is not valid'] });
  checkPathFree(ctx.store, namespaceId, name, path);
  const project = newProject(ctx.store, { name, path, namespaceId, creatorId: creator.id });
  applySettings(ctx, project);
  if (ctx.store.groups.has(namespaceId)) project.members.set(owner.id, MAINTAINER);
  ctx.store.projects.set(project.id, project);
  return created(show(ctx, PROJECT, project, { single: true }));
}

function requireOwner(ctx: Ctx, project: Project, level = OWNER): User {
  const user = requireUser(ctx);
  if (!user.admin && projectAccess(ctx.store, user, project) < level) throw forbidden();
  return user;
}

function listProjects(ctx: Ctx): Reply {
  return projectList(ctx, filterProjects(ctx, ctx.store.projects.values()));
}

function listUserProjects(ctx: Ctx): Reply {
  const owner = ctx.store.findUser(ctx.path.user_id);
  if (!owner) throw notFound('User');
  const projects = [...ctx.store.projects.values()].filter((p) => p.namespaceId === owner.namespaceId);
  return projectList(ctx, filterProjects(ctx, projects));
}

function showProject(ctx: Ctx): Reply {
  const project = requireProject(ctx);
  const statistics =
    (ctx.params.bool('statistics') ?? false) &&
    ctx.user !== null &&
    (ctx.user.admin || projectAccess(ctx.store, ctx.user, project) >= REPORTER);
  return json(show(ctx, PROJECT, project, { statistics, single: true }));
}

function listProjectUsers(ctx: Ctx): Reply {
  const project = requireProject(ctx);
  const search = ctx.params.str('search')?.toLowerCase();
  const users = [...ctx.store.users.values()].filter(
    (u) =>
      u.state === 'active' &&
      projectAccess(ctx.store, u, project) >= GUEST &&
      (!search || u.username.toLowerCase().includes(search) || u.name.toLowerCase().includes(search)),
  );
  return paginate(ctx, users, (u) => show(ctx, USER_BASIC, u));
}

function createProject(ctx: Ctx): Reply {
  const user = requireUser(ctx);
  if (!user.canCreateProject) throw forbidden();
  return addProject(ctx, user, user);
}

function createProjectForUser(ctx: Ctx): Reply {
  const admin = requireAdmin(ctx);
  const owner = ctx.store.findUser(ctx.path.user_id);
  if (!owner) throw notFound('User');
  if (!ctx.params.str('name')) throw missingParam('name');
  return addProject(ctx, admin, owner);
}

function updateProject(ctx: Ctx): Reply {
  const project = requireProject(ctx);
  const user = requireOwner(ctx, project, MAINTAINER);
  const name = ctx.params.str('name') ?? project.name;
  const path = ctx.params.str('path') ?? project.path;
  if (name.trim() === '') throw invalid({ name: ["can't be blank"] });
  if (path !== project.path) validatePath(path);
  checkPathFree(ctx.store, project.namespaceId, name, path, project);
  if (ctx.params.has('visibility') && projectAccess(ctx.store, user, project) < OWNER && !user.admin) throw forbidden();
  applySettings(ctx, project);
  // GitLab keeps the old path as a redirect route (project-route.ts `movedProject`).
  if (path !== project.path) ctx.store.redirectRoutes.set(ctx.store.projectFullPath(project).toLowerCase(), project.id);
  project.name = name;
  project.path = path;
  project.lastActivityAt = ctx.store.now();
  return json(show(ctx, PROJECT, project, { single: true }));
}

function forkProject(ctx: Ctx): Reply {
  const source = requireProject(ctx);
  const user = requireUser(ctx);
  const namespaceRef = ctx.params.str('namespace') ?? ctx.params.str('namespace_id') ?? ctx.params.str('namespace_path');
  const namespaceId = namespaceRef === undefined ? user.namespaceId : ctx.store.findNamespace(namespaceRef);
  if (namespaceId === undefined) throw new HttpError(404, { message: '404 Target Namespace Not Found' });
  if (!canCreateIn(ctx.store, user, namespaceId)) throw forbidden();
  const name = ctx.params.str('name') ?? source.name;
  const path = ctx.params.str('path') ?? source.path;
  try {
    checkPathFree(ctx.store, namespaceId, name, path);
  } catch (error) {
    if (error instanceof HttpError) throw new HttpError(409, error.body);
    throw error;
  }
  const fork = newProject(ctx.store, { name, path, namespaceId, creatorId: user.id, visibility: source.visibility });
  fork.description = source.description;
  fork.defaultBranch = source.defaultBranch;
  fork.tagList = [...source.tagList];
  fork.features = { ...source.features };
  fork.forkedFromId = source.id;
  fork.importStatus = 'scheduled';
  if (ctx.store.groups.has(namespaceId)) fork.members.set(user.id, MAINTAINER);
  ctx.store.projects.set(fork.id, fork);
  void ctx.store.clock.sleep(FORK_FINISH_MS).then(() => {
    if (ctx.store.projects.get(fork.id) === fork) fork.importStatus = 'finished';
  });
  return created(show(ctx, PROJECT, fork, { single: true }));
}

function listForks(ctx: Ctx): Reply {
  const project = requireProject(ctx);
  const forks = [...ctx.store.projects.values()].filter((p) => p.forkedFromId === project.id);
  return projectList(ctx, filterProjects(ctx, forks));
}

function starProject(ctx: Ctx): Reply {
  const project = requireProject(ctx);
  const user = requireUser(ctx);
  if (project.starredBy.has(user.id)) return notModified();
  project.starredBy.add(user.id);
  return created(show(ctx, PROJECT, project, { single: true }));
}

function unstarProject(ctx: Ctx): Reply {
  const project = requireProject(ctx);
  const user = requireUser(ctx);
  if (!project.starredBy.has(user.id)) return notModified();
  project.starredBy.delete(user.id);
  return created(show(ctx, PROJECT, project, { single: true }));
}

function deleteProject(ctx: Ctx): Reply {
  const project = requireProject(ctx);
  requireOwner(ctx, project);
  ctx.store.removeProject(project);
  return json({ message: '202 Accepted' }, 202);
}

function uploadFile(ctx: Ctx): Reply {
  const project = requireProject(ctx);
  requireUser(ctx);
  const file = ctx.params.file('file');
  if (!file) throw missingParam('file');
  const id = ctx.store.nextId('upload');
  const secret = (BigInt(id) * 0x9e3779b97f4a7c15n).toString(16).padStart(32, '0').slice(-32);
  ctx.store.uploads.set(id, {
    id,
    projectId: project.id,
    secret,
    filename: file.filename,
    contentType: file.contentType,
    data: file.data,
  });
  return created(show(ctx, UPLOAD, ctx.store.uploads.get(id) as Upload));
}

function setArchived(ctx: Ctx, archived: boolean): Reply {
  const project = requireProject(ctx);
  requireOwner(ctx, project);
  project.archived = archived;
  return created(show(ctx, PROJECT, project, { single: true }));
}

const archiveProject = (ctx: Ctx) => setArchived(ctx, true);
const unarchiveProject = (ctx: Ctx) => setArchived(ctx, false);

export const projectRoutes: RouteTable = [
  { method: 'GET', path: '/projects', handler: listProjects, options: { auth: 'optional' } },
  { method: 'GET', path: '/users/:user_id/projects', handler: listUserProjects, options: { auth: 'optional' } },
  { method: 'GET', path: '/projects/:id', handler: showProject, options: { auth: 'optional' } },
  { method: 'GET', path: '/projects/:id/users', handler: listProjectUsers, options: { auth: 'optional' } },
  { method: 'POST', path: '/projects', handler: createProject },
  { method: 'POST', path: '/projects/user/:user_id', handler: createProjectForUser },
  { method: 'PUT', path: '/projects/:id', handler: updateProject },
  { method: 'POST', path: '/projects/:id/fork', handler: forkProject },
  { method: 'GET', path: '/projects/:id/forks', handler: listForks, options: { auth: 'optional' } },
  { method: 'POST', path: '/projects/:id/star', handler: starProject },
  { method: 'POST', path: '/projects/:id/unstar', handler: unstarProject },
  { method: 'POST', path: '/projects/:id/archive', handler: archiveProject },
  { method: 'POST', path: '/projects/:id/unarchive', handler: unarchiveProject },
  { method: 'DELETE', path: '/projects/:id', handler: deleteProject },
  { method: 'POST', path: '/projects/:id/uploads', handler: uploadFile },
];
