/**
 * PRODUCT.md: every endpoint of api/endpoints.txt is reachable through a named command. Counted
 * from what the command tests actually sent (test/helpers/request-log.ts), not from declarations:
 * this file runs after every other test file of the run (vitest.config.ts, groupOrder).
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { endpointOf, readEndpoints, SHARED } from '../helpers/endpoints.js';
import { loggedRequests } from '../helpers/request-log.js';

const endpoints = readEndpoints();

/** API requests outside endpoints.txt that commands send on purpose. */
const OUTSIDE_SPEC = new Map([
  ['GET /projects/:id/labels', 'board list-create --label looks the label id up (real servers offer it)'],
  ['GET /version', 'the flavour of a host is detected once with it (and collab api tests send it)'],
  ['GET /projects/:id/issues/:issue_iid/notes', "issue notes, issue view --comments: GitLab's notes (the spec has none)"],
  ['POST /projects/:id/issues/:issue_iid/notes', "issue note: GitLab's notes (the spec has none)"],
  ['GET /projects/:id/merge_requests/:merge_request_iid/notes', "mr notes, mr view --comments: GitLab's notes (the spec has none)"],
  ['POST /projects/:id/merge_requests/:merge_request_iid/notes', "mr note: GitLab's notes (the spec has none)"],
  [
    'GET /projects/:id/merge_requests/:merge_request_iid/discussions',
    "mr notes, mr discussions, mr view --comments, mr note --reply/--resolve: GitLab's threads (the spec has none)",
  ],
  ['POST /projects/:id/merge_requests/:merge_request_iid/discussions', 'mr note --file --line: a thread on a line of the diff'],
  ['POST /projects/:id/merge_requests/:merge_request_iid/discussions/:discussion_id/notes', 'mr note --reply: a reply in a thread'],
  ['PUT /projects/:id/merge_requests/:merge_request_iid/discussions/:discussion_id', 'mr resolve, mr unresolve, mr note --resolve'],
  ['GET /projects/:id/merge_requests/:merge_request_iid/approval_state', "mr approvals on a terminal: GitLab's approval rules (EE)"],
  ['PUT /projects/:id/merge_requests/:merge_request_iid/rebase', "mr rebase: GitLab's rebase on the server (the spec has none)"],
  ['GET /personal_access_tokens/self', "auth status: the token's scopes and expiry, where GitLab says them"],
  ['GET /todos', "todo list: GitLab's to-do API (the spec has none)"],
  ['POST /todos/:id/mark_as_done', 'todo done <id>'],
  ['POST /todos/mark_as_done', 'todo done --all'],
  ['POST /projects/:id/pipeline', "collab api tests: bracketed variables[] fields (GitLab's pipelines API)"],
  ['POST /projects/:id/releases', "collab api tests: assets[links][] fields; release create (GitLab's releases API)"],
  ['GET /projects/:id/variables/:key', "collab api tests: filter[environment_scope] in a query; variable get (GitLab's CI/CD variables)"],
  ['GET /projects/:id/variables', "variable list, variable export (GitLab's CI/CD variables)"],
  ['POST /projects/:id/variables', 'variable set, when GitLab answers 404 Variable Not Found to the PUT'],
  ['PUT /projects/:id/variables/:key', 'variable set'],
  ['DELETE /projects/:id/variables/:key', 'variable delete'],
  ['GET /groups/:id/variables', 'variable list -g, variable export -g'],
  ['GET /groups/:id/variables/:key', 'variable get -g'],
  ['POST /groups/:id/variables', 'variable set -g'],
  ['PUT /groups/:id/variables/:key', 'variable set -g'],
  ['DELETE /groups/:id/variables/:key', 'variable delete -g'],
  [
    'GET /projects/:id/packages/generic/:package_name/:package_version/*file_name',
    "collab api tests: a download streamed; package download (GitLab's generic packages)",
  ],
  ['GET /projects/:id/releases', "release list (GitLab's releases)"],
  ['GET /projects/:id/releases/:tag_name', 'release view, release download, release upload (the release read first)'],
  ['GET /projects/:id/releases/permalink/latest', 'release view --latest (GitLab answers a 302 to the release)'],
  ['PUT /projects/:id/releases/:tag_name', 'release update'],
  ['DELETE /projects/:id/releases/:tag_name', 'release delete'],
  ['GET /projects/:id/releases/:tag_name/assets/links', 'release link list'],
  ['POST /projects/:id/releases/:tag_name/assets/links', 'release link add, release upload'],
  ['DELETE /projects/:id/releases/:tag_name/assets/links/:link_id', 'release link delete'],
  ['GET /projects/:id/releases/:tag_name/assets/links/:link_id', 'release link delete names the link on a terminal'],
  ['GET /projects/:id/packages/:package_id', 'package delete names the package on a terminal'],
  ['GET /projects/:id/packages', "package list (GitLab's package registry)"],
  ['DELETE /projects/:id/packages/:package_id', 'package delete'],
  [
    'POST /projects/:id/merge_requests/:merge_request_iid/cancel_merge_when_pipeline_succeeds',
    'GitLab takes POST where the spec has PUT (src/api/dialect.ts)',
  ],
  // GitLab's pipelines API (lib/api/ci/pipelines.rb), CI lint and the trigger route: the pipeline noun (issue 36).
  ['GET /projects/:id/pipelines', 'pipeline list'],
  ['GET /projects/:id/pipelines/latest', 'pipeline view|wait without an id, a job named by name: the latest pipeline of a ref'],
  ['GET /projects/:id/pipelines/:pipeline_id', 'pipeline view|wait, run --wait'],
  ['POST /projects/:id/pipeline', 'pipeline run'],
  ['POST /projects/:id/trigger/pipeline', 'pipeline run inside CI with only the job token (lib/api/ci/triggers.rb)'],
  ['POST /projects/:id/pipelines/:pipeline_id/retry', 'pipeline retry'],
  ['POST /projects/:id/pipelines/:pipeline_id/cancel', 'pipeline cancel'],
  ['DELETE /projects/:id/pipelines/:pipeline_id', 'pipeline delete'],
  ['GET /projects/:id/pipelines/:pipeline_id/test_report_summary', 'pipeline report'],
  ['GET /projects/:id/ci/lint', "pipeline lint: the project's own configuration"],
  ['POST /projects/:id/ci/lint', 'pipeline lint <file>'],
]);

