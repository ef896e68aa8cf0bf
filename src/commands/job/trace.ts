import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { Values } from '../../executor/inputs.js';
import { parseJob, pipelineOf } from '../../executor/job-lookup.js';
import { pipelineHere } from '../../executor/pipeline-ref.js';
import { pollUntil } from '../../executor/poll.js';
import { defineCommand } from '../../executor/spec.js';
import { TerminalLogFilter } from '../../output/sanitize.js';
import { printFailedLogs } from '../../resources/failed-logs.js';
import { fetchJob, printTrace, type TraceState, type TraceTarget } from '../../resources/job-trace.js';
import { ciSettled } from '../../shared/ci-statuses.js';
import { checkJobNaming, jobIdArg, jobNameFlags } from './by-name.js';
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
      settled: (seen) => !following || ciSettled(seen.job.status),
      changeKey: (seen) => `${String(seen.job.status)} ${seen.offset}`,
      floorMs: (seen) => Math.round((seen.offset / BYTES_PER_SECOND) * 1000),
    },
    { intervalMs: following?.intervalMs ?? 0, what: `job ${target.id}` },
  );
  return last.job;
}

/** `--failed`: the logs of the failed jobs of the pipeline named, or the one here. */
async function failedLogs(ctx: Context, v: Values): Promise<void> {
  const choice = pipelineHere(ctx, v);
  if (choice === undefined)
    throw new UsageError('--failed needs a pipeline: --pipeline <id|current> or --ref <branch>', 'in a checkout: the latest of its branch');
  // On a server of the spec (no pipelines API) the latest of a ref is that of its newest job, as for a job name.
  const pipeline = await pipelineOf(ctx, v, choice);
  await printFailedLogs(ctx, v.project!, pipeline);
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
    'has not ended, naming which. A job is its id or its name (--job reads the same): ' +
    'the job of that name in the latest pipeline of the branch checked out, of --ref, ' +
    'or in --pipeline (inside a CI job, its own pipeline). --failed prints the log of ' +
    'every failed job of that pipeline, each headed by its name and id.',
  examples: [
    'collab job trace 1234 -p acme/platform/api',
    'collab job trace 1234 --follow --exit-status > job.log',
    'collab job trace test                 # in a checkout: the latest pipeline of its branch',
    'collab job trace --failed --pipeline current   # inside a CI job',
    'collab job trace 1234 --color always | less -R',
  ],
  args: [{ ...jobIdArg, optional: true }],
  project: 'required',
  flags: [
    { name: 'job', param: false, type: 'string', description: 'the job by its name (as the argument takes it)', value: '<name>' },
    ...jobNameFlags,
    {
      name: 'failed',
      param: false,
      type: 'bool',
      description: 'the log of every failed job of the pipeline (--ref, --pipeline, or the one here)',
      conflicts: ['job', 'follow'],
    },
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
  prepare: (_ctx, v) => {
    if (v.flags.job !== undefined) {
      if (v.args.id !== undefined) throw new UsageError('give the job as an argument or with --job, not both');
      Object.assign(v.args, { id: parseJob(v.flags.job, '--job') });
    }
    if (v.flags.failed === true) {
      if (v.args.id !== undefined) throw new UsageError('--failed prints the failed jobs of a pipeline: give no job with it');
      return;
    }
    if (v.args.id === undefined)
      throw new UsageError('missing job: give its id or its name', 'or --failed for the logs of the failed jobs');
    checkJobNaming(v as Values);
  },
  effect: 'read',
  run: async (ctx, v) => {
    if (v.flags.failed === true) return failedLogs(ctx, v as Values);
    const target: TraceTarget = { project: v.project!, id: Number(v.args.id) };
    const job = await fetchJob(ctx, target.project, target.id);
    const following = v.flags.follow === true || (v.flags.follow === undefined && ctx.io.stdoutIsTTY && !ciSettled(job.status));
    // One filter for every poll: an escape sequence may be cut between two of them. Piped, only --color changes the bytes.
    if (ctx.io.stdoutIsTTY || ctx.settings.color !== 'auto') target.filter = new TerminalLogFilter(ctx.io.colorLevel > 0);
    const intervalMs = Math.round((v.flags.interval ?? 3) * 1000);
    const last = await printAndFollow(ctx, target, job, following ? { intervalMs } : undefined);
    reportStanding(ctx, v as Values, last);
  },
});
