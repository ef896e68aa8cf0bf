import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ERROR_BODY_LIMIT, errorAnswer, header, type ResponseHeaders, readBody } from '../api/answer.js';
import { fillPath } from '../api/path.js';
import type { Context } from '../context.js';
import { streamError } from '../download/receive.js';
import { ApiError, AuthError } from '../errors.js';
import { jobTokenOnly } from '../executor/pipeline-ref.js';
import { into } from '../output/io.js';
import type { TerminalLogFilter } from '../output/sanitize.js';
import { ForTerminal } from '../output/terminal-stream.js';

/** What a log's reader knows of its job: its status, and the name people know it by. */
export interface JobState {
  status?: unknown;
  name?: unknown;
}

/** Drops the first `skip` bytes (already printed) and counts the whole body. */
class SkipBytes extends Transform {
  total = 0;
  /** The last byte of the body (a log that does not end its line ends without \n). */
  last: number | undefined;
  constructor(private readonly skip: number) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null, data?: Buffer) => void): void {
    const start = this.total;
    this.total += chunk.length;
    if (chunk.length > 0) this.last = chunk[chunk.length - 1];
    if (this.total <= this.skip) done();
    else done(null, start >= this.skip ? chunk : chunk.subarray(this.skip - start));
  }
}

/** Which job's log, and where it is printed. */
export interface TraceTarget {
  project: string;
  id: number;
  /** On a terminal (or --color): only the log's colours and \r kept; one filter for every poll. */
  filter?: TerminalLogFilter;
}

/** How far the log has been printed, and what the server said of its last answer. */
export interface TraceState {
  /** Bytes of the log printed so far. */
  offset: number;
  /** The last answer's ETag: the next read asks only for a change (If-None-Match). */
  etag?: string;
  /** The log printed so far ends its last line (or is empty). */
  endsLine?: boolean;
  headers?: ResponseHeaders;
}

/**
 * Prints the job's log from byte `state.offset` on (unchanged, or through the filter) and returns
 * how far it is printed. GitLab's trace route (lib/api/ci/jobs.rb `get ':id/jobs/:job_id/trace'`)
 * sends the whole log every time and no Range: it is asked for compressed (gzip, deflate, br:
 * the wire carries a fraction of a text log), and with the last ETag, so that an unchanged log is
 * a 304 with no body. `missingIsEmpty`: a job that has not run yet has no log, which is no error.
 */
export async function printTrace(ctx: Context, target: TraceTarget, state: TraceState, missingIsEmpty: boolean): Promise<TraceState> {
  const path = fillPath('/projects/:project/jobs/:id/trace', { project: target.project, id: target.id });
  const headers: Record<string, string> = { Accept: '*/*' };
  if (state.etag !== undefined) headers['If-None-Match'] = state.etag;
  const api = ctx.api();
  const res = await api.send({ method: 'GET', path, headers, followRedirects: true });
  if (res.status === 304) {
    res.body.resume();
    return { ...state, headers: res.headers };
  }
  if (res.status < 200 || res.status >= 300) {
    const raw = await readBody(res.body, ERROR_BODY_LIMIT, 'truncate').catch(() => Buffer.alloc(0));
    const err = api.statusError(errorAnswer(res, raw));
    if (!(err instanceof ApiError && err.status === 404)) throw refusedToJobToken(ctx, err) ?? err;
    if (missingIsEmpty) return { offset: state.offset, headers: res.headers };
    throw (
      refusedToJobToken(ctx, err) ??
      new ApiError(
        err.message,
        404,
        err.body,
        `job ${target.id} has no trace in ${target.project} (the job does not exist, has not started, or was erased)`,
      )
    );
  }
  const skip = new SkipBytes(state.offset);
  try {
    const out = into(ctx.io.stdout);
    if (target.filter) await pipeline(res.body, skip, new ForTerminal(target.filter), out, { signal: ctx.signal });
    else await pipeline(res.body, skip, out, { signal: ctx.signal });
  } catch (err) {
    throw streamError(err, `the trace of job ${target.id}`, skip.total, ctx.signal);
  }
  const etag = header(res.headers, 'etag')?.trim() || undefined;
  const endsLine = skip.total <= state.offset ? state.endsLine : skip.last === 0x0a;
  return { offset: Math.max(state.offset, skip.total), etag, headers: res.headers, endsLine };
}

export async function fetchJob(ctx: Context, project: string, id: number): Promise<JobState> {
  try {
    const res = await ctx.api().request<JobState>({ method: 'GET', path: fillPath('/projects/:project/jobs/:id', { project, id }) });
    return res.data ?? {};
  } catch (err) {
    throw (err instanceof ApiError || err instanceof AuthError ? refusedToJobToken(ctx, err) : undefined) ?? err;
  }
}

/**
 * With only the CI job token, a job or its log is refused as to nobody: GitLab takes the token on
 * neither `get ':id/jobs/:job_id'` nor `get ':id/jobs/:job_id/trace'` (lib/api/ci/jobs.rb has no
 * job_token_allowed there), so collab does not send it (src/api/job-token-routes.ts). Said so.
 */
function refusedToJobToken(ctx: Context, err: ApiError | AuthError): ApiError | AuthError | undefined {
  if (!jobTokenOnly(ctx)) return undefined;
  const hint =
    'GitLab does not take the CI job token for a job or its log (lib/api/ci/jobs.rb: no job_token_allowed there): ' +
    'set COLLAB_TOKEN to a token with read_api';
  if (err instanceof AuthError) return new AuthError(err.message, hint);
  return err.status === 404 || err.status === 403 ? new ApiError(err.message, err.status, err.body, hint) : undefined;
}