describe('endpoint coverage', () => {
  it('the committed list has the 119 endpoints (and matches the shared spec where it is beside this checkout)', () => {
    expect(endpoints).toHaveLength(119);
    expect(new Set(endpoints).size).toBe(119);
    if (fs.existsSync(SHARED))
      expect(endpoints, 'test/fixtures/endpoints.txt differs from ../shared/api/endpoints.txt').toEqual(readEndpoints(SHARED));
  });

  it('names the endpoint a request calls: placeholders are one segment, a trailing *path several, literals win', () => {
    expect(endpointOf('GET /projects/acme%2Fapi/jobs/artifacts/main/download', endpoints)).toBe(
      'GET /projects/:id/jobs/artifacts/:ref_name/download',
    );
    expect(endpointOf('GET /projects/7/jobs/12/artifacts/dist/app/main.js', endpoints)).toBe(
      'GET /projects/:id/jobs/:job_id/artifacts/*artifact_path',
    );
    expect(endpointOf('GET /projects/7/jobs/12/artifacts', endpoints)).toBe('GET /projects/:id/jobs/:job_id/artifacts');
    expect(endpointOf('POST /projects/7/issues/3/move', endpoints)).toBe('POST /projects/:id/issues/:issue_iid/move');
    expect(endpointOf('PUT /projects/7/issues/3/move', endpoints)).toBeUndefined();
    expect(endpointOf('GET /projects/7/issues/3/extra', endpoints)).toBeUndefined();
    expect(endpointOf('GET /projects//issues', endpoints)).toBeUndefined();
  });

  it('the command tests requested every endpoint, with its method and path', () => {
    const sent = loggedRequests();
    expect(sent.length, 'no command test sent a request in this run: run the whole suite (npm test)').toBeGreaterThan(0);
    const requested = new Set(sent.map((r) => endpointOf(r, endpoints)));
    const missing = endpoints.filter((e) => !requested.has(e));
    expect(missing, `endpoints no command test requested:\n${missing.join('\n')}`).toEqual([]);
  });

  it('every other request is one a command sends on purpose', () => {
    const known = [...endpoints, ...OUTSIDE_SPEC.keys()];
    const unknown = [...new Set(loggedRequests().filter((r) => endpointOf(r, known) === undefined))];
    expect(unknown, `requests outside endpoints.txt (a typo in a path? otherwise list it in OUTSIDE_SPEC):\n${unknown.join('\n')}`).toEqual(
      [],
    );
  });
});
