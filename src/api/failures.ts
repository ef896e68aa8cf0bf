import type { Credentials } from '../credentials.js';
import { ApiError, AuthError, type CollabError, UsageError } from '../errors.js';
import { type ApiResponse, header, hostOf } from './answer.js';
import { errorMessage, statusLine } from './error-body.js';
import { jobTokenRefusalHint } from './job-token-refusal.js';
import { JOB_TOKEN_REACH } from './job-token-routes.js';
import { isOffsetLimit, OFFSET_LIMIT_HINT } from './keyset.js';
import { redirectError } from './redirect.js';
import { ProxyError } from './tunnel.js';

/**
 * What went wrong, as the error a command throws: an error status, a connection that failed, a
 * body cut short or too large. Server text is quoted as it came: what prints it makes it inert.
 */

/** A body that was cut short or could not be decoded: retried like a reset on idempotent requests. */
export class BodyError extends Error {
  constructor(
    message: string,
    private readonly hint?: string,
  ) {
    super(message);
  }

  final(): ApiError {
    return new ApiError(this.message, undefined, undefined, this.hint);
  }
}

export function bodyError(err: NodeJS.ErrnoException, status: number, url: string): BodyError {
  const code = err.code ?? '';
  const why =
    code.startsWith('Z_') || code.startsWith('ERR__') || /zlib|decompress|header check|end of file/i.test(err.message)
      ? `could not be decoded (${err.message})`
      : code === 'ETIMEDOUT'
        ? `stalled (${err.message})`
        : `was cut short (${code === 'ECONNRESET' || err.message === 'aborted' ? 'connection reset' : err.message})`;
  return new BodyError(`the ${status} answer from ${hostOf(url)} ${why}`);
}

export function tooLarge(status: number, host: string, limit: number): ApiError {
  const size = limit >= 1024 * 1024 ? `${Math.round(limit / (1024 * 1024))} MB` : `${limit} bytes`;
  return new ApiError(
    `the ${status} answer from ${host} is larger than ${size}, more than collab holds in memory`,
    status,
    undefined,
    'narrow the request (--per-page, filters); files are fetched by the download commands, which stream',
  );
}

/**
 * The error for a non-2xx answer (a 3xx says where it points), with a hint for the credentials in
 * use (and `sudo`, the user they act as).
 */
export function statusError(res: ApiResponse, credentials: Credentials, sudo?: string): ApiError | AuthError {
  const { status, data } = res;
  if (status >= 300 && status < 400) return redirectError(status, header(res.headers, 'location'), hostOf(res.url));
  const line = statusLine(status, errorMessage(data, header(res.headers, 'content-type'), status));
  if (status === 401) return new AuthError(line, unauthorizedHint(credentials, hostOf(res.url), res.sentJobToken === true));
  let hint: string | undefined;
  if (status === 403) hint = forbiddenHint(res, line, sudo !== undefined);
  if (status === 404 && !credentials.token) hint = 'private resources need a token: `collab auth login`';
  if (isOffsetLimit(status, line)) hint = OFFSET_LIMIT_HINT;
  return new ApiError(line, status, data, hint);
}

/**
 * A 403: a token without the scope the request needs names it (GitLab, lib/api/api_guard.rb:
 * `{"error":"insufficient_scope","error_description":…,"scope":"api read_api"}`, any one of them
 * will do; a WWW-Authenticate `Bearer …, error="insufficient_scope", scope="…"` says the same).
 * `--sudo` needs an administrator's token, with the `sudo` scope.
 */
function forbiddenHint(res: ApiResponse, line: string, sudo: boolean): string | undefined {
  const jobToken = jobTokenRefusalHint(line);
  if (jobToken !== undefined) return jobToken;
  const scopes = insufficientScopes(res);
  const sudoHint = `--sudo needs an administrator token${scopes?.includes('sudo') ? ' with the sudo scope' : ''}`;
  if (scopes === undefined) return /sudo/i.test(line) ? sudoHint : undefined;
  const wanted =
    scopes.length === 0
      ? 'the token lacks a scope GitLab asks for here (its answer does not say which)'
      : `GitLab asks for a token with the ${scopes.map((s) => `"${s}"`).join(' or ')} scope here`;
  return `${wanted}; create one with it and log in again (collab auth login)${sudo || scopes.includes('sudo') ? `; ${sudoHint}` : ''}`;
}

