import { requireAdmin, requirePathUser, requireUser } from '../access.js';
import type { Ctx } from '../context.js';
import { paramName } from '../dialect.js';
import { USER_ACTIVITY } from '../entities/keys.js';
import {
  CURRENT_ADMIN,
  USER,
  USER_BASIC,
  USER_DETAILS_WITH_ADMIN,
  USER_PUBLIC,
  USER_WITH_ADMIN,
  USER_WITH_ADMIN_ONE,
} from '../entities/users.js';
import { show } from '../entity.js';
import { forbidden, HttpError, invalid, missingParam } from '../errors.js';
import { timeParam } from '../filters.js';
import type { User } from '../model.js';
import { paginate } from '../pagination.js';
import { created, json, noContent, type Reply } from '../reply.js';
import type { RouteTable } from '../router.js';
import type { Store } from '../store.js';
import { DAY_MS, isDate } from '../time.js';

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function newUser(
  store: Store,
  fields: { username: string; name: string; email: string; admin?: boolean; createdAt?: number },
): User {
  const id = store.nextId('user');
  const namespaceId = store.nextId('namespace');
  store.userNamespaces.set(namespaceId, { id: namespaceId, userId: id });
  const user: User = {
    id,
    username: fields.username,
    name: fields.name,
    email: fields.email,
    state: 'active',
    admin: fields.admin ?? false,
    createdAt: fields.createdAt ?? store.now(),
    bio: '',
    location: '',
    organization: '',
    websiteUrl: '',
    messenger: '',
    professionalProfile: '',
    microblog: '',
    lastSignInAt: null,
    currentSignInAt: null,
    confirmedAt: fields.createdAt ?? store.now(),
    lastActivityAt: null,
    themeId: 1,
    colorSchemeId: 1,
    projectsLimit: Number(store.settings.default_projects_limit ?? 100000),
    identities: [],
    canCreateGroup: true,
    canCreateProject: true,
    twoFactorEnabled: false,
    external: false,
    sharedRunnersMinutesLimit: null,
    customAttributes: {},
    privateToken: `sandbox-${fields.username}-private-token`,
    namespaceId,
    avatarUrl: null,
  };
  store.users.set(id, user);
  return user;
}

/** Whether an address is some user's primary or secondary email already. */
export function emailTaken(store: Store, email: string, except?: { userId?: number }): boolean {
  const wanted = email.toLowerCase();
  for (const u of store.users.values()) if (u.id !== except?.userId && u.email.toLowerCase() === wanted) return true;
  for (const e of store.emails.values()) if (e.email.toLowerCase() === wanted) return true;
  return false;
}

/** Profile parameters shared by create and update. */
function applyProfile(ctx: Ctx, user: User): void {
  const p = ctx.params;
  const strings = [
    ['bio', 'bio'],
    ['location', 'location'],
    ['organization', 'organization'],
    ['website_url', 'websiteUrl'],
    ['messenger', 'messenger'],
    ['professional_profile', 'professionalProfile'],
    ['microblog', 'microblog'],
    ['name', 'name'],
  ] as const;
  for (const [param, field] of strings) {
    const value = p.str(paramName(ctx.store.flavor, param));
    if (value !== undefined) user[field] = value;
  }
  const limit = p.int('projects_limit');
  if (limit !== undefined) user.projectsLimit = limit;
  const minutes = p.int('shared_runners_minutes_limit');
  if (minutes !== undefined) user.sharedRunnersMinutesLimit = minutes;
  const admin = p.bool('admin');
  if (admin !== undefined) user.admin = admin;
  const canCreateGroup = p.bool('can_create_group');
  if (canCreateGroup !== undefined) user.canCreateGroup = canCreateGroup;
  const external = p.bool('external');
  if (external !== undefined) user.external = external;
  const externUid = p.str('extern_uid');
  const provider = p.str('provider');
  if (externUid && provider) {
    user.identities = user.identities.filter((i) => i.provider !== provider);
    user.identities.push({ provider, extern_uid: externUid });
  }
}

function checkPassword(ctx: Ctx): void {
  const password = ctx.params.str('password');
  if (password !== undefined && password.length < 8) throw invalid({ password: ['is too short (minimum is 8 characters)'] });
}

function ghostUser(store: Store): User {
  const ghost = store.userByName('ghost');
  if (ghost) return ghost;
  const user = newUser(store, { username: 'ghost', name: 'Ghost User', email: 'ghost@sandbox.invalid' });
  user.state = 'blocked';
  user.bio = 'This is a "Ghost User", created to hold all issues authored by users that have since been deleted.';
  return user;
}

