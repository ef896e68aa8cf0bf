/**
 * The gitlab flavour, what issue 39's round left out (item 9):
 * - a project moved to another namespace keeps its old path as a redirect route, as a renamed
 *   one does: `PUT /projects/:id/transfer` (lib/api/projects.rb, refusals from
 *   app/services/projects/transfer_service.rb rendered `Failed to transfer project
 *   #{user_project.errors.messages}`) and `POST /groups/:id/projects/:project_id`
 *   (lib/api/groups.rb); lib/api/helpers.rb `find_project!` answers the old path 301 / 405.
 */
import { describe, expect, it } from 'vitest';
import { scaledClock, startSandbox } from '../../src/sandbox/index.js';
import { ADMIN, ALICE, API_PROJECT, BOB, call, useSandbox } from './helpers.js';

const sandbox = useSandbox({ flavor: 'gitlab' });

/** A project of bob's own namespace. */
async function bobsProject(sb: ReturnType<typeof sandbox>, path: string): Promise<{ id: number; old: string }> {
  const created = await call(sb, '/projects', { token: BOB, json: { name: path, path } });
  expect(created.status).toBe(201);
  return { id: created.body.id, old: encodeURIComponent(created.body.path_with_namespace) };
}

describe('a transferred project (Projects::TransferService, find_project!)', () => {
  it('PUT /projects/:id/transfer moves it; the old path answers a read 301 to the id and a write 405', async () => {
    const sb = sandbox();
    const { id, old } = await bobsProject(sb, 'wanders');
    const moved = await call(sb, `/projects/${id}/transfer`, { token: BOB, method: 'PUT', json: { namespace: 'labs' } });
    expect([moved.status, moved.body.path_with_namespace]).toEqual([200, 'labs/wanders']);
    const read = await call(sb, `/projects/${old}/issues`, { token: BOB });
    expect([read.status, read.headers.get('location')]).toEqual([301, `${sb.url}/api/v4/projects/${id}/issues`]);
    const write = await call(sb, `/projects/${old}/issues`, { token: BOB, json: { title: 'x' } });
    expect([write.status, write.body]).toEqual([405, { message: 'Non GET methods are not allowed for moved projects' }]);
    // Moved again: both old paths lead to the project.
    expect((await call(sb, `/projects/${id}/transfer`, { token: BOB, method: 'PUT', json: { namespace: 'bob' } })).status).toBe(200);
    const first = await call(sb, `/projects/${old}`, { token: BOB });
    expect(first.status).toBe(200);
    const second = await call(sb, `/projects/labs%2Fwanders`, { token: BOB });
    expect([second.status, second.headers.get('location')]).toEqual([301, `${sb.url}/api/v4/projects/${id}`]);
  });

  it('refuses as TransferService does: 400 with the errors, 404 for an unknown namespace, 403 below Owner', async () => {
    const sb = sandbox();
    const { id } = await bobsProject(sb, 'stays');
    const transfer = (namespace: string, token = BOB) =>
      call(sb, `/projects/${id}/transfer`, { token, method: 'PUT', json: { namespace } });
    expect((await transfer('bob')).body).toEqual({
      message: 'Failed to transfer project {:new_namespace=>["Project is already in this namespace."]}',
    });
    const into = await transfer('acme');
    expect([into.status, into.body.message]).toEqual([
      400,
      `Failed to transfer project {:new_namespace=>["You don't have permission to transfer projects into that namespace."]}`,
    ]);
    expect((await transfer('nowhere')).body).toEqual({ message: '404 Namespace Not Found' });
    expect((await transfer('labs', ALICE)).status).toBe(404);
    expect((await call(sb, `/projects/${id}/transfer`, { token: BOB, method: 'PUT', json: {} })).status).toBe(400);
    const labs = (await call(sb, '/groups/labs', { token: BOB })).body.id;
    expect((await call(sb, '/projects', { token: BOB, json: { name: 'Stays', path: 'stays', namespace_id: labs } })).status).toBe(201);
    expect((await transfer('labs')).body).toEqual({
      message: 'Failed to transfer project {:new_namespace=>["Project with same name or path in target namespace already exists"]}',
    });
    expect((await call(sb, `/projects/${id}`, { token: BOB })).body.path_with_namespace).toBe('bob/stays');
  });

  it('the admin’s POST /groups/:id/projects/:project_id keeps the old path too', async () => {
    const sb = sandbox();
    const { id, old } = await bobsProject(sb, 'adopted');
    expect((await call(sb, `/groups/labs/projects/${id}`, { token: ADMIN, method: 'POST' })).status).toBe(201);
    const read = await call(sb, `/projects/${old}`, { token: BOB });
    expect([read.status, read.headers.get('location')]).toEqual([301, `${sb.url}/api/v4/projects/${id}`]);
  });

  it('the spec flavour has no PUT /projects/:id/transfer', async () => {
    const sb = await startSandbox({ port: 0, flavor: 'spec' });
    try {
      const res = await call(sb, '/projects/1/transfer', { token: ADMIN, method: 'PUT', json: { namespace: 'labs' } });
      expect(res.status).toBe(404);
    } finally {
      await sb.close();
    }
  });
});

