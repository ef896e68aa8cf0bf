/**
 * The gitlab flavour shows what GitLab's source does (issue 39, item 9):
 * - lib/api/notes.rb: every route wants a token (`before { authenticate! }`); the list pages
 *   first, then drops the notes the reader may not read (internal ones below Reporter), so pages
 *   come short or empty with more after them;
 * - app/services/notes/quick_actions_service.rb and lib/api/helpers/notes_helpers.rb
 *   `process_note_creation_result`: quick actions run; a comment of nothing else answers 202
 *   `NoteCommands` (lib/api/entities/note.rb: `commands_changes`, `summary`);
 * - app/policies/issuable_policy.rb: `locked & ~is_project_member` prevents `create_note`;
 * - lib/api/helpers.rb `find_project!`: a renamed project's old path answers a read 301 to the
 *   route by id, a write 405 "Non GET methods are not allowed for moved projects";
 * - lib/api/ci/jobs.rb: `scope` takes every `AVAILABLE_STATUSES` value; `GET /job` answers the
 *   job token's job.
 */
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { ALICE, API_PROJECT, BOB, call, JOB, useSandbox } from './helpers.js';

const sandbox = useSandbox({ flavor: 'gitlab' });
const EXP = 'labs%2Fexperiments';

/** A new issue of labs/experiments (bob owns it; alice is no member). */
async function issue(title: string): Promise<number> {
  const res = await call(sandbox(), `/projects/${EXP}/issues`, { token: BOB, json: { title } });
  expect(res.status).toBe(201);
  return res.body.iid;
}

describe('notes (lib/api/notes.rb)', () => {
  it('want a token, on a public project too', async () => {
    const iid = await issue('Anonymous readers');
    const res = await call(sandbox(), `/projects/${EXP}/issues/${iid}/notes`, { token: null });
    expect(res.status).toBe(401);
  });

  it('internal notes are dropped after paging: short and empty pages that name a next one', async () => {
    const iid = await issue('Paged notes');
    const path = `/projects/${EXP}/issues/${iid}/notes`;
    for (const [body, internal] of [
      ['first', false],
      ['hidden one', true],
      ['hidden two', true],
      ['last', false],
    ] as const)
      expect((await call(sandbox(), path, { token: BOB, json: { body, internal } })).status).toBe(201);
    const pages: { bodies: string[]; next: string | null }[] = [];
    for (let page = 1; page <= 4; page++) {
      const res = await call(sandbox(), `${path}?sort=asc&per_page=1&page=${page}`, { token: ALICE });
      expect(res.status).toBe(200);
      pages.push({ bodies: res.body.map((n: { body: string }) => n.body), next: res.headers.get('x-next-page') });
    }
    expect(pages).toEqual([
      { bodies: ['first'], next: '2' },
      { bodies: [], next: '3' },
      { bodies: [], next: '4' },
      { bodies: ['last'], next: '' },
    ]);
    // The owner reads them all.
    const all = await call(sandbox(), `${path}?sort=asc&per_page=10`, { token: BOB });
    expect(all.body.map((n: { body: string }) => n.body)).toEqual(['first', 'hidden one', 'hidden two', 'last']);
  });

  it('a locked discussion refuses a non-member only', async () => {
    const iid = await issue('Heated');
    const path = `/projects/${EXP}/issues/${iid}`;
    expect((await call(sandbox(), path, { token: BOB, method: 'PUT', json: { discussion_locked: true } })).status).toBe(200);
    const outsider = await call(sandbox(), `${path}/notes`, { token: ALICE, json: { body: 'me too' } });
    expect(outsider.status).toBe(403);
    expect((await call(sandbox(), `${path}/notes`, { token: BOB, json: { body: 'calm down' } })).status).toBe(201);
  });
});

