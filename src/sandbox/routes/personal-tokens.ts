import { requireUser } from '../access.js';
import type { Ctx } from '../context.js';
import { PERSONAL_ACCESS_TOKEN } from '../entities/keys.js';
import { show } from '../entity.js';
import { badRequest } from '../errors.js';
import type { ImpersonationToken } from '../model.js';
import { json, type Reply } from '../reply.js';
import type { RouteTable } from '../router.js';

/** The token the request was sent with (`PRIVATE-TOKEN`, `private_token`, or a Bearer personal token). */
function presented(ctx: Ctx): string | undefined {
  const header = ctx.headers['private-token'];
  const bearer = /^Bearer\s+(.+)$/i.exec(String(ctx.headers.authorization ?? ''))?.[1]?.trim();
  return (Array.isArray(header) ? header[0] : header) ?? ctx.params.str('private_token') ?? bearer;
}

/** The personal access token behind a request: a demo user's, an impersonation token, one made with a user. */
function personalToken(ctx: Ctx, value: string | undefined): ImpersonationToken | undefined {
  if (value === undefined) return undefined;
  const record = ctx.store.tokens.get(value);
  if (record?.personal) return record.personal;
  return [...ctx.store.impersonationTokens.values()].find((t) => t.token === value);
}

/**
 * GitLab's `GET /personal_access_tokens/self` (lib/api/personal_access_tokens/self_information.rb:
 * `present access_token, with: Entities::PersonalAccessToken`): the token of the request, any
 * scope. An OAuth token is no personal access token: 400, as GitLab's newer versions answer.
 */
function showSelf(ctx: Ctx): Reply {
  requireUser(ctx);
  const token = personalToken(ctx, presented(ctx));
  if (!token) throw badRequest('not a personal access token');
  return json(show(ctx, PERSONAL_ACCESS_TOKEN, { token, now: ctx.store.now() }));
}

/** The token a request carries, as GitLab describes it (GitLab only: the spec has no such endpoint). */
export const personalTokenRoutes: RouteTable = [
  { method: 'GET', path: '/personal_access_tokens/self', handler: showSelf, flavor: 'gitlab' },
];
