/**
 * What `mr view` reads besides the merge request for its card (the head pipeline's failed jobs,
 * the approvals it waits for), and `mr jobs`: the head pipeline's jobs, for `job trace`.
 */
import { fillPath } from '../../api/path.js';
import type { Context } from '../../context.js';
import { CollabError } from '../../errors.js';
import { readPath } from '../../executor/confirm.js';
import { asAnswer, type Values } from '../../executor/inputs.js';
import { defineCommand } from '../../executor/spec.js';
import { jobColumns, jobScopeFlag } from '../../resources/job.js';
import type { MergeRequest, MergeRequestFacts } from '../../resources/mr.js';
import { iidArg, MR_PATH, ref } from './shared.js';

/**
 * What `mr view`'s card shows besides the merge request: the failed jobs of a failed head pipeline
 * and the approvals of one waiting for them (a request each, only then).
 */
export async function mergeRequestFacts(ctx: Context, v: Values, data: unknown): Promise<MergeRequestFacts> {
  const mr = asAnswer(data) as MergeRequest;
  const [failedJobs, approvals] = await Promise.all([
    mr.head_pipeline?.status === 'failed' ? readFailedJobs(ctx, v, mr.head_pipeline) : undefined,
    waitsForApprovals(mr) ? readPath(ctx, `${MR_PATH}/approvals`, v).catch(() => undefined) : undefined,
  ]);
  return { failedJobs, approvals: approvals as MergeRequestFacts['approvals'] };
}

/** Approvals are what it waits for (GitLab says so), or may be (a server that does not say, and needs some). */
function waitsForApprovals(mr: MergeRequest & { approvals_before_merge?: unknown }): boolean {
  if (mr.state !== 'opened') return false;
  if (mr.detailed_merge_status !== undefined) return mr.detailed_merge_status === 'not_approved';
  return typeof mr.approvals_before_merge === 'number' && mr.approvals_before_merge > 0;
}

/** The pipeline's failed jobs (`GET …/pipelines/:id/jobs?scope[]=failed`, an endpoint of both dialects); an error said, not thrown. */
async function readFailedJobs(
  ctx: Context,
  v: Values,
  pipeline: NonNullable<MergeRequest['head_pipeline']>,
): Promise<MergeRequestFacts['failedJobs']> {
  const path = fillPath('/projects/:project/pipelines/:pipeline/jobs', {
    project: pipeline.project_id ?? v.project,
    pipeline: pipeline.id,
  });
  try {
    const { data } = await ctx.api().request({ method: 'GET', path, query: { scope: ['failed'], per_page: 100 } });
    return Array.isArray(data) ? data : { error: 'the server answered something else than a list' };
  } catch (err) {
    if (err instanceof CollabError && err.exitCode === 1) return { error: err.message };
    throw err;
  }
}

/** `mr jobs`: the head pipeline found in `prepare` (one read), then its jobs listed as `job list --pipeline` does. */
export const jobs = defineCommand({
  name: 'jobs',
  aliases: ['pipelines'],
  summary: "List the jobs of a merge request's head pipeline",
  description:
    "List the jobs of the merge request's head pipeline (its latest), so that a " +
    'failed one can be read with `collab job trace <id>`. --scope keeps jobs in the ' +
    'given statuses.',
  examples: ['collab mr jobs 3 -p acme/platform/api', 'collab mr jobs 3 --scope failed', 'collab mr jobs 3 -o json'],
  args: [iidArg],
  project: 'required',
  flags: [jobScopeFlag],
  method: 'GET',
  path: '/projects/:pipeline_project/pipelines/:pipeline/jobs',
  list: true,
  columns: jobColumns,
  prepare: async (ctx, v) => {
    const mr = (await readPath(ctx, MR_PATH, v)) as MergeRequest | undefined;
    const pipeline = mr?.head_pipeline;
    if (!pipeline || pipeline.id === undefined)
      throw new CollabError(`merge request ${ref(v.args.iid)} in ${v.project} has no pipeline`, 1, 'its source branch has not run CI yet');
    v.args.pipeline = pipeline.id;
    v.args.pipeline_project = pipeline.project_id ?? v.project!;
  },
});