/** The scopes a 403 for an insufficient scope names (none known: empty), or undefined for another 403. */
function insufficientScopes(res: ApiResponse): string[] | undefined {
  const challenge = header(res.headers, 'www-authenticate') ?? '';
  const body = res.data !== null && typeof res.data === 'object' ? (res.data as Record<string, unknown>) : {};
  const fromHeader = /error="?insufficient_scope/i.test(challenge);
  if (body.error !== 'insufficient_scope' && !fromHeader) return undefined;
  const listed =
    typeof body.scope === 'string' || Array.isArray(body.scope) ? body.scope : /(?:^|[\s,])scope="([^"]*)"/i.exec(challenge)?.[1];
  const words = Array.isArray(listed) ? listed.map(String) : (listed ?? '').split(/[\s,]+/);
  return [...new Set(words.filter((w) => /^[\w:-]+$/.test(w)))];
}

function unauthorizedHint({ token, jobToken, jobTokenWithheld }: Credentials, host: string, sentJobToken: boolean): string {
  const refused = `GitLab refused the CI job token here: it reaches ${JOB_TOKEN_REACH}, for as long as its job runs`;
  if (token?.kind === 'job') return `${refused}; use a personal access token for the rest`;
  if (token) return 'the token was rejected: check it with `collab auth status`, or log in again with `collab auth login`';
  if (sentJobToken) return `${refused}; set COLLAB_TOKEN for the rest`;
  if (jobToken) return `GitLab does not take the CI job token for this request (it reaches ${JOB_TOKEN_REACH}): set COLLAB_TOKEN`;
  if (jobTokenWithheld !== undefined) return `CI_JOB_TOKEN was not sent to ${host}: ${jobTokenWithheld}`;
  return 'no token is set: run `collab auth login` or set COLLAB_TOKEN';
}

/** A request that got no answer: refused by Node before it left (bad input), or failed on the way. */
export function sendError(err: NodeJS.ErrnoException, url: string): CollabError {
  const code = err.code ?? '';
  if (code === 'ERR_INVALID_CHAR' || code === 'ERR_INVALID_HTTP_TOKEN')
    return new UsageError(`a request header cannot be sent: ${err.message}`);
  if (code === 'ERR_BODY_CHANGED') return new ApiError(err.message, undefined);
  if (err instanceof ProxyError)
    return new ApiError(err.message, err.status, undefined, 'check HTTPS_PROXY / HTTP_PROXY, or NO_PROXY for hosts reached directly');
  const where = hostOf(url);
  const tls = code.startsWith('CERT_') || code.includes('SELF_SIGNED') || code.includes('UNABLE_TO');
  const reason =
    code === 'ECONNREFUSED'
      ? `could not connect to ${where} (connection refused)`
      : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
        ? `could not resolve host ${where}`
        : code === 'ETIMEDOUT' || code.includes('TIMEOUT')
          ? `request to ${where} timed out: ${err.message}`
          : code === 'ECONNRESET' || code === 'UND_ERR_SOCKET'
            ? `connection to ${where} was reset`
            : tls
              ? `TLS certificate problem with ${where}: ${err.message}`
              : code === 'ERR_TLS_CERT_ALTNAME_INVALID'
                ? `TLS certificate problem with ${where}: the certificate presented is not for ` +
                  `${where.replace(/:\d+$/, '')} (${err.message})`
                : `network error talking to ${where}: ${err.message}`;
  const hint = tls
    ? 'trust a private CA with NODE_EXTRA_CA_CERTS or `collab config set ca_file <pem> --host <url>`'
    : code === 'ERR_TLS_CERT_ALTNAME_INVALID'
      ? 'nothing was sent: the server, or a proxy answering in its place, holds a certificate for another name'
      : undefined;
  return new ApiError(reason, undefined, undefined, hint);
}
