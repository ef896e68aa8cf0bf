import type { Context } from '../../context.js';
import type { CollabError } from '../../errors.js';
import { jobTokenOnly } from '../../executor/pipeline-ref.js';

/**
 * With only the CI job token, GitLab answers a job and its actions as to nobody: lib/api/ci/jobs.rb
 * has no `job_token_allowed` on `get ':id/jobs/:job_id'` nor on cancel, retry, play, erase and keep,
 * so collab does not send it there (src/api/job-token-routes.ts) and the answer is 401 (or the 404
 * of a project GitLab hides). Said with the token GitLab takes there: `read_api` to read, `api` to act.
 */
export function jobTokenExplain(scope: 'read_api' | 'api') {
  const hint = (ctx: Context, _v: unknown, _err: CollabError) =>
    jobTokenOnly(ctx)
      ? `GitLab does not take the CI job token for a job${scope === 'api' ? "'s actions" : ''} (lib/api/ci/jobs.rb: ` +
        `no job_token_allowed there): set COLLAB_TOKEN to a token with ${scope}`
      : undefined;
  return { 401: hint, 403: hint, 404: hint };
}
