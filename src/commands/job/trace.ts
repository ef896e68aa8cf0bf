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
import { jobStopped } from '../../resources/job.js';
import { jobIdArg } from './list.js';
import { type JobState, reportStanding } from './trace-status.js';

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
 * Writes the trace from byte `offset` on to stdout (unchanged, or through `filter` for people: on
 * a terminal, or as --color asks); returns the trace's length.
 */
async function printTrace(ctx: Context, v: Values, offset: number, missingIsEmpty: boolean, filter?: TerminalLogFilter): Promise<number> {
  let res: Awaited<ReturnType<typeof openDownload>>;
  try {
    res = await openDownload(ctx.api(), { method: 'GET', path: fillPath('/projects/:project/jobs/:id/trace', pathValues(v)) }, ctx.signal);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) {
      // A job that has not run yet has no trace: that is an empty log.
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

async function fetchJob(ctx: Context, v: Values): Promise<JobState> {
  const res = await ctx.api().request<JobState>({ method: 'GET', path: fillPath('/projects/:project/jobs/:id', pathValues(v)) });
  return res.data ?? {};
}

/** A job that has not run (yet): a missing trace is an empty log, not an error. */
const notRun = (job: JobState) => !['success', 'failed', 'canceled'].includes(String(job.status));

/**
 * Prints the trace, then, while the job is `following` and still going to change, what is new
 * every `following.intervalMs` (on the injected clock). Returns the job as last seen.
 */
async function printAndFollow(
  ctx: Context,
  v: Values,
  first: JobState,
  following: { intervalMs: number } | undefined,
  filter?: TerminalLogFilter,
): Promise<JobState> {
  let job = first;
  let offset = await printTrace(ctx, v, 0, notRun(job), filter);
  while (following && !jobStopped(job.status)) {
    await ctx.sleep(following.intervalMs);
    // The job first, then the trace: once the job is seen finished, the trace read after it is complete.
    job = await fetchJob(ctx, v);
    offset = await printTrace(ctx, v, offset, notRun(job), filter);
  }
  return job;
}

export const trace = defineCommand({
  name: 'trace',
  aliases: ['log'],
  summary: "Print a job's log, following a running job on a terminal",
  description:
    "Write a job's log to stdout. On a terminal a job that has not ended is followed " +
    '(--no-follow: not): what is new is printed every few seconds until the job ends, ' +
    'canceling and other passing states included, then how it ended. Piped, the log ' +
    'is written byte for byte as it stands, and stderr says when the job has not ' +
    'ended (--follow follows it). On a terminal, or with --color always, only the ' +
    "log's colours and \\r are kept, other escape sequences dropped; with --color " +
    'never (or --no-color, NO_COLOR on a terminal) none. --exit-status: exit 0 only ' +
    'when the job succeeded, 1 when it failed, was canceled or skipped, is manual, or ' +
    'has not ended, naming which.',
  examples: [
    'collab job trace 1234 -p acme/platform/api',
    'collab job trace 1234 --follow --exit-status > job.log',
    'collab job trace 1234 --color always | less -R',
  ],
  args: [jobIdArg],
  project: 'required',
  flags: [
    {
      name: 'follow',
      short: 'f',
      param: false,
      type: 'bool',
      negatable: true,
      description: 'print what is new until the job ends (the default on a terminal)',
    },
    { name: 'exit-status', param: false, type: 'bool', description: 'exit 1 unless the job succeeded, naming its status' },
    {
      name: 'interval',
      param: false,
      type: 'number',
      min: 0,
      max: 3600,
      description: 'seconds between polls while following (default 3)',
      value: '<seconds>',
    },
  ],
  run: async (ctx, v) => {
    const job = await fetchJob(ctx, v);
    const following = v.flags.follow === true || (v.flags.follow === undefined && ctx.io.stdoutIsTTY && !jobStopped(job.status));
    // One filter for every poll: an escape sequence may be cut between two of them. Piped, only --color changes the bytes.
    const filter = ctx.io.stdoutIsTTY || ctx.settings.color !== 'auto' ? new TerminalLogFilter(ctx.io.colorLevel > 0) : undefined;
    const intervalMs = Math.round((v.flags.interval ?? 3) * 1000);
    const last = await printAndFollow(ctx, v, job, following ? { intervalMs } : undefined, filter);
    reportStanding(ctx, v, last);
  },
});
