import { fillPath } from '../api/path.js';
import type { Context } from '../context.js';
import { ApiError, type CollabError, UsageError } from '../errors.js';
import { shellLine } from '../shell-quote.js';
import type { Values } from './inputs.js';
import { parseInteger } from './validate.js';

/*
 * Which pipeline a command means when none is named by its id: `current` (the CI job's own), the
 * latest of `--ref`, of the branch checked out, or inside a CI job its own. GitLab's pipelines API
 * (lib/api/ci/pipelines.rb) is outside the spec's endpoints: a server that follows the spec has
 * none, which is said once, exit 1.
 */

/** `--pipeline` (or a pipeline argument): a pipeline id, or `current` (the CI job's own, CI_PIPELINE_ID). */
export function pipelineIdOf(ctx: Context, raw: string, label = '--pipeline'): number {
  if (raw.trim() === 'current') {
    const current = ctx.settings.ciJob.pipeline();
    // An argument is said as the word given (`pipeline wait current`), a flag with its name.
    const argument = label.startsWith('<');
    if (current === undefined)
      throw new UsageError(
        `${argument ? '' : `${label} `}current needs a CI job: CI_PIPELINE_ID is not set`,
        argument ? 'outside CI give the pipeline id in its place' : `outside CI give the pipeline id: ${label} <id>`,
      );
    return parseInteger(current, 'CI_PIPELINE_ID', 1);
  }
  if (!/^\s*\d+\s*$/.test(raw)) throw new UsageError(`invalid value for ${label}: "${raw}" is neither a pipeline id nor current`);
  return parseInteger(raw.trim(), label, 1);
}

/**
 * The branch checked out where collab runs, when the project is the checkout's own: not named, or
 * named and one of the checkout's remotes points at it (`-p acme/api` inside a clone of it).
 */
export function branchHere(ctx: Context, v: Values): string | undefined {
  const branch = ctx.settings.gitBranch();
  if (branch === undefined || v.projectGiven === undefined) return branch;
  try {
    return v.project !== undefined && !/^\d+$/.test(v.project) && ctx.settings.remoteFor(v.project) !== undefined ? branch : undefined;
  } catch {
    return undefined;
  }
}

/** A pipeline named by its id, or the latest of a ref (and where that ref came from, for messages). */
export type PipelineChoice = { id: number; from?: string } | { ref: string; from: string };

/**
 * The pipeline `--pipeline`, `--ref` or the place collab runs in names: inside a CI job (the
 * project not named) its own pipeline, else the branch checked out (the checkout's own project).
 * Undefined when nothing names one.
 */
export function pipelineHere(ctx: Context, v: Values): PipelineChoice | undefined {
  const { pipeline, ref } = v.flags as { pipeline?: string; ref?: string };
  if (pipeline !== undefined) return { id: pipelineIdOf(ctx, pipeline) };
  if (ref !== undefined) {
    if (ref.trim() === '') throw new UsageError('invalid value for --ref: empty');
    return { ref, from: '--ref' };
  }
  // Inside a CI job its own pipeline comes first, even where the job's script checked a branch out:
  // the latest pipeline of that branch may be a newer one, and reading it takes the pipelines API,
  // which GitLab refuses to the job token (lib/api/ci/pipelines.rb).
  const current = v.projectGiven === undefined ? ctx.settings.ciJob.pipeline() : undefined;
  if (current !== undefined) return { id: parseInteger(current, 'CI_PIPELINE_ID', 1), from: 'CI_PIPELINE_ID' };
  const branch = branchHere(ctx, v);
  return branch !== undefined ? { ref: branch, from: 'the branch checked out' } : undefined;
}

/**
 * An error answer of the pipelines API: a 404 from a server that follows the spec (which has no
 * such API) said as that, once; anything else as it is.
 */
export async function withoutPipelinesApi(ctx: Context, err: CollabError): Promise<CollabError> {
  if (!(err instanceof ApiError) || err.status !== 404) return err;
  if ((await ctx.flavor()) !== 'spec') return err;
  return new ApiError(
    'this server has no pipelines API: it follows the spec, whose endpoints do not include GitLab pipelines',
    404,
    err.body,
    "a pipeline's jobs are still there: collab job list --pipeline <id>",
  );
}

/** The latest pipeline of `ref` (`GET /projects/:id/pipelines/latest?ref=`): its id. */
export async function latestPipelineId(ctx: Context, project: string, ref: string): Promise<number> {
  try {
    const res = await ctx.api().request<{ id?: unknown }>({
      method: 'GET',
      path: fillPath('/projects/:project/pipelines/latest', { project }),
      query: { ref },
      expect: { kind: 'object', key: 'id' },
    });
    return res.data.id as number;
  } catch (err) {
    throw await noPipelineOn(ctx, err, project, ref);
  }
}

/**
 * GitLab answers the latest pipeline of a ref that has none with 403 (`authorize! :read_pipeline`
 * of nil, doc/api/pipelines.md "Get the latest pipeline"): that is no pipeline, not a refusal.
 */
export async function noPipelineOn(ctx: Context, err: unknown, project: string, ref: string): Promise<unknown> {
  if (err instanceof ApiError && err.status === 403)
    return new ApiError(
      `no pipeline on ${ref} in ${project} (GitLab answers 403 for a ref without one, or pipelines you may not read)`,
      403,
      err.body,
      `${shellLine`collab pipeline run --ref ${ref}`} starts one`,
    );
  return err instanceof ApiError ? withoutPipelinesApi(ctx, err) : err;
}

/** Whether the run's requests carry only the CI job token (CI_JOB_TOKEN without another token, or a glcbt- token). */
export function jobTokenOnly(ctx: Context): boolean {
  const { token, jobToken } = ctx.settings.auth().credentials;
  return token?.kind === 'job' || (token === undefined && jobToken !== undefined);
}
