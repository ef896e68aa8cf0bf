import { paginate } from '../../api/paginate.js';
import { fillPath } from '../../api/path.js';
import type { ApiRequest } from '../../api/request.js';
import type { Context } from '../../context.js';
import { ApiError, AuthError, MissingArtifactsError, UsageError } from '../../errors.js';
import type { FlagSpec, Values } from '../../executor/inputs.js';
import { parseInteger } from '../../executor/validate.js';

/*
 * Naming the job whose artifacts `job artifacts` and `job artifact` take: a job id, or `--job`
 * with `--ref` or `--pipeline`; every usage error found before anything is sent.
 */

/**
 * Which job: one id (given, or found in a pipeline's job list: `label` says how), or the last
 * successful job of a name on a ref, which the server looks up (`refFrom`: the CI variable the ref
 * was taken from, when it was not given).
 */
export type Job = { id: number; label?: string } | { ref: string; name: string; refFrom?: string };

/** What is downloaded, for requests, messages and 404 hints: the job's archive, or one file of it. */
export interface Source {
  project: string;
  job: Job;
  path?: string;
}

export function describeJob(job: Job): string {
  if ('id' in job) return `job ${job.id}${job.label ? ` (${job.label})` : ''}`;
  return `the last successful "${job.name}" job on ${job.ref}`;
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
function onlyJobToken(ctx: Context, v: Values): boolean {
  const { token, jobToken } = ctx.settings.auth().credentials;
  return v.flags['job-token'] === true || token?.kind === 'job' || (token === undefined && jobToken !== undefined);
}

/** `--pipeline`: a pipeline id, or `current` (the CI job's own pipeline, CI_PIPELINE_ID). */
export function pipelineId(ctx: Context, raw: string): number {
  if (raw.trim() === 'current') {
    const current = ctx.settings.ciJob.pipeline();
    if (current === undefined)
      throw new UsageError(
        '--pipeline current needs a CI job: CI_PIPELINE_ID is not set',
        'outside CI give the pipeline id: --pipeline <id>',
      );
    return parseInteger(current, 'CI_PIPELINE_ID', 1);
  }
  if (!/^\s*\d+\s*$/.test(raw)) throw new UsageError(`invalid value for --pipeline: "${raw}" is neither a pipeline id nor current`);
  return parseInteger(raw.trim(), '--pipeline', 1);
}

interface PipelineJob {
  id: number;
  name: string;
  status: string;
}

/**
 * The job named `name` in a pipeline, through the pipeline's job list: the newest successful one,
 * else the newest of any status (a failed job may have uploaded artifacts too).
 */
async function jobInPipeline(ctx: Context, v: Values, project: string, pipelineNo: number, name: string): Promise<Job> {
  const named: PipelineJob[] = [];
  const others = new Set<string>();
  const req = authorized(ctx, v, {
    method: 'GET',
    path: fillPath('/projects/:project/pipelines/:pipeline/jobs', { project, pipeline: pipelineNo }),
  });
  try {
    for await (const job of paginate<PipelineJob>(ctx.api(), req, { all: true, perPage: 100, unique: true })) {
      if (job?.name === name) named.push(job);
      else if (typeof job?.name === 'string') others.add(job.name);
    }
  } catch (err) {
    if (err instanceof ApiError && err.status === 404)
      throw new MissingArtifactsError(
        err.message,
        404,
        err.body,
        `pipeline ${pipelineNo} was not found in project ${project} (or is not visible with these credentials)`,
      );
    if (err instanceof AuthError && onlyJobToken(ctx, v))
      throw new AuthError(
        err.message,
        `this GitLab does not take the CI job token for a pipeline's job list (GET /projects/:id/pipelines/${pipelineNo}/jobs), which finds the "${name}" job there (GitLab takes it with its fine-grained job token permissions, on newer versions); set COLLAB_TOKEN to a token with read_api, or let the pipeline hand the artifacts over (needs: with artifacts: true in .gitlab-ci.yml)`,
      );
    throw err;
  }
  const newest = (jobs: PipelineJob[]) =>
    jobs.reduce<PipelineJob | undefined>((a, b) => (a === undefined || b.id > a.id ? b : a), undefined);
  const job = newest(named.filter((j) => j.status === 'success')) ?? newest(named);
  if (!job)
    throw new MissingArtifactsError(
      `pipeline ${pipelineNo} has no job named "${name}"`,
      undefined,
      undefined,
      others.size > 0 ? `its jobs: ${[...others].join(', ')}` : 'the pipeline has no jobs',
    );
  return { id: job.id, label: `"${name}" of pipeline ${pipelineNo}, ${job.status}` };
}

/**
 * The job the arguments name, every usage error found before anything is sent: a job id, or
 * `--job` with `--pipeline`, or `--job` on `--ref` (inside a CI job, the job's own ref).
 */
export function chooseJob(
  ctx: Context,
  v: Values,
  id: number | undefined,
): { id: number } | { pipeline: number; name: string } | { ref: string; name: string; refFrom?: string } {
  const { ref, job: name, pipeline: inPipeline } = v.flags as { ref?: string; job?: string; pipeline?: string };
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
  const own = ctx.settings.ciJob.ref();
  if (own === undefined)
    throw new UsageError(
      '--job needs --ref <branch|tag> or --pipeline <id|current>',
      "inside a CI job --ref defaults to the ref of the job's pipeline (CI_COMMIT_REF_NAME, or the merge request's ref)",
    );
  return { ref: own.ref, name, refFrom: own.from };
}

export async function resolveJob(ctx: Context, v: Values, project: string, chosen: ReturnType<typeof chooseJob>): Promise<Job> {
  return 'pipeline' in chosen ? jobInPipeline(ctx, v, project, chosen.pipeline, chosen.name) : chosen;
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
  {
    name: 'sha256',
    param: false,
    type: 'string',
    description: 'the SHA-256 the download must have: on a mismatch nothing is kept (saved, extracted or printed)',
    value: '<hex>',
  },
] as const satisfies readonly FlagSpec[];

export const jobTokenFlag = {
  name: 'job-token',
  param: false,
  type: 'bool',
  description: 'authenticate with the CI job token from CI_JOB_TOKEN, even when a personal token is set',
} as const satisfies FlagSpec;
