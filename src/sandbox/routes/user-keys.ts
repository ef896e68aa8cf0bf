import { createHash } from 'node:crypto';
import { ownedBy, requireAdmin, requireOwned, requirePathUser, requireUser } from '../access.js';
import type { Ctx } from '../context.js';
import { EMAIL, GPG_KEY, SSH_KEY } from '../entities/keys.js';
import { type Entity, show } from '../entity.js';
import { invalid, missingParam } from '../errors.js';
import type { Email, GpgKey, SshKey, User } from '../model.js';
import { paginate } from '../pagination.js';
import { created, json, noContent, type Reply } from '../reply.js';
import type { RouteEntry, RouteTable } from '../router.js';
import type { Store } from '../store.js';
import { EMAIL_RE, emailTaken } from './users.js';

const SSH_KEY_RE =
  /^(ssh-rsa|ssh-dss|ssh-ed25519|ecdsa-sha2-nistp(256|384|521)|sk-ssh-ed25519@openssh\.com|sk-ecdsa-sha2-nistp256@openssh\.com)\s+([A-Za-z0-9+/]+={0,2})(\s+.*)?$/;

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
  return created(show(ctx, SSH_KEY, record));
}

function addGpgKey(ctx: Ctx, owner: User) {
  const key = ctx.params.str('key');
  if (!key) throw missingParam('key');
  if (!/-----BEGIN PGP PUBLIC KEY BLOCK-----[\s\S]+-----END PGP PUBLIC KEY BLOCK-----/.test(key)) {
    throw invalid({ key: ['does not look like a PGP public key'] });
  }
  for (const k of ctx.store.gpgKeys.values()) if (k.key.trim() === key.trim()) throw invalid({ key: ['has already been taken'] });
  const record = { id: ctx.store.nextId('gpg'), userId: owner.id, key: key.trim(), createdAt: ctx.store.now() };
  ctx.store.gpgKeys.set(record.id, record);
  return created(show(ctx, GPG_KEY, record));
}

function addEmail(ctx: Ctx, owner: User) {
  const email = ctx.params.str('email');
  if (!email) throw missingParam('email');
  if (!EMAIL_RE.test(email)) throw invalid({ email: ['is invalid'] });
  if (emailTaken(ctx.store, email)) throw invalid({ email: ['has already been taken'] });
  const record = { id: ctx.store.nextId('email'), userId: owner.id, email };
  ctx.store.emails.set(record.id, record);
  return created(show(ctx, EMAIL, record));
}

interface Owned<T extends { id: number; userId: number }> {
  /** Path segment: `keys`, `gpg_keys`, `emails`. */
  segment: string;
  /** The id placeholder: `key_id`, `email_id`. */
  idName: string;
  /** For 404 messages: `Key`, `GPG Key`. */
  what: string;
  items: (store: Store) => Map<number, T>;
  entity: Entity<T>;
  add: (ctx: Ctx, owner: User) => Reply;
  /** The spec has `GET /users/:id/<things>/:id` for this kind. */
  otherUserView: boolean;
}

/** Whose things a path is about: yours (`/user/…`) or, for administrators, the path's user. */
const mine = (ctx: Ctx): User => requireUser(ctx);
const theirs = (ctx: Ctx): User => {
  requireAdmin(ctx);
  return requirePathUser(ctx);
};

/** The list, one, add and delete handlers of one kind of owned thing, and the routes that serve them. */
function ownedRoutes<T extends { id: number; userId: number }>(kind: Owned<T>): RouteTable {
  const table: RouteEntry[] = [];
  for (const [collection, owner] of [
    [`/user/${kind.segment}`, mine],
    [`/users/:id/${kind.segment}`, theirs],
  ] as const) {
    const one = (ctx: Ctx) => requireOwned(kind.items(ctx.store), owner(ctx), ctx.path[kind.idName], kind.what);
    const listOwned = (ctx: Ctx) =>
      paginate(ctx, ownedBy(kind.items(ctx.store).values(), owner(ctx)), (item) => show(ctx, kind.entity, item));
    const showOwned = (ctx: Ctx) => json(show(ctx, kind.entity, one(ctx)));
    const addOwned = (ctx: Ctx) => kind.add(ctx, owner(ctx));
    const deleteOwned = (ctx: Ctx) => {
      kind.items(ctx.store).delete(one(ctx).id);
      return noContent();
    };
    const item = `${collection}/:${kind.idName}`;
    table.push({ method: 'GET', path: collection, handler: listOwned });
    if (owner === mine || kind.otherUserView) table.push({ method: 'GET', path: item, handler: showOwned });
    table.push({ method: 'POST', path: collection, handler: addOwned }, { method: 'DELETE', path: item, handler: deleteOwned });
  }
  return table;
}

/**
 * What users own, each under one scheme: your own at `/user/<things>`, another user's
 * (administrators) at `/users/:id/<things>`: SSH keys, GPG keys, secondary emails.
 */
export const userKeyRoutes: RouteTable = [
  ...ownedRoutes<SshKey>({
    segment: 'keys',
    idName: 'key_id',
    what: 'Key',
    items: (s) => s.sshKeys,
    entity: SSH_KEY,
    add: addSshKey,
    otherUserView: false,
  }),
  ...ownedRoutes<GpgKey>({
    segment: 'gpg_keys',
    idName: 'key_id',
    what: 'GPG Key',
    items: (s) => s.gpgKeys,
    entity: GPG_KEY,
    add: addGpgKey,
    otherUserView: true,
  }),
  ...ownedRoutes<Email>({
    segment: 'emails',
    idName: 'email_id',
    what: 'Email',
    items: (s) => s.emails,
    entity: EMAIL,
    add: addEmail,
    otherUserView: false,
  }),
];
