import { canReadGroup, groupAccess, requireAdmin, requireGroup, requireGroupLevel, requireUser } from '../access.js';
import type { Ctx } from '../context.js';
import { GROUP, GROUP_DETAIL } from '../entities/groups.js';
import { NAMESPACE } from '../entities/namespaces.js';
import { show } from '../entity.js';
import { forbidden, HttpError, invalid, missingParam, notFound } from '../errors.js';
import { enumParam, sortItems } from '../filters.js';
import { type AccessLevel, type Group, GUEST, MAINTAINER, OWNER, type Visibility } from '../model.js';
import { paginate } from '../pagination.js';
import { created, json, noContent, type Reply } from '../reply.js';
import type { RouteTable } from '../router.js';
import type { Store } from '../store.js';
import { moveProject } from './project-transfer.js';
import { filterProjects, projectList } from './projects.js';

const VISIBILITIES = ['private', 'internal', 'public'] as const;
const ACCESS_LEVELS = [10, 20, 30, 40, 50];
const GROUP_PATH_RE = /^[a-zA-Z0-9_.][a-zA-Z0-9_.-]*$/;

function detail(ctx: Ctx, group: Group): Record<string, unknown> {
  return show(ctx, GROUP_DETAIL, group, { single: true });
}

function checkGroupPathFree(store: Store, parentId: number | null, path: string, except?: Group): void {
  for (const g of store.groups.values()) {
    if (g !== except && g.parentId === parentId && g.path.toLowerCase() === path.toLowerCase())
      throw invalid({ path: ['has already been taken'] });
  }
  if (parentId === null) {
    for (const u of store.users.values())
      if (u.username.toLowerCase() === path.toLowerCase()) throw invalid({ path: ['has already been taken'] });
  }
}

/** A new group with GitLab's defaults (not stored yet). */
export function newGroup(
  store: Store,
  fields: {
    name: string;
    path: string;
    parentId: number | null;
    visibility: Visibility;
    members: [number, AccessLevel][];
    description?: string;
    createdAt?: number;
  },
): Group {
  return {
    id: store.nextId('namespace'),
    name: fields.name,
    path: fields.path,
    description: fields.description ?? '',
    visibility: fields.visibility,
    parentId: fields.parentId,
    lfsEnabled: true,
    requestAccessEnabled: false,
    membershipLock: false,
    shareWithGroupLock: false,
    sharedRunnersMinutesLimit: null,
    members: new Map(fields.members),
    ldapLinks: [],
    createdAt: fields.createdAt ?? store.now(),
  };
}

function applyGroupSettings(ctx: Ctx, group: Group): void {
  const p = ctx.params;
  if (p.has('description')) group.description = p.str('description') ?? '';
  const visibility = enumParam(ctx, 'visibility', VISIBILITIES);
  if (visibility) group.visibility = visibility;
  const flags = [
    ['lfs_enabled', 'lfsEnabled'],
    ['request_access_enabled', 'requestAccessEnabled'],
    ['membership_lock', 'membershipLock'],
    ['share_with_group_lock', 'shareWithGroupLock'],
  ] as const;
  for (const [param, field] of flags) {
    const value = p.bool(param);
    if (value !== undefined) group[field] = value;
  }
  const minutes = p.int('shared_runners_minutes_limit');
  if (minutes !== undefined) {
    if (!ctx.user?.admin) throw forbidden();
    group.sharedRunnersMinutesLimit = minutes;
  }
}

function removeGroup(store: Store, group: Group): void {
  for (const g of [group, ...store.groupDescendants(group)]) {
    for (const p of [...store.projects.values()]) if (p.namespaceId === g.id) store.removeProject(p);
    store.groups.delete(g.id);
  }
}

