import { createHash } from 'node:crypto';
import { ownedBy, requireAdmin, requireOwned, requirePathUser } from '../access.js';
import type { Ctx } from '../context.js';
import { IMPERSONATION_TOKEN, IMPERSONATION_TOKEN_WITH_TOKEN, tokenActive } from '../entities/keys.js';
import { show } from '../entity.js';
import { HttpError, missingParam } from '../errors.js';
import type { ImpersonationToken } from '../model.js';
import { paginate } from '../pagination.js';
import { created, json, noContent, type Reply } from '../reply.js';
import type { RouteTable } from '../router.js';
import { isDate } from '../time.js';

const SCOPES = ['api', 'read_user'];

function listImpersonationTokens(ctx: Ctx): Reply {
  requireAdmin(ctx);
  const user = requirePathUser(ctx, 'user_id');
  const state = ctx.params.str('state') ?? 'all';
  if (!['all', 'active', 'inactive'].includes(state)) throw new HttpError(400, { error: 'state does not have a valid value' });
  const now = ctx.store.now();
  const tokens = ownedBy(ctx.store.impersonationTokens.values(), user).filter(
    (t) => state === 'all' || (state === 'active') === tokenActive({ token: t, now }),
  );
  return paginate(ctx, tokens, (token) => show(ctx, IMPERSONATION_TOKEN, { token, now }));
}

function showImpersonationToken(ctx: Ctx): Reply {
  requireAdmin(ctx);
  const user = requirePathUser(ctx, 'user_id');
  const token = requireOwned(ctx.store.impersonationTokens, user, ctx.path.impersonation_token_id, 'Impersonation Token');
  return json(show(ctx, IMPERSONATION_TOKEN, { token, now: ctx.store.now() }));
}

function createImpersonationToken(ctx: Ctx): Reply {
  requireAdmin(ctx);
  const user = requirePathUser(ctx, 'user_id');
  const name = ctx.params.str('name');
  if (!name) throw missingParam('name');
  const scopes = ctx.params.strArray('scopes');
  if (!scopes || scopes.length === 0) throw missingParam('scopes');
  if (scopes.some((s) => !SCOPES.includes(s))) throw new HttpError(400, { error: 'scopes does not have a valid value' });
  const expiresAt = ctx.params.str('expires_at') || null;
  if (expiresAt !== null && !isDate(expiresAt)) throw new HttpError(400, { error: 'expires_at is invalid' });
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
  return created(show(ctx, IMPERSONATION_TOKEN_WITH_TOKEN, { token, now: ctx.store.now() }));
}

function revokeImpersonationToken(ctx: Ctx): Reply {
  requireAdmin(ctx);
  const user = requirePathUser(ctx, 'user_id');
  const token = requireOwned(ctx.store.impersonationTokens, user, ctx.path.impersonation_token_id, 'Impersonation Token');
  token.revoked = true;
  ctx.store.tokens.delete(token.token);
  return noContent();
}

/** Impersonation tokens of a user (administrators). */
export const impersonationTokenRoutes: RouteTable = [
  { method: 'GET', path: '/users/:user_id/impersonation_tokens', handler: listImpersonationTokens },
  { method: 'GET', path: '/users/:user_id/impersonation_tokens/:impersonation_token_id', handler: showImpersonationToken },
  { method: 'POST', path: '/users/:user_id/impersonation_tokens', handler: createImpersonationToken },
  { method: 'DELETE', path: '/users/:user_id/impersonation_tokens/:impersonation_token_id', handler: revokeImpersonationToken },
];
