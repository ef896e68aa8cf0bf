import { createHash } from 'node:crypto';
import { ownedBy, requireAdmin, requireOwned, requirePathUser, requireUser } from '../access.js';
import type { Ctx } from '../context.js';
import { EMAIL, GPG_KEY, SSH_KEY } from '../entities/keys.js';
import { type Entity, show } from '../entity.js';
import { invalid, missingParam } from '../errors.js';
import type { Email, GpgKey, SshKey, User } from '../model.js';
import { paginate } from '../pagination.js';
import { created, json, noContent, type Reply } from '../reply.js';
import type { Router } from '../router.js';
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

function ownedRoutes<T extends { id: number; userId: number }>(router: Router, kind: Owned<T>): void {
  const mine = (ctx: Ctx) => requireUser(ctx);
  const theirs = (ctx: Ctx) => {
    requireAdmin(ctx);
    return requirePathUser(ctx);
  };
  for (const [collection, owner] of [
    [`/user/${kind.segment}`, mine],
    [`/users/:id/${kind.segment}`, theirs],
  ] as const) {
    const one = (ctx: Ctx) => requireOwned(kind.items(ctx.store), owner(ctx), ctx.path[kind.idName], kind.what);
    router.get(collection, (ctx) =>
      paginate(ctx, ownedBy(kind.items(ctx.store).values(), owner(ctx)), (item) => show(ctx, kind.entity, item)),
    );
    if (owner === mine || kind.otherUserView) router.get(`${collection}/:${kind.idName}`, (ctx) => json(show(ctx, kind.entity, one(ctx))));
    router.post(collection, (ctx) => kind.add(ctx, owner(ctx)));
    router.delete(`${collection}/:${kind.idName}`, (ctx) => {
      kind.items(ctx.store).delete(one(ctx).id);
      return noContent();
    });
  }
}

/**
 * What users own, each under one scheme: your own at `/user/<things>`, another user's
 * (administrators) at `/users/:id/<things>`: SSH keys, GPG keys, secondary emails.
 */
export function userKeyRoutes(router: Router): void {
  ownedRoutes<SshKey>(router, {
    segment: 'keys',
    idName: 'key_id',
    what: 'Key',
    items: (s) => s.sshKeys,
    entity: SSH_KEY,
    add: addSshKey,
    otherUserView: false,
  });
  ownedRoutes<GpgKey>(router, {
    segment: 'gpg_keys',
    idName: 'key_id',
    what: 'GPG Key',
    items: (s) => s.gpgKeys,
    entity: GPG_KEY,
    add: addGpgKey,
    otherUserView: true,
  });
  ownedRoutes<Email>(router, {
    segment: 'emails',
    idName: 'email_id',
    what: 'Email',
    items: (s) => s.emails,
    entity: EMAIL,
    add: addEmail,
    otherUserView: false,
  });
}
