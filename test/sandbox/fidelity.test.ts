/**
 * The GitLab flavour answers GitLab's entities. Every route of the GitLab flavour is called, and
 * the top-level keys of what it answers are compared with the entity declared from GitLab's source
 * (src/sandbox/entities/): no key the entity lacks, every key it always sends. Each entity keeps at
 * least 95% of GitLab's keys, and the sandbox README names each key it leaves out, with the reason.
 * A new route must say here which entity it answers, or that it answers none.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as approvals from '../../src/sandbox/entities/approvals.js';
import * as boards from '../../src/sandbox/entities/boards.js';
import * as commits from '../../src/sandbox/entities/commits.js';
import * as common from '../../src/sandbox/entities/common.js';
import * as discussions from '../../src/sandbox/entities/discussions.js';
import * as groups from '../../src/sandbox/entities/groups.js';
import * as issues from '../../src/sandbox/entities/issues.js';
import * as jobs from '../../src/sandbox/entities/jobs.js';
import * as keys from '../../src/sandbox/entities/keys.js';
import * as labels from '../../src/sandbox/entities/labels.js';
import * as mrs from '../../src/sandbox/entities/merge-requests.js';
import * as namespaces from '../../src/sandbox/entities/namespaces.js';
import * as notes from '../../src/sandbox/entities/notes.js';
import * as packages from '../../src/sandbox/entities/packages.js';
import * as pipelines from '../../src/sandbox/entities/pipelines.js';
import * as projects from '../../src/sandbox/entities/projects.js';
import * as releases from '../../src/sandbox/entities/releases.js';
import * as todos from '../../src/sandbox/entities/todos.js';
import * as users from '../../src/sandbox/entities/users.js';
import * as variables from '../../src/sandbox/entities/variables.js';
import { type Entity, gitlabKeys } from '../../src/sandbox/entity.js';
import { buildRouter, type SandboxHandle, startSandbox } from '../../src/sandbox/index.js';
import { ALICE, call } from './helpers.js';

const P = '/projects/acme%2Fplatform%2Fapi';
const MR = `${P}/merge_requests`;
const ISSUE = `${P}/issues`;
const GPG = '-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nmQENBFxyz\n-----END PGP PUBLIC KEY BLOCK-----';
const SSH = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFidelity fidelity@example';

type AnyEntity = Entity<never>;
interface Call {
  /** The route as the router lists it. */
  route: string;
  /** The path, or how to find it where it names what only the sandbox's answers tell (a thread's id). */
  path: string | ((sb: SandboxHandle) => Promise<string>);
  entity: AnyEntity;
  body?: Record<string, unknown>;
  token?: string;
  headers?: Record<string, string>;
}

const e = (entity: unknown): AnyEntity => entity as AnyEntity;

