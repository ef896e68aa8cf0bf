import { defineCommand } from '../../executor/spec.js';
import { jobColumns, jobScopeFlag } from '../../resources/job.js';
import { checkJobNaming, jobIdArg, jobNameFlags } from './by-name.js';
import { jobTokenExplain } from './job-token.js';
import { pipelineId } from './which-job.js';

export const list = defineCommand({
  name: 'list',
  aliases: ['ls'],
  summary: "List a project's jobs, or a pipeline's",
  description:
    "List a project's jobs, newest first, or with --pipeline the jobs of one pipeline " +
    '(current: inside a CI job, its own pipeline). --scope keeps jobs in the given statuses.',
  examples: [
    'collab job list -p acme/platform/api --scope failed,canceled',
    'collab job list --pipeline 4711 -o json',
    'collab job list --pipeline current --scope failed   # inside a CI job',
  ],
  project: 'required',
  flags: [
    jobScopeFlag,
    {
      name: 'pipeline',
      param: 'pipeline_id',
      in: 'path',
      type: 'string',
      description: "only the jobs of this pipeline (current: the CI job's own, CI_PIPELINE_ID)",
      value: '<id|current>',
    },
  ],
  prepare: (ctx, v) => {
    if (v.flags.pipeline !== undefined) Object.assign(v.args, { pipeline_id: pipelineId(ctx, String(v.flags.pipeline)) });
  },
  method: 'GET',
  path: (v) => (v.flags.pipeline !== undefined ? '/projects/:project/pipelines/:pipeline_id/jobs' : '/projects/:project/jobs'),
  list: true,
  columns: jobColumns,
});

export const view = defineCommand({
  name: 'view',
  aliases: ['show'],
  summary: 'Show one job',
  examples: [
    'collab job view 1234 -p acme/platform/api',
    'collab job view https://gitlab.example.com/acme/api/-/jobs/1234 -o json',
    'collab job view test --ref main -p acme/platform/api',
  ],
  args: [jobIdArg],
  flags: jobNameFlags,
  prepare: (_ctx, v) => checkJobNaming(v),
  project: 'required',
  method: 'GET',
  path: '/projects/:project/jobs/:id',
  explain: jobTokenExplain('read_api'),
  columns: jobColumns,
});
