import { UsageError } from '../../errors.js';
import type { ArgSpec, FlagSpec, Values } from '../../executor/inputs.js';

/*
 * A job named by its name where its id is taken (`job view test`, `job retry lint`): the lookup
 * (src/executor/job-lookup.ts) finds it in the latest pipeline of the branch checked out, of
 * `--ref`, or in `--pipeline <id|current>`; inside a CI job, in its own pipeline.
 */

export const jobIdArg: ArgSpec = {
  name: 'id',
  type: 'id',
  description: 'job id, or job name (in the latest pipeline of the branch checked out, --ref or --pipeline)',
  url: 'jobs',
  lookup: 'job',
};

/** Where a job name is looked for. */
export const jobNameFlags = [
  {
    name: 'ref',
    param: false,
    type: 'string',
    description: 'with a job name: look in the latest pipeline of this branch or tag (default: the branch checked out)',
    value: '<ref>',
    conflicts: ['pipeline'],
  },
  {
    name: 'pipeline',
    param: false,
    type: 'string',
    description: "with a job name: look in this pipeline (current: the CI job's own, CI_PIPELINE_ID)",
    value: '<id|current>',
  },
] as const satisfies readonly FlagSpec[];

/** `--ref` and `--pipeline` say where a name is looked for: beside a job id they mean nothing (exit 2). */
export function checkJobNaming(v: Values): void {
  const given = (['ref', 'pipeline'] as const).find((f) => v.flags[f] !== undefined);
  const ids = v.bulk ? v.bulk.items.map((i) => i.value) : [v.args.id];
  if (given && ids.every((id) => typeof id === 'number'))
    throw new UsageError(`--${given} says where a job name is looked for: give a job name, or leave --${given} out with a job id`);
}
