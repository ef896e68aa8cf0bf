import type { Context } from '../../context.js';
import { fillPath } from '../../api/path.js';
import { jobStatusColumns } from '../../resources/job.js';
import { pathValues } from '../execute.js';
import type { CommandSpec, Values } from '../spec.js';
import { jobIdArg } from './list.js';

/**
 * Prints the job an action answered with: the whole object in json/ndjson, and one row
 * (id, name, new status) in table and tsv, so `--fields status` gives just the status.
 */
async function postAndPrint(ctx: Context, v: Values, template: string): Promise<void> {
  const res = await ctx.api().request({ method: 'POST', path: fillPath(template, pathValues(v)) });
  const printer = ctx.printer();
  if (printer.format === 'json' || printer.format === 'ndjson') await printer.object(res.data);
  else await printer.list([res.data], jobStatusColumns);
}

function action(spec: Omit<CommandSpec, 'args' | 'project' | 'method' | 'columns' | 'run'> & { path: string }): CommandSpec {
  const template = spec.path;
  return {
    ...spec,
    args: [jobIdArg],
    project: 'required',
    method: 'POST',
    columns: jobStatusColumns,
    run: (ctx, v) => postAndPrint(ctx, v, template),
  };
}

export const cancel = action({
  name: 'cancel',
  summary: 'Cancel a job',
  examples: ['collab job cancel 1234 -p acme/platform/api'],
  path: '/projects/:project/jobs/:id/cancel',
  endpoints: ['POST /projects/:id/jobs/:job_id/cancel'],
});

export const retry = action({
  name: 'retry',
  summary: 'Retry a job (prints the new job)',
  examples: ['collab job retry 1234 -p acme/platform/api', 'collab job retry 1234 -o json | jq .id'],
  path: '/projects/:project/jobs/:id/retry',
  endpoints: ['POST /projects/:id/jobs/:job_id/retry'],
});

export const erase = action({
  name: 'erase',
  summary: "Erase a job's artifacts and trace",
  examples: ['collab job erase 1234 -p acme/platform/api --yes'],
  path: '/projects/:project/jobs/:id/erase',
  endpoints: ['POST /projects/:id/jobs/:job_id/erase'],
  confirm: (v) => `Erase the artifacts and trace of job ${v.args.id}?`,
});

export const keep = action({
  name: 'keep',
  summary: "Keep a job's artifacts (no expiry)",
  examples: ['collab job keep 1234 -p acme/platform/api'],
  path: '/projects/:project/jobs/:id/artifacts/keep',
  endpoints: ['POST /projects/:id/jobs/:job_id/artifacts/keep'],
});

export const play = action({
  name: 'play',
  summary: 'Start a manual job',
  examples: ['collab job play 1234 -p acme/platform/api'],
  path: '/projects/:project/jobs/:id/play',
  endpoints: ['POST /projects/:id/jobs/:job_id/play'],
});