/**
 * Quick actions that cannot apply, or that the issuable refuses:
 * - lib/gitlab/quick_actions/command_definition.rb `execute_message`: a command whose condition
 *   does not hold says `Could not apply <name> command.` (still 202: the note had only commands);
 * - app/services/notes/create_service.rb `do_commands` → `quick_actions_update_errors`: an update
 *   the issuable's save refuses (TimeTrackable#check_negative_time_spent: "Time to subtract
 *   exceeds the total time spent") is `note.errors[:validation]`, and lib/api/helpers/
 *   notes_helpers.rb `process_note_creation_result` answers `bad_request!("Note #{note.errors.messages}")`
 *   — before it looks at `note.persisted?`, so a comment with text is saved and still 400.
 */
describe('quick actions that fail (Notes::CreateService, process_note_creation_result)', () => {
  const EXP = '/projects/labs%2Fexperiments';
  async function newIssue(sb: ReturnType<typeof sandbox>, title: string): Promise<string> {
    const res = await call(sb, `${EXP}/issues`, { token: BOB, json: { title, labels: 'bug' } });
    expect(res.status).toBe(201);
    return `${EXP}/issues/${res.body.iid}`;
  }
  const notes = async (sb: ReturnType<typeof sandbox>, issue: string) =>
    (await call(sb, `${issue}/notes?per_page=100`, { token: BOB })).body.map((n: { body: string }) => n.body);

  it('subtracting more time than was spent: 400 with the validation error, nothing changed', async () => {
    const sb = sandbox();
    const issue = await newIssue(sb, 'Overdrawn');
    const refused = await call(sb, `${issue}/notes`, { token: BOB, json: { body: '/unlabel ~bug\n/spend -1h' } });
    expect([refused.status, refused.body]).toEqual([
      400,
      { message: '400 Bad request - Note {:validation=>["Time to subtract exceeds the total time spent"]}' },
    ]);
    const after = (await call(sb, issue, { token: BOB })).body;
    expect([after.labels, after.time_stats.total_time_spent]).toEqual([['bug'], 0]);
    const withText = await call(sb, `${issue}/notes`, { token: BOB, json: { body: 'Correcting my time.\n/spend -30m' } });
    expect(withText.status).toBe(400);
    expect(await notes(sb, issue)).toContain('Correcting my time.');
    const fine = await call(sb, `${issue}/notes`, { token: BOB, json: { body: '/spend 1h\n/spend -30m' } });
    expect([fine.status, (await call(sb, issue, { token: BOB })).body.time_stats.total_time_spent]).toEqual([202, 1800]);
  });

  it('a command whose condition does not hold: 202 saying it could not apply it', async () => {
    const sb = sandbox();
    const issue = await newIssue(sb, 'Conditions');
    const say = async (body: string) => {
      const res = await call(sb, `${issue}/notes`, { token: BOB, json: { body } });
      expect(res.status, body).toBe(202);
      return res.body.summary;
    };
    expect(await say('/reopen')).toEqual(['Could not apply reopen command.']);
    expect(await say('/label ~no-such-label')).toEqual(['Could not apply label command.']);
    // The labels named are said, whether or not the issue had them; /unlabel alone removes all.
    expect(await say('/label ~bug')).toEqual(['Added ~bug label.']);
    expect(await say('/unlabel')).toEqual(['Removed all labels.']);
    expect((await call(sb, issue, { token: BOB })).body.labels).toEqual([]);
    expect(await say('/unlabel ~bug\n/close')).toEqual(['Could not apply unlabel command. Closed this issue.']);
    // lib/gitlab/quick_actions/issue_and_merge_request_actions.rb `/assign`: a parse error for a
    // name nobody has, "no user was found" for none; nobody is assigned.
    expect(await say('/assign @nobody-here')).toEqual(["Could not apply assign command. Failed to find users for '@nobody-here'."]);
    expect(await say('/assign')).toEqual(['Failed to assign a user because no user was found.']);
    expect((await call(sb, issue, { token: BOB })).body.assignees).toEqual([]);
    expect(await say('/assign me')).toEqual(['Assigned @bob.']);
  });

  it('/approve twice: the second could not apply', async () => {
    const sb = sandbox();
    const created = await call(sb, `${EXP}/merge_requests`, {
      token: BOB,
      json: { title: 'Twice', source_branch: 'twice/approved', target_branch: 'main' },
    });
    const mr = `${EXP}/merge_requests/${created.body.iid}`;
    expect((await call(sb, `${mr}/notes`, { token: BOB, json: { body: '/approve' } })).body.summary).toEqual([
      'Approved the current merge request.',
    ]);
    expect((await call(sb, `${mr}/notes`, { token: BOB, json: { body: '/approve' } })).body.summary).toEqual([
      'Could not apply approve command.',
    ]);
  });
});

