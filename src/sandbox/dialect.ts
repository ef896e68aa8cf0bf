import { type Flavor, serverName, showsInAnswer } from '../api/dialect.js';
import type { Store } from './store.js';

export type { Flavor } from '../api/dialect.js';

/**
 * An object the views build with the spec's names, named as this sandbox's flavour names it (and
 * without what that flavour never shows).
 */
export function inDialect(store: Store, view: Record<string, unknown>): Record<string, unknown> {
  if (store.flavor === 'spec') return view;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(view)) if (showsInAnswer(name, store.flavor)) out[serverName(name, store.flavor)] = value;
  return out;
}

/**
 * The spec's names GitLab still accepts as legacy names and converts (lib/api/settings.rb, "support
 * legacy names"), though it answers only the new ones.
 */
const GITLAB_LEGACY: ReadonlySet<string> = new Set(['admin_notification_email', 'password_authentication_enabled']);

/** The name a request parameter has in this sandbox's flavour (a server ignores the other name). */
export function paramName(store: Store, specName: string): string {
  return serverName(specName, store.flavor);
}

/** The names a parameter is read under: the server's, and a legacy one GitLab still converts. */
export function paramNames(store: Store, specName: string): string[] {
  const name = paramName(store, specName);
  return store.flavor === 'gitlab' && GITLAB_LEGACY.has(specName) && specName !== name ? [name, specName] : [name];
}

/** Values GitLab's `enabled_git_access_protocol` takes: `nil` (both) became `all` in newer versions. */
export const GIT_ACCESS_PROTOCOLS: Record<Flavor, readonly string[]> = { spec: ['ssh', 'http', 'nil'], gitlab: ['ssh', 'http', 'all'] };

export const isFlavor = (value: unknown): value is Flavor => value === 'spec' || value === 'gitlab';
