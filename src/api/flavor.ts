import { UsageError } from '../errors.js';
import { isObject } from '../json.js';

/**
 * Which dialect a host speaks: the spec's (shared/api) or GitLab's. What differs between them is
 * dialect.ts's; this module only names them and tells them apart.
 */
export const FLAVORS = ['spec', 'gitlab'] as const;
export type Flavor = (typeof FLAVORS)[number];

export function parseFlavor(raw: string, label: string): Flavor {
  const value = raw.trim().toLowerCase();
  if (!(FLAVORS as readonly string[]).includes(value))
    throw new UsageError(`invalid value for ${label}: "${raw}" is not one of ${FLAVORS.join(', ')}`);
  return value as Flavor;
}

/**
 * The flavour from `GET /version`'s answer, and whether it is sure enough to store. GitLab answers
 * `{"version":"17.6.1-ee","revision":…}`; a server that follows only the spec has no such endpoint
 * (404), and one that answers other JSON is not GitLab. A refusal says the endpoint exists, which
 * only GitLab's side has: GitLab, for this run; that is 403 (a token without the scope, a proxy
 * hiding the version) and 401, which GitLab answers an anonymous caller (a read of public data goes
 * on; a rejected token fails its own request the same way). Anything else (5xx, a sign-in page)
 * tells nothing.
 */
export function flavorOfVersion(status: number, data: unknown): { flavor: Flavor; store: boolean } | undefined {
  if (status === 404) return { flavor: 'spec', store: true };
  if (status === 401 || status === 403) return { flavor: 'gitlab', store: false };
  if (status < 200 || status >= 300 || !isObject(data)) return undefined;
  return { flavor: typeof data.version === 'string' ? 'gitlab' : 'spec', store: true };
}