/** Reads first, then writes, in an order the demo world allows. */
const CALLS: Call[] = [
  { route: 'GET /issues', path: '/issues?scope=all', entity: e(issues.ISSUE) },
  { route: 'GET /groups/:id/issues', path: '/groups/acme/issues', entity: e(issues.ISSUE) },
  { route: 'GET /projects/:id/issues', path: ISSUE, entity: e(issues.ISSUE) },
  { route: 'GET /projects/:id/issues/:issue_iid', path: `${ISSUE}/1`, entity: e(issues.ISSUE) },
  { route: 'GET /projects/:id/issues/:issue_iid/time_stats', path: `${ISSUE}/1/time_stats`, entity: e(common.TIME_STATS) },
  { route: 'GET /projects/:id/issues/:issue_iid/closed_by', path: `${ISSUE}/2/closed_by`, entity: e(mrs.MERGE_REQUEST_BASIC) },
  {
    route: 'GET /projects/:id/issues/:issue_iid/user_agent_detail',
    path: `${ISSUE}/1/user_agent_detail`,
    entity: e(issues.USER_AGENT_DETAIL),
  },
  { route: 'GET /projects/:id/issues/:issue_iid/notes', path: `${ISSUE}/1/notes`, entity: e(notes.NOTE) },
  { route: 'GET /projects/:id/boards', path: `${P}/boards`, entity: e(boards.BOARD) },
  { route: 'GET /projects/:id/boards/:board_id/lists', path: `${P}/boards/1/lists`, entity: e(boards.BOARD_LIST) },
  { route: 'GET /projects/:id/boards/:board_id/lists/:list_id', path: `${P}/boards/1/lists/1`, entity: e(boards.BOARD_LIST) },
  { route: 'GET /projects/:id/labels', path: `${P}/labels`, entity: e(labels.PROJECT_LABEL) },
  { route: 'GET /projects/:id/milestones', path: `${P}/milestones`, entity: e(common.MILESTONE) },
  { route: 'GET /projects/:id/jobs', path: `${P}/jobs?per_page=100`, entity: e(jobs.JOB) },
  { route: 'GET /projects/:id/pipelines/:pipeline_id/jobs', path: `${P}/pipelines/1/jobs`, entity: e(jobs.JOB) },
  { route: 'GET /projects/:id/jobs/:job_id', path: `${P}/jobs/1`, entity: e(jobs.JOB) },
  { route: 'GET /job', path: '/job', entity: e(jobs.JOB), headers: { 'JOB-TOKEN': 'sandbox-job-token' } },
  { route: 'GET /projects/:id/pipelines', path: `${P}/pipelines?per_page=100`, entity: e(pipelines.PIPELINE_BASIC_WITH_METADATA) },
  { route: 'GET /projects/:id/pipelines/latest', path: `${P}/pipelines/latest`, entity: e(pipelines.PIPELINE_WITH_METADATA) },
  { route: 'GET /projects/:id/pipelines/:pipeline_id', path: `${P}/pipelines/1`, entity: e(pipelines.PIPELINE_WITH_METADATA) },
  {
    route: 'GET /projects/:id/pipelines/:pipeline_id/variables',
    path: `${P}/pipelines/14/variables`,
    entity: e(pipelines.PIPELINE_VARIABLE),
  },
  {
    route: 'GET /projects/:id/pipelines/:pipeline_id/test_report_summary',
    path: `${P}/pipelines/1/test_report_summary`,
    entity: e(pipelines.TEST_REPORT_SUMMARY),
  },
  { route: 'GET /projects/:id/ci/lint', path: `${P}/ci/lint?include_jobs=true`, entity: e(pipelines.LINT_RESULT) },
  { route: 'GET /projects/:id/releases', path: `${P}/releases`, entity: e(releases.RELEASE) },
  { route: 'GET /projects/:id/releases/:tag_name', path: `${P}/releases/v1.0`, entity: e(releases.RELEASE) },
  { route: 'GET /projects/:id/releases/:tag_name/assets/links', path: `${P}/releases/v1.0/assets/links`, entity: e(releases.RELEASE_LINK) },
  {
    route: 'GET /projects/:id/releases/:tag_name/assets/links/:link_id',
    path: `${P}/releases/v0.9/assets/links/1`,
    entity: e(releases.RELEASE_LINK),
  },
  { route: 'GET /projects/:id/packages', path: `${P}/packages`, entity: e(packages.PACKAGE) },
  { route: 'GET /projects/:id/packages/:package_id', path: `${P}/packages/2`, entity: e(packages.PACKAGE) },
  {
    route: 'GET /projects/:id/packages/:package_id/package_files',
    path: `${P}/packages/2/package_files`,
    entity: e(packages.PACKAGE_FILE),
  },
  { route: 'GET /projects/:id/variables', path: `${P}/variables`, entity: e(variables.CI_VARIABLE) },
  { route: 'GET /projects/:id/variables/:key', path: `${P}/variables/LOG_LEVEL`, entity: e(variables.CI_VARIABLE) },
  { route: 'GET /groups/:id/variables', path: '/groups/acme/variables', entity: e(variables.CI_VARIABLE) },
  { route: 'GET /groups/:id/variables/:key', path: '/groups/acme/variables/ORG_NAME', entity: e(variables.CI_VARIABLE) },
  { route: 'GET /projects', path: '/projects', entity: e(projects.PROJECT) },
  { route: 'GET /projects', path: '/projects?simple=true', entity: e(projects.BASIC_PROJECT) },
  { route: 'GET /users/:user_id/projects', path: '/users/2/projects', entity: e(projects.PROJECT) },
  { route: 'GET /projects/:id', path: P, entity: e(projects.PROJECT) },
  { route: 'GET /projects/:id/users', path: `${P}/users`, entity: e(users.USER_BASIC) },
  { route: 'GET /groups', path: '/groups', entity: e(groups.GROUP) },
  { route: 'GET /groups/:id', path: '/groups/acme', entity: e(groups.GROUP_DETAIL) },
  { route: 'GET /groups/:id/projects', path: '/groups/acme/projects', entity: e(projects.PROJECT) },
  { route: 'GET /namespaces', path: '/namespaces', entity: e(namespaces.NAMESPACE) },
  { route: 'GET /merge_requests', path: '/merge_requests?scope=all', entity: e(mrs.MERGE_REQUEST_BASIC) },
  { route: 'GET /projects/:id/merge_requests', path: MR, entity: e(mrs.MERGE_REQUEST_BASIC) },
  { route: 'GET /projects/:id/merge_requests', path: `${MR}?view=simple`, entity: e(mrs.MERGE_REQUEST_SIMPLE) },
  { route: 'GET /projects/:id/merge_requests/:merge_request_iid', path: `${MR}/1`, entity: e(mrs.MERGE_REQUEST) },
  { route: 'GET /projects/:id/merge_requests/:merge_request_iid/commits', path: `${MR}/1/commits`, entity: e(commits.COMMIT) },
  { route: 'GET /projects/:id/merge_requests/:merge_request_iid/changes', path: `${MR}/1/changes`, entity: e(mrs.MERGE_REQUEST_CHANGES) },
  { route: 'GET /projects/:id/merge_requests/:merge_request_iid/versions', path: `${MR}/1/versions`, entity: e(mrs.MR_VERSION) },
  {
    route: 'GET /projects/:id/merge_requests/:merge_request_iid/versions/:version_id',
    path: `${MR}/1/versions/1`,
    entity: e(mrs.MR_VERSION_FULL),
  },
  { route: 'GET /projects/:id/merge_requests/:merge_request_iid/closes_issues', path: `${MR}/1/closes_issues`, entity: e(issues.ISSUE) },
  { route: 'GET /projects/:id/merge_requests/:merge_request_iid/approvals', path: `${MR}/6/approvals`, entity: e(mrs.APPROVALS) },
  {
    route: 'GET /projects/:id/merge_requests/:merge_request_iid/approval_state',
    path: `${MR}/6/approval_state`,
    entity: e(approvals.APPROVAL_STATE),
  },
  { route: 'GET /projects/:id/merge_requests/:merge_request_iid/notes', path: `${MR}/1/notes`, entity: e(notes.NOTE) },
  {
    route: 'GET /projects/:id/merge_requests/:merge_request_iid/discussions',
    path: `${MR}/6/discussions`,
    entity: e(discussions.DISCUSSION),
  },
  {
    route: 'GET /projects/:id/merge_requests/:merge_request_iid/discussions/:discussion_id',
    path: async (sb) => `${MR}/6/discussions/${await threadOf(sb, 6, 'DiffNote')}`,
    entity: e(discussions.DISCUSSION),
  },
  { route: 'GET /users', path: '/users', entity: e(users.USER_WITH_ADMIN) },
  { route: 'GET /users', path: '/users', entity: e(users.USER_BASIC), token: ALICE },
  { route: 'GET /users/:id', path: '/users/2', entity: e(users.USER_DETAILS_WITH_ADMIN) },
  { route: 'GET /users/:id', path: '/users/3', entity: e(users.USER), token: ALICE },
  { route: 'GET /user', path: '/user', entity: e(users.USER_WITH_ADMIN_ONE) },
  { route: 'GET /user', path: '/user', entity: e(users.USER_PUBLIC), token: ALICE },
  { route: 'GET /user/activities', path: '/user/activities', entity: e(keys.USER_ACTIVITY) },
  { route: 'GET /user/keys', path: '/user/keys', entity: e(keys.SSH_KEY), token: ALICE },
  { route: 'GET /user/keys/:key_id', path: '/user/keys/2', entity: e(keys.SSH_KEY), token: ALICE },
  { route: 'GET /users/:id/keys', path: '/users/2/keys', entity: e(keys.SSH_KEY) },
  { route: 'GET /user/gpg_keys', path: '/user/gpg_keys', entity: e(keys.GPG_KEY), token: ALICE },
  { route: 'GET /user/gpg_keys/:key_id', path: '/user/gpg_keys/1', entity: e(keys.GPG_KEY), token: ALICE },
  { route: 'GET /users/:id/gpg_keys', path: '/users/2/gpg_keys', entity: e(keys.GPG_KEY) },
  { route: 'GET /users/:id/gpg_keys/:key_id', path: '/users/2/gpg_keys/1', entity: e(keys.GPG_KEY) },
  { route: 'GET /user/emails', path: '/user/emails', entity: e(keys.EMAIL), token: ALICE },
  { route: 'GET /user/emails/:email_id', path: '/user/emails/1', entity: e(keys.EMAIL), token: ALICE },
  { route: 'GET /users/:id/emails', path: '/users/2/emails', entity: e(keys.EMAIL) },
  { route: 'GET /users/:user_id/impersonation_tokens', path: '/users/2/impersonation_tokens', entity: e(keys.IMPERSONATION_TOKEN) },
  { route: 'GET /personal_access_tokens/self', path: '/personal_access_tokens/self', entity: e(keys.PERSONAL_ACCESS_TOKEN) },
  { route: 'GET /todos', path: '/todos', entity: e(todos.TODO), token: ALICE },
  { route: 'POST /todos/:id/mark_as_done', path: '/todos/1/mark_as_done', entity: e(todos.TODO), token: ALICE },
  {
    route: 'GET /users/:user_id/impersonation_tokens/:impersonation_token_id',
    path: '/users/2/impersonation_tokens/1',
    entity: e(keys.IMPERSONATION_TOKEN),
  },
  // Writes.
  { route: 'POST /projects/:id/issues', path: ISSUE, body: { title: 'Fidelity' }, entity: e(issues.ISSUE) },
  { route: 'PUT /projects/:id/issues/:issue_iid', path: `${ISSUE}/1`, body: { title: 'Fidelity' }, entity: e(issues.ISSUE) },
  { route: 'POST /projects/:id/issues/:issue_iid/unsubscribe', path: `${ISSUE}/4/unsubscribe`, entity: e(issues.ISSUE) },
  { route: 'POST /projects/:id/issues/:issue_iid/subscribe', path: `${ISSUE}/4/subscribe`, entity: e(issues.ISSUE) },
  { route: 'POST /projects/:id/issues/:issue_iid/todo', path: `${ISSUE}/5/todo`, entity: e(todos.TODO) },
  {
    route: 'POST /projects/:id/issues/:issue_iid/time_estimate',
    path: `${ISSUE}/1/time_estimate`,
    body: { duration: '1h' },
    entity: e(common.TIME_STATS),
  },
  {
    route: 'POST /projects/:id/issues/:issue_iid/reset_time_estimate',
    path: `${ISSUE}/1/reset_time_estimate`,
    entity: e(common.TIME_STATS),
  },
  {
    route: 'POST /projects/:id/issues/:issue_iid/add_spent_time',
    path: `${ISSUE}/1/add_spent_time`,
    body: { duration: '1h' },
    entity: e(common.TIME_STATS),
  },
  { route: 'POST /projects/:id/issues/:issue_iid/reset_spent_time', path: `${ISSUE}/1/reset_spent_time`, entity: e(common.TIME_STATS) },
  { route: 'POST /projects/:id/issues/:issue_iid/notes', path: `${ISSUE}/1/notes`, body: { body: 'Fidelity' }, entity: e(notes.NOTE) },
  { route: 'POST /projects/:id/issues/:issue_iid/move', path: `${ISSUE}/7/move`, body: { to_project_id: 2 }, entity: e(issues.ISSUE) },
  { route: 'POST /projects/:id/boards/:board_id/lists', path: `${P}/boards/1/lists`, body: { label_id: 5 }, entity: e(boards.BOARD_LIST) },
  {
    route: 'PUT /projects/:id/boards/:board_id/lists/:list_id',
    path: `${P}/boards/1/lists/1`,
    body: { position: 1 },
    entity: e(boards.BOARD_LIST),
  },
  { route: 'POST /projects/:id/pipeline', path: `${P}/pipeline`, body: { ref: 'main' }, entity: e(pipelines.PIPELINE) },
  {
    route: 'POST /projects/:id/trigger/pipeline',
    path: `${P}/trigger/pipeline`,
    body: { ref: 'main', token: 'sandbox-job-token' },
    entity: e(pipelines.PIPELINE),
  },
  {
    route: 'POST /projects/:id/ref/*ref/trigger/pipeline',
    path: `${P}/ref/feature%2Fx/trigger/pipeline`,
    body: { token: 'sandbox-job-token' },
    entity: e(pipelines.PIPELINE),
  },
  { route: 'POST /projects/:id/pipelines/:pipeline_id/retry', path: `${P}/pipelines/13/retry`, entity: e(pipelines.PIPELINE) },
  { route: 'POST /projects/:id/pipelines/:pipeline_id/cancel', path: `${P}/pipelines/14/cancel`, entity: e(pipelines.PIPELINE) },
  {
    route: 'PUT /projects/:id/pipelines/:pipeline_id/metadata',
    path: `${P}/pipelines/1/metadata`,
    body: { name: 'Fidelity' },
    entity: e(pipelines.PIPELINE_WITH_METADATA),
  },
  {
    route: 'POST /projects/:id/ci/lint',
    path: `${P}/ci/lint`,
    body: { content: 'a:\n  script: x\n', include_jobs: true },
    entity: e(pipelines.LINT_RESULT),
  },
  {
    route: 'POST /projects/:id/releases',
    path: `${P}/releases`,
    body: { tag_name: 'fidelity', ref: 'main', assets: { links: [{ name: 'f', url: 'https://example.com/f' }] } },
    entity: e(releases.RELEASE),
  },
  { route: 'PUT /projects/:id/releases/:tag_name', path: `${P}/releases/fidelity`, body: { name: 'F' }, entity: e(releases.RELEASE) },
  {
    route: 'POST /projects/:id/releases/:tag_name/assets/links',
    path: `${P}/releases/fidelity/assets/links`,
    body: { name: 'g', url: 'https://example.com/g' },
    entity: e(releases.RELEASE_LINK),
  },
  {
    route: 'PUT /projects/:id/releases/:tag_name/assets/links/:link_id',
    path: `${P}/releases/v0.9/assets/links/1`,
    body: { name: 'Runbook 2' },
    entity: e(releases.RELEASE_LINK),
  },
  {
    route: 'DELETE /projects/:id/releases/:tag_name/assets/links/:link_id',
    path: `${P}/releases/v0.9/assets/links/1`,
    entity: e(releases.RELEASE_LINK),
  },
  { route: 'DELETE /projects/:id/releases/:tag_name', path: `${P}/releases/fidelity`, entity: e(releases.RELEASE) },
  {
    route: 'PUT /projects/:id/packages/generic/:package_name/:package_version/:file_name',
    path: `${P}/packages/generic/f/1.0/f.txt?select=package_file`,
    entity: e(packages.PACKAGE_FILE_RECORD),
  },
  {
    route: 'PUT /projects/:id/packages/generic/:package_name/:package_version/*path/:file_name',
    path: `${P}/packages/generic/f/1.0/dist/f.txt?select=package_file`,
    entity: e(packages.PACKAGE_FILE_RECORD),
  },
  {
    route: 'POST /projects/:id/variables',
    path: `${P}/variables`,
    body: { key: 'FIDELITY', value: 'f' },
    entity: e(variables.CI_VARIABLE),
  },
  { route: 'PUT /projects/:id/variables/:key', path: `${P}/variables/FIDELITY`, body: { value: 'g' }, entity: e(variables.CI_VARIABLE) },
  {
    route: 'POST /groups/:id/variables',
    path: '/groups/acme/variables',
    body: { key: 'FIDELITY', value: 'f' },
    entity: e(variables.CI_VARIABLE),
  },
  {
    route: 'PUT /groups/:id/variables/:key',
    path: '/groups/acme/variables/FIDELITY',
    body: { value: 'g' },
    entity: e(variables.CI_VARIABLE),
  },
  { route: 'POST /projects/:id/jobs/:job_id/cancel', path: `${P}/jobs/14/cancel`, entity: e(jobs.JOB) },
  { route: 'POST /projects/:id/jobs/:job_id/retry', path: `${P}/jobs/6/retry`, entity: e(jobs.JOB) },
  { route: 'POST /projects/:id/jobs/:job_id/play', path: `${P}/jobs/19/play`, entity: e(jobs.JOB) },
  { route: 'POST /projects/:id/jobs/:job_id/artifacts/keep', path: `${P}/jobs/1/artifacts/keep`, entity: e(jobs.JOB) },
  { route: 'POST /projects/:id/jobs/:job_id/erase', path: `${P}/jobs/2/erase`, entity: e(jobs.JOB) },
  { route: 'POST /projects', path: '/projects', body: { name: 'Fidelity' }, entity: e(projects.PROJECT) },
  { route: 'POST /projects/user/:user_id', path: '/projects/user/3', body: { name: 'Fidelity' }, entity: e(projects.PROJECT) },
  { route: 'PUT /projects/:id', path: P, body: { description: 'Fidelity' }, entity: e(projects.PROJECT) },
  { route: 'POST /projects/:id/fork', path: '/projects/acme%2Fwebsite/fork', body: { namespace: 'labs' }, entity: e(projects.PROJECT) },
  { route: 'GET /projects/:id/forks', path: '/projects/acme%2Fwebsite/forks', entity: e(projects.PROJECT) },
  // The fork made above, moved on to bob's namespace (lib/api/projects.rb `put ":id/transfer"`).
  {
    route: 'PUT /projects/:id/transfer',
    path: '/projects/labs%2Fwebsite/transfer',
    body: { namespace: 'bob' },
    entity: e(projects.PROJECT),
  },
  { route: 'POST /projects/:id/star', path: '/projects/acme%2Fplatform%2Fdocs/star', entity: e(projects.PROJECT) },
  { route: 'POST /projects/:id/unstar', path: '/projects/acme%2Fplatform%2Fdocs/unstar', entity: e(projects.PROJECT) },
  { route: 'POST /projects/:id/archive', path: '/projects/acme%2Fplatform%2Fdocs/archive', entity: e(projects.PROJECT) },
  { route: 'POST /projects/:id/unarchive', path: '/projects/acme%2Fplatform%2Fdocs/unarchive', entity: e(projects.PROJECT) },
  { route: 'POST /groups', path: '/groups', body: { name: 'Fidelity', path: 'fidelity' }, entity: e(groups.GROUP_DETAIL) },
  { route: 'PUT /groups/:id', path: '/groups/fidelity', body: { description: 'Fidelity' }, entity: e(groups.GROUP_DETAIL) },
  { route: 'POST /groups/:id/projects/:project_id', path: '/groups/fidelity/projects/4', entity: e(groups.GROUP_DETAIL) },
  {
    route: 'POST /projects/:id/merge_requests',
    path: MR,
    body: { source_branch: 'f/fidelity', target_branch: 'main', title: 'F' },
    entity: e(mrs.MERGE_REQUEST),
  },
  {
    route: 'PUT /projects/:id/merge_requests/:merge_request_iid',
    path: `${MR}/1`,
    body: { title: 'Fidelity' },
    entity: e(mrs.MERGE_REQUEST),
  },
  { route: 'POST /projects/:id/merge_requests/:merge_request_iid/approve', path: `${MR}/1/approve`, entity: e(mrs.APPROVALS) },
  { route: 'POST /projects/:id/merge_requests/:merge_request_iid/unapprove', path: `${MR}/1/unapprove`, entity: e(mrs.APPROVALS) },
  { route: 'POST /projects/:id/merge_requests/:merge_request_iid/subscribe', path: `${MR}/5/subscribe`, entity: e(mrs.MERGE_REQUEST) },
  { route: 'POST /projects/:id/merge_requests/:merge_request_iid/unsubscribe', path: `${MR}/5/unsubscribe`, entity: e(mrs.MERGE_REQUEST) },
  { route: 'POST /projects/:id/merge_requests/:merge_request_iid/todo', path: `${MR}/5/todo`, entity: e(todos.TODO) },
  {
    route: 'POST /projects/:id/merge_requests/:merge_request_iid/notes',
    path: `${MR}/1/notes`,
    body: { body: 'F' },
    entity: e(notes.NOTE),
  },
  {
    route: 'POST /projects/:id/merge_requests/:merge_request_iid/discussions',
    path: `${MR}/6/discussions`,
    body: { body: 'F' },
    entity: e(discussions.DISCUSSION),
  },
  {
    route: 'POST /projects/:id/merge_requests/:merge_request_iid/discussions/:discussion_id/notes',
    path: async (sb) => `${MR}/6/discussions/${await threadOf(sb, 6, 'DiffNote')}/notes`,
    body: { body: 'F' },
    entity: e(notes.NOTE),
  },
  {
    route: 'PUT /projects/:id/merge_requests/:merge_request_iid/discussions/:discussion_id',
    path: async (sb) => `${MR}/6/discussions/${await threadOf(sb, 6, 'DiffNote')}`,
    body: { resolved: true },
    entity: e(discussions.DISCUSSION),
  },
  {
    route: 'PUT /projects/:id/merge_requests/:merge_request_iid/discussions/:discussion_id/notes/:note_id',
    path: async (sb) => {
      const id = await threadOf(sb, 6, 'DiffNote');
      const thread = (await call(sb, `${MR}/6/discussions/${id}`)).body;
      return `${MR}/6/discussions/${id}/notes/${thread.notes[0].id}`;
    },
    body: { resolved: false },
    entity: e(notes.NOTE),
  },
  { route: 'PUT /projects/:id/merge_requests/:merge_request_iid/merge', path: `${MR}/8/merge`, entity: e(mrs.MERGE_REQUEST) },
  {
    route: 'POST /users',
    path: '/users',
    body: { email: 'f@example.com', username: 'frank', name: 'F', reset_password: true },
    entity: e(users.USER_WITH_ADMIN_ONE),
  },
  { route: 'PUT /users/:id', path: '/users/3', body: { name: 'Bob S' }, entity: e(users.USER_WITH_ADMIN_ONE) },
  { route: 'POST /user/keys', path: '/user/keys', body: { title: 'f', key: SSH }, entity: e(keys.SSH_KEY) },
  {
    route: 'POST /users/:id/keys',
    path: '/users/3/keys',
    body: { title: 'f', key: SSH.replace('Fidelity', 'Gidelity') },
    entity: e(keys.SSH_KEY),
  },
  { route: 'POST /user/gpg_keys', path: '/user/gpg_keys', body: { key: GPG }, entity: e(keys.GPG_KEY) },
  { route: 'POST /users/:id/gpg_keys', path: '/users/3/gpg_keys', body: { key: GPG.replace('xyz', 'abc') }, entity: e(keys.GPG_KEY) },
  { route: 'POST /user/emails', path: '/user/emails', body: { email: 'f1@example.com' }, entity: e(keys.EMAIL) },
  { route: 'POST /users/:id/emails', path: '/users/3/emails', body: { email: 'f2@example.com' }, entity: e(keys.EMAIL) },
  {
    route: 'POST /users/:user_id/impersonation_tokens',
    path: '/users/2/impersonation_tokens',
    body: { name: 'f', scopes: ['api'] },
    entity: e(keys.IMPERSONATION_TOKEN_WITH_TOKEN),
  },
];