/**
 * A merge whose checks pass but not its git state (a rebase needed on a fast-forward project,
 * conflicts), by GitLab's version (lib/api/merge_requests.rb): before `execute_merge` the route
 * passed `immediately_mergeable?` (`mergeable_state?`, no git checks) and answered
 * `render_api_error!('Branch cannot be merged', 422) unless merge_request.mergeable?`; since, a
 * plain merge is `not_allowed!` unless `mergeable?` (app/models/merge_request.rb:
 * `mergeable_git_state?` runs CheckConflictStatusService and CheckRebaseStatusService), and only
 * an auto-merge with no strategy, whose pipeline allows it, reaches `execute_immediate_merge!`'s 422.
 */
describe('a merge that needs a rebase, by version (merge_requests.rb execute_merge)', () => {
  const WEBSITE = '/projects/acme%2Fwebsite';
  const iidOf = async (sb: Parameters<typeof call>[0], branch: string) =>
    ((await call(sb, `${WEBSITE}/merge_requests?state=opened`, { token: ALICE })).body as { iid: number; source_branch: string }[]).find(
      (m) => m.source_branch === branch,
    )?.iid;
  const merge = (sb: Parameters<typeof call>[0], project: string, iid: number | undefined, json: object = {}) =>
    call(sb, `${project}/merge_requests/${iid}/merge`, { token: ALICE, method: 'PUT', json });

  it('GitLab 17 (the sandbox’s): 422 "Branch cannot be merged", as for conflicts', async () => {
    const sb = sandbox();
    const fonts = await iidOf(sb, 'perf/fonts');
    expect((await call(sb, `${WEBSITE}/merge_requests/${fonts}`, { token: ALICE })).body.detailed_merge_status).toBe('need_rebase');
    expect(await merge(sb, WEBSITE, fonts).then((r) => [r.status, r.body])).toEqual([422, { message: 'Branch cannot be merged' }]);
  });

  it('GitLab 18: 405 for a plain merge, rebase or conflicts; 422 for an auto-merge that falls back to merging now', async () => {
    const sb = await startSandbox({ port: 0, flavor: 'gitlab', gitlabVersion: '18.4.1-ee' });
    try {
      const fonts = await iidOf(sb, 'perf/fonts');
      expect(await merge(sb, WEBSITE, fonts).then((r) => [r.status, r.body])).toEqual([405, { message: '405 Method Not Allowed' }]);
      const conflict = await merge(sb, '/projects/acme%2Fplatform%2Fapi', 4);
      expect([conflict.status, conflict.body]).toEqual([405, { message: '405 Method Not Allowed' }]);
      const auto = await merge(sb, '/projects/acme%2Fplatform%2Fapi', 4, { auto_merge: true });
      expect([auto.status, auto.body]).toEqual([422, { message: 'Branch cannot be merged' }]);
    } finally {
      await sb.close();
    }
  });
});

