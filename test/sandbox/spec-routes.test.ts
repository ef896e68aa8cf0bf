/**
 * "GitLab-only routes are added for the gitlab flavour only": a route GitLab has and the spec's
 * endpoint list does not carries `flavor: 'gitlab'` in its table (src/sandbox/router.ts), so the
 * spec flavour answers 404 for it, like a server without the API. The spec flavour's routes are
 * the endpoint list's, and the few named here.
 */
import { describe, expect, it } from 'vitest';
import { buildRouter } from '../../src/sandbox/index.js';
import { readEndpoints } from '../helpers/endpoints.js';

/** Routes the spec flavour serves beyond the endpoint list, and why. */
const SPEC_EXTRAS: Record<string, string> = {
  'GET /projects/:/labels': 'board list-create --label looks label ids up on every server (CONTRIBUTING, step 5)',
  'GET /projects/:/milestones': 'a milestone given by title is looked up on every server (routes/boards.ts)',
  // collab inside a CI job takes its server for GitLab (src/commands/job/find-job.ts hasRawByRef), and
  // the CI tests run a spec-flavoured sandbox as that server (test/commands/ci-artifacts.test.ts).
  'GET /projects/:/jobs/artifacts/:/raw/:': "GitLab's one file by ref, which a CI job's server has",
};

/** `GET /projects/:id/jobs/artifacts/*ref_name/download` → `GET /projects/:/jobs/artifacts/:/download`: placeholders are named (and a ref's slashes taken) differently here and there. */
const shape = (route: string) => route.replace(/\/[:*][^/]+/g, '/:');

/** The spec flavour's routes that are neither in the endpoint list nor named in `extras`. */
function strayRoutes(routes: readonly string[], endpoints: readonly string[], extras: Record<string, string>): string[] {
  const known = new Set([...endpoints, ...Object.keys(extras)].map(shape));
  return routes.filter((r) => !known.has(shape(r)));
}

describe('the spec flavour', () => {
  it('serves the endpoint list, GitLab-only routes left to the gitlab flavour', () => {
    expect(strayRoutes(buildRouter('spec').list(), readEndpoints(), SPEC_EXTRAS)).toEqual([]);
  });

  it('finds a GitLab-only route a table forgot to mark', () => {
    const routes = ['GET /projects/:id/issues', 'GET /projects/:id/repository/tags', 'GET /projects/:id/labels'];
    expect(strayRoutes(routes, ['GET /projects/:id/issues'], SPEC_EXTRAS)).toEqual(['GET /projects/:id/repository/tags']);
  });
});
