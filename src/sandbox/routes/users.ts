import { createHash } from 'node:crypto';
import { requireAdmin, requireUser } from '../access.js';
import type { Ctx } from '../context.js';
import { paramName } from '../dialect.js';
import { ApiError, forbidden, invalid, missingParam, notFound } from '../errors.js';
import { timeParam } from '../filters.js';
import type { ImpersonationToken, User } from '../model.js';
import { paginate } from '../pagination.js';
import { created, json, noContent } from '../reply.js';
import type { Router } from '../router.js';
import type { Store } from '../store.js';
import { DAY_MS, dateOnly, iso, isDate } from '../time.js';
import { currentUserView, userView } from '../views/users.js';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const SSH_KEY_RE = /^(ssh-rsa|ssh-dss|ssh-ed25519|ecdsa-sha2-nistp(256|384|521)|sk-ssh-ed25519@openssh\.com|sk-ecdsa-sha2-nistp256@openssh\.com)\s+([A-Za-z0-9+/]+={0,2})(\s+.*)?$/;
const SCOPES = ['api', 'read_user'];

function requireTargetUser(ctx: Ctx, name = 'id'): User {
  const raw = ctx.path[name];
  const user = /^\d+$/.test(raw) ? ctx.store.users.get(Number(raw)) : undefined;
  if (!user) throw notFound('User');
  return user;
}

