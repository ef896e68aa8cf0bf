import type { Context } from '../../context.js';
import { LocalError } from '../../errors.js';
import type { Values } from '../../executor/inputs.js';
import { jobStopped } from '../../resources/job.js';

/** What `job trace` knows of the job: its status, and the name people know it by. */
export interface JobState {
  status?: unknown;
  name?: unknown;
}

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
  if (status === 'manual') return { said: `${who} is manual: it runs once someone starts it`, hint: `collab job play ${id}` };
  if (status === undefined) return { said: `${who} has no status in the answer` };
  return { said: `${who} is still ${status}`, hint: `collab job trace ${id} --follow follows it to the end` };
}

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The line a trace ends with, on stderr: how the job ended, or that it has not. Said after
 * following and on a terminal; piped, only that the job has not ended (the log is not whole). With
 * `--exit-status`, exit 0 only for a job that succeeded, else exit 1 naming its status.
 */
export function reportStanding(ctx: Context, v: Values, job: JobState, followed: boolean): void {
  const { said, hint } = jobStanding(v, job);
  if (v.flags['exit-status'] === true && job.status !== 'success') throw new LocalError(said, hint);
  const finished = jobStopped(job.status) && job.status !== 'manual';
  if (finished && !followed && !ctx.io.stderrIsTTY && v.flags['exit-status'] !== true) return;
  if (job.status === 'success') ctx.success(sentence(said));
  else ctx.notice(`${sentence(said)}${hint ? ` (${hint})` : ''}`);
}
