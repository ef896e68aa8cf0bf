import fs from 'node:fs';
import path from 'node:path';
import { fillPath } from '../../api/path.js';
import type { Context } from '../../context.js';
import { downloadDestination } from '../../download/disk.js';
import { formatBytes } from '../../download/progress.js';
import { saveDownload } from '../../download/save.js';
import { ApiError, MissingFileError, UsageError } from '../../errors.js';
import { defineCommand } from '../../executor/spec.js';
import { namesDotGit } from '../../git-path.js';
import { destFlag, givenSha256, sha256Flag } from '../../resources/download-flags.js';
import { noSuchApi } from '../../resources/gitlab-only.js';
import { RELEASE_DOWNLOAD_RESULT } from '../../resources/release.js';
import { recordAsked, refuseRecordOnStdout, shownPath } from '../../resources/saved-file.js';
import { isObject } from '../../shared/json.js';
import { shellLine } from '../../shell-quote.js';
import { RELEASE_PATH, tagArg } from './write.js';

/**
 * A release's assets downloaded as artifacts are (src/download/save.ts): through GitLab's
 * `GET :id/releases/:tag_name/downloads/*direct_asset_path`, which redirects to the link's URL
 * (lib/api/releases.rb; followed, without credentials on another host), or the link's own URL when
 * it is on the instance (a package file). Exit 3 when the release or the asset is not there.
 */

interface Asset {
  name: string;
  url: string;
  /** The link's direct asset path (`/bin/tool`), read from its `direct_asset_url`. */
  direct?: string;
}

function assetsOf(release: unknown, tag: string): Asset[] {
  const links = isObject(release) && isObject(release.assets) && Array.isArray(release.assets.links) ? release.assets.links : [];
  const marker = `/-/releases/${encodeURIComponent(tag)}/downloads/`;
  return links.filter(isObject).flatMap((l) => {
    if (typeof l.name !== 'string' || typeof l.url !== 'string') return [];
    const at = typeof l.direct_asset_url === 'string' ? l.direct_asset_url.indexOf(marker) : -1;
    const direct = at < 0 ? undefined : `/${decodeURIComponent((l.direct_asset_url as string).slice(at + marker.length))}`;
    return [{ name: l.name, url: l.url, direct }];
  });
}

/** The name an asset is saved under: its direct path's last part, else the link's name, when it is a plain file name. */
function fileNameOf(asset: Asset): string {
  const name = asset.direct ? path.posix.basename(asset.direct) : asset.name;
  // A name git reads as `.git` (`.GIT`, `git~1`, …) would replace a worktree's or submodule's `.git` file.
  const dotGit = namesDotGit(name);
  if (name === '' || name === '.' || name === '..' || /[/\\\0]/.test(name) || dotGit)
    throw new UsageError(
      `asset "${asset.name}" has no file name collab can save it under${dotGit ? ' (git reads it as .git)' : ''}: ` +
        `give ${shellLine`--asset ${asset.name}`} --dest <file>`,
    );
  return name;
}

/** Whether a link's URL is on the instance collab talks to (its credentials may go there). */
function onInstance(ctx: Context, url: string): boolean {
  try {
    return new URL(url).origin === ctx.api().origin;
  } catch {
    return false;
  }
}

/** The request that downloads an asset, or why collab cannot (a link outside the instance without a direct path). */
function assetRequest(ctx: Context, project: string, tag: string, asset: Asset): { method: string; path: string } {
  if (asset.direct !== undefined)
    return {
      method: 'GET',
      path: `${fillPath(RELEASE_PATH, { project, tag })}/downloads${asset.direct.split('/').map(encodeURIComponent).join('/')}`,
    };
  const api = ctx.api();
  if (onInstance(ctx, asset.url)) return { method: 'GET', path: asset.url };
  throw new ApiError(
    `asset "${asset.name}" of release ${tag} points outside ${api.origin} (${asset.url}) and has no direct asset path`,
    undefined,
    undefined,
    'collab downloads release assets through GitLab: give the link a path (collab release link add --path), or fetch its URL',
  );
}

async function readRelease(ctx: Context, project: string, tag: string): Promise<unknown> {
  try {
    return (await ctx.api().request({ method: 'GET', path: fillPath(RELEASE_PATH, { project, tag }), expect: { kind: 'object' } })).data;
  } catch (err) {
    throw (await notThere(ctx, err, `${project} has no release ${tag}`)) ?? err;
  }
}

async function notThere(ctx: Context, err: unknown, hint: string): Promise<unknown> {
  if (!(err instanceof ApiError) || err.status !== 404) return err;
  const none = await noSuchApi(ctx, 'releases', err);
  if (none) return none;
  return /project/i.test(err.message) ? err : new MissingFileError(err.message, 404, err.body, hint);
}

