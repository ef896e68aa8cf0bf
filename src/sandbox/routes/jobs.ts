import { CI_STATUSES } from '../../shared/ci-statuses.js';
import { projectAccess, requireProject, requireUser } from '../access.js';
import type { ArchiveBody } from '../artifacts.js';
import type { Ctx } from '../context.js';
import { JOB, JOB_WITH_DOWNLOAD_URL } from '../entities/jobs.js';
import { show } from '../entity.js';
import { badRequest, forbidden, HttpError, missingParam, notFound } from '../errors.js';
import { cancel, forceCancel } from '../job-states.js';
import { DEVELOPER, MAINTAINER, type Project, REPORTER, type User } from '../model.js';
import type { Job, JobStatus } from '../model-ci.js';
import { OBJECT_STORAGE_PREFIX, otherHost } from '../origins.js';
import { type Keyset, paginate } from '../pagination.js';
import { playManualJob, runRetriedJob } from '../pipeline-runner.js';
import { created, json, type Reply } from '../reply.js';
import type { RouteTable } from '../router.js';

/** The spec's job scopes (part 1 §4.5); GitLab takes every status a job can have. */
const SCOPES: readonly string[] = ['created', 'pending', 'running', 'failed', 'success', 'canceled', 'skipped', 'manual'];
const CANCELABLE: JobStatus[] = ['created', 'pending', 'running'];
const RETRYABLE: JobStatus[] = ['failed', 'canceled', 'success'];
const COMPLETE: JobStatus[] = ['failed', 'canceled', 'success', 'skipped', 'manual'];

/** The project, checked for job visibility (members, or anyone when jobs are public). */
function requireJobsProject(ctx: Ctx): Project {
  const project = requireProject(ctx);
  if (!project.features.jobs_enabled) throw forbidden();
  const user = ctx.user;
  const member = user !== null && (user.admin || projectAccess(ctx.store, user, project) >= REPORTER);
  if (!member && !(project.features.public_jobs && project.visibility !== 'private')) throw forbidden();
  return project;
}

function requireJob(ctx: Ctx): { project: Project; job: Job } {
  const project = requireJobsProject(ctx);
  const job = ctx.store.jobs.get(Number(ctx.path.job_id));
  if (!job || job.projectId !== project.id) throw notFound('Job');
  return { project, job };
}

function requireRunner(ctx: Ctx, project: Project): void {
  const user = requireUser(ctx);
  if (!user.admin && projectAccess(ctx.store, user, project) < DEVELOPER) throw forbidden();
}

function scopeFilter(ctx: Ctx, jobs: Job[]): Job[] {
  const scopes = ctx.params.strArray('scope');
  if (scopes === undefined || scopes.length === 0) return [...jobs].reverse();
  const valid: readonly string[] = ctx.store.flavor === 'gitlab' ? CI_STATUSES : SCOPES;
  for (const s of scopes) if (!valid.includes(s)) throw new HttpError(400, { error: 'scope does not have a valid value' });
  return jobs.filter((j) => scopes.includes(j.status)).reverse();
}

/** GitLab pages a project's jobs by keyset too, newest first. */
const JOB_KEYSET: Keyset<Job> = { type: 'Ci::Build', id: (j) => j.id, sort: 'desc' };

const render = (ctx: Ctx) => (job: Job) => show(ctx, JOB, job);

/** A job's archive; it answers Range requests, as Workhorse and object storage do. */
export function archiveReply(job: Job, body: ArchiveBody, quoted: boolean): Reply {
  const headers = { 'Content-Disposition': quoted ? 'attachment; filename="artifacts.zip"' : 'attachment; filename=artifacts.zip' };
  const etag = `"artifacts-${job.id}-${body.kind === 'buffer' ? body.data.length : body.length}"`;
  return body.kind === 'buffer'
    ? { kind: 'bytes', status: 200, body: body.data, contentType: 'application/zip', headers, etag }
    : { kind: 'stream', status: 200, open: body.open, length: body.length, contentType: 'application/zip', headers, etag };
}