function listGroups(ctx: Ctx): Reply {
  const { store, user } = ctx;
  let groups = [...store.groups.values()].filter((g) => canReadGroup(store, user, g));
  // GitLab's default: every group for administrators, else only yours; `all_available=false` is yours for anyone.
  const allAvailable = ctx.params.bool('all_available') ?? user?.admin === true;
  if (user && !allAvailable) groups = groups.filter((g) => isMemberSomewhere(store, user.id, g));
  const skip = new Set(ctx.params.intArray('skip_groups') ?? []);
  if (skip.size > 0) groups = groups.filter((g) => !skip.has(g.id));
  const search = ctx.params.str('search')?.toLowerCase();
  if (search) groups = groups.filter((g) => g.name.toLowerCase().includes(search) || g.path.toLowerCase().includes(search));
  if (ctx.params.bool('owned'))
    groups = groups.filter((g) => user !== null && groupAccess(store, user, g) >= OWNER && g.members.get(user.id) === OWNER);
  const minAccess = ctx.params.int('min_access_level');
  if (minAccess !== undefined) groups = groups.filter((g) => user !== null && groupAccess(store, user, g) >= minAccess);
  const orderBy = enumParam(ctx, 'order_by', ['name', 'path', 'id'] as const) ?? 'name';
  const sort = enumParam(ctx, 'sort', ['asc', 'desc'] as const) ?? 'asc';
  const key =
    orderBy === 'id'
      ? (g: Group) => g.id
      : orderBy === 'path'
        ? (g: Group) => store.groupFullPath(g).toLowerCase()
        : (g: Group) => store.groupFullName(g).toLowerCase();
  const statistics = (ctx.params.bool('statistics') ?? false) && user?.admin === true;
  return paginate(ctx, sortItems(groups, key, sort), (g) => show(ctx, GROUP, g, { statistics }), {
    type: 'Group',
    id: (g) => g.id,
    orderBy: ['id'],
    sort: 'asc',
  });
}

function showGroup(ctx: Ctx): Reply {
  return json(detail(ctx, requireGroup(ctx)));
}

function listGroupProjects(ctx: Ctx): Reply {
  const group = requireGroup(ctx);
  const ids = new Set([group.id]);
  if (ctx.params.bool('include_subgroups')) for (const g of ctx.store.groupDescendants(group)) ids.add(g.id);
  const projects = [...ctx.store.projects.values()].filter((p) => ids.has(p.namespaceId));
  return projectList(ctx, filterProjects(ctx, projects));
}

function createGroup(ctx: Ctx): Reply {
  const user = requireUser(ctx);
  const name = ctx.params.str('name');
  if (!name) throw missingParam('name');
  const path = ctx.params.str('path');
  if (!path) throw missingParam('path');
  if (!GROUP_PATH_RE.test(path))
    throw invalid({
      path: ["can contain only letters, digits, '_', '-' and '.'. Cannot start with '-' or end in '.', '.git' or '.atom'."],
    });
  const parentId = ctx.params.int('parent_id') ?? null;
  if (parentId !== null) {
    const parent = ctx.store.groups.get(parentId);
    if (!parent || !canReadGroup(ctx.store, user, parent)) throw notFound('Group');
    if (!user.admin && groupAccess(ctx.store, user, parent) < MAINTAINER) throw forbidden();
  } else if (!user.canCreateGroup && !user.admin) {
    throw forbidden();
  }
  checkGroupPathFree(ctx.store, parentId, path);
  const visibility = (ctx.store.settings.default_group_visibility as Visibility) ?? 'private';
  const group = newGroup(ctx.store, { name, path, parentId, visibility, members: [[user.id, OWNER]] });
  applyGroupSettings(ctx, group);
  ctx.store.groups.set(group.id, group);
  return created(detail(ctx, group));
}

function transferProjectToGroup(ctx: Ctx): Reply {
  requireAdmin(ctx);
  const group = requireGroup(ctx);
  const project = ctx.store.findProject(ctx.path.project_id);
  if (!project) throw notFound('Project');
  for (const p of ctx.store.projects.values()) {
    if (p !== project && p.namespaceId === group.id && p.path.toLowerCase() === project.path.toLowerCase()) {
      throw invalid({ path: ['has already been taken'] });
    }
  }
  moveProject(ctx.store, project, group.id);
  return created(detail(ctx, group));
}

function updateGroup(ctx: Ctx): Reply {
  const group = requireGroup(ctx);
  requireGroupLevel(ctx, group, OWNER);
  const name = ctx.params.str('name');
  if (name !== undefined && name.trim() === '') throw invalid({ name: ["can't be blank"] });
  const path = ctx.params.str('path');
  if (path !== undefined && path !== group.path) {
    if (!GROUP_PATH_RE.test(path)) throw invalid({ path: ['is invalid'] });
    checkGroupPathFree(ctx.store, group.parentId, path, group);
  }
  applyGroupSettings(ctx, group);
  if (name !== undefined) group.name = name;
  if (path !== undefined) group.path = path;
  return json(detail(ctx, group));
}

