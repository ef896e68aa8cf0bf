import { paginate } from '../api/paginate.js';
import { fillPath } from '../api/path.js';
import type { Context } from '../context.js';
import { writeOut } from '../output/io.js';
import { TerminalLogFilter, tableText } from '../output/sanitize.js';
import { printTrace } from './job-trace.js';

interface FailedJob {
  id: number;
  name?: string;
  status?: string;
  allow_failure?: boolean;
}

/**
 * The log of every failed job of a pipeline (`pipeline view --log-failed`, `job trace --failed`,
 * gh's `run view --log-failed`), each headed by the job's name and id on a line of its own, in job
 * order. The jobs come from the pipeline's job list (`scope[]=failed`); each log is printed as
 * `job trace` prints it (as it stands, or on a terminal only its colours). Returns how many.
 */
export async function printFailedLogs(ctx: Context, project: string, pipeline: number): Promise<number> {
  const path = fillPath('/projects/:project/pipelines/:pipeline/jobs', { project, pipeline });
  const jobs: FailedJob[] = [];
  const req = { method: 'GET', path, query: { scope: ['failed'] } };
  for await (const job of paginate<FailedJob>(ctx.api(), req, { perPage: 100, all: true, unique: true }))
    if (job?.status === undefined || job.status === 'failed') jobs.push(job);
  jobs.sort((a, b) => a.id - b.id);
  if (jobs.length === 0) {
    ctx.notice(`Pipeline ${pipeline} has no failed jobs`);
    return 0;
  }
  const forPeople = ctx.io.stdoutIsTTY || ctx.settings.color !== 'auto';
  for (const [i, job] of jobs.entries()) {
    const allowed = job.allow_failure ? ', allowed to fail' : '';
    await writeOut(ctx.io.stdout, `${i > 0 ? '\n' : ''}==> ${tableText(job.name ?? '?')} (job ${job.id}, failed${allowed}) <==\n`);
    const filter = forPeople ? new TerminalLogFilter(ctx.io.colorLevel > 0) : undefined;
    const { offset, endsLine } = await printTrace(ctx, { project, id: job.id, filter }, { offset: 0 }, false);
    // A log that does not end its last line would run into the next header.
    if (offset > 0 && endsLine !== true) await writeOut(ctx.io.stdout, '\n');
  }
  return jobs.length;
}
