import type { ApiClient } from '../api/client.js';
import { type Flavor, flavorOfVersion } from '../api/flavor.js';
import { ApiError, AuthError } from '../errors.js';
import type { ConfigStore } from './store.js';

/**
 * The dialect of `host` learnt with one `GET /version`, stored with the host so that it happens on
 * first contact only (not when the answer was a refusal: that is decided again next time).
 */
export async function detectFlavor(api: ApiClient, host: string, store: ConfigStore, debug: (line: string) => void): Promise<Flavor> {
  let detected: ReturnType<typeof flavorOfVersion>;
  try {
    const res = await api.request({ method: 'GET', path: '/version' });
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
