import type { ArgSpec } from '../../executor/inputs.js';
import type { CommandSpec } from '../../executor/spec.js';
import { jobColumns, jobScopeFlag } from '../../resources/job.js';

export const jobIdArg: ArgSpec = { name: 'id', type: 'id', description: 'job id', url: 'jobs' };

export const list: CommandSpec = {
  name: 'list',
  aliases: ['ls'],
  summary: "List a project's jobs, or a pipeline's",
  description:
    "List a project's jobs, newest first, or with --pipeline the jobs of one pipeline. --scope keeps jobs in the given statuses.",
  examples: ['collab job list -p acme/platform/api --scope failed,canceled', 'collab job list --pipeline 4711 -o json'],
  project: 'required',
  flags: [
    jobScopeFlag,
    { name: 'pipeline', param: 'pipeline_id', in: 'path', type: 'id', description: 'only the jobs of this pipeline id' },
  ],
  method: 'GET',
  path: (v) => (v.flags.pipeline !== undefined ? '/projects/:project/pipelines/:pipeline_id/jobs' : '/projects/:project/jobs'),
  list: true,
  columns: jobColumns,
};

export const view: CommandSpec = {
  name: 'view',
  aliases: ['show'],
  summary: 'Show one job',
  examples: ['collab job view 1234 -p acme/platform/api', 'collab job view https://gitlab.example.com/acme/api/-/jobs/1234 -o json'],
  args: [jobIdArg],
  project: 'required',
  method: 'GET',
  path: '/projects/:project/jobs/:id',
  columns: jobColumns,
};
