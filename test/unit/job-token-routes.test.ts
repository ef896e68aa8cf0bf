import { describe, expect, it } from 'vitest';
import { acceptsJobToken } from '../../src/api/job-token-routes.js';

/**
 * The routes of what a pipeline ships, each as GitLab's source declares it: `route_setting
 * :authentication, job_token_allowed: true` on every route of lib/api/releases.rb (list, read,
 * `permalink/latest`, `downloads/*direct_asset_path`, create, update, delete), of
 * lib/api/release/links.rb, of lib/api/generic_packages.rb (PUT, its `authorize`, GET), of
 * lib/api/project_packages.rb (list, read, pipelines, delete) and lib/api/package_files.rb (list,
 * delete). None on lib/api/ci/variables.rb or lib/api/group_variables.rb: the token is never sent
 * there (GitLab answers it 401).
 */
const P = '/projects/acme%2Fapp';

describe('the CI job token, where GitLab takes it', () => {
  it('every release, release link and package route', () => {
    for (const [method, path] of [
      ['GET', `${P}/releases`],
      ['GET', `${P}/releases/v1.2.3`],
      ['GET', `${P}/releases/release%2F2.0`],
      ['GET', `${P}/releases/permalink/latest`],
      ['GET', `${P}/releases/permalink/latest/downloads/bin/tool`],
      ['GET', `${P}/releases/v1.2.3/downloads/bin/tool-linux`],
      ['POST', `${P}/releases`],
      ['PUT', `${P}/releases/v1.2.3`],
      ['DELETE', `${P}/releases/v1.2.3`],
      ['GET', `${P}/releases/v1.2.3/assets/links`],
      ['POST', `${P}/releases/v1.2.3/assets/links`],
      ['GET', `${P}/releases/v1.2.3/assets/links/7`],
      ['PUT', `${P}/releases/v1.2.3/assets/links/7`],
      ['DELETE', `${P}/releases/v1.2.3/assets/links/7`],
      ['PUT', `${P}/packages/generic/tool/1.2.3/tool-linux`],
      ['PUT', `${P}/packages/generic/tool/1.2.3/dist/tool-linux`],
      ['PUT', `${P}/packages/generic/tool/1.2.3/tool-linux/authorize`],
      ['GET', `${P}/packages/generic/tool/1.2.3/tool-linux?select=package_file`],
      ['GET', `${P}/packages`],
      ['GET', `${P}/packages/12`],
      ['GET', `${P}/packages/12/pipelines`],
      ['GET', `${P}/packages/12/package_files`],
      ['DELETE', `${P}/packages/12`],
      ['DELETE', `${P}/packages/12/package_files/30`],
    ])
      expect(acceptsJobToken(method!, path!), `${method} ${path}`).toBe(true);
  });

  it('never CI/CD variables (project or group), nor a route of another method', () => {
    for (const [method, path] of [
      ['GET', `${P}/variables`],
      ['GET', `${P}/variables/DEPLOY_KEY`],
      ['POST', `${P}/variables`],
      ['PUT', `${P}/variables/DEPLOY_KEY`],
      ['DELETE', `${P}/variables/DEPLOY_KEY`],
      ['GET', '/groups/acme/variables'],
      ['PUT', '/groups/acme/variables/DEPLOY_KEY'],
      ['POST', `${P}/releases/v1.2.3`],
      ['DELETE', `${P}/packages`],
      ['POST', `${P}/packages/generic/tool/1.2.3/tool-linux`],
    ])
      expect(acceptsJobToken(method!, path!), `${method} ${path}`).toBe(false);
  });
});

/**
 * The job-token table (src/api/job-token-routes.ts) for the routes the pipeline and job commands
 * call, each as GitLab's source sets it: `route_setting :authentication, job_token_allowed: true`
 * in lib/api/ci/pipelines.rb only on `get ':id/pipelines/:pipeline_id/jobs'` and `put
 * ':id/pipelines/:pipeline_id/metadata'`; lib/api/ci/jobs.rb on `get ':id/jobs'` and `get '/job'`
 * (not the trace); lib/api/lint.rb on none; lib/api/ci/triggers.rb takes the job token as its
 * `token` parameter (doc/ci/jobs/fine_grained_permissions.md lists the same).
 */

describe('the job token on the pipelines API', () => {
  it.each([
    ['GET', '/projects/7/pipelines/4711/jobs?scope[]=failed'],
    ['GET', '/projects/acme%2Fapi/pipelines/4711/jobs'],
    ['PUT', '/projects/7/pipelines/4711/metadata'],
    ['GET', '/projects/7/jobs'],
    ['POST', '/projects/7/trigger/pipeline'],
  ])('%s %s: taken', (method, path) => expect(acceptsJobToken(method, path)).toBe(true));

  it.each([
    ['GET', '/projects/7/pipelines'],
    ['GET', '/projects/7/pipelines/latest?ref=main'],
    ['GET', '/projects/7/pipelines/4711'],
    ['POST', '/projects/7/pipeline'],
    ['POST', '/projects/7/pipelines/4711/retry'],
    ['POST', '/projects/7/pipelines/4711/cancel'],
    ['DELETE', '/projects/7/pipelines/4711'],
    ['GET', '/projects/7/pipelines/4711/test_report_summary'],
    ['GET', '/projects/7/pipelines/4711/variables'],
    ['GET', '/projects/7/ci/lint'],
    ['POST', '/projects/7/ci/lint'],
    ['GET', '/projects/7/jobs/12/trace'],
    ['GET', '/projects/7/jobs/12'],
    ['POST', '/projects/7/jobs/12/retry'],
  ])('%s %s: never sent (GitLab refuses it there)', (method, path) => expect(acceptsJobToken(method, path)).toBe(false));
});
