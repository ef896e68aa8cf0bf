import { serverName, showsInAnswer } from '../shared/dialect.js';
import type { Flavor } from '../shared/flavor.js';

/**
 * An object built with the spec's names, named as this flavour names it (and without what that
 * flavour never shows).
 */
export function inDialect(flavor: Flavor, view: Record<string, unknown>): Record<string, unknown> {
  if (flavor === 'spec') return view;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(view)) if (showsInAnswer(name, flavor)) out[serverName(name, flavor)] = value;
  return out;
}

/**
 * The spec's names GitLab still accepts as legacy names and converts (lib/api/settings.rb, "support
 * legacy names"), though it answers only the new ones.
 */
const GITLAB_LEGACY: ReadonlySet<string> = new Set(['admin_notification_email', 'password_authentication_enabled']);

/** The name a request parameter has in this flavour (a server ignores the other name). */
export function paramName(flavor: Flavor, specName: string): string {
  return serverName(specName, flavor);
}

/** The names a parameter is read under: the server's, and a legacy one GitLab still converts. */
export function paramNames(flavor: Flavor, specName: string): string[] {
  const name = paramName(flavor, specName);
  return flavor === 'gitlab' && GITLAB_LEGACY.has(specName) && specName !== name ? [name, specName] : [name];
}

/** Values GitLab's `enabled_git_access_protocol` takes: `nil` (both) became `all` in newer versions. */
export const GIT_ACCESS_PROTOCOLS: Record<Flavor, readonly string[]> = { spec: ['ssh', 'http', 'nil'], gitlab: ['ssh', 'http', 'all'] };
