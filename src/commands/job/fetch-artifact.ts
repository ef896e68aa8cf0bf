import { fillPath } from '../../api/path.js';
import type { ApiRequest } from '../../api/request.js';
import type { Context } from '../../context.js';
import { type Fetched, saveDownload } from '../../download/save.js';
import { UsageError } from '../../errors.js';
import type { Values } from '../../executor/inputs.js';
import { explainNotFound } from './artifact-404.js';
import { authorized, describe, type Source } from './which-job.js';

/** The archive or the file a source names, by job id or (GitLab) by ref. */
function requestFor(ctx: Context, s: Source, v: Values): ApiRequest {
  const { job } = s;
  const values = { project: s.project, path: s.path, ...job };
  let req: ApiRequest;
  if ('id' in job)
    req = {
      method: 'GET',
      path: fillPath(
        s.path === undefined ? '/projects/:project/jobs/:id/artifacts' : '/projects/:project/jobs/:id/artifacts/*path',
        values,
      ),
    };
  // One file by ref: GitLab's `GET /projects/:id/jobs/artifacts/:ref_name/raw/*artifact_path?job=` (not in the spec's list).
  else
    req = {
      method: 'GET',
      path: fillPath(
        s.path === undefined ? '/projects/:project/jobs/artifacts/:ref/download' : '/projects/:project/jobs/artifacts/:ref/raw/*path',
        values,
      ),
      query: { job: job.name },
    };
  return authorized(ctx, v, req);
}

/**
 * Streams one download to a file (atomically) or to stdout (src/download/save.ts); a 404 says
 * which of job, archive or file was missing (exit 3).
 */
export async function fetchArtifact(ctx: Context, s: Source, v: Values, dest: string, sha256?: string): Promise<Fetched> {
  try {
    return await saveDownload({ api: ctx.api(), io: ctx.io, signal: ctx.signal }, requestFor(ctx, s, v), dest, {
      what: describe(s),
      sha256,
      binaryRefused: () =>
        new UsageError(`refusing to write binary data to the terminal (${describe(s)}): use --dest <file> or pipe the output`),
    });
  } catch (err) {
    throw await explainNotFound(ctx, err, s, v);
  }
}
