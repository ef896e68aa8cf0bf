import type { Context } from '../../context.js';
import { LocalError } from '../../errors.js';
import type { Values } from '../../executor/inputs.js';
import type { JobState } from '../../resources/job-trace.js';
import { COMPLETED_STATUSES } from '../../shared/ci-statuses.js';
import { shellLine } from '../../shell-quote.js';

export type { JobState };

const ENDED: Readonly<Record<string, string>> = {
  success: 'succeeded',
  failed: 'failed',
  canceled: 'was canceled',
  skipped: 'was skipped',
};

/** How a job stands, in words (`job 12 (test) failed`), and what to do about it when there is something. */
export function jobStanding(v: Values, job: JobState): { said: string; hint?: string } {
  const id = String(v.args.id);
  const who = `job ${id}${typeof job.name === 'string' && job.name !== '' ? ` (${job.name})` : ''}`;
  const status = typeof job.status === 'string' ? job.status : undefined;
  if (status !== undefined && Object.hasOwn(ENDED, status)) return { said: `${who} ${ENDED[status]}` };
  if (status === 'manual') return { said: `${who} is manual: it runs once someone starts it`, hint: `${shellLine`collab job play ${id}`}` };
  if (status === undefined) return { said: `${who} has no status in the answer` };
  return { said: `${who} is still ${status}`, hint: `${shellLine`collab job trace ${id} --follow`} follows it to the end` };
}

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The line a trace ends with, on stderr: on a terminal, how the job ended; anywhere, that it has
 * not (the log printed is not whole). A pipe (a CI log) gets nothing more when the job ended. With
 * `--exit-status`, exit 0 only for a job that succeeded, else exit 1 naming its status.
 */
export function reportStanding(ctx: Context, v: Values, job: JobState): void {
  const { said, hint } = jobStanding(v, job);
  if (v.flags['exit-status'] === true && job.status !== 'success') throw new LocalError(said, hint);
  const ended = typeof job.status === 'string' && COMPLETED_STATUSES.includes(job.status);
  if (ended && !ctx.io.stderrIsTTY) return;
  if (job.status === 'success') ctx.success(sentence(said));
  else ctx.notice(`${sentence(said)}${hint ? ` (${hint})` : ''}`);
}
