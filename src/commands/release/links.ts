import { UsageError } from '../../errors.js';
import { isObject } from '../../shared/json.js';
import { FILEPATH_MAX_LENGTH, filepathError } from '../../shared/release-links.js';

/**
 * A release's asset links as `release create` and `release link add` take them, checked before
 * anything is sent against what GitLab's lib/api/releases.rb params and app/models/releases/link.rb
 * validate: a name, an http(s) or ftp URL, a `link_type` of `other`, `runbook`, `image` or
 * `package`, and a direct asset path of GitLab's form (shared/release-links.ts).
 */

export const LINK_TYPES = ['other', 'runbook', 'image', 'package'] as const;

export interface AssetLink {
  name: string;
  url: string;
  link_type?: string;
  direct_asset_path?: string;
}

function checkUrl(url: string, label: string): void {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || !['http:', 'https:', 'ftp:'].includes(parsed.protocol))
    throw new UsageError(`invalid value for ${label}: "${url}" is not an http, https or ftp URL, which GitLab requires of a link`);
}

export function checkLink(link: AssetLink, label: string): AssetLink {
  if (link.name.trim() === '') throw new UsageError(`invalid value for ${label}: the link has no name`);
  checkUrl(link.url, label);
  if (link.link_type !== undefined && !(LINK_TYPES as readonly string[]).includes(link.link_type))
    throw new UsageError(`invalid value for ${label}: type "${link.link_type}" is not one of ${LINK_TYPES.join(', ')}`);
  if (link.direct_asset_path !== undefined && filepathError(link.direct_asset_path))
    throw new UsageError(
      `invalid value for ${label}: path "${link.direct_asset_path}" is not a direct asset path`,
      `GitLab takes / and then at least 3 of letters, digits, _ - . and / (no //), ending in a letter or digit, ${FILEPATH_MAX_LENGTH} at most: /bin/tool-linux`,
    );
  return link;
}

/** The keys `--link` reads from its end: collab's short names and GitLab's own. */
const LINK_KEYS: Readonly<Record<string, 'link_type' | 'direct_asset_path'>> = {
  type: 'link_type',
  link_type: 'link_type',
  path: 'direct_asset_path',
  direct_asset_path: 'direct_asset_path',
  filepath: 'direct_asset_path',
};
const LINK_KEY_AT_END = /,(type|link_type|path|direct_asset_path|filepath)=([^,]*)$/;

/**
 * `--link NAME=URL[,type=package][,path=/bin/x]`: the name up to the first `=`, the URL after it,
 * `type=` and `path=` (or GitLab's `link_type=`, `direct_asset_path=`, `filepath=`) taken from its
 * end (a URL may hold commas of its own); each once.
 */
export function parseLinkFlag(raw: string): AssetLink {
  const eq = raw.indexOf('=');
  if (eq <= 0) throw new UsageError(`invalid value for --link: "${raw}" is not NAME=URL[,type=…][,path=…]`);
  const link: AssetLink = { name: raw.slice(0, eq), url: '' };
  let rest = raw.slice(eq + 1);
  for (let m = LINK_KEY_AT_END.exec(rest); m; m = LINK_KEY_AT_END.exec(rest)) {
    const field = LINK_KEYS[m[1]!]!;
    if (link[field] !== undefined)
      throw new UsageError(`invalid value for --link: "${raw}" gives the ${field === 'link_type' ? 'type' : 'path'} twice`);
    link[field] = m[2];
    rest = rest.slice(0, m.index);
  }
  link.url = rest;
  return checkLink(link, '--link');
}

/** `--assets-links JSON`: glab's flag, an array of GitLab's link objects. */
export function parseAssetsLinks(raw: string): AssetLink[] {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch (err) {
    throw new UsageError(`invalid value for --assets-links: not JSON (${(err as Error).message})`);
  }
  if (!Array.isArray(data)) throw new UsageError('invalid value for --assets-links: expected a JSON array of {"name", "url"} objects');
  return data.map((item, i) => {
    const at = `--assets-links (item ${i + 1})`;
    if (!isObject(item) || typeof item.name !== 'string' || typeof item.url !== 'string')
      throw new UsageError(`invalid value for ${at}: each link is an object with "name" and "url" strings`);
    // JSON null is a field not given, as Grape reads an optional parameter.
    const path = item.direct_asset_path ?? item.filepath ?? undefined;
    const type = item.link_type ?? undefined;
    if ((path !== undefined && typeof path !== 'string') || (type !== undefined && typeof type !== 'string'))
      throw new UsageError(`invalid value for ${at}: "direct_asset_path" and "link_type" are strings`);
    return checkLink({ name: item.name, url: item.url, link_type: type, direct_asset_path: path }, at);
  });
}

/** Link names, URLs and direct asset paths are unique within a release (GitLab's validation): a repeat is refused before it is sent. */
export function checkUnique(links: readonly AssetLink[]): void {
  for (const [key, what] of [
    ['name', 'name'],
    ['url', 'url'],
    ['direct_asset_path', 'path'],
  ] as const) {
    const seen = new Set<string>();
    for (const l of links) {
      const value = l[key];
      if (value === undefined) continue;
      if (seen.has(value)) throw new UsageError(`two links have the ${what} "${value}": GitLab takes each ${what} once per release`);
      seen.add(value);
    }
  }
}