function removeUser(store: Store, user: User, hard: boolean): void {
  for (const p of [...store.projects.values()]) if (p.namespaceId === user.namespaceId) store.removeProject(p);
  const ghost = hard ? undefined : ghostUser(store);
  for (const issue of [...store.issues.values()]) {
    if (issue.authorId !== user.id) continue;
    if (ghost) issue.authorId = ghost.id;
    else store.removeIssue(issue);
  }
  for (const mr of [...store.mergeRequests.values()]) {
    if (mr.authorId !== user.id) continue;
    if (ghost) mr.authorId = ghost.id;
    else store.removeMergeRequest(mr);
  }
  for (const issue of store.issues.values()) issue.assigneeIds = issue.assigneeIds.filter((id) => id !== user.id);
  for (const map of [store.sshKeys, store.gpgKeys, store.emails, store.impersonationTokens] as Map<number, { userId: number }>[]) {
    for (const [id, item] of map) if (item.userId === user.id) map.delete(id);
  }
  for (const [token, record] of store.tokens) if (record.userId === user.id) store.tokens.delete(token);
  for (const g of store.groups.values()) g.members.delete(user.id);
  for (const p of store.projects.values()) p.members.delete(user.id);
  store.userNamespaces.delete(user.namespaceId);
  store.users.delete(user.id);
}

function listUsers(ctx: Ctx): Reply {
  const viewer = requireUser(ctx);
  const p = ctx.params;
  let users = [...ctx.store.users.values()];
  const keep = (predicate: (u: User) => boolean): void => {
    users = users.filter(predicate);
  };
  if (p.bool('active')) keep((u) => u.state === 'active');
  if (p.bool('blocked')) keep((u) => u.state !== 'active');
  if (p.bool('external')) keep((u) => u.external);
  const username = p.str('username');
  if (username) keep((u) => u.username.toLowerCase() === username.toLowerCase());
  const search = p.str('search')?.toLowerCase();
  if (search)
    keep((u) => u.username.toLowerCase().includes(search) || u.name.toLowerCase().includes(search) || u.email.toLowerCase() === search);
  const externUid = p.str('extern_uid');
  const provider = p.str('provider');
  if (externUid !== undefined || provider !== undefined) {
    if (!externUid || !provider) throw new HttpError(400, { error: 'extern_uid, provider are missing, all parameters must be provided' });
    keep((u) => u.identities.some((i) => i.extern_uid === externUid && i.provider === provider));
  }
  const after = timeParam(ctx, 'created_after');
  if (after !== undefined) keep((u) => u.createdAt >= after);
  const before = timeParam(ctx, 'created_before');
  if (before !== undefined) keep((u) => u.createdAt <= before);
  const attributes = p.hash('custom_attributes');
  if (Object.keys(attributes).length > 0) {
    if (!viewer.admin) throw forbidden();
    keep((u) => Object.entries(attributes).every(([k, v]) => u.customAttributes[k] === v));
  }
  users.sort((a, b) => b.id - a.id);
  return paginate(ctx, users, (u) => show(ctx, viewer.admin ? USER_WITH_ADMIN : USER_BASIC, u), {
    type: 'User',
    id: (u) => u.id,
    orderBy: ['id'],
    sort: 'desc',
  });
}

function showUser(ctx: Ctx): Reply {
  return json(show(ctx, requireUser(ctx).admin ? USER_DETAILS_WITH_ADMIN : USER, requirePathUser(ctx)));
}

function createUser(ctx: Ctx): Reply {
  const admin = requireAdmin(ctx);
  const email = ctx.params.str('email');
  if (!email) throw missingParam('email');
  const username = ctx.params.str('username');
  if (!username) throw missingParam('username');
  const name = ctx.params.str('name');
  if (!name) throw missingParam('name');
  const hasPassword = ctx.params.has('password');
  const reset = ctx.params.bool('reset_password') ?? false;
  if (!hasPassword && !reset)
    throw new HttpError(400, { error: 'password, reset_password are missing, exactly one parameter must be provided' });
  if (!EMAIL_RE.test(email)) throw invalid({ email: ['is invalid'] });
  if (!reset) checkPassword(ctx);
  if (!/^[a-zA-Z0-9_.][a-zA-Z0-9_.-]*$/.test(username))
    throw invalid({
      username: ["can contain only letters, digits, '_', '-' and '.'. Cannot start with '-' or end in '.', '.git' or '.atom'."],
    });
  if (emailTaken(ctx.store, email)) throw new HttpError(409, { message: 'Email has already been taken' });
  if (ctx.store.userByName(username) || ctx.store.findGroup(username))
    throw new HttpError(409, { message: 'Username has already been taken' });
  const user = newUser(ctx.store, { username, name, email });
  applyProfile(ctx, user);
  user.confirmedAt = ctx.params.bool('skip_confirmation') ? user.createdAt : null;
  ctx.store.tokens.set(user.privateToken, { kind: 'private', userId: user.id, note: `created by ${admin.username}` });
  return created(show(ctx, USER_WITH_ADMIN_ONE, user));
}

