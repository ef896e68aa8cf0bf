import type { Context } from '../../context.js';
import { ApiError, AuthError, type CollabError, UsageError } from '../../errors.js';
import type { ArgSpec, FlagSpec, Values } from '../../executor/inputs.js';
import {
  jobTokenOnly,
  latestPipelineId,
  noPipelineOn,
  pipelineHere,
  pipelineIdOf,
  withoutPipelinesApi,
} from '../../executor/pipeline-ref.js';

/** A pipeline named by its id, its web URL, or `current` (inside a CI job, its own). */
export const pipelineArg: ArgSpec = {
  name: 'pipeline_id',
  type: 'string',
  description: "pipeline id, or current (a CI job's own)",
  url: 'pipelines',
};

/** The same, optional: without it, the latest pipeline of --ref or of the branch checked out. */
export const pipelineHereArg: ArgSpec = {
  ...pipelineArg,
  optional: true,
  description: "pipeline id, or current (a CI job's own); default: the latest of --ref or of the branch checked out",
};

export const refFlag = {
  name: 'ref',
  param: false,
  type: 'string',
  description: 'without a pipeline id: the latest pipeline of this branch or tag (default: the branch checked out)',
  value: '<ref>',
} as const satisfies FlagSpec;

export const intervalFlag = {
  name: 'interval',
  param: false,
  type: 'number',
  min: 0,
  max: 3600,
  description: 'seconds between polls at first (default 3); the wait grows while nothing changes',
  value: '<seconds>',
} as const satisfies FlagSpec;

/**
 * What GitLab's refusal means with only the CI job token: GitLab takes it on none of the pipelines
 * routes but a pipeline's job list and its metadata (lib/api/ci/pipelines.rb, `route_setting
 * :authentication, job_token_allowed: true`; doc/ci/jobs/fine_grained_permissions.md), so collab
 * sends it nowhere else (src/api/job-token-routes.ts) and GitLab answers as to nobody: 401, or the
 * 404 of a project it hides.
 */
function refusedToJobToken(ctx: Context, err: CollabError): CollabError | undefined {
  if (!jobTokenOnly(ctx)) return undefined;
  const hint =
    'GitLab does not take the CI job token for its pipelines API (lib/api/ci/pipelines.rb: no job_token_allowed there): ' +
    'set COLLAB_TOKEN to a token with read_api (api to run, retry, cancel or delete pipelines)';
  if (err instanceof AuthError) return new AuthError(err.message, hint);
  if (err instanceof ApiError && (err.status === 404 || err.status === 403)) return new ApiError(err.message, err.status, err.body, hint);
  return undefined;
}

/** Error answers of the pipelines API: refused to the job token (said so), or a server that follows the spec and has none (said once, exit 1). */
export const pipelinesExplain = {
  401: (ctx: Context, _v: unknown, err: CollabError) => refusedToJobToken(ctx, err),
  403: (ctx: Context, _v: unknown, err: CollabError) => refusedToJobToken(ctx, err),
  404: async (ctx: Context, _v: unknown, err: CollabError) => refusedToJobToken(ctx, err) ?? withoutPipelinesApi(ctx, err),
};

/** The pipeline argument as an id: given (`current` read from CI_PIPELINE_ID), else undefined. */
export function givenPipeline(ctx: Context, v: Values): number | undefined {
  const raw = v.args.pipeline_id;
  if (raw === undefined) return undefined;
  if (typeof raw === 'number') return raw;
  return pipelineIdOf(ctx, String(raw), '<pipeline_id>');
}

/**
 * The pipeline the command means: the one given, else the latest of --ref or of the branch
 * checked out (inside a CI job, its own); found with one request where it takes one.
 */
export async function pipelineMeant(ctx: Context, v: Values): Promise<number> {
  const given = givenPipeline(ctx, v);
  if (given !== undefined) {
    if (v.flags.ref !== undefined) throw new UsageError('give a pipeline id or --ref, not both');
    return given;
  }
  const choice = pipelineHere(ctx, v);
  if (choice === undefined)
    throw new UsageError('missing pipeline: give its id, or --ref <branch>', 'in a checkout: the latest of the branch checked out');
  if ('id' in choice) return choice.id;
  try {
    return await latestPipelineId(ctx, v.project!, choice.ref);
  } catch (err) {
    throw await noPipelineOn(ctx, err, v.project!, choice.ref);
  }
}
