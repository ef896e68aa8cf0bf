import type { IncomingHttpHeaders } from 'node:http';
import { forbidden, HttpError, unauthorized } from './errors.js';
import type { User } from './model.js';
import type { Params } from './params.js';
import type { RouteOptions } from './router.js';
import type { Store, TokenRecord } from './store.js';

export const SESSION_COOKIE = '_service_session';

export interface Caller {
  user: User | null;
  jobToken: TokenRecord | null;
}

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

function cookie(headers: IncomingHttpHeaders, name: string): string | undefined {
  const raw = header(headers, 'cookie');
  if (!raw) return undefined;
  for (const part of raw.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/**
 * Resolves the caller as part 1 §5 describes: private/personal/impersonation token (`PRIVATE-TOKEN`
 * or `private_token`), OAuth (`Authorization: Bearer` or `access_token`), the session cookie, and the
 * job token (`JOB-TOKEN`, `job_token`) only on routes that accept it. Then applies sudo.
 */
export function authenticate(store: Store, headers: IncomingHttpHeaders, params: Params, route: RouteOptions): Caller {
  const privateToken = header(headers, 'private-token') ?? params.str('private_token');
  const bearer = /^Bearer\s+(.+)$/i.exec(header(headers, 'authorization') ?? '')?.[1]?.trim() ?? params.str('access_token');
  const jobTokenValue = header(headers, 'job-token') ?? params.str('job_token') ?? params.str('job-token');
  const session = cookie(headers, SESSION_COOKIE);

  let record: TokenRecord | undefined;
  if (privateToken !== undefined) {
    record = store.tokens.get(privateToken);
    if (record?.kind !== 'private') throw unauthorized();
  } else if (bearer !== undefined) {
    record = store.tokens.get(bearer);
    // Personal access tokens work as Bearer tokens too, as on GitLab.
    if (!record || record.kind === 'job') throw unauthorized();
  } else if (jobTokenValue !== undefined) {
    record = store.tokens.get(jobTokenValue);
    if (record?.kind !== 'job' || !route.jobToken) throw unauthorized();
  } else if (session !== undefined) {
    const sessionUser = session.startsWith('sandbox-session-') ? store.userByName(session.slice('sandbox-session-'.length)) : undefined;
    if (!sessionUser) throw unauthorized();
    record = { kind: 'private', userId: sessionUser.id, note: 'session' };
  }

  if (!record) {
    if (sudoValue(headers, params) !== undefined) throw unauthorized();
    if (route.auth === 'optional') return { user: null, jobToken: null };
    throw unauthorized();
  }
  const user = store.users.get(record.userId);
  if (!user) throw unauthorized();
  if (user.state !== 'active') throw forbidden('Your account has been blocked.');

  const sudo = sudoValue(headers, params);
  if (sudo !== undefined && record.kind !== 'job') {
    if (!user.admin) throw forbidden('Must be admin to use sudo');
    const target = store.findUser(sudo);
    if (!target) throw new HttpError(404, { message: `404 Not Found: No user id or username for: ${sudo}` });
    return { user: target, jobToken: null };
  }
  return { user, jobToken: record.kind === 'job' ? record : null };
}

function sudoValue(headers: IncomingHttpHeaders, params: Params): string | undefined {
  const value = header(headers, 'sudo') ?? params.str('sudo');
  return value === undefined || value === '' ? undefined : value;
}
