import { filepathError } from '../../shared/release-links.js';
import { LINK_TYPES, type LinkType } from '../ci-state.js';
import type { Ctx } from '../context.js';
import { HttpError } from '../errors.js';

/** A release link as it is asked for, before it has an id. */
export interface LinkParams {
  name: string;
  url: string;
  directAssetPath: string | null;
  linkType: LinkType;
}

/**
 * `assets[links]` of a new release (lib/api/releases.rb): JSON `{"assets":{"links":[…]}}` or Rack's
 * `assets[links][][name]=…` fields; Grape's 400 for a link without `name` or `url`.
 */
export function readLinks(ctx: Ctx): LinkParams[] {
  const assets = ctx.params.raw('assets');
  if (assets === undefined || assets === null) return [];
  if (typeof assets !== 'object' || Array.isArray(assets)) throw new HttpError(400, { error: 'assets is invalid' });
  const links = (assets as Record<string, unknown>).links;
  if (links === undefined || links === null) return [];
  if (!Array.isArray(links)) throw new HttpError(400, { error: 'assets[links] is invalid' });
  const missing: string[] = [];
  const out = links.map((raw, i) => {
    const link = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    for (const key of ['name', 'url']) if (typeof link[key] !== 'string') missing.push(`assets[links][${i}][${key}] is missing`);
    const type = link.link_type === undefined || link.link_type === null ? 'other' : String(link.link_type);
    // No `values:` on the release's links: the enum refuses it in the service (rescued as 400).
    if (!LINK_TYPES.includes(type as LinkType)) throw new HttpError(400, { message: `'${type}' is not a valid link_type` });
    const path = link.direct_asset_path ?? link.filepath;
    return {
      name: String(link.name ?? ''),
      url: String(link.url ?? ''),
      directAssetPath: path === undefined || path === null ? null : String(path),
      linkType: type as LinkType,
    };
  });
  if (missing.length > 0) throw new HttpError(400, { error: missing.join(', ') });
  return out;
}

/** Releases::Link's validations, as `errors.full_messages`: the URL's scheme, unique names and URLs, the path's form. */
export function linkErrors(
  links: readonly LinkParams[],
  existing: readonly { name: string; url: string; directAssetPath: string | null }[],
): string[] {
  const errors: string[] = [];
  const seen = [...existing];
  for (const link of links) {
    let scheme: string | undefined;
    try {
      scheme = new URL(link.url).protocol.replace(/:$/, '');
    } catch {
      scheme = undefined;
    }
    if (link.url === '') errors.push("Url can't be blank");
    else if (scheme === undefined) errors.push('Url is blocked: URI is invalid');
    else if (!['http', 'https', 'ftp'].includes(scheme)) errors.push('Url is blocked: Only allowed schemes are http, https, ftp');
    if (link.name === '') errors.push("Name can't be blank");
    if (seen.some((l) => l.url === link.url)) errors.push('Url has already been taken');
    if (seen.some((l) => l.name === link.name)) errors.push('Name has already been taken');
    // `filepath_format_valid?` passes only nil: a blank path is invalid; uniqueness skips blanks.
    if (link.directAssetPath !== null) {
      const invalid = filepathError(link.directAssetPath);
      if (invalid) errors.push(invalid);
      if (link.directAssetPath !== '' && seen.some((l) => l.directAssetPath === link.directAssetPath))
        errors.push('Filepath has already been taken');
    }
    seen.push(link);
  }
  return errors;
}
