import { JOB_TOKEN_REACH } from '../../api/job-token-routes.js';
import type { ResolvedAuth } from '../../config/host.js';
import type { Context } from '../../context.js';
import { AuthError } from '../../errors.js';

/** The job a CI job token belongs to, as GitLab's `GET /job` answers it (Entities::Ci::Job). */
interface TokenJob {
  id?: number;
  user?: { username?: string; name?: string };
  pipeline?: { id?: number };
}

/**
 * The job of the token, from GitLab's `GET /job` (lib/api/ci/jobs.rb, the one jobs route that takes
 * only a job token); undefined on a server without that route (the spec's), said on stderr.
 */
async function tokenJob(ctx: Context, auth: ResolvedAuth, source: string): Promise<TokenJob | undefined> {
  const api = ctx.api();
  const res = await api.request<TokenJob>({ method: 'GET', path: '/job', expect: 'any', returnErrors: true });
  if (res.status === 404) {
    ctx.notice(`collab: warning: ${auth.host} has no GET /job: the CI job token was not checked`);
    return undefined;
  }
  if (res.status === 401 || res.status === 403)
    throw new AuthError(
      `${res.status} ${res.status === 401 ? 'Unauthorized' : 'Forbidden'}: the CI job token for ${auth.host} (from ${source}) was refused`,
      'a job token is valid only while its job runs; outside it use a personal access token (COLLAB_TOKEN or `collab auth login`)',
    );
  if (res.status >= 300) throw api.statusError(res);
  return res.data !== null && typeof res.data === 'object' ? res.data : {};
}

/**
 * `auth status` when the only credential is a CI job token (CI_JOB_TOKEN, or a glcbt- token in
 * COLLAB_TOKEN): it says it is a job token, whose job and user it stands for, and what it reaches.
 */
export async function jobTokenStatus(ctx: Context, auth: ResolvedAuth, masked: string): Promise<Record<string, unknown>> {
  const source = auth.credentials.token ? auth.tokenSource : 'CI_JOB_TOKEN';
  const job = await tokenJob(ctx, auth, source);
  return {
    host: auth.host,
    host_source: auth.hostSource,
    user: job?.user?.username ?? null,
    name: job?.user?.name ?? null,
    admin: null,
    token_source: source,
    token_type: 'job',
    token: masked,
    job_id: job?.id ?? null,
    pipeline_id: job?.pipeline?.id ?? null,
    reaches: JOB_TOKEN_REACH,
  };
}
