const SECRET_HEADERS = new Set(['private-token', 'job-token', 'authorization', 'cookie', 'set-cookie', 'proxy-authorization']);

/**
 * Query parameters whose value is a credential: GitLab's tokens (`private_token`, `job-token`,
 * `access_token`, any `…token`), secrets and passwords, and the signatures and credentials of
 * pre-signed object-storage URLs (S3 `X-Amz-*`, GCS `X-Goog-*`, Azure SAS `sig`,
 * CloudFront `Signature`/`Policy`/`Key-Pair-Id`), which download a private artifact without a token.
 */
const SECRET_PARAM =
  /(?:token|secret|password|passwd|signature|credential|api[_-]?key)$|^(?:sig|key|policy|key-pair-id|awsaccesskeyid|googleaccessid)$/i;

const USERINFO = /^([a-z][a-z0-9+.-]*:\/\/)[^/?#\s]*@/i;

/**
 * A URL for a log line: its userinfo and secret query values replaced, and on another origin
 * than `ownOrigin` (object storage after a redirect) the whole query, which is that server's
 * business.
 */
export function redactUrl(raw: string, ownOrigin?: string): string {
  // Userinfo is a credential whole: `https://oauth2:<token>@host`, `https://<token>@host`.
  const url = raw.replace(USERINFO, '$1[REDACTED]@');
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hash = url.indexOf('#', q);
  const base = url.slice(0, q);
  const query = url.slice(q + 1, hash < 0 ? undefined : hash);
  const fragment = hash < 0 ? '' : url.slice(hash);
  let origin: string | undefined;
  try {
    origin = new URL(url).origin;
  } catch {
    // not absolute: a path on our own origin
  }
  if (ownOrigin !== undefined && origin !== undefined && origin !== ownOrigin) return `${base}?[REDACTED]${fragment}`;
  const parts = query.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    if (eq < 0) return pair;
    let name = pair.slice(0, eq);
    try {
      name = decodeURIComponent(name.replace(/\+/g, ' '));
    } catch {
      // keep it as written
    }
    return SECRET_PARAM.test(name) ? `${pair.slice(0, eq)}=[REDACTED]` : pair;
  });
  return `${base}?${parts.join('&')}${fragment}`;
}

/** Every URL inside a text (a debug line, an error message) through redactUrl. */
export function redactUrlsIn(text: string, ownOrigin?: string): string {
  if (!text.includes('?') && !text.includes('@')) return text;
  return text.replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi, (u) => redactUrl(u, ownOrigin));
}

/** Any other header whose name says it carries a credential (`X-Job-Token`, `X-Api-Key`, `X-Amz-Security-Token`). */
const SECRET_HEADER = /token|secret|password|signature|credential|api[_-]?key|session|auth/i;

export function redactHeader(name: string, value: string): string {
  return SECRET_HEADERS.has(name.toLowerCase()) || SECRET_HEADER.test(name) ? '[REDACTED]' : value;
}

/** Replaces every occurrence of the given secrets in text (for messages that may quote them). */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 4) out = out.split(s).join('[REDACTED]');
  return out;
}