export function newUser(store: Store, fields: { username: string; name: string; email: string; admin?: boolean; createdAt?: number }): User {
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

function emailTaken(store: Store, email: string, except?: { userId?: number }): boolean {
  const wanted = email.toLowerCase();
  for (const u of store.users.values()) if (u.id !== except?.userId && u.email.toLowerCase() === wanted) return true;
  for (const e of store.emails.values()) if (e.email.toLowerCase() === wanted) return true;
  return false;
}

/** Profile parameters shared by create and update. */
function applyProfile(ctx: Ctx, user: User): void {
  const p = ctx.params;
  const strings = [
    ['bio', 'bio'], ['location', 'location'], ['organization', 'organization'], ['website_url', 'websiteUrl'],
    ['messenger', 'messenger'], ['professional_profile', 'professionalProfile'], ['microblog', 'microblog'], ['name', 'name'],
  ] as const;
  for (const [param, field] of strings) {
    const value = p.str(paramName(ctx.store, param));
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

function sshFingerprint(key: string): string | undefined {
  const match = SSH_KEY_RE.exec(key.trim());
  if (!match) return undefined;
  const blob = Buffer.from(match[3], 'base64');
  if (blob.length < 16) return undefined;
  return createHash('md5').update(blob).digest('hex');
}

function addSshKey(ctx: Ctx, owner: User) {
  const title = ctx.params.str('title');
  if (!title) throw missingParam('title');
  const key = ctx.params.str('key');
  if (!key) throw missingParam('key');
  const fingerprint = sshFingerprint(key);
  if (!fingerprint) throw invalid({ key: ['is invalid'], fingerprint: ['cannot be generated'] });
  for (const k of ctx.store.sshKeys.values()) {
    if (sshFingerprint(k.key) === fingerprint) throw invalid({ fingerprint: ['has already been taken'] });
  }
  const record = { id: ctx.store.nextId('key'), userId: owner.id, title, key: key.trim(), createdAt: ctx.store.now() };
  ctx.store.sshKeys.set(record.id, record);
  return created(sshKeyView(record));
}

// usage_type and expires_at: what GitLab 15.7+ always sends with a key.
const sshKeyView = (k: { id: number; title: string; key: string; createdAt: number }) => ({
  id: k.id,
  title: k.title,
  key: k.key,
  created_at: iso(k.createdAt),
  expires_at: null,
  usage_type: 'auth_and_signing',
});
const gpgKeyView = (k: { id: number; key: string; createdAt: number }) => ({ id: k.id, key: k.key, created_at: iso(k.createdAt) });
const emailView = (e: { id: number; email: string }) => ({ id: e.id, email: e.email });

function addGpgKey(ctx: Ctx, owner: User) {
  const key = ctx.params.str('key');
  if (!key) throw missingParam('key');
  if (!/-----BEGIN PGP PUBLIC KEY BLOCK-----[\s\S]+-----END PGP PUBLIC KEY BLOCK-----/.test(key)) {
    throw invalid({ key: ['does not look like a PGP public key'] });
  }
  for (const k of ctx.store.gpgKeys.values()) if (k.key.trim() === key.trim()) throw invalid({ key: ['has already been taken'] });
  const record = { id: ctx.store.nextId('gpg'), userId: owner.id, key: key.trim(), createdAt: ctx.store.now() };
  ctx.store.gpgKeys.set(record.id, record);
  return created(gpgKeyView(record));
}

function addEmail(ctx: Ctx, owner: User) {
  const email = ctx.params.str('email');
  if (!email) throw missingParam('email');
  if (!EMAIL_RE.test(email)) throw invalid({ email: ['is invalid'] });
  if (emailTaken(ctx.store, email)) throw invalid({ email: ['has already been taken'] });
  const record = { id: ctx.store.nextId('email'), userId: owner.id, email };
  ctx.store.emails.set(record.id, record);
  return created(emailView(record));
}

function tokenActive(token: ImpersonationToken, now: number): boolean {
  return !token.revoked && (token.expiresAt === null || Date.parse(`${token.expiresAt}T23:59:59Z`) >= now);
}

function tokenView(token: ImpersonationToken, now: number, withSecret: boolean): Record<string, unknown> {
  const view: Record<string, unknown> = {
    id: token.id,
    name: token.name,
    revoked: token.revoked,
    created_at: iso(token.createdAt),
    scopes: [...token.scopes],
    user_id: token.userId,
    active: tokenActive(token, now),
    expires_at: token.expiresAt,
    impersonation: true,
  };
  if (withSecret) view.token = token.token;
  return view;
}

function ownedBy<T extends { userId: number }>(items: Iterable<T>, user: User): T[] {
  return [...items].filter((item) => item.userId === user.id);
}

function findOwned<T extends { id: number; userId: number }>(map: Map<number, T>, user: User, rawId: string, what: string): T {
  const item = map.get(Number(rawId));
  if (!item || item.userId !== user.id) throw notFound(what);
  return item;
}

function ghostUser(store: Store): User {
  const ghost = store.userByName('ghost');
  if (ghost) return ghost;
  const user = newUser(store, { username: 'ghost', name: 'Ghost User', email: 'ghost@sandbox.invalid' });
  user.state = 'blocked';
  user.bio = 'This is a "Ghost User", created to hold all issues authored by users that have since been deleted.';
  return user;
}

function deleteUser(store: Store, user: User, hard: boolean): void {
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

export function userRoutes(router: Router): void {
  router.get('/users', (ctx) => {
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
    if (search) keep((u) => u.username.toLowerCase().includes(search) || u.name.toLowerCase().includes(search) || u.email.toLowerCase() === search);
    const externUid = p.str('extern_uid');
    const provider = p.str('provider');
    if (externUid !== undefined || provider !== undefined) {
      if (!externUid || !provider) throw new ApiError(400, { error: 'extern_uid, provider are missing, all parameters must be provided' });
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
    return paginate(ctx, users, (u) => userView(ctx.store, u, viewer, false));
  });

  router.get('/users/:id', (ctx) => json(userView(ctx.store, requireTargetUser(ctx), requireUser(ctx), true)));

  router.post('/users', (ctx) => {
    const admin = requireAdmin(ctx);
    const email = ctx.params.str('email');
    if (!email) throw missingParam('email');
    const username = ctx.params.str('username');
    if (!username) throw missingParam('username');
    const name = ctx.params.str('name');
    if (!name) throw missingParam('name');
    const hasPassword = ctx.params.has('password');
    const reset = ctx.params.bool('reset_password') ?? false;
    if (!hasPassword && !reset) throw new ApiError(400, { error: 'password, reset_password are missing, exactly one parameter must be provided' });
    if (!EMAIL_RE.test(email)) throw invalid({ email: ['is invalid'] });
    if (!reset) checkPassword(ctx);
    if (!/^[a-zA-Z0-9_.][a-zA-Z0-9_.-]*$/.test(username)) throw invalid({ username: ['can contain only letters, digits, \'_\', \'-\' and \'.\'. Cannot start with \'-\' or end in \'.\', \'.git\' or \'.atom\'.'] });
    if (emailTaken(ctx.store, email)) throw new ApiError(409, { message: 'Email has already been taken' });
    if (ctx.store.userByName(username) || ctx.store.findGroup(username)) throw new ApiError(409, { message: 'Username has already been taken' });
    const user = newUser(ctx.store, { username, name, email });
    applyProfile(ctx, user);
    user.confirmedAt = ctx.params.bool('skip_confirmation') ? user.createdAt : null;
    ctx.store.tokens.set(user.privateToken, { kind: 'private', userId: user.id, note: `created by ${admin.username}` });
    return created(userView(ctx.store, user, admin, true));
  });

  router.put('/users/:id', (ctx) => {
    const admin = requireAdmin(ctx);
    const user = requireTargetUser(ctx);
    const email = ctx.params.str('email');
    if (email !== undefined) {
      if (!EMAIL_RE.test(email)) throw invalid({ email: ['is invalid'] });
      // The spec: updating answers 404 even where 409 would fit (e.g. an email already in use).
      if (emailTaken(ctx.store, email, { userId: user.id })) throw new ApiError(404, { message: { email: ['has already been taken'] } });
    }
    const username = ctx.params.str('username');
    if (username !== undefined && username.toLowerCase() !== user.username.toLowerCase() && ctx.store.userByName(username)) {
      throw new ApiError(404, { message: { username: ['has already been taken'] } });
    }
    checkPassword(ctx);
    applyProfile(ctx, user);
    if (email !== undefined) user.email = email;
    if (username !== undefined) user.username = username;
    return json(userView(ctx.store, user, admin, true));
  });

  router.delete('/users/:id', (ctx) => {
    requireAdmin(ctx);
    const user = requireTargetUser(ctx);
    deleteUser(ctx.store, user, ctx.params.bool('hard_delete') ?? false);
    return noContent();
  });

  router.get('/user', (ctx) => json(currentUserView(ctx.store, requireUser(ctx))));

  // SSH keys
  router.get('/user/keys', (ctx) => paginate(ctx, ownedBy(ctx.store.sshKeys.values(), requireUser(ctx)), sshKeyView));
  router.get('/user/keys/:key_id', (ctx) => json(sshKeyView(findOwned(ctx.store.sshKeys, requireUser(ctx), ctx.path.key_id, 'Key'))));
  router.post('/user/keys', (ctx) => addSshKey(ctx, requireUser(ctx)));
  router.delete('/user/keys/:key_id', (ctx) => {
    ctx.store.sshKeys.delete(findOwned(ctx.store.sshKeys, requireUser(ctx), ctx.path.key_id, 'Key').id);
    return noContent();
  });
  router.get('/users/:id/keys', (ctx) => {
    requireAdmin(ctx);
    return paginate(ctx, ownedBy(ctx.store.sshKeys.values(), requireTargetUser(ctx)), sshKeyView);
  });
  router.post('/users/:id/keys', (ctx) => {
    requireAdmin(ctx);
    return addSshKey(ctx, requireTargetUser(ctx));
  });
  router.delete('/users/:id/keys/:key_id', (ctx) => {
    requireAdmin(ctx);
    ctx.store.sshKeys.delete(findOwned(ctx.store.sshKeys, requireTargetUser(ctx), ctx.path.key_id, 'Key').id);
    return noContent();
  });

  // GPG keys
  router.get('/user/gpg_keys', (ctx) => paginate(ctx, ownedBy(ctx.store.gpgKeys.values(), requireUser(ctx)), gpgKeyView));
  router.get('/user/gpg_keys/:key_id', (ctx) => json(gpgKeyView(findOwned(ctx.store.gpgKeys, requireUser(ctx), ctx.path.key_id, 'GPG Key'))));
  router.post('/user/gpg_keys', (ctx) => addGpgKey(ctx, requireUser(ctx)));
  router.delete('/user/gpg_keys/:key_id', (ctx) => {
    ctx.store.gpgKeys.delete(findOwned(ctx.store.gpgKeys, requireUser(ctx), ctx.path.key_id, 'GPG Key').id);
    return noContent();
  });
  router.get('/users/:id/gpg_keys', (ctx) => {
    requireAdmin(ctx);
    return paginate(ctx, ownedBy(ctx.store.gpgKeys.values(), requireTargetUser(ctx)), gpgKeyView);
  });
  router.get('/users/:id/gpg_keys/:key_id', (ctx) => {
    requireAdmin(ctx);
    return json(gpgKeyView(findOwned(ctx.store.gpgKeys, requireTargetUser(ctx), ctx.path.key_id, 'GPG Key')));
  });
  router.post('/users/:id/gpg_keys', (ctx) => {
    requireAdmin(ctx);
    return addGpgKey(ctx, requireTargetUser(ctx));
  });
  router.delete('/users/:id/gpg_keys/:key_id', (ctx) => {
    requireAdmin(ctx);
    ctx.store.gpgKeys.delete(findOwned(ctx.store.gpgKeys, requireTargetUser(ctx), ctx.path.key_id, 'GPG Key').id);
    return noContent();
  });

  // Emails
  router.get('/user/emails', (ctx) => paginate(ctx, ownedBy(ctx.store.emails.values(), requireUser(ctx)), emailView));
  router.get('/user/emails/:email_id', (ctx) => json(emailView(findOwned(ctx.store.emails, requireUser(ctx), ctx.path.email_id, 'Email'))));
  router.post('/user/emails', (ctx) => addEmail(ctx, requireUser(ctx)));
  router.delete('/user/emails/:email_id', (ctx) => {
    ctx.store.emails.delete(findOwned(ctx.store.emails, requireUser(ctx), ctx.path.email_id, 'Email').id);
    return noContent();
  });
  router.get('/users/:id/emails', (ctx) => {
    requireAdmin(ctx);
    return paginate(ctx, ownedBy(ctx.store.emails.values(), requireTargetUser(ctx)), emailView);
  });
  router.post('/users/:id/emails', (ctx) => {
    requireAdmin(ctx);
    return addEmail(ctx, requireTargetUser(ctx));
  });
  router.delete('/users/:id/emails/:email_id', (ctx) => {
    requireAdmin(ctx);
    ctx.store.emails.delete(findOwned(ctx.store.emails, requireTargetUser(ctx), ctx.path.email_id, 'Email').id);
    return noContent();
  });

  // Block / unblock
  router.post('/users/:id/block', (ctx) => {
    requireAdmin(ctx);
    const user = requireTargetUser(ctx);
    if (user.state === 'ldap_blocked') throw forbidden('LDAP blocked users cannot be modified by the API');
    // GitLab answers `null` (Grape's bare `break`) when the user was blocked already.
    if (ctx.store.flavor === 'gitlab' && user.state === 'blocked') return created(null);
    user.state = 'blocked';
    return created(true);
  });
  router.post('/users/:id/unblock', (ctx) => {
    requireAdmin(ctx);
    const user = requireTargetUser(ctx);
    if (user.state === 'ldap_blocked') throw forbidden('LDAP blocked users cannot be unblocked by the API');
    // GitLab answers whether the unblock service changed anything: `false` for a user not blocked.
    if (ctx.store.flavor === 'gitlab' && user.state === 'active') return created(false);
    user.state = 'active';
    return created(true);
  });

  // Impersonation tokens
  router.get('/users/:user_id/impersonation_tokens', (ctx) => {
    requireAdmin(ctx);
    const user = requireTargetUser(ctx, 'user_id');
    const state = ctx.params.str('state') ?? 'all';
    if (!['all', 'active', 'inactive'].includes(state)) throw new ApiError(400, { error: 'state does not have a valid value' });
    const now = ctx.store.now();
    const tokens = ownedBy(ctx.store.impersonationTokens.values(), user).filter(
      (t) => state === 'all' || (state === 'active') === tokenActive(t, now),
    );
    return paginate(ctx, tokens, (t) => tokenView(t, now, false));
  });
  router.get('/users/:user_id/impersonation_tokens/:impersonation_token_id', (ctx) => {
    requireAdmin(ctx);
    const user = requireTargetUser(ctx, 'user_id');
    const token = findOwned(ctx.store.impersonationTokens, user, ctx.path.impersonation_token_id, 'Impersonation Token');
    return json(tokenView(token, ctx.store.now(), false));
  });
  router.post('/users/:user_id/impersonation_tokens', (ctx) => {
    requireAdmin(ctx);
    const user = requireTargetUser(ctx, 'user_id');
    const name = ctx.params.str('name');
    if (!name) throw missingParam('name');
    const scopes = ctx.params.strArray('scopes');
    if (!scopes || scopes.length === 0) throw missingParam('scopes');
    if (scopes.some((s) => !SCOPES.includes(s))) throw new ApiError(400, { error: 'scopes does not have a valid value' });
    const expiresAt = ctx.params.str('expires_at') || null;
    if (expiresAt !== null && !isDate(expiresAt)) throw new ApiError(400, { error: 'expires_at is invalid' });
    const id = ctx.store.nextId('token');
    const token: ImpersonationToken = {
      id,
      userId: user.id,
      name,
      token: `sandbox-imp-${id}-${createHash('sha1').update(`imp:${id}:${name}`).digest('hex').slice(0, 12)}`,
      scopes,
      revoked: false,
      createdAt: ctx.store.now(),
      expiresAt,
    };
    ctx.store.impersonationTokens.set(id, token);
    ctx.store.tokens.set(token.token, { kind: 'private', userId: user.id, note: `impersonation token ${name}` });
    return created(tokenView(token, ctx.store.now(), true));
  });
  router.delete('/users/:user_id/impersonation_tokens/:impersonation_token_id', (ctx) => {
    requireAdmin(ctx);
    const user = requireTargetUser(ctx, 'user_id');
    const token = findOwned(ctx.store.impersonationTokens, user, ctx.path.impersonation_token_id, 'Impersonation Token');
    token.revoked = true;
    ctx.store.tokens.delete(token.token);
    return noContent();
  });

  router.get('/user/activities', (ctx) => {
    requireAdmin(ctx);
    const fromText = ctx.params.str('from');
    if (fromText !== undefined && !isDate(fromText)) throw new ApiError(400, { error: 'from is invalid' });
    const from = fromText ? Date.parse(`${fromText}T00:00:00Z`) : ctx.store.now() - 182 * DAY_MS;
    const active = [...ctx.store.users.values()]
      .filter((u) => u.lastActivityAt !== null && u.lastActivityAt >= from)
      .sort((a, b) => (a.lastActivityAt as number) - (b.lastActivityAt as number) || a.id - b.id);
    return paginate(ctx, active, (u) => {
      const day = dateOnly(u.lastActivityAt as number);
      return { username: u.username, last_activity_on: day, last_activity_at: day };
    });
  });
}
