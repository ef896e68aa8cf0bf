import { createHash } from 'node:crypto';
import type { Ctx } from './context.js';
import { json, type Reply } from './reply.js';

/**
 * A JSON answer with the weak `ETag` Rack::ETag gives every GitLab API answer (SHA-256 of the body,
 * 32 hex digits), and Rack::ConditionalGet's empty 304 when `If-None-Match` names it: a poller that
 * sends it back costs one request and no body while nothing changed.
 */
export function conditionalJson(ctx: Ctx, body: unknown, headers: Record<string, string> = {}): Reply {
  const etag = `W/"${createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 32)}"`;
  const wanted = ctx.headers['if-none-match'];
  const tags = (Array.isArray(wanted) ? wanted.join(',') : (wanted ?? '')).split(',').map((t) => t.trim());
  if (tags.includes(etag) || tags.includes('*')) return { kind: 'empty', status: 304, headers: { ETag: etag } };
  return json(body, 200, { ...headers, ETag: etag });
}

/** The same for a paginated answer (`paginate`'s reply). */
export function conditionalReply(ctx: Ctx, reply: Reply): Reply {
  return reply.kind === 'json' && reply.status === 200 ? conditionalJson(ctx, reply.body, reply.headers) : reply;
}