export const download = defineCommand({
  name: 'download',
  summary: "Download a release's assets (one with --asset)",
  description:
    "Download a release's asset links, each as artifacts are downloaded: streamed to a temporary " +
    'file renamed into place when complete, redirects followed without credentials on another ' +
    'host. --asset takes one by its name (or file name); then --dest is its file, or - for stdout. ' +
    'Otherwise every asset is saved in --dest (a directory, default the current one) under its ' +
    'file name. Exit 3: no such release or asset (nothing is written). Inside a CI job the job token is enough.',
  examples: [
    'collab release download v1.2.3 -p acme/platform/api',
    'collab release download v1.2.3 --asset tool-linux --dest /usr/local/bin/tool',
    'collab release download v1.2.3 --asset checksums.txt --dest - | sha256sum -c',
  ],
  args: [tagArg],
  project: 'required',
  flags: [
    { name: 'asset', short: 'a', param: false, type: 'string', description: 'the asset (link name, or file name) to download' },
    destFlag('with --asset its file (- for stdout); else the directory'),
    sha256Flag('with --asset: the SHA-256 it must have'),
  ],
  columns: RELEASE_DOWNLOAD_RESULT,
  effect: 'read',
  run: async (ctx, v) => {
    const project = String(v.project);
    const { tag } = v.args;
    const { asset: wanted, dest: rawDest } = v.flags;
    const sha256 = givenSha256(v.flags);
    if (sha256 !== undefined && wanted === undefined) throw new UsageError('--sha256 checks one asset: give --asset');
    refuseRecordOnStdout(ctx, rawDest);
    if (rawDest === '-' && wanted === undefined) throw new UsageError('--dest - writes one asset to stdout: give --asset');
    const dir = wanted === undefined ? path.resolve(ctx.settings.cwd, rawDest ?? '.') : undefined;
    if (dir !== undefined && !fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory())
      throw new UsageError(`invalid value for --dest: ${dir} is not a directory (without --asset every asset is saved in it)`);
    const assets = assetsOf(await readRelease(ctx, project, tag), tag);
    let chosen =
      wanted === undefined ? assets : assets.filter((a) => a.name === wanted || (a.direct && path.posix.basename(a.direct) === wanted));
    if (wanted === undefined) {
      // Every asset: a link outside the instance without a direct path (documentation, a web page) is not a file here.
      const outside = chosen.filter((a) => a.direct === undefined && !onInstance(ctx, a.url));
      for (const a of outside) ctx.notice(`skipped asset "${a.name}" (${a.url}): outside ${ctx.api().origin}, without a direct asset path`);
      chosen = chosen.filter((a) => !outside.includes(a));
    }
    if (chosen.length === 0) {
      const names = assets.map((a) => a.name).join(', ');
      throw new MissingFileError(
        wanted === undefined ? `release ${tag} has no asset collab can download` : `release ${tag} has no asset "${wanted}"`,
        404,
        undefined,
        names ? `its assets: ${names}` : undefined,
      );
    }
    const printer = recordAsked(ctx) ? ctx.printer('json') : undefined;
    const records = async function* () {
      for (const asset of chosen) {
        const file =
          dir === undefined
            ? downloadDestination(ctx.settings.cwd, rawDest, rawDest === undefined ? fileNameOf(asset) : 'asset')
            : path.join(dir, fileNameOf(asset));
        const what = `asset "${asset.name}" of release ${tag}`;
        let saved: { bytes: number; sha256: string };
        try {
          saved = await saveDownload({ api: ctx.api(), io: ctx.io, signal: ctx.signal }, assetRequest(ctx, project, tag, asset), file, {
            what,
            sha256,
            binaryRefused: () =>
              new UsageError(`refusing to write binary data to the terminal (${what}): use --dest <file> or pipe the output`),
          });
        } catch (err) {
          throw await notThere(ctx, err, `the ${what} is not there (${asset.url})`);
        }
        if (file !== '-') ctx.success(`Saved ${what} to ${shownPath(ctx, file)} (${formatBytes(saved.bytes)})`);
        yield { path: file === '-' ? null : file, tag, asset: asset.name, url: asset.url, size: saved.bytes, sha256: saved.sha256 };
      }
    };
    if (!printer) for await (const _ of records());
    else if (wanted !== undefined) for await (const one of records()) await printer.object(one, RELEASE_DOWNLOAD_RESULT);
    else await printer.list(records(), RELEASE_DOWNLOAD_RESULT);
  },
});
