import type { Context } from '../../context.js';
import type { Values } from '../../executor/inputs.js';
import { pollUntil } from '../../executor/poll.js';
import { defineCommand } from '../../executor/spec.js';
import { TerminalLogFilter } from '../../output/sanitize.js';
import { jobStopped } from '../../resources/job.js';
import { jobIdArg } from './list.js';
import { fetchJob, printTrace, type TraceState, type TraceTarget } from './trace-read.js';
import { type JobState, reportStanding } from './trace-status.js';

/** A job that has not run (yet): a missing trace is an empty log, not an error. */
const notRun = (job: JobState) => !['success', 'failed', 'canceled'].includes(String(job.status));

/**
 * Reading a log again costs its whole length (GitLab sends all of it each time): the wait between
 * polls is at least a second per this many bytes printed, so a long log is read less often.
 */
const BYTES_PER_SECOND = 512 * 1024;

/**
 * Prints the trace, then, while the job is `following` and still going to change, what is new
 * after each wait of the poll helper (on the injected clock): the job first, then the log, so
 * that once the job is seen finished the log read after it is complete. Returns the job as last seen.
 */
async function printAndFollow(ctx: Context, target: TraceTarget, first: JobState, following: { intervalMs: number } | undefined) {
  let job: JobState | undefined = first;
  let state: TraceState = { offset: 0 };
  const read = async () => {
    job = job === first ? first : await fetchJob(ctx, target.project, target.id);
    state = await printTrace(ctx, target, state, notRun(job));
    const seen = { job, offset: state.offset };
    job = undefined;
    return { value: seen, headers: state.headers };
  };
  const last = await pollUntil(
    ctx,
    {
      read,
      settled: (seen) => !following || jobStopped(seen.job.status),
      changeKey: (seen) => `${String(seen.job.status)} ${seen.offset}`,
      floorMs: (seen) => Math.round((seen.offset / BYTES_PER_SECOND) * 1000),
    },
    { intervalMs: following?.intervalMs ?? 0, what: `job ${target.id}` },
  );
  return last.job;
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
    const target: TraceTarget = { project: v.project!, id: Number(v.args.id) };
    const job = await fetchJob(ctx, target.project, target.id);
    const following = v.flags.follow === true || (v.flags.follow === undefined && ctx.io.stdoutIsTTY && !jobStopped(job.status));
    // One filter for every poll: an escape sequence may be cut between two of them. Piped, only --color changes the bytes.
    if (ctx.io.stdoutIsTTY || ctx.settings.color !== 'auto') target.filter = new TerminalLogFilter(ctx.io.colorLevel > 0);
    const intervalMs = Math.round((v.flags.interval ?? 3) * 1000);
    const last = await printAndFollow(ctx, target, job, following ? { intervalMs } : undefined);
    reportStanding(ctx, v as Values, last);
  },
});
