/**
 * The requests GitLab accepts a CI job token on: its routes with `route_setting :authentication,
 * job_token_allowed: true` (doc/ci/jobs/ci_job_token.md "Job token access", and the generated
 * doc/ci/jobs/fine_grained_permissions.md). On any other route GitLab refuses the token (401), so
 * it is not sent there: a public project is then read anonymously. The job lists take it on newer
 * GitLab only (fine-grained job token permissions, `job_token_policies: :read_jobs`); an older one
 * refuses it, which the caller explains.
 */

/** What a job token reaches, in words (hints, `auth status`). */
export const JOB_TOKEN_REACH =
  "artifact downloads, the job's own job (GET /job), releases and their links, generic packages and the package list, " +
  "deployments, environments; a pipeline's and the project's job lists on newer GitLab";

const P = '/projects/[^/]+';

const ROUTES: readonly (readonly [method: string, path: RegExp])[] = [
  // lib/api/ci/jobs.rb: the job the token belongs to; the project's jobs (newer GitLab).
  ['GET', /^\/job(\/allowed_agents)?$/],
  ['GET', new RegExp(`^${P}/jobs$`)],
  // lib/api/ci/pipelines.rb: a pipeline's jobs (newer GitLab); a pipeline's name. No other route
  // there has job_token_allowed (the list, latest, one pipeline, create, retry, cancel, delete,
  // variables, test reports), nor lib/api/lint.rb's CI lint, nor lib/api/ci/jobs.rb's trace.
  ['GET', new RegExp(`^${P}/pipelines/\\d+/jobs$`)],
  ['PUT', new RegExp(`^${P}/pipelines/\\d+/metadata$`)],
  // lib/api/ci/job_artifacts.rb: every download.
  ['GET', new RegExp(`^${P}/jobs/\\d+/artifacts(/.+)?$`)],
  ['GET', new RegExp(`^${P}/jobs/artifacts/.+/(download|raw/.+)$`)],
  // lib/api/ci/triggers.rb
  ['POST', new RegExp(`^${P}/(ref/[^/]+/)?trigger/pipeline$`)],
  // lib/api/releases.rb: list, read, the latest (permalink), an asset's download, create, update, delete.
  ['GET', new RegExp(`^${P}/releases(/[^/]+)?$`)],
  ['GET', new RegExp(`^${P}/releases/permalink/latest(/.*)?$`)],
  ['GET', new RegExp(`^${P}/releases/[^/]+/downloads/.+$`)],
  ['POST', new RegExp(`^${P}/releases$`)],
  ['PUT', new RegExp(`^${P}/releases/[^/]+$`)],
  ['DELETE', new RegExp(`^${P}/releases/[^/]+$`)],
  // lib/api/release/links.rb: every route.
  ['GET', new RegExp(`^${P}/releases/[^/]+/assets/links(/\\d+)?$`)],
  ['POST', new RegExp(`^${P}/releases/[^/]+/assets/links$`)],
  ['PUT', new RegExp(`^${P}/releases/[^/]+/assets/links/\\d+$`)],
  ['DELETE', new RegExp(`^${P}/releases/[^/]+/assets/links/\\d+$`)],
  // lib/api/generic_packages.rb: a file's upload (and Workhorse's authorize) and download.
  ['PUT', new RegExp(`^${P}/packages/generic/[^/]+/[^/]+/.+$`)],
  ['GET', new RegExp(`^${P}/packages/generic/[^/]+/[^/]+/.+$`)],
  // lib/api/project_packages.rb and package_files.rb: the package list, one package, its pipelines and files, deletions.
  ['GET', new RegExp(`^${P}/packages(/\\d+(/(pipelines|package_files))?)?$`)],
  ['DELETE', new RegExp(`^${P}/packages/\\d+(/package_files/\\d+)?$`)],
  // Deployments, environments, secure files, Terraform state: the whole APIs.
  ['*', new RegExp(`^${P}/(deployments|environments|secure_files|terraform/state)(/.*)?$`)],
  // Read-only parts of the repository and merge request APIs.
  ['GET', new RegExp(`^${P}/repository/(files/.+/raw|branches|tags|changelog)$`)],
  ['GET', new RegExp(`^${P}/repository/commits/[^/]+(/merge_requests)?$`)],
  ['GET', new RegExp(`^${P}/merge_requests(/\\d+(/notes(/\\d+)?)?)?$`)],
];

/** Whether GitLab takes the CI job token for `method` on `path` (below /api/v4, query ignored). */
export function acceptsJobToken(method: string, path: string): boolean {
  const m = method.toUpperCase();
  const bare = path.split('?')[0]!;
  return ROUTES.some(([method, route]) => (method === '*' || method === m) && route.test(bare));
}
