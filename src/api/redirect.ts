import { ApiError } from '../errors.js';
import { redactUrl } from './redact.js';

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
export const MAX_REDIRECTS = 5;

/** Whether this answer is a redirect the request follows (downloads: GET and HEAD only). */
export function followed(followRedirects: boolean | undefined, method: string, status: number): boolean {
  return followRedirects === true && REDIRECTS.has(status) && (method === 'GET' || method === 'HEAD');
}

/**
 * A 301 on an API read that GitLab sends for a moved project (lib/api/helpers.rb `find_project!`
 * → `redirect!(url_with_project_id(project))`, lib/api/api.rb answers it 301 with `Location`):
 * followed, credentials kept, when it stays on our origin and under our /api/v4. A proxy in front
 * of GitLab may write `http://` for our https host (doc/api/rest/_index.md shows such a Location):
 * the path is then taken on our own origin, never the other way round. Anything else: undefined.
 */
export function apiRedirect(
  status: number,
  method: string,
  location: string | undefined,
  ownOrigin: string,
  apiPrefix: string,
): string | undefined {
  if (status !== 301 || !location || (method !== 'GET' && method !== 'HEAD')) return undefined;
  let next: URL;
  let own: URL;
  try {
    own = new URL(ownOrigin);
    next = new URL(location, ownOrigin);
  } catch {
    return undefined;
  }
  const sameOrigin = next.origin === own.origin;
  const upgraded = own.protocol === 'https:' && next.protocol === 'http:' && next.hostname === own.hostname && next.port === '';
  if (!(sameOrigin || upgraded) || !next.pathname.startsWith(`${apiPrefix}/`)) return undefined;
  return `${next.pathname}${next.search}`;
}

/**
 * Where redirect number `count` leads: its `Location` resolved against the URL that answered, over
 * http or https only. `ownOrigin` keeps the API host's secrets out of the messages.
 */
export function redirectTarget(status: number, location: string | undefined, from: string, count: number, ownOrigin: string): URL {
  if (!location) throw new ApiError(`${status} redirect without a Location header`, status);
  if (count > MAX_REDIRECTS) throw new ApiError('too many redirects', status);
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    throw new ApiError(`${status} redirect to an invalid Location "${location.slice(0, 200)}"`, status);
  }
  if (next.protocol !== 'http:' && next.protocol !== 'https:') {
    const shown = redactUrl(location, ownOrigin).slice(0, 200);
    throw new ApiError(`${status} redirect to a ${next.protocol} URL refused (${shown}): only http and https are followed`, status);
  }
  return next;
}

/** A 3xx on an API call: collab does not follow those (credentials would follow), but says where it points. */
export function redirectError(status: number, location: string | undefined, host: string): ApiError {
  if (!location) return new ApiError(`${status} from ${host}: a redirect without a Location`, status);
  const where = redactUrl(location).slice(0, 300);
  return new ApiError(
    `${status} from ${host}: redirected to ${where}`,
    status,
    undefined,
    /^https:/i.test(location) && !/^https:/i.test(host)
      ? 'the server moved to https: use --host https://…'
      : 'API calls are not followed across redirects: check --host (a sign-in proxy, or the instance moved?)',
  );
}