/** The id of the first thread of merge request `iid` whose first note is of this type. */
async function threadOf(sb: SandboxHandle, iid: number, type: string): Promise<string> {
  const list = (await call(sb, `${MR}/${iid}/discussions?per_page=100`)).body as { id: string; notes: { type: unknown }[] }[];
  const found = list.find((t) => t.notes[0]?.type === type);
  if (!found) throw new Error(`no ${type} thread on !${iid}`);
  return found.id;
}

/** Routes that answer no entity of GitLab's, and why. */
const NO_ENTITY: Record<string, string> = {
  'POST /todos/mark_as_done': '204',
  'DELETE /projects/:id/issues/:issue_iid': '204',
  'DELETE /projects/:id/boards/:board_id/lists/:list_id': '204',
  'GET /projects/:id/jobs/:job_id/artifacts': 'an archive',
  'GET /projects/:id/jobs/artifacts/:ref_name/download': 'an archive',
  'GET /projects/:id/jobs/artifacts/*ref_name/download': 'an archive',
  'GET /projects/:id/jobs/artifacts/*ref_name/raw/*artifact_path': 'a file',
  'GET /projects/:id/jobs/:job_id/artifacts/*artifact_path': 'a file',
  'GET /projects/:id/jobs/:job_id/trace': 'text',
  'DELETE /projects/:id': '202 {"message"}',
  'POST /projects/:id/uploads': "the upload service's hash (projects.UPLOAD; multipart, checked in projects-groups.test.ts)",
  'DELETE /groups/:id': '202 {"message"}',
  'POST /groups/:id/ldap_sync': '202 {"message"}',
  'POST /groups/:id/ldap_group_links': "EE LdapGroupLink, the spec's three keys",
  'DELETE /groups/:id/ldap_group_links/:cn': '204',
  'DELETE /groups/:id/ldap_group_links/:provider/:cn': '204',
  'DELETE /projects/:id/merge_requests/:merge_request_iid': '204',
  'POST /projects/:id/merge_requests/:merge_request_iid/cancel_merge_when_pipeline_succeeds': 'the service\'s {"status"}',
  'DELETE /users/:id': '204',
  'POST /users/:id/block': 'true or null',
  'POST /users/:id/unblock': 'true or false',
  'DELETE /user/keys/:key_id': '204',
  'DELETE /users/:id/keys/:key_id': '204',
  'DELETE /user/gpg_keys/:key_id': '204',
  'DELETE /users/:id/gpg_keys/:key_id': '204',
  'DELETE /user/emails/:email_id': '204',
  'DELETE /users/:id/emails/:email_id': '204',
  'DELETE /users/:user_id/impersonation_tokens/:impersonation_token_id': '204',
  'GET /application/settings': 'the settings table (settings-defaults.ts, GitLab names from the dialect table)',
  'PUT /application/settings': 'the settings table',
  'GET /version': "GitLab's version object",
  'PUT /projects/:id/merge_requests/:merge_request_iid/rebase': '202 {"rebase_in_progress": true} (rebase.test.ts)',
  'DELETE /projects/:id/pipelines/:pipeline_id': '204',
  'GET /projects/:id/releases/permalink/latest': '302 to the latest release',
  'GET /projects/:id/releases/permalink/latest/*suffix_path': '302 to the latest release',
  'GET /projects/:id/releases/:tag_name/downloads/*direct_asset_path': "302 to the link's URL",
  'GET /projects/:id/packages/generic/:package_name/:package_version/:file_name': 'a file',
  'GET /projects/:id/packages/generic/:package_name/:package_version/*path/:file_name': 'a file',
  'DELETE /projects/:id/packages/:package_id': '204',
  'DELETE /projects/:id/variables/:key': '204',
  'DELETE /groups/:id/variables/:key': '204',
};

