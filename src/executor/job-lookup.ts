import { paginate } from '../api/paginate.js';
import { fillPath } from '../api/path.js';
import type { Context } from '../context.js';
import { ApiError, UsageError } from '../errors.js';
import type { Values } from './inputs.js';
import { latestPipelineId, type PipelineChoice, pipelineHere, withoutPipelinesApi } from './pipeline-ref.js';
import { parseId } from './validate.js';

/*
 * A job named by its name where its id is taken (`job trace test`): the job of that name in the
 * latest pipeline of the branch checked out, of `--ref`, or in `--pipeline <id|current>` (inside a
 * CI job, by default its own pipeline). Parallel and matrix jobs share a name (`rspec 1/3`,
 * `test: [linux]`): several are listed, exit 2; none is exit 1 naming the pipeline searched.
 */

/** A job as a pipeline's job list gives it (`Entities::Ci::Job`). */
interface ListedJob {
  id: number;
  name?: string;
  status?: string;
  ref?: string;
  pipeline?: { id?: number };
}

/** A job id as given, or a name to find (never empty, never a number). */
export function parseJob(raw: string, label: string): number | string {
  const given = raw.trim();
  if (given === '') throw new UsageError(`invalid value for ${label}: empty`);
  if (/^\d+$/.test(given)) return parseId(given, label);
  return raw;
}

/** `rspec 1/3` and `test: [linux, 3.9]` are jobs of the name `rspec`, `test` (GitLab's parallel and matrix names). */
function ofName(jobName: string | undefined, name: string): 'exact' | 'instance' | undefined {
  if (jobName === undefined) return undefined;
  if (jobName === name) return 'exact';
  if (jobName.startsWith(name) && /^( \d+\/\d+|: \[.*\])$/.test(jobName.slice(name.length))) return 'instance';
  return undefined;
}

function describeChoice(choice: PipelineChoice, id: number): string {
  if ('ref' in choice) return `pipeline ${id} (the latest on ${choice.ref})`;
  return choice.from === 'CI_PIPELINE_ID' ? `pipeline ${id} (this CI job's own)` : `pipeline ${id}`;
}

/**
 * The pipeline a name is looked for in. On a server without GitLab's pipelines API (the spec's),
 * the latest of a ref is the pipeline of the newest job on that ref (`GET /projects/:id/jobs`).
 */
export async function pipelineOf(ctx: Context, v: Values, choice: PipelineChoice, name?: string): Promise<number> {
  if ('id' in choice) return choice.id;
  try {
    return await latestPipelineId(ctx, v.project!, choice.ref);
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 404) || (await withoutPipelinesApi(ctx, err)) === err) throw err;
  }
  const path = fillPath('/projects/:project/jobs', { project: v.project });
  for await (const job of paginate<ListedJob>(ctx.api(), { method: 'GET', path }, { perPage: 100, all: true, unique: true }))
    if (job?.ref === choice.ref && typeof job.pipeline?.id === 'number') return job.pipeline.id;
  const what = name === undefined ? 'no pipeline' : `no job named "${name}"`;
  throw new ApiError(`${what} on ${choice.ref} in ${v.project}: the project has no job on that ref`, 404);
}

/** The id of the job named `name` (see above). */
export async function findJobByName(ctx: Context, name: string, v: Values): Promise<number> {
  const choice = pipelineHere(ctx, v);
  if (choice === undefined)
    throw new UsageError(
      `a job name needs a pipeline to look in: --ref <branch> or --pipeline <id|current>`,
      'in a checkout it is the latest pipeline of the branch checked out; inside a CI job its own',
    );
  const pipeline = await pipelineOf(ctx, v, choice, name);
  const path = fillPath('/projects/:project/pipelines/:pipeline/jobs', { project: v.project, pipeline });
  const exact: ListedJob[] = [];
  const instances: ListedJob[] = [];
  const others = new Set<string>();
  for await (const job of paginate<ListedJob>(ctx.api(), { method: 'GET', path }, { perPage: 100, all: true, unique: true })) {
    const match = ofName(job?.name, name);
    if (match === 'exact') exact.push(job);
    else if (match === 'instance') instances.push(job);
    else if (typeof job?.name === 'string') others.add(job.name);
  }
  const found = exact.length > 0 ? exact : instances;
  const where = describeChoice(choice, pipeline);
  if (found.length === 1) return found[0]!.id;
  if (found.length > 1) {
    const listed = found
      .sort((a, b) => a.id - b.id)
      .map((j) => `${j.name} (job ${j.id}, ${j.status ?? '?'})`)
      .join(', ');
    throw new UsageError(`${found.length} jobs are named "${name}" in ${where}: ${listed}`, 'give the one you mean by its id');
  }
  throw new ApiError(
    `no job named "${name}" in ${where} of ${v.project}`,
    404,
    undefined,
    others.size > 0 ? `its jobs: ${[...others].join(', ')}` : 'the pipeline has no jobs',
  );
}