function updateUser(ctx: Ctx): Reply {
  requireAdmin(ctx);
  const user = requirePathUser(ctx);
  const email = ctx.params.str('email');
  if (email !== undefined) {
    if (!EMAIL_RE.test(email)) throw invalid({ email: ['is invalid'] });
    // The spec: updating answers 404 even where 409 would fit (e.g. an email already in use).
    if (emailTaken(ctx.store, email, { userId: user.id })) throw new HttpError(404, { message: { email: ['has already been taken'] } });
  }
  const username = ctx.params.str('username');
  if (username !== undefined && username.toLowerCase() !== user.username.toLowerCase() && ctx.store.userByName(username)) {
    throw new HttpError(404, { message: { username: ['has already been taken'] } });
  }
  checkPassword(ctx);
  applyProfile(ctx, user);
  if (email !== undefined) user.email = email;
  if (username !== undefined) user.username = username;
  return json(show(ctx, USER_WITH_ADMIN_ONE, user));
}

function deleteUser(ctx: Ctx): Reply {
  requireAdmin(ctx);
  const user = requirePathUser(ctx);
  removeUser(ctx.store, user, ctx.params.bool('hard_delete') ?? false);
  return noContent();
}

function showCurrentUser(ctx: Ctx): Reply {
  return json(show(ctx, requireUser(ctx).admin ? CURRENT_ADMIN : USER_PUBLIC, requireUser(ctx)));
}

// Block / unblock
function blockUser(ctx: Ctx): Reply {
  requireAdmin(ctx);
  const user = requirePathUser(ctx);
  if (user.state === 'ldap_blocked') throw forbidden('LDAP blocked users cannot be modified by the API');
  // GitLab answers `null` (Grape's bare `break`) when the user was blocked already.
  if (ctx.store.flavor === 'gitlab' && user.state === 'blocked') return created(null);
  user.state = 'blocked';
  return created(true);
}

function unblockUser(ctx: Ctx): Reply {
  requireAdmin(ctx);
  const user = requirePathUser(ctx);
  if (user.state === 'ldap_blocked') throw forbidden('LDAP blocked users cannot be unblocked by the API');
  // GitLab answers whether the unblock service changed anything: `false` for a user not blocked.
  if (ctx.store.flavor === 'gitlab' && user.state === 'active') return created(false);
  user.state = 'active';
  return created(true);
}

function listActivities(ctx: Ctx): Reply {
  requireAdmin(ctx);
  const fromText = ctx.params.str('from');
  if (fromText !== undefined && !isDate(fromText)) throw new HttpError(400, { error: 'from is invalid' });
  const from = fromText ? Date.parse(`${fromText}T00:00:00Z`) : ctx.store.now() - 182 * DAY_MS;
  const active = [...ctx.store.users.values()]
    .filter((u) => u.lastActivityAt !== null && u.lastActivityAt >= from)
    .sort((a, b) => (a.lastActivityAt as number) - (b.lastActivityAt as number) || a.id - b.id);
  return paginate(ctx, active, (u) => show(ctx, USER_ACTIVITY, u));
}

/** Accounts: users, the current user, block and unblock, activities. Keys, emails and tokens: user-keys.ts, impersonation-tokens.ts. */
export const userRoutes: RouteTable = [
  { method: 'GET', path: '/users', handler: listUsers },
  { method: 'GET', path: '/users/:id', handler: showUser },
  { method: 'POST', path: '/users', handler: createUser },
  { method: 'PUT', path: '/users/:id', handler: updateUser },
  { method: 'DELETE', path: '/users/:id', handler: deleteUser },
  { method: 'GET', path: '/user', handler: showCurrentUser },
  { method: 'POST', path: '/users/:id/block', handler: blockUser },
  { method: 'POST', path: '/users/:id/unblock', handler: unblockUser },
  { method: 'GET', path: '/user/activities', handler: listActivities },
];
