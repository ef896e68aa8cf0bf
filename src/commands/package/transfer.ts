import path from 'node:path';
import type { Context } from '../../context.js';
import { downloadDestination } from '../../download/disk.js';
import { formatBytes } from '../../download/progress.js';
import { saveDownload } from '../../download/save.js';
import { ApiError, MissingFileError, UsageError } from '../../errors.js';
import { defineCommand } from '../../executor/spec.js';
import { destFlag, givenSha256, sha256Flag } from '../../resources/download-flags.js';
import { defaultFileName, genericPath, packageFileName, packageName, packageVersion } from '../../resources/generic-package.js';
import { noSuchApi } from '../../resources/gitlab-only.js';
import { DOWNLOAD_RESULT, UPLOAD_RESULT } from '../../resources/package.js';
import { checkFiles, type Uploaded, uploadOne } from '../../resources/package-upload.js';
import { recordAsked, refuseRecordOnStdout, shownPath } from '../../resources/saved-file.js';

const nameArg = { name: 'name', type: 'string', description: 'package name (letters, digits, . _ - +)' } as const;
const versionArg = { name: 'version', type: 'string', description: 'package version (1.2.3, 1.2.3-rc.1)' } as const;

/** The web address a script downloads the file from (what `release upload` links to). */
export function packageFileUrl(ctx: Context, apiPath: string): string {
  const api = ctx.api();
  return `${api.origin}${api.apiPrefix}${apiPath}`;
}

/** The record of one uploaded file (-o): both SHA-256s, GitLab's ids, the download URL. */
function uploadRecord(ctx: Context, v: { name: string; version: string }, up: Uploaded, apiPath: string): Record<string, unknown> {
  return {
    file: up.file,
    package: v.name,
    version: v.version,
    file_name: up.fileName,
    size: up.size,
    sha256: up.sha256,
    gitlab_sha256: up.packageFile?.file_sha256 ?? null,
    package_id: up.packageFile?.package_id ?? null,
    package_file_id: up.packageFile?.id ?? null,
    url: packageFileUrl(ctx, apiPath),
  };
}

export const upload = defineCommand({
  name: 'upload',
  summary: 'Upload files to a generic package',
  description:
    'Upload files to a generic package (PUT /projects/:id/packages/generic/:name/:version/:file, ' +
    'as curl --upload-file does), one at a time, each streamed as it is read with its size as ' +
    "the Content-Length. Name, version and file names are checked against GitLab's rules " +
    'before anything is sent (exit 2). GitLab is asked for the package file it stored, whose ' +
    "SHA-256 must be the file's (a mismatch is exit 1). One line per file; -o json: a record " +
    "per file with both SHA-256s and the file's URL. Inside a CI job the job token is enough.",
  examples: [
    'collab package upload tool 1.2.3 dist/tool-linux dist/tool-macos -p acme/platform/api',
    'collab package upload tool "$CI_COMMIT_TAG" dist/tool-linux -o json   # inside a CI job',
    'tar c dist | collab package upload tool 1.2.3 - --file-name dist.tar',
  ],
  args: [nameArg, versionArg, { name: 'file', type: 'string', variadic: true, disk: 'read', description: 'files to upload (- for stdin)' }],
  project: 'required',
  flags: [
    { name: 'file-name', param: false, type: 'string', description: 'the name in the package (one file; default: its own name)' },
    { name: 'status', param: false, type: 'enum', choices: ['default', 'hidden'], description: 'hidden: kept out of package lists' },
    {
      name: 'select',
      param: false,
      type: 'enum',
      choices: ['package_file'],
      description: "GitLab's answer: the package file (always asked for: its SHA-256 is checked)",
    },
  ],
  columns: UPLOAD_RESULT,
  effect: 'write',
  run: async (ctx, v) => {
    const project = String(v.project);
    const name = packageName(v.args.name);
    const version = packageVersion(v.args.version);
    const files = v.args.file;
    checkFiles(ctx, files, v.flags['file-name']);
    const given = v.flags['file-name'];
    const plan = files.map((file) => ({ file, fileName: given !== undefined ? packageFileName(given) : defaultFileName(file) }));
    const printer = recordAsked(ctx) ? ctx.printer('json') : undefined;
    const records = async function* () {
      for (const { file, fileName } of plan) {
        const apiPath = genericPath(project, name, version, fileName);
        let up: Uploaded;
        try {
          up = await uploadOne(ctx, { project, name, version, status: v.flags.status }, file, fileName, apiPath);
        } catch (err) {
          throw (await noSuchApi(ctx, 'package registry', err as never)) ?? err;
        }
        ctx.success(
          `Uploaded ${file === '-' ? 'standard input' : file} as ${fileName} (${formatBytes(up.size)}) to package ${name} ${version} in ${project}`,
        );
        yield uploadRecord(ctx, { name, version }, up, apiPath);
      }
    };
    if (printer) await printer.list(records(), UPLOAD_RESULT);
    else for await (const _ of records());
  },
});