describe('quick actions in notes', () => {
  it('a comment of quick actions only: 202 NoteCommands, the actions done, no note saved', async () => {
    const sb = sandbox();
    const mr = `/projects/acme%2Fwebsite/merge_requests/1`;
    const before = (await call(sb, `${mr}/notes?per_page=100`, { token: ALICE })).body.length;
    const res = await call(sb, `${mr}/notes`, { token: ALICE, json: { body: '/label ~docs\n/spend 1h 30m\n/assign @bob' } });
    expect(res.status).toBe(202);
    expect(Object.keys(res.body).sort()).toEqual(['commands_changes', 'summary']);
    // lib/gitlab/quick_actions/dsl.rb … interpret_service.rb `execution_messages_for`: one message, joined.
    expect(res.body.summary).toEqual(['Added ~docs label. Added 1h 30m spent time. Assigned @bob.']);
    expect(res.body.commands_changes).toMatchObject({ add_label_ids: [expect.any(Number)], spend_time: { duration: 5400 } });
    const after = await call(sb, mr, { token: ALICE });
    expect(after.body.labels).toContain('docs');
    expect(after.body.time_stats.total_time_spent).toBeGreaterThanOrEqual(5400);
    expect(after.body.assignee.username).toBe('bob');
    expect((await call(sb, `${mr}/notes?per_page=100`, { token: ALICE })).body.length).toBe(before);
  });

  it('text and a quick action: the note is saved without the action line, the action done', async () => {
    const iid = await issue('Closing words');
    const res = await call(sandbox(), `/projects/${EXP}/issues/${iid}/notes`, { token: BOB, json: { body: 'Done here.\n/close' } });
    expect(res.status).toBe(201);
    expect(res.body.body).toBe('Done here.');
    expect(res.body.commands_changes).toEqual({ state_event: 'close' });
    expect((await call(sandbox(), `/projects/${EXP}/issues/${iid}`, { token: BOB })).body.state).toBe('closed');
    const reopened = await call(sandbox(), `/projects/${EXP}/issues/${iid}/notes`, { token: BOB, json: { body: '/reopen' } });
    expect([reopened.status, reopened.body.summary]).toEqual([202, ['Reopened this issue.']]);
  });

  it('/approve on a merge request; /merge merges one with nothing pending', async () => {
    const sb = sandbox();
    const created = await call(sb, `/projects/${EXP}/merge_requests`, {
      token: BOB,
      json: { title: 'Quick', source_branch: 'quick/actions', target_branch: 'main' },
    });
    expect(created.status).toBe(201);
    const mr = `/projects/${EXP}/merge_requests/${created.body.iid}`;
    const approved = await call(sb, `${mr}/notes`, { token: BOB, json: { body: '/approve' } });
    expect([approved.status, approved.body.summary]).toEqual([202, ['Approved the current merge request.']]);
    expect(
      (await call(sb, `${mr}/approvals`, { token: BOB })).body.approved_by.map((a: { user: { username: string } }) => a.user.username),
    ).toEqual(['bob']);
    const merged = await call(sb, `${mr}/notes`, { token: BOB, json: { body: '/merge' } });
    expect([merged.status, merged.body.summary]).toEqual([202, ['Merged this merge request.']]);
    expect((await call(sb, mr, { token: BOB })).body.state).toBe('merged');
  });
});

describe('a renamed project (find_project!)', () => {
  it('keeps its old path: 301 for a read to the route by id, 405 for a write', async () => {
    const sb = sandbox();
    const created = await call(sb, '/projects', { token: BOB, json: { name: 'Old name', path: 'old-name', namespace_id: undefined } });
    expect(created.status).toBe(201);
    const old = encodeURIComponent(created.body.path_with_namespace);
    expect(
      (await call(sb, `/projects/${created.body.id}`, { token: BOB, method: 'PUT', json: { path: 'new-name', name: 'New name' } })).status,
    ).toBe(200);
    const read = await call(sb, `/projects/${old}/issues?state=opened`, { token: BOB });
    expect(read.status).toBe(301);
    expect(read.headers.get('location')).toBe(`${sb.url}/api/v4/projects/${created.body.id}/issues?state=opened`);
    expect(read.text).toBe(`This resource has been moved permanently to ${read.headers.get('location')}`);
    const write = await call(sb, `/projects/${old}/issues`, { token: BOB, json: { title: 'x' } });
    expect([write.status, write.body]).toEqual([405, { message: 'Non GET methods are not allowed for moved projects' }]);
  });
});

describe('jobs (lib/api/ci/jobs.rb)', () => {
  it('every AVAILABLE_STATUSES scope is taken; GET /job answers the job token its job', async () => {
    const sb = sandbox();
    for (const scope of ['waiting_for_resource', 'preparing', 'waiting_for_callback', 'canceling', 'scheduled']) {
      const res = await call(sb, `/projects/${API_PROJECT}/jobs?scope[]=${scope}`);
      expect(res.status, scope).toBe(200);
    }
    const mine = await call(sb, '/job', { token: null, headers: { 'JOB-TOKEN': JOB } });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
    expect((await call(sb, '/job', { token: ALICE })).status).toBe(401);
  });
});

