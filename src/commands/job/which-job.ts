import type { ApiRequest } from '../../api/request.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { FlagSpec, Values } from '../../executor/inputs.js';
import { branchHere, pipelineIdOf } from '../../executor/pipeline-ref.js';
import { parseInteger } from '../../executor/validate.js';
import { sha256Flag } from '../../resources/download-flags.js';

/*
 * Naming the job whose artifacts `job artifacts` and `job artifact` take: a job id, or `--job`
 * with `--ref` or `--pipeline`; every usage error found before anything is sent.
 */

/** A job known by its id, and what is known of it (from a job list, or read after the download). */
export interface JobById {
  id: number;
  name?: string;
  pipeline?: number;
  ref?: string;
  status?: string;
}

/**
 * The last successful job of a name on a ref, which the server looks up: on GitLab, the job of
 * that name in the latest *successful pipeline* of the ref (Project#latest_successful_build_for_ref).
 * `refFrom`: the CI variable the ref was taken from, when it was not given.
 */
export interface JobOnRef {
  ref: string;
  name: string;
  refFrom?: string;
}

export type Job = JobById | JobOnRef;

/** What is downloaded, for requests, messages and 404 hints: the job's archive, or one file of it. */
export interface Source {
  project: string;
  job: Job;
  path?: string;
}

/** `job 12 ("build" of pipeline 7 on main, success)`, or `the "build" job of the latest successful pipeline on main`. */
export function describeJob(job: Job): string {
  if (!('id' in job)) return `the "${job.name}" job of the latest successful pipeline on ${job.ref}`;
  const what = [job.name === undefined ? '' : `"${job.name}"`, job.pipeline === undefined ? '' : `of pipeline ${job.pipeline}`]
    .concat(job.ref === undefined ? [] : [`on ${job.ref}`])
    .filter((w) => w !== '')
    .join(' ');
  const details = [what, job.status ?? ''].filter((d) => d !== '').join(', ');
  return `job ${job.id}${details ? ` (${details})` : ''}`;
}

export function describe(s: Source): string {
  return `${s.path === undefined ? '' : `${s.path} from `}the artifacts of ${describeJob(s.job)}`;
}

/**
 * The request as `--job-token` wants it: only the job token. Otherwise the client decides: the job
 * token goes where GitLab takes it (src/api/job-token-routes.ts) when there is no other token, or
 * when the other one is refused.
 */
export function authorized(ctx: Context, v: Values, req: ApiRequest): ApiRequest {
  if (v.flags['job-token'] !== true) return req;
  const token = ctx.settings.jobToken();
  if (!token) throw new UsageError('--job-token needs the job token in CI_JOB_TOKEN');
  // Only the job token, even when a personal token is configured.
  return { ...req, auth: 'none', headers: { ...req.headers, 'JOB-TOKEN': token } };
}

/** Whether the run's requests carry only the CI job token (CI_JOB_TOKEN, or a glcbt- token). */
export function onlyJobToken(ctx: Context, v: Values): boolean {
  const { token, jobToken } = ctx.settings.auth().credentials;
  return v.flags['job-token'] === true || token?.kind === 'job' || (token === undefined && jobToken !== undefined);
}

/** `--pipeline`: a pipeline id, or `current` (the CI job's own pipeline, CI_PIPELINE_ID). */
export const pipelineId = (ctx: Context, raw: string): number => pipelineIdOf(ctx, raw);

/**
 * The job the arguments name, every usage error found before anything is sent: a job id, or
 * `--job` with `--pipeline`, or `--job` on `--ref` (inside a CI job, the job's own ref).
 */
export function chooseJob(
  ctx: Context,
  v: Values,
  given: number | string | undefined,
): { id: number } | { pipeline: number; name: string } | JobOnRef {
  const flags = v.flags as { ref?: string; job?: string; pipeline?: string };
  const { ref, pipeline: inPipeline } = flags;
  // A name in the id's place is --job's: `job artifacts build` is `job artifacts --job build`.
  const named = typeof given === 'string' && !/^\s*\d+\s*$/.test(given);
  if (named && flags.job !== undefined) throw new UsageError('give the job as an argument or with --job, not both');
  const name = named ? (given as string) : flags.job;
  const id = given === undefined || named ? undefined : parseInteger(String(given).trim(), '<id>', 1);
  if (id !== undefined) {
    if (ref !== undefined || name !== undefined || inPipeline !== undefined)
      throw new UsageError('give either a job id or --job (with --ref or --pipeline), not both');
    return { id };
  }
  if (name === undefined) {
    const other = ref !== undefined ? '--ref' : inPipeline !== undefined ? '--pipeline' : undefined;
    if (other) throw new UsageError(`${other} needs --job <name>: the name of the job whose artifacts to take`);
    throw new UsageError('missing job: give a job id, or --job <name> with --ref <branch|tag> or --pipeline <id>');
  }
  if (name.trim() === '') throw new UsageError('invalid value for --job: empty');
  if (inPipeline !== undefined) return { pipeline: pipelineId(ctx, inPipeline), name };
  if (ref !== undefined) {
    if (ref.trim() === '') throw new UsageError('invalid value for --ref: empty');
    return { ref, name };
  }
  const own = ctx.settings.ciJob.ref() ?? checkedOut(ctx, v);
  if (own === undefined)
    throw new UsageError(
      '--job needs --ref <branch|tag> or --pipeline <id|current>',
      "in a checkout --ref defaults to the branch checked out; inside a CI job to the ref of the job's pipeline (CI_COMMIT_REF_NAME, or the merge request's ref)",
    );
  return { ref: own.ref, name, refFrom: own.from };
}

/** The branch checked out, where the project is the checkout's own (not one named with -p). */
function checkedOut(ctx: Context, v: Values): { ref: string; from: string } | undefined {
  const branch = branchHere(ctx, v);
  return branch === undefined ? undefined : { ref: branch, from: 'the branch checked out' };
}

/** How the job is named without its id (both commands). */
export const jobFlags = [
  {
    name: 'ref',
    param: false,
    type: 'string',
    description:
      "branch or tag: the last successful job named --job on it (inside CI: default the ref of the job's pipeline, refs/merge-requests/<iid>/head in a merge request pipeline)",
    value: '<ref>',
    conflicts: ['pipeline'],
  },
  { name: 'job', param: false, type: 'string', description: 'job name: that job on --ref, or in --pipeline', value: '<name>' },
  {
    name: 'pipeline',
    param: false,
    type: 'string',
    description: "take the job named --job from this pipeline (current: the CI job's own, CI_PIPELINE_ID)",
    value: '<id|current>',
  },
  sha256Flag('the SHA-256 the download must have: on a mismatch nothing is kept (saved, extracted or printed)'),
] as const satisfies readonly FlagSpec[];

export const jobTokenFlag = {
  name: 'job-token',
  param: false,
  type: 'bool',
  description: 'authenticate with the CI job token from CI_JOB_TOKEN, even when a personal token is set',
} as const satisfies FlagSpec;