export const download = defineCommand({
  name: 'download',
  summary: 'Download a file of a generic package',
  description:
    'Download a file of a generic package (GET /projects/:id/packages/generic/:name/:version/:file) ' +
    'as artifacts are downloaded: streamed to a temporary file beside the destination and renamed ' +
    'into place when complete, continued when cut, redirects to object storage followed without ' +
    'credentials, the SHA-256 GitLab states (X-Checksum-SHA256) and --sha256 checked before it is ' +
    'kept. Exit 3: GitLab has no such package or file (nothing is written). -o json: the saved ' +
    'path, size and SHA-256.',
  examples: [
    'collab package download tool 1.2.3 tool-linux -p acme/platform/api',
    'collab package download tool 1.2.3 tool-linux --dest /usr/local/bin/tool --sha256 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    'collab package download tool 1.2.3 dist.tar --dest - | tar x',
  ],
  args: [nameArg, versionArg, { name: 'file', type: 'string', description: 'file name in the package (dir/name for a file with a path)' }],
  project: 'required',
  flags: [
    destFlag('where to write it (default: its name here; - for stdout)'),
    sha256Flag('the SHA-256 it must have; nothing is kept otherwise'),
  ],
  columns: DOWNLOAD_RESULT,
  effect: 'read',
  run: async (ctx, v) => {
    const project = String(v.project);
    const name = packageName(v.args.name);
    const version = packageVersion(v.args.version);
    const fileName = packageFileName(v.args.file, '<file>');
    const sha256 = givenSha256(v.flags);
    refuseRecordOnStdout(ctx, v.flags.dest);
    const dest = downloadDestination(ctx.settings.cwd, v.flags.dest, path.posix.basename(fileName));
    const what = `${fileName} of package ${name} ${version}`;
    let saved: { bytes: number; sha256: string };
    try {
      saved = await saveDownload(
        { api: ctx.api(), io: ctx.io, signal: ctx.signal },
        { method: 'GET', path: genericPath(project, name, version, fileName) },
        dest,
        {
          what,
          sha256,
          checksumHeader: 'x-checksum-sha256',
          binaryRefused: () =>
            new UsageError(`refusing to write binary data to the terminal (${what}): use --dest <file> or pipe the output`),
        },
      );
    } catch (err) {
      throw await notThere(ctx, err, `${project} has no package ${name} ${version}, or it has no file ${fileName}`);
    }
    if (recordAsked(ctx))
      await ctx
        .printer('json')
        .object(
          { path: dest === '-' ? null : dest, package: name, version, file_name: fileName, size: saved.bytes, sha256: saved.sha256 },
          DOWNLOAD_RESULT,
        );
    if (dest !== '-') ctx.success(`Saved ${what} to ${shownPath(ctx, dest)} (${formatBytes(saved.bytes)})`);
  },
});

/**
 * A 404 of a download: the package or file is not there (exit 3, as for artifacts), unless the
 * project itself was not found (exit 1) or the server has no such API at all (exit 1).
 */
export async function notThere(ctx: Context, err: unknown, hint: string): Promise<unknown> {
  if (!(err instanceof ApiError) || err.status !== 404) return err;
  const none = await noSuchApi(ctx, 'package registry', err);
  if (none) return none;
  if (/\bproject\b/i.test(err.message)) return err;
  return new MissingFileError(err.message, 404, err.body, hint);
}
