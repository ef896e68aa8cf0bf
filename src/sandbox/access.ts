import type { Ctx } from './context.js';
import { forbidden, type HttpError, notFound, unauthorized } from './errors.js';
import { type Group, GUEST, OWNER, type Project, type User } from './model.js';
import type { Store } from './store.js';

/** The caller's access level on a project: direct membership, inherited group membership, or owner of the user namespace. */
export function projectAccess(store: Store, user: User | null, project: Project): number {
  if (!user) return 0;
  let level = project.members.get(user.id) ?? 0;
  const group = store.groups.get(project.namespaceId);
  if (group) level = Math.max(level, groupAccess(store, user, group));
  const ns = store.userNamespaces.get(project.namespaceId);
  if (ns && ns.userId === user.id) level = OWNER;
  return level;
}

export function groupAccess(store: Store, user: User | null, group: Group): number {
  if (!user) return 0;
  let level = 0;
  for (const g of store.groupAncestors(group)) level = Math.max(level, g.members.get(user.id) ?? 0);
  return level;
}

export const isAdmin = (user: User | null): boolean => user?.admin === true;

export function canReadProject(store: Store, user: User | null, project: Project): boolean {
  if (project.visibility === 'public') return true;
  if (!user) return false;
  if (user.admin || project.visibility === 'internal') return true;
  return projectAccess(store, user, project) >= GUEST;
}

export function canReadGroup(store: Store, user: User | null, group: Group): boolean {
  if (group.visibility === 'public') return true;
  if (!user) return false;
  if (user.admin || group.visibility === 'internal') return true;
  if (groupAccess(store, user, group) > 0) return true;
  // Members of a subgroup or of a project inside can see the group.
  const inside = new Set([group.id, ...store.groupDescendants(group).map((g) => g.id)]);
  for (const g of store.groupDescendants(group)) if (g.members.has(user.id)) return true;
  for (const p of store.projects.values()) if (inside.has(p.namespaceId) && p.members.has(user.id)) return true;
  return false;
}

export function requireUser(ctx: Ctx): User {
  if (!ctx.user) throw unauthorized();
  return ctx.user;
}

export function requireAdmin(ctx: Ctx): User {
  const user = requireUser(ctx);
  if (!user.admin) throw forbidden();
  return user;
}

/** The project of path parameter `name` (default `id`), or 404 `Project Not Found` when missing or hidden. */
export function requireProject(ctx: Ctx, name = 'id'): Project {
  const project = ctx.store.findProject(ctx.path[name] ?? ctx.params.str(name) ?? '');
  if (!project || !canReadProject(ctx.store, ctx.user, project)) throw notFound('Project');
  return project;
}

/** Checks that the caller has at least `level` on the project (admins always do). */
export function requireProjectLevel(ctx: Ctx, project: Project, level: number, onDenied: () => HttpError = () => forbidden()): User {
  const user = requireUser(ctx);
  if (user.admin) return user;
  if (projectAccess(ctx.store, user, project) >= level) return user;
  throw onDenied();
}

export function requireGroup(ctx: Ctx, name = 'id'): Group {
  const group = ctx.store.findGroup(ctx.path[name] ?? '');
  if (!group || !canReadGroup(ctx.store, ctx.user, group)) throw notFound('Group');
  return group;
}

/** The user of path parameter `name` (default `id`), or 404 `User Not Found`. */
export function requirePathUser(ctx: Ctx, name = 'id'): User {
  const raw = ctx.path[name];
  const user = /^\d+$/.test(raw) ? ctx.store.users.get(Number(raw)) : undefined;
  if (!user) throw notFound('User');
  return user;
}

/** What belongs to a user (keys, emails, tokens). */
export function ownedBy<T extends { userId: number }>(items: Iterable<T>, user: User): T[] {
  return [...items].filter((item) => item.userId === user.id);
}

/** One of a user's things by its id in the path, or 404 `<what> Not Found` (also when it is someone else's). */
export function requireOwned<T extends { id: number; userId: number }>(items: Map<number, T>, user: User, rawId: string, what: string): T {
  const item = items.get(Number(rawId));
  if (!item || item.userId !== user.id) throw notFound(what);
  return item;
}

export function requireGroupLevel(ctx: Ctx, group: Group, level: number): User {
  const user = requireUser(ctx);
  if (user.admin || groupAccess(ctx.store, user, group) >= level) return user;
  throw forbidden();
}
