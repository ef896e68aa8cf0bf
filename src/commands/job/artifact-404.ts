import { fillPath } from '../../api/path.js';
import type { Context } from '../../context.js';
import { ApiError, MissingArtifactsError } from '../../errors.js';
import type { Values } from '../../executor/inputs.js';
import { describeJob, type Source } from './which-job.js';

/**
 * A 404 of an artifact download says little (GitLab answers `404 Not Found` for a missing
 * project, job, archive or file alike): the hint says which was missing, from the server's words
 * or, when they do not tell, by asking for the job. Exit 3 ("no such artifacts", what a CI loop
 * waits on) is for missing artifacts or a missing file only: a project this token cannot see, or
 * a job that does not exist, is exit 1 — waiting would never end.
 */

type Missing = 'job' | 'artifacts' | 'file' | 'project';

/** What GitLab's words name: `404 Project Not Found` (lib/api/helpers.rb `find_project!`), `Job`, `Artifacts`, `File`. */
function classify(message: string): Missing | undefined {
  if (/\bproject\b/i.test(message)) return 'project';
  if (/\b(job|build)s?\b/i.test(message)) return 'job';
  if (/artifact/i.test(message)) return 'artifacts';
  if (/\bfile\b/i.test(message)) return 'file';
  return undefined;
}

/**
 * Nothing else told (no job could be looked up: a job token): GitLab's bare words still differ.
 * `404 Not found`, lowercase, is lib/api/api.rb's answer to ActiveRecord::RecordNotFound — on a job
 * id route the job (`find_build!`); `404 Not Found` is `not_found!` in `present_carrierwave_file!`
 * (lib/api/helpers.rb): the archive, or the file in it.
 */
function bareNotFound(message: string, s: Source): Missing | undefined {
  if (/^404 Not found$/.test(message) && 'id' in s.job) return 'job';
  if (!/^404 Not Found$/.test(message)) return undefined;
  return s.path !== undefined ? 'file' : 'artifacts';
}

/** When the server's 404 does not say what is missing, ask for the job (personal token only). */
async function lookUpMissing(ctx: Context, s: Source, v: Values): Promise<Missing | undefined> {
  if (!('id' in s.job) || v.flags['job-token'] === true || !ctx.api().hasToken) return undefined;
  try {
    const res = await ctx.api().request<{ artifacts_file?: unknown }>({
      method: 'GET',
      path: fillPath('/projects/:project/jobs/:id', { project: s.project, id: s.job.id }),
    });
    if (!res.data?.artifacts_file) return 'artifacts';
    return s.path !== undefined ? 'file' : 'artifacts';
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return /\bproject\b/i.test(err.message) ? 'project' : 'job';
    return undefined;
  }
}

function hintFor(missing: Missing | undefined, s: Source): string {
  const project = `project ${s.project}`;
  const { job } = s;
  if (missing === 'project') return `${project} was not found (or is not visible with these credentials)`;
  if (!('id' in job)) {
    const latest = `the latest successful pipeline on ref "${job.ref}"`;
    if (missing === 'artifacts') return `the "${job.name}" job of ${latest} has no artifacts`;
    if (missing === 'file' && s.path !== undefined) return `the artifacts of the "${job.name}" job of ${latest} have no file "${s.path}"`;
    // GitLab looks in that one pipeline (Project#latest_successful_build_for_ref): one that skipped the job hides older ones.
    return (
      `no successful job named "${job.name}" with artifacts on ref "${job.ref}" in ` +
      `${project}: GitLab looks only in ${latest}, which may have skipped it; --pipeline ` +
      `<id> names a pipeline`
    );
  }
  const which = describeJob(job);
  if (missing === 'job') return `job ${job.id} does not exist in ${project}`;
  if (missing === 'file') return `the artifacts of ${which} have no file "${s.path ?? ''}"`;
  if (missing === 'artifacts') return `${which} has no artifacts (none were uploaded, or they expired or were erased)`;
  return `${which}, its artifacts${s.path !== undefined ? ` or the file "${s.path}"` : ''} could not be found in ${project}`;
}

export async function explainNotFound(ctx: Context, err: unknown, s: Source, v: Values): Promise<unknown> {
  if (!(err instanceof ApiError) || err.status !== 404) return err;
  const missing = classify(err.message) ?? (await lookUpMissing(ctx, s, v)) ?? bareNotFound(err.message, s);
  const hint = hintFor(missing, s);
  // By ref, what is not found is a successful job with artifacts there (GitLab's words may name
  // the job: `Couldn't find job`): no such artifacts, unless the project itself is not there.
  const byRef = !('id' in s.job);
  const none = missing === 'artifacts' || missing === 'file' || (byRef && missing !== 'project');
  if (none) return new MissingArtifactsError(err.message, 404, err.body, hint);
  return new ApiError(err.message, 404, err.body, hint);
}
