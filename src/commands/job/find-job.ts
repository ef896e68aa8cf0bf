import { paginate } from '../../api/paginate.js';
import { fillPath } from '../../api/path.js';
import type { Context } from '../../context.js';
import { ApiError, AuthError, MissingArtifactsError } from '../../errors.js';
import type { Values } from '../../executor/inputs.js';
import { authorized, type chooseJob, type Job, type JobById, onlyJobToken } from './which-job.js';

type Chosen = ReturnType<typeof chooseJob>;

/*
 * A job named by name, found in a job list: the job of a pipeline (`--pipeline`), or, on a server
 * without GitLab's one-file-by-ref route, the last successful job of a name on a ref.
 */

/** A job as the job lists give it (the spec's job, GitLab's Entities::Ci::Job). */
interface ListedJob {
  id: number;
  name: string;
  status: string;
  ref?: string;
  pipeline?: { id?: number };
  artifacts_file?: { filename?: string } | null;
}

const newest = (jobs: ListedJob[]) => jobs.reduce<ListedJob | undefined>((a, b) => (a === undefined || b.id > a.id ? b : a), undefined);

const asJob = (job: ListedJob): JobById => ({
  id: job.id,
  name: job.name,
  pipeline: typeof job.pipeline?.id === 'number' ? job.pipeline.id : undefined,
  ref: job.ref,
  status: job.status,
});

/**
 * The job named `name` in a pipeline, through the pipeline's job list: the newest successful one,
 * else the newest of any status (a failed job may have uploaded artifacts too).
 */
export async function jobInPipeline(ctx: Context, v: Values, project: string, pipelineNo: number, name: string): Promise<JobById> {
  const named: ListedJob[] = [];
  const others = new Set<string>();
  const req = authorized(ctx, v, {
    method: 'GET',
    path: fillPath('/projects/:project/pipelines/:pipeline/jobs', { project, pipeline: pipelineNo }),
  });
  try {
    for await (const job of paginate<ListedJob>(ctx.api(), req, { all: true, perPage: 100, unique: true })) {
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
        `this GitLab does not take the CI job token for a pipeline's job list (GET ` +
          `/projects/:id/pipelines/${pipelineNo}/jobs), which finds the "${name}" job there ` +
          `(GitLab takes it with its fine-grained job token permissions, on newer versions); set ` +
          `COLLAB_TOKEN to a token with read_api, or let the pipeline hand the artifacts over ` +
          `(needs: with artifacts: true in .gitlab-ci.yml)`,
      );
    throw err;
  }
  const job = newest(named.filter((j) => j.status === 'success')) ?? newest(named);
  if (!job)
    throw new MissingArtifactsError(
      `pipeline ${pipelineNo} has no job named "${name}"`,
      undefined,
      undefined,
      others.size > 0 ? `its jobs: ${[...others].join(', ')}` : 'the pipeline has no jobs',
    );
  return { ...asJob(job), pipeline: pipelineNo };
}

/**
 * The last successful job named `name` on `ref` that has an artifacts archive, as the spec's
 * `GET /projects/:id/jobs/artifacts/:ref_name/download` finds it: the project's successful jobs,
 * newest first, until one matches. For servers without GitLab's one-file-by-ref route.
 */
export async function lastSuccessfulOnRef(ctx: Context, v: Values, project: string, ref: string, name: string): Promise<JobById> {
  const req = authorized(ctx, v, {
    method: 'GET',
    path: fillPath('/projects/:project/jobs', { project }),
    query: { scope: ['success'] },
  });
  for await (const job of paginate<ListedJob>(ctx.api(), req, { all: true, perPage: 100, unique: true }))
    if (job?.name === name && job.ref === ref && job.artifacts_file?.filename) return asJob(job);
  throw new MissingArtifactsError(
    `no successful "${name}" job with artifacts on ${ref}`,
    undefined,
    undefined,
    `project ${project} lists none: check the job name and the ref, or name the job by its id`,
  );
}

/**
 * GitLab has `GET /projects/:id/jobs/artifacts/:ref_name/raw/*artifact_path`; the spec does not. A
 * CI job's own instance is GitLab (a GitLab runner runs the job), which spares asking the host.
 */
async function hasRawByRef(ctx: Context): Promise<boolean> {
  if (ctx.settings.ciJob.inside && ctx.settings.ciJob.server().origin === new URL(ctx.settings.auth().host).origin) return true;
  return (await ctx.flavor()) === 'gitlab';
}

/**
 * The job to download from: a pipeline's job, found in its job list; one file by ref on a server
 * without GitLab's route for it, the job found in the project's job list; otherwise as chosen.
 */
export async function resolveJob(ctx: Context, v: Values, project: string, chosen: Chosen, oneFile = false): Promise<Job> {
  if ('pipeline' in chosen) return jobInPipeline(ctx, v, project, chosen.pipeline, chosen.name);
  if ('ref' in chosen && oneFile && !(await hasRawByRef(ctx))) return lastSuccessfulOnRef(ctx, v, project, chosen.ref, chosen.name);
  return chosen;
}

/**
 * What can be learnt of a job downloaded by its id (its name, pipeline, ref), read after the
 * download with a token that may read jobs (the job token may not: GitLab keeps `GET
 * /projects/:id/jobs/:job_id` from it); as it was when it cannot be read.
 */
export async function learnJob(ctx: Context, v: Values, project: string, job: JobById): Promise<JobById> {
  if (job.pipeline !== undefined || onlyJobToken(ctx, v) || !ctx.api().hasToken) return job;
  try {
    const res = await ctx.api().request<ListedJob>({
      method: 'GET',
      path: fillPath('/projects/:project/jobs/:id', { project, id: job.id }),
      expect: { kind: 'object', key: 'id' },
    });
    return res.data.id === job.id ? { ...job, ...definedOf(asJob(res.data)) } : job;
  } catch {
    // what was downloaded is there either way
    return job;
  }
}

const definedOf = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, x]) => x !== undefined)) as Partial<T>;
