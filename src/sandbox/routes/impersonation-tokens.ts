import { createHash } from 'node:crypto';
import { ownedBy, requireAdmin, requireOwned, requirePathUser } from '../access.js';
import { ApiError, missingParam } from '../errors.js';
import type { ImpersonationToken } from '../model.js';
import { paginate } from '../pagination.js';
import { created, json, noContent } from '../reply.js';
import type { Router } from '../router.js';
import { isDate, iso } from '../time.js';

const SCOPES = ['api', 'read_user'];

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

/** Impersonation tokens of a user (administrators). */
export function impersonationTokenRoutes(router: Router): void {
  router.get('/users/:user_id/impersonation_tokens', (ctx) => {
    requireAdmin(ctx);
    const user = requirePathUser(ctx, 'user_id');
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
    const user = requirePathUser(ctx, 'user_id');
    const token = requireOwned(ctx.store.impersonationTokens, user, ctx.path.impersonation_token_id, 'Impersonation Token');
    return json(tokenView(token, ctx.store.now(), false));
  });
  router.post('/users/:user_id/impersonation_tokens', (ctx) => {
    requireAdmin(ctx);
    const user = requirePathUser(ctx, 'user_id');
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
    const user = requirePathUser(ctx, 'user_id');
    const token = requireOwned(ctx.store.impersonationTokens, user, ctx.path.impersonation_token_id, 'Impersonation Token');
    token.revoked = true;
    ctx.store.tokens.delete(token.token);
    return noContent();
  });
}
