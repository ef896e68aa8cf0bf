import { ApiError, AuthError, UsageError } from '../errors.js';
import { FLAVORS, type Flavor, isFlavor } from '../shared/flavor.js';
import { isObject } from '../shared/json.js';
import type { ConfigStore } from './store.js';

/** A flavour named by a person (a flag, COLLAB_FLAVOR, `config set flavor`): exit 2 when it is none. */
export function parseFlavor(raw: string, label: string): Flavor {
  const value = raw.trim().toLowerCase();
  if (!isFlavor(value)) throw new UsageError(`invalid value for ${label}: "${raw}" is not one of ${FLAVORS.join(', ')}`);
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

/** `GET /version` as the client answers it (or throws). */
export type ReadVersion = () => Promise<{ status: number; data: unknown }>;

/**
 * The dialect of `host` learnt with one `GET /version`, stored with the host so that it happens on
 * first contact only (not when the answer was a refusal: that is decided again next time).
 */
export async function detectFlavor(
  readVersion: ReadVersion,
  host: string,
  store: ConfigStore,
  debug: (line: string) => void,
): Promise<Flavor> {
  let detected: ReturnType<typeof flavorOfVersion>;
  try {
    const res = await readVersion();
    detected = flavorOfVersion(res.status, res.data);
  } catch (err) {
    if (err instanceof ApiError && err.status !== undefined) detected = flavorOfVersion(err.status, err.body);
    // A 401 comes as an AuthError: GitLab wants a token for /version, and a read of public data goes on without one.
    if (err instanceof AuthError) detected = flavorOfVersion(401, undefined);
    if (detected === undefined) throw whileDetecting(err);
  }
  if (detected === undefined) throw whileDetecting(new ApiError('GET /version answered neither a version nor 404', undefined));
  const { flavor } = detected;
  debug(`flavor of ${host}: ${flavor} (GET /version${detected.store ? '' : ' refused; not stored'})`);
  if (!detected.store) return flavor;
  try {
    await store.update((data) => {
      data.hosts ??= {};
      (data.hosts[host] ??= {}).flavor = flavor;
    });
  } catch (err) {
    debug(`flavor not stored: ${(err as Error).message}`);
  }
  return flavor;
}

/**
 * A failed `GET /version` (asked only to learn the dialect) said so, and how to skip it: the user
 * asked for something else. A rejected token stays what it is: every request would fail the same.
 */
function whileDetecting(err: unknown): unknown {
  if (!(err instanceof ApiError)) return err;
  const skip =
    'collab asked GET /version to learn which API dialect the server speaks; name it ' +
    'instead: collab config set flavor gitlab|spec --host <url>, or COLLAB_FLAVOR';
  return new ApiError(err.message, err.status, err.body, err.hint ? `${err.hint}; ${skip}` : skip);
}