describe('merges as GitLab judges them (app/models/merge_request.rb, lib/api/merge_requests.rb)', () => {
  const mergeable = async (sb: ReturnType<typeof sandbox>, branch: string) => {
    const created = await call(sb, `/projects/${EXP}/merge_requests`, {
      token: BOB,
      json: { title: branch, source_branch: branch, target_branch: 'main' },
    });
    expect(created.status).toBe(201);
    return `/projects/${EXP}/merge_requests/${created.body.iid}`;
  };

  it('auto_merge with nothing to wait for: GitLab 17 answers 405; a draft is waited out', async () => {
    const sb = sandbox();
    const mr = await mergeable(sb, 'auto/none');
    expect((await call(sb, mr, { token: BOB })).body.detailed_merge_status).toBe('mergeable');
    const refused = await call(sb, `${mr}/merge`, { token: BOB, method: 'PUT', json: { auto_merge: true } });
    expect(refused.status).toBe(405);
    await call(sb, mr, { token: BOB, method: 'PUT', json: { title: 'Draft: auto/none' } });
    const waiting = await call(sb, `${mr}/merge`, { token: BOB, method: 'PUT', json: { auto_merge: true } });
    expect([waiting.status, waiting.body.state, waiting.body.merge_when_pipeline_succeeds]).toEqual([200, 'opened', true]);
  });

  it('a head pipeline in progress is something to wait for: auto_merge set, /merge too (diff_head_pipeline_considered_in_progress?)', async () => {
    // app/services/auto_merge/merge_when_checks_pass_service.rb `availability_details`: unavailable
    // only when `mergeable? && !diff_head_pipeline_considered_in_progress?`.
    const sb = sandbox();
    const project = `/projects/${API_PROJECT}`;
    for (const branch of ['auto/running', 'auto/quick']) {
      const created = await call(sb, `${project}/merge_requests`, {
        token: ALICE,
        json: { title: branch, source_branch: branch, target_branch: 'main' },
      });
      const path = `${project}/merge_requests/${created.body.iid}`;
      const pipeline = await call(sb, `${project}/pipeline`, { token: ALICE, json: { ref: branch } });
      expect([pipeline.status, pipeline.body.status]).toEqual([201, 'created']);
      expect((await call(sb, path, { token: ALICE })).body.detailed_merge_status).toBe('mergeable');
      if (branch === 'auto/running') {
        const set = await call(sb, `${path}/merge`, { token: ALICE, method: 'PUT', json: { auto_merge: true } });
        expect([set.status, set.body.state, set.body.merge_when_pipeline_succeeds]).toEqual([200, 'opened', true]);
      } else {
        const note = await call(sb, `${path}/notes`, { token: ALICE, json: { body: '/merge' } });
        expect(note.status).toBe(202);
        expect((await call(sb, path, { token: ALICE })).body).toMatchObject({ state: 'opened', merge_when_pipeline_succeeds: true });
      }
    }
  });

  it('GitLab 18 merges at once when nothing is pending', async () => {
    const sb = await startSandbox({ port: 0, flavor: 'gitlab', gitlabVersion: '18.2.0-ee' });
    try {
      expect((await call(sb, '/version')).body.version).toBe('18.2.0-ee');
      const mr = await mergeable(sb, 'auto/now');
      const merged = await call(sb, `${mr}/merge`, { token: BOB, method: 'PUT', json: { auto_merge: true } });
      expect([merged.status, merged.body.state]).toEqual([200, 'merged']);
    } finally {
      await sb.close();
    }
  });

  it('detailed_merge_status: the pipeline last, after approvals and conflicts', async () => {
    const sb = sandbox();
    const project = `/projects/${EXP}`;
    const settings = { only_allow_merge_if_pipeline_succeeds: true, approvals_before_merge: 1 };
    expect((await call(sb, project, { method: 'PUT', json: settings })).status).toBe(200);
    const path = await mergeable(sb, 'order/checks');
    // Approvals missing and no pipeline succeeded: GitLab names the approvals (the CI check runs
    // only when everything else passes); approved, the pipeline is all that is left.
    expect((await call(sb, path, { token: BOB })).body.detailed_merge_status).toBe('not_approved');
    expect((await call(sb, `${path}/approve`, { token: BOB, method: 'POST' })).status).toBe(201);
    expect((await call(sb, path, { token: BOB })).body.detailed_merge_status).toBe('ci_must_pass');
  });
});

describe('the spec flavour merges with approvals missing (part 2 §7 lists no such refusal)', () => {
  it('merges "Harden artifact downloads" with approvals_missing 1', async () => {
    const sb = await startSandbox({ port: 0, flavor: 'spec' });
    try {
      const mr = (await call(sb, `/projects/${API_PROJECT}/merge_requests?search=Harden`)).body[0];
      expect((await call(sb, `/projects/${API_PROJECT}/merge_requests/${mr.iid}/approvals`)).body.approvals_missing).toBeGreaterThan(0);
      const merged = await call(sb, `/projects/${API_PROJECT}/merge_requests/${mr.iid}/merge`, { token: ALICE, method: 'PUT' });
      expect([merged.status, merged.body.state]).toEqual([200, 'merged']);
    } finally {
      await sb.close();
    }
  });
});

describe('namespaces (lib/api/entities/namespace.rb)', () => {
  it('projects_count counts the subgroups’ projects too (Namespace#all_projects), for the group’s administrators', async () => {
    const acme = (await call(sandbox(), '/namespaces?search=acme', { token: ALICE })).body.find(
      (n: { full_path: string }) => n.full_path === 'acme',
    );
    // acme/website, and acme/platform's api and docs.
    expect(acme.projects_count).toBe(3);
  });
});
