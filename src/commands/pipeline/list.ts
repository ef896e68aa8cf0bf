import { branchHere } from '../../executor/pipeline-ref.js';
import { defineCommand } from '../../executor/spec.js';
import { pipelineListColumns } from '../../resources/pipeline.js';
import { CI_STATUSES, PIPELINE_SOURCES } from '../../shared/ci-statuses.js';
import { pipelinesExplain } from './shared.js';

export const list = defineCommand({
  name: 'list',
  aliases: ['ls'],
  summary: "List a project's pipelines, newest first",
  description:
    "List a project's pipelines, newest first (GitLab's pipelines API; a server that follows " +
    'the spec has none: exit 1). In a checkout, the pipelines of the branch checked out unless ' +
    '--ref (or --branch) names another, or --all-refs asks for every ref.',
  examples: [
    'collab pipeline list',
    'collab pipeline list -p acme/platform/api --ref main --status failed',
    'collab pipeline list --all-refs --source schedule --limit 5 -o json',
  ],
  project: 'required',
  flags: [
    { name: 'ref', type: 'string', description: 'pipelines of this branch or tag (default: the branch checked out)', value: '<ref>' },
    { name: 'branch', param: 'ref', type: 'string', description: 'the same as --ref', value: '<branch>', conflicts: ['ref'] },
    {
      name: 'all-refs',
      param: false,
      type: 'bool',
      description: 'every ref, not only the branch checked out',
      conflicts: ['ref', 'branch'],
    },
    { name: 'status', type: 'enum', choices: CI_STATUSES, description: 'pipelines in this status' },
    { name: 'source', type: 'enum', choices: PIPELINE_SOURCES, description: 'pipelines started this way (push, web, schedule, …)' },
    { name: 'sha', type: 'string', description: 'pipelines of this commit', value: '<sha>' },
    { name: 'username', type: 'string', description: 'pipelines started by this user', value: '<username>' },
    { name: 'updated-after', type: 'datetime', description: 'updated on or after (ISO 8601)' },
    { name: 'updated-before', type: 'datetime', description: 'updated on or before (ISO 8601)' },
  ],
  prepare: (ctx, v) => {
    if (v.params.ref !== undefined || v.flags['all-refs'] === true) return;
    const branch = branchHere(ctx, v);
    if (branch !== undefined) v.params.ref = branch;
  },
  method: 'GET',
  path: '/projects/:project/pipelines',
  list: true,
  listNoun: (v) => (typeof v.params.ref === 'string' ? `pipelines on ${v.params.ref}` : undefined),
  columns: pipelineListColumns,
  explain: pipelinesExplain,
});
