import { UsageError } from './errors.js';

/** Normalises a host given by a user: scheme defaulted to https, trailing slash and /api/v4 removed. */
export function normalizeHost(raw: string): string {
  const h = raw.trim();
  // No scheme: guessing https fails against a plain-http server with a TLS error nobody can read.
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(h))
    throw new UsageError(
      `invalid host "${raw}": it has no scheme`,
      `give it as https://${h.replace(/^\/+/, '')} (or http://… for a server without TLS)`,
    );
  let url: URL;
  try {
    url = new URL(h);
  } catch {
    throw new UsageError(`invalid host "${raw}": expected a URL such as https://gitlab.example.com`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`invalid host "${raw}": only http and https are supported`);
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api\/v4$/, '');
  return `${url.protocol}//${url.host}${path}`;
}