/**
 * `auto_merge` with nothing to wait for (no strategy available), lib/api/merge_requests.rb: merged
 * at once where the head pipeline succeeded (`immediately_mergeable?`: `diff_head_pipeline_success?`;
 * since `execute_merge`, `pipeline_allows_merge?`), 405 where it failed, on every version.
 */
describe('auto_merge with nothing to wait for, by the head pipeline', () => {
  async function withPipeline(version: string, branch: string, fail: boolean): Promise<{ status: number; state?: string }> {
    const sb = await startSandbox({ port: 0, flavor: 'gitlab', gitlabVersion: version, clock: scaledClock(0) });
    try {
      const project = `/projects/${API_PROJECT}`;
      const created = await call(sb, `${project}/merge_requests`, {
        token: ALICE,
        json: { title: branch, source_branch: branch, target_branch: 'main' },
      });
      const variables = fail ? [{ key: 'SANDBOX_FAIL', value: '*' }] : [];
      const pipeline = await call(sb, `${project}/pipeline`, { token: ALICE, json: { ref: branch, variables } });
      expect((await call(sb, `${project}/pipelines/${pipeline.body.id}`, { token: ALICE })).body.status).toBe(fail ? 'failed' : 'success');
      const path = `${project}/merge_requests/${created.body.iid}`;
      expect((await call(sb, path, { token: ALICE })).body.detailed_merge_status).toBe('mergeable');
      const res = await call(sb, `${path}/merge`, { token: ALICE, method: 'PUT', json: { auto_merge: true } });
      return { status: res.status, state: res.body.state };
    } finally {
      await sb.close();
    }
  }

  it('GitLab 17, the head pipeline succeeded: merged at once', async () => {
    expect(await withPipeline('17.6.1-ee', 'auto/green', false)).toEqual({ status: 200, state: 'merged' });
  });

  it('GitLab 18, the head pipeline failed: 405', async () => {
    expect(await withPipeline('18.2.0-ee', 'auto/red', true)).toEqual({ status: 405, state: undefined });
  });
});

/**
 * `POST …/jobs/:job_id/cancel?force=true` (lib/api/ci/jobs.rb → app/services/ci/build_cancel_service.rb):
 * a `canceling` job is `force_cancel`ed — canceled now — where `allowed_to_force?` (maintainers).
 */
describe('job cancel --force (Ci::BuildCancelService)', () => {
  it('a canceling job: left canceling without force, canceled with it by a maintainer', async () => {
    const sb = sandbox();
    const jobs = `/projects/${API_PROJECT}/jobs`;
    const canceling = (await call(sb, `${jobs}?scope=canceling`, { token: ALICE })).body[0];
    expect(canceling?.status).toBe('canceling');
    const plain = await call(sb, `${jobs}/${canceling.id}/cancel`, { token: ALICE, method: 'POST' });
    expect([plain.status, plain.body.status]).toEqual([201, 'canceling']);
    const forced = await call(sb, `${jobs}/${canceling.id}/cancel?force=true`, { token: ALICE, method: 'POST' });
    expect([forced.status, forced.body.status]).toEqual([201, 'canceled']);
  });
});
