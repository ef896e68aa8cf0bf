import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fillPath } from '../../api/path.js';
import type { Context } from '../../context.js';
import { streamError } from '../../download/receive.js';
import { openDownload } from '../../download/response.js';
import { ApiError } from '../../errors.js';
import { pathValues } from '../../executor/endpoint.js';
import type { Values } from '../../executor/inputs.js';
import { defineCommand } from '../../executor/spec.js';
import { into } from '../../output/io.js';
import { TerminalLogFilter } from '../../output/sanitize.js';
import { ForTerminal } from '../../output/terminal-stream.js';
import { ACTIVE_JOB_STATUSES } from '../../resources/job.js';
import { jobIdArg } from './list.js';

/** Drops the first `skip` bytes (already printed) and counts the whole body. */
class SkipBytes extends Transform {
  total = 0;
  constructor(private readonly skip: number) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null, data?: Buffer) => void): void {
    const start = this.total;
    this.total += chunk.length;
    if (this.total <= this.skip) done();
    else done(null, start >= this.skip ? chunk : chunk.subarray(this.skip - start));
  }
}

/**
 * Writes the trace from byte `offset` on to stdout (unchanged when piped, through `filter` on a
 * terminal); returns the trace's length.
 */
async function printTrace(ctx: Context, v: Values, offset: number, missingIsEmpty: boolean, filter?: TerminalLogFilter): Promise<number> {
  let res: Awaited<ReturnType<typeof openDownload>>;
  try {
    res = await openDownload(ctx.api(), { method: 'GET', path: fillPath('/projects/:project/jobs/:id/trace', pathValues(v)) }, ctx.signal);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) {
      // A job that has not started yet has no trace: while following, that is an empty log.
      if (missingIsEmpty) return offset;
      throw new ApiError(
        err.message,
        404,
        err.body,
        `job ${v.args.id} has no trace in ${v.project} (the job does not exist, has not started, or was erased)`,
      );
    }
    throw err;
  }
  const skip = new SkipBytes(offset);
  try {
    if (filter) await pipeline(res.body, skip, new ForTerminal(filter), into(ctx.io.stdout), { signal: ctx.signal });
    else await pipeline(res.body, skip, into(ctx.io.stdout), { signal: ctx.signal });
  } catch (err) {
    throw streamError(err, `the trace of job ${v.args.id}`, skip.total, ctx.signal);
  }
  return Math.max(offset, skip.total);
}

interface JobState {
  status?: string;
  name?: string;
}

async function fetchJob(ctx: Context, v: Values): Promise<JobState> {
  const res = await ctx.api().request<JobState>({ method: 'GET', path: fillPath('/projects/:project/jobs/:id', pathValues(v)) });
  return res.data ?? {};
}

function finalCheck(ctx: Context, v: Values, job: JobState): void {
  if (job.status === 'failed' || job.status === 'canceled')
    throw new ApiError(`job ${v.args.id}${job.name ? ` (${job.name})` : ''} ${job.status}`, undefined);
  if (ACTIVE_JOB_STATUSES.includes(job.status ?? '')) ctx.notice(`Job ${v.args.id} is still ${job.status}`);
}

export const trace = defineCommand({
  name: 'trace',
  aliases: ['log'],
  summary: "Print a job's log (--follow for a running job)",
  description:
    "Write a job's log to stdout: byte for byte when piped; on a terminal only its colours and \\r are kept (no colours with NO_COLOR or --no-color), other escape sequences are dropped. --follow polls a running job and prints what is new until it finishes; --exit-status makes collab exit 1 when the job failed or was canceled.",
  examples: ['collab job trace 1234 -p acme/platform/api > job.log', 'collab job trace 1234 --follow --exit-status'],
  args: [jobIdArg],
  project: 'required',
  flags: [
    { name: 'follow', short: 'f', param: false, type: 'bool', description: 'keep printing new output until the job finishes' },
    { name: 'exit-status', param: false, type: 'bool', description: 'exit 1 when the job failed or was canceled' },
    {
      name: 'interval',
      param: false,
      type: 'number',
      min: 0,
      max: 3600,
      description: 'seconds between polls with --follow (default 3)',
      value: '<seconds>',
    },
  ],
  run: async (ctx, v) => {
    const follow = v.flags.follow === true;
    const exitStatus = v.flags['exit-status'] === true;
    // One filter for every poll: an escape sequence may be cut between two of them.
    const filter = ctx.io.stdoutIsTTY ? new TerminalLogFilter(ctx.io.colorLevel > 0) : undefined;
    if (!follow) {
      await printTrace(ctx, v, 0, false, filter);
      if (exitStatus) finalCheck(ctx, v, await fetchJob(ctx, v));
      return;
    }
    const intervalMs = Math.round((v.flags.interval ?? 3) * 1000);
    let offset = 0;
    for (;;) {
      // The job first, then the trace: once the job is seen finished, the trace read after it is complete.
      const job = await fetchJob(ctx, v);
      offset = await printTrace(ctx, v, offset, true, filter);
      if (!ACTIVE_JOB_STATUSES.includes(job.status ?? '')) {
        if (exitStatus) finalCheck(ctx, v, job);
        return;
      }
      await ctx.sleep(intervalMs);
    }
  },
});