function deleteGroup(ctx: Ctx): Reply {
  const group = requireGroup(ctx);
  requireGroupLevel(ctx, group, OWNER);
  removeGroup(ctx.store, group);
  return json({ message: '202 Accepted' }, 202);
}

function syncLdap(ctx: Ctx): Reply {
  const group = requireGroup(ctx);
  requireGroupLevel(ctx, group, OWNER);
  return json({ message: '202 Accepted' }, 202);
}

function addLdapLink(ctx: Ctx): Reply {
  const group = requireGroup(ctx);
  requireGroupLevel(ctx, group, OWNER);
  const cn = ctx.params.str('cn');
  if (!cn) throw missingParam('cn');
  const groupAccessLevel = ctx.params.int('group_access');
  if (groupAccessLevel === undefined) throw missingParam('group_access');
  if (!ACCESS_LEVELS.includes(groupAccessLevel)) throw new HttpError(400, { error: 'group_access does not have a valid value' });
  const provider = ctx.params.str('provider');
  if (!provider) throw missingParam('provider');
  if (group.ldapLinks.some((l) => l.cn === cn && l.provider === provider)) throw invalid({ cn: ['has already been taken'] });
  const link = { cn, group_access: groupAccessLevel, provider };
  group.ldapLinks.push(link);
  return created({ ...link });
}

const deleteLdapLink = (ctx: Ctx) => {
  const group = requireGroup(ctx);
  requireGroupLevel(ctx, group, OWNER);
  const { cn, provider } = ctx.path;
  const index = group.ldapLinks.findIndex((l) => l.cn === cn && (provider === undefined || l.provider === provider));
  if (index === -1) throw notFound('LDAP group link');
  group.ldapLinks.splice(index, 1);
  return noContent();
};

function listNamespaces(ctx: Ctx): Reply {
  const user = requireUser(ctx);
  const { store } = ctx;
  let ids: number[];
  if (user.admin) {
    ids = [...store.userNamespaces.keys(), ...store.groups.keys()];
  } else {
    ids = [user.namespaceId, ...[...store.groups.values()].filter((g) => groupAccess(store, user, g) >= GUEST).map((g) => g.id)];
  }
  const search = ctx.params.str('search')?.toLowerCase();
  if (search)
    ids = ids.filter(
      (id) => store.namespaceName(id).toLowerCase().includes(search) || store.namespaceFullPath(id).toLowerCase().includes(search),
    );
  ids.sort((a, b) => a - b);
  return paginate(ctx, ids, (id) => show(ctx, NAMESPACE, id));
}

export const groupRoutes: RouteTable = [
  { method: 'GET', path: '/groups', handler: listGroups, options: { auth: 'optional' } },
  { method: 'GET', path: '/groups/:id', handler: showGroup, options: { auth: 'optional' } },
  { method: 'GET', path: '/groups/:id/projects', handler: listGroupProjects, options: { auth: 'optional' } },
  { method: 'POST', path: '/groups', handler: createGroup },
  { method: 'POST', path: '/groups/:id/projects/:project_id', handler: transferProjectToGroup },
  { method: 'PUT', path: '/groups/:id', handler: updateGroup },
  { method: 'DELETE', path: '/groups/:id', handler: deleteGroup },
  { method: 'POST', path: '/groups/:id/ldap_sync', handler: syncLdap },
  { method: 'POST', path: '/groups/:id/ldap_group_links', handler: addLdapLink },
  { method: 'DELETE', path: '/groups/:id/ldap_group_links/:cn', handler: deleteLdapLink },
  { method: 'DELETE', path: '/groups/:id/ldap_group_links/:provider/:cn', handler: deleteLdapLink },
  { method: 'GET', path: '/namespaces', handler: listNamespaces },
];

function isMemberSomewhere(store: Store, userId: number, group: Group): boolean {
  const user = store.users.get(userId);
  if (!user) return false;
  if (groupAccess(store, user, group) > 0) return true;
  return store.groupDescendants(group).some((g) => g.members.has(userId));
}