/** Serves a job's archive, or redirects to the fake object storage on another origin. */
async function serveArchive(ctx: Ctx, job: Job): Promise<Reply> {
  if (!job.artifact) throw notFound('Artifacts');
  if (job.artifact.viaObjectStorage) {
    const host = otherHost(String(ctx.headers.host ?? `127.0.0.1:${ctx.port}`), ctx.port);
    return {
      kind: 'redirect',
      status: 302,
      location: `http://${host}${OBJECT_STORAGE_PREFIX}${job.id}/artifacts.zip?X-Sandbox-Signature=${job.id}a1b2c3`,
    };
  }
  return archiveReply(job, await ctx.artifacts.archive(job), job.artifact.quotedFilename);
}

function contentTypeFor(path: string): string {
  const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  const types: Record<string, string> = {
    txt: 'text/plain; charset=utf-8',
    md: 'text/markdown; charset=utf-8',
    js: 'application/javascript',
    json: 'application/json',
    xml: 'application/xml',
    html: 'text/html; charset=utf-8',
  };
  return types[ext] ?? 'application/octet-stream';
}

/** `attachment; filename="..."` with an ASCII fallback and the exact name in `filename*`. */
function attachment(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

function isInvalidPath(path: string): boolean {
  if (path === '' || path.startsWith('/') || path.includes('\\') || path.includes('\0')) return true;
  return path.split('/').some((segment) => segment === '..' || segment === '.' || segment === '');
}

/**
 * The job named `job` whose artifacts a download by ref serves. The spec: the last successful job
 * of that name on the ref. GitLab (Project#latest_successful_build_for_ref): that job of the
 * latest successful pipeline of the ref, even where a later pipeline ran it successfully too.
 */
function latestSuccessful(ctx: Ctx): Job {
  const project = requireJobsProject(ctx);
  const name = ctx.params.str('job');
  if (name === undefined || name === '') throw missingParam('job');
  const ref = ctx.path.ref_name;
  const jobs = ctx.store.projectJobs(project.id);
  const found =
    ctx.store.flavor === 'gitlab'
      ? jobs.find((j) => j.pipelineId === latestSuccessfulPipeline(ctx, project, ref) && j.name === name && j.status === 'success')
      : jobs.findLast((j) => j.name === name && j.ref === ref && j.status === 'success');
  if (!found) throw notFound('Job');
  return found;
}

function latestSuccessfulPipeline(ctx: Ctx, project: Project, ref: string): number | undefined {
  let latest: number | undefined;
  for (const p of ctx.store.pipelines.values())
    if (p.projectId === project.id && p.ref === ref && p.status === 'success' && (latest === undefined || p.id > latest)) latest = p.id;
  return latest;
}

/** One file out of a job's archive (`artifact_path`). */
async function serveFile(ctx: Ctx, job: Job): Promise<Reply> {
  const path = ctx.path.artifact_path;
  if (isInvalidPath(path)) throw badRequest('Invalid artifact path');
  if (!job.artifact) throw notFound('Artifacts');
  const file = await ctx.artifacts.file(job, path);
  if (!file) throw notFound('File');
  const headers = { 'Content-Disposition': attachment(path) };
  return file.kind === 'buffer'
    ? { kind: 'bytes', status: 200, body: file.data, contentType: contentTypeFor(path), headers }
    : { kind: 'stream', status: 200, open: file.open, length: file.length, contentType: contentTypeFor(path), headers };
}

function listJobs(ctx: Ctx): Reply {
  const project = requireJobsProject(ctx);
  return paginate(ctx, scopeFilter(ctx, ctx.store.projectJobs(project.id)), render(ctx), JOB_KEYSET);
}

// GitLab accepts the job token here too (`job_token_allowed: true`), for the job's own project.
function listPipelineJobs(ctx: Ctx): Reply {
  const project = requireJobsProject(ctx);
  const pipeline = ctx.store.pipelines.get(Number(ctx.path.pipeline_id));
  if (!pipeline || pipeline.projectId !== project.id) throw notFound('Pipeline');
  // Jobs a retry replaced only with `include_retried=true` (lib/api/ci/pipelines.rb).
  const retried = ctx.params.bool('include_retried') === true;
  const jobs = ctx.store
    .projectJobs(project.id)
    .filter((j) => j.pipelineId === pipeline.id && (retried || !ctx.store.ci.retriedJobs.has(j.id)));
  return paginate(ctx, scopeFilter(ctx, jobs), render(ctx));
}

function showJob(ctx: Ctx): Reply {
  return json(show(ctx, JOB, requireJob(ctx).job));
}

function downloadArchive(ctx: Ctx): Promise<Reply> {
  return serveArchive(ctx, requireJob(ctx).job);
}

const downloadArchiveByRef = (ctx: Ctx): Promise<Reply> => serveArchive(ctx, latestSuccessful(ctx));

// Not in the spec's list, but python-gitlab's `project-artifact raw` uses it: one file by ref and job.
function downloadFileByRef(ctx: Ctx): Promise<Reply> {
  return serveFile(ctx, latestSuccessful(ctx));
}

function downloadFile(ctx: Ctx): Promise<Reply> {
  return serveFile(ctx, requireJob(ctx).job);
}

function showTrace(ctx: Ctx): Reply {
  const { job } = requireJob(ctx);
  if (job.trace === null) throw notFound('Trace');
  return { kind: 'bytes', status: 200, body: Buffer.from(job.trace), contentType: 'text/plain; charset=utf-8' };
}

function cancelJob(ctx: Ctx): Reply {
  const { project, job } = requireJob(ctx);
  requireRunner(ctx, project);
  // `force` (GitLab): a maintainer's, for a job its runner is still stopping (BuildCancelService).
  if (ctx.store.flavor === 'gitlab' && ctx.params.bool('force') && job.status === 'canceling') {
    const user = requireUser(ctx);
    if (!user.admin && projectAccess(ctx.store, user, project) < MAINTAINER) throw new HttpError(403, { message: 'Forbidden' });
    forceCancel(ctx.store, job);
  } else if (CANCELABLE.includes(job.status)) cancel(ctx.store, job);
  return created(show(ctx, JOB, job));
}

function retryJob(ctx: Ctx): Reply {
  const { project, job } = requireJob(ctx);
  const user = requireUser(ctx);
  requireRunner(ctx, project);
  if (!RETRYABLE.includes(job.status)) throw forbidden('Job is not retryable');
  return created(show(ctx, JOB, retried(ctx, job, user)));
}

/** A new run of `job`, which replaces it; in the gitlab flavour a runner takes it (pipeline-runner.ts). */
function retried(ctx: Ctx, job: Job, user: User): Job {
  const now = ctx.store.now();
  const again: Job = {
    ...job,
    id: ctx.store.nextId('job'),
    status: 'pending',
    coverage: null,
    createdAt: now,
    startedAt: null,
    finishedAt: null,
    erasedAt: null,
    userId: user.id,
    artifact: null,
    trace: null,
  };
  ctx.store.addJob(again);
  // GitLab's runner takes it: it (and the jobs it skipped) run with the sandbox's clock (pipeline-runner.ts).
  if (ctx.store.flavor === 'gitlab') runRetriedJob(ctx.store, job, again, ctx.artifacts);
  return again;
}

function eraseJob(ctx: Ctx): Reply {
  const { project, job } = requireJob(ctx);
  requireRunner(ctx, project);
  if (!COMPLETE.includes(job.status) || (job.artifact === null && job.trace === null)) throw forbidden('Job is not erasable!');
  job.artifact = null;
  job.trace = null;
  job.erasedAt = ctx.store.now();
  return created(show(ctx, JOB_WITH_DOWNLOAD_URL, job));
}

function keepArtifacts(ctx: Ctx): Reply {
  const { project, job } = requireJob(ctx);
  requireRunner(ctx, project);
  if (!job.artifact) throw notFound('Artifacts');
  job.artifact.kept = true;
  // GitLab answers play and keep with 200, where the spec's rule for POST is 201.
  return json(show(ctx, JOB_WITH_DOWNLOAD_URL, job), ctx.store.flavor === 'gitlab' ? 200 : 201);
}

function playJob(ctx: Ctx): Reply {
  const { project, job } = requireJob(ctx);
  const user = requireUser(ctx);
  requireRunner(ctx, project);
  // GitLab plays a manual job that has run again (`playable?`: an action that is manual or retryable):
  // Ci::PlayBuildService cannot enqueue it, so it retries it, and the API answers the job played.
  const action = ctx.store.ci.jobPlans.get(job.id)?.when === 'manual';
  if (ctx.store.flavor === 'gitlab' && action && RETRYABLE.includes(job.status)) {
    retried(ctx, job, user);
    return json(show(ctx, JOB, job), 200);
  }
  if (job.status !== 'manual') throw badRequest('Unplayable Job');
  if (ctx.store.flavor === 'spec') {
    // The spec's answer (part 1 §4.5): the job `started`.
    job.status = 'started';
    job.userId = user.id;
    job.startedAt = ctx.store.now();
    return json(show(ctx, JOB, job), 201);
  }
  // GitLab enqueues it (Ci::PlayBuildService): `pending`, then a runner runs it on the sandbox's clock.
  playManualJob(ctx.store, job, user, ctx.artifacts);
  return json(show(ctx, JOB, job), 200);
}

/**
 * The job token (GitLab's `job_token_allowed`): the job lists for its own project; the artifact
 * downloads for a public project's too.
 */
const JOB_TOKEN = { jobToken: true } as const;
const ARTIFACTS = { jobToken: 'public' } as const;

/** `GET /job` (lib/api/ci/jobs.rb): the job the CI job token belongs to; only a job token gets it. */
function currentJob(ctx: Ctx): Reply {
  const token = ctx.jobToken;
  if (!token) throw new HttpError(401, { message: '401 Unauthorized' });
  const jobs = ctx.store.projectJobs(token.projectId ?? -1);
  const job =
    token.jobId !== undefined ? ctx.store.jobs.get(token.jobId) : (jobs.filter((j) => j.status === 'running').at(-1) ?? jobs.at(-1));
  if (!job) throw notFound('Job');
  return json(show(ctx, JOB, job));
}

export const jobRoutes: RouteTable = [
  { method: 'GET', path: '/job', handler: currentJob, options: JOB_TOKEN, flavor: 'gitlab' },
  { method: 'GET', path: '/projects/:id/jobs', handler: listJobs, options: JOB_TOKEN },
  { method: 'GET', path: '/projects/:id/pipelines/:pipeline_id/jobs', handler: listPipelineJobs, options: JOB_TOKEN },
  { method: 'GET', path: '/projects/:id/jobs/:job_id', handler: showJob },
  { method: 'GET', path: '/projects/:id/jobs/:job_id/artifacts', handler: downloadArchive, options: ARTIFACTS },
  { method: 'GET', path: '/projects/:id/jobs/artifacts/:ref_name/download', handler: downloadArchiveByRef, options: ARTIFACTS },
  // Like GitLab (`requirements: { ref_name: /.+/ }`), a ref may also arrive with unencoded slashes.
  { method: 'GET', path: '/projects/:id/jobs/artifacts/*ref_name/download', handler: downloadArchiveByRef, options: ARTIFACTS },
  { method: 'GET', path: '/projects/:id/jobs/artifacts/*ref_name/raw/*artifact_path', handler: downloadFileByRef, options: ARTIFACTS },
  { method: 'GET', path: '/projects/:id/jobs/:job_id/artifacts/*artifact_path', handler: downloadFile, options: ARTIFACTS },
  { method: 'GET', path: '/projects/:id/jobs/:job_id/trace', handler: showTrace },
  { method: 'POST', path: '/projects/:id/jobs/:job_id/cancel', handler: cancelJob },
  { method: 'POST', path: '/projects/:id/jobs/:job_id/retry', handler: retryJob },
  { method: 'POST', path: '/projects/:id/jobs/:job_id/erase', handler: eraseJob },
  { method: 'POST', path: '/projects/:id/jobs/:job_id/artifacts/keep', handler: keepArtifacts },
  { method: 'POST', path: '/projects/:id/jobs/:job_id/play', handler: playJob },
];