const README = fs.readFileSync(path.resolve(import.meta.dirname, '../../src/sandbox/README.md'), 'utf8');
const ENTITY_MODULES = [
  approvals,
  boards,
  common,
  labels,
  commits,
  discussions,
  groups,
  issues,
  jobs,
  keys,
  mrs,
  namespaces,
  notes,
  packages,
  pipelines,
  projects,
  releases,
  todos,
  users,
  variables,
];
const isEntity = (value: unknown): value is AnyEntity =>
  typeof value === 'object' && value !== null && 'fields' in value && (value as { fields: unknown }).fields instanceof Map;

describe('the GitLab flavour answers the entities declared from GitLab', () => {
  let sb: SandboxHandle;
  const answers: { call: Call; status: number; objects: Record<string, unknown>[] }[] = [];

  beforeAll(async () => {
    sb = await startSandbox({ port: 0, flavor: 'gitlab' });
    for (const c of CALLS) {
      const method = c.route.split(' ')[0];
      const res = await call(sb, typeof c.path === 'string' ? c.path : await c.path(sb), {
        method,
        json: c.body ?? (method === 'GET' ? undefined : {}),
        token: c.headers ? null : c.token,
        headers: c.headers,
      });
      const objects = (Array.isArray(res.body) ? res.body : [res.body]).filter((o) => o !== null && typeof o === 'object');
      answers.push({ call: c, status: res.status, objects });
    }
  }, 60_000);
  afterAll(() => sb.close());

  it('every route of the GitLab flavour is called here, or answers no entity', () => {
    const called = new Set(CALLS.map((c) => c.route));
    const unaccounted = buildRouter('gitlab')
      .list()
      .filter((r) => !called.has(r) && !(r in NO_ENTITY));
    expect(unaccounted).toEqual([]);
  });

  it('every answer has the keys of its entity: none GitLab lacks, all GitLab always sends', () => {
    for (const { call: c, status, objects } of answers) {
      expect(status, `${c.route} ${c.path}`).toBeLessThan(300);
      expect(objects.length, `${c.path} answered no object`).toBeGreaterThan(0);
      const { sent, conditional } = gitlabKeys(c.entity);
      const known = new Set([...sent, ...conditional]);
      for (const o of objects) {
        const got = Object.keys(o);
        expect(
          got.filter((k) => !known.has(k)),
          `${c.route}: keys GitLab's entity lacks`,
        ).toEqual([]);
        expect(
          sent.filter((k) => !got.includes(k)),
          `${c.route}: keys GitLab always sends`,
        ).toEqual([]);
      }
    }
  });

  it("each entity keeps 95% of GitLab's keys, and the README names each one left out", () => {
    for (const module of ENTITY_MODULES)
      for (const [name, value] of Object.entries(module)) {
        if (!isEntity(value)) continue;
        const { sent, conditional, omitted } = gitlabKeys(value);
        const all = sent.length + conditional.length + omitted.length;
        expect((sent.length + conditional.length) / all, `${name}: ${omitted.join(', ')}`).toBeGreaterThanOrEqual(0.95);
        for (const key of omitted) expect(README, `README names ${name}'s ${key}`).toMatch(new RegExp(`\`${key}\``));
        for (const key of Object.keys(value.optional)) expect(README, `README names ${name}'s ${key}`).toMatch(new RegExp(`\`${key}\``));
      }
  });

  it('every entity declared is answered by some route', () => {
    const answered = new Set(CALLS.map((c) => c.entity));
    const declared: string[] = [];
    for (const module of ENTITY_MODULES)
      for (const [name, value] of Object.entries(module)) if (isEntity(value) && !answered.has(value)) declared.push(name);
    // Entities only embedded in others.
    const embedded = [
      'ISSUABLE',
      'MILESTONE_CLOSED',
      'BOARD_LABEL',
      'DIFF',
      'PIPELINE_BASIC',
      'PIPELINE',
      'NAMESPACE_BASIC',
      'PROJECT_IDENTITY',
      'BOARD_PROJECT',
      'TODO_ISSUE',
      'JOB_WITH_DOWNLOAD_URL',
      'CURRENT_ADMIN',
      'UPLOAD',
      'APPROVAL_STATE_RULE',
    ];
    expect(declared.filter((n) => !embedded.includes(n))).toEqual([]);
  });
});
