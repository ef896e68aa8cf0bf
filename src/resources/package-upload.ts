import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type FileBody, isFileBody } from '../api/file-body.js';
import type { Context } from '../context.js';
import { formatBytes } from '../download/progress.js';
import { LocalError, UsageError } from '../errors.js';
import { bodyArg } from '../executor/read-input.js';
import { isObject } from '../shared/json.js';

/**
 * One file into the generic package registry (doc/user/packages/generic_packages/_index.md,
 * lib/api/generic_packages.rb `PUT :id/packages/generic/:package_name/*package_version/:file_name`):
 * the file is streamed as it is read, with its size as the Content-Length (a 1 GiB file never sits
 * in memory), and GitLab's SHA-256 of what it stored (its package file, `select=package_file`) is
 * checked against the file's.
 */

export interface Uploaded {
  /** The local file (or `-`). */
  file: string;
  fileName: string;
  size: number;
  sha256: string;
  /** GitLab's package file (`select=package_file`), when it answered one. */
  packageFile?: Record<string, unknown>;
}

export interface UploadTarget {
  project: string;
  name: string;
  version: string;
  /** `status=hidden`: kept out of the package list (GitLab's ALLOWED_STATUSES). */
  status?: string;
}

/** The SHA-256 of a file, read as a stream, or of bytes held. */
async function sha256Of(body: Buffer | FileBody): Promise<string> {
  const hash = createHash('sha256');
  if (!isFileBody(body)) return hash.update(body).digest('hex');
  await pipeline(fs.createReadStream(body.path, { highWaterMark: 1 << 20 }), hash);
  return hash.digest('hex');
}

/** `PUT …/packages/generic/:name/:version/:file_name`; the file read twice (its hash, then its bytes), never held whole. */
export async function uploadOne(ctx: Context, to: UploadTarget, file: string, fileName: string, apiPath: string): Promise<Uploaded> {
  const body = await bodyArg(ctx, file === '-' ? file : path.resolve(ctx.settings.cwd, file), '<file>');
  const size = isFileBody(body) ? body.size : body.length;
  const sha256 = await sha256Of(body);
  const res = await ctx.api().request({
    method: 'PUT',
    path: apiPath,
    query: { select: 'package_file', ...(to.status === undefined ? {} : { status: to.status }) },
    rawBody: { data: body, contentType: 'application/octet-stream' },
    expect: { kind: 'object' },
  });
  // `select=package_file`: the package file (lib/api/entities/package_file.rb); an older GitLab answers `201 Created`.
  const packageFile = isObject(res.data) && res.data.file_name !== undefined ? (res.data as Record<string, unknown>) : undefined;
  const theirs = packageFile?.file_sha256;
  if (typeof theirs === 'string' && theirs.toLowerCase() !== sha256)
    throw new LocalError(
      `GitLab stored ${fileName} with SHA-256 ${theirs}, but ${file === '-' ? 'standard input' : file} has ${sha256}`,
      'the file changed while it was sent, or the upload was altered on the way: upload it again',
    );
  const stored = packageFile?.size;
  if (typeof stored === 'number' && stored !== size)
    throw new LocalError(`GitLab stored ${formatBytes(stored)} of ${fileName}, but ${file} holds ${formatBytes(size)}`);
  return { file, fileName, size, sha256, packageFile };
}

/**
 * Before anything is sent: every file readable (a second file missing would stop the upload half
 * done), `--file-name` for one file only (several would overwrite each other), stdin named.
 */
export function checkFiles(ctx: Context, files: readonly string[], fileName: string | undefined): void {
  for (const file of files) {
    if (file === '-') continue;
    try {
      fs.accessSync(path.resolve(ctx.settings.cwd, file), fs.constants.R_OK);
    } catch (err) {
      throw new UsageError(`cannot read <file> ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
  }
  if (fileName !== undefined && files.length > 1)
    throw new UsageError(`--file-name names one file, and ${files.length} were given: upload them one by one, or by their own names`);
  if (files.filter((f) => f === '-').length > 0 && fileName === undefined)
    throw new UsageError('standard input (-) has no name: give --file-name');
}
