/**
 * The GitLab flavour's discussions of a merge request, as lib/api/discussions.rb and
 * doc/api/discussions.md of gitlab-org/gitlab describe them: threads with diff positions
 * (`Gitlab::Diff::Position#to_h`), resolvable threads (app/models/concerns/resolvable_note.rb,
 * resolvable_discussion.rb), internal notes for Reporters and up (`Note#readable_by?`), replies,
 * and the spec flavour without any of it.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN, ALICE, API_PROJECT, BOB, call, useSandbox } from './helpers.js';

const MR = `/projects/${API_PROJECT}/merge_requests`;
const WEBSITE_MR = '/projects/acme%2Fwebsite/merge_requests';
type Thread = { id: string; individual_note: boolean; notes: Record<string, any>[] };

const threads = async (sb: Parameters<typeof call>[0], path: string, token = ALICE): Promise<Thread[]> =>
  (await call(sb, `${path}/discussions?per_page=100`, { token })).body;

describe('GitLab flavour: discussions of a merge request', () => {
  const gitlab = useSandbox({ flavor: 'gitlab' });
  const spec = useSandbox({ flavor: 'spec' });

  it('groups the seeded review into threads: diff comments with positions, resolved state, replies, an internal note', async () => {
    const all = await threads(gitlab(), `${MR}/6`);
    const review = all.filter((t) => t.notes.some((n) => n.type !== null || n.internal));
    expect(review.map((t) => [t.individual_note, t.notes.map((n) => n.type)])).toEqual([
      [false, ['DiffNote', 'DiscussionNote']],
      [false, ['DiffNote', 'DiscussionNote']],
      [false, ['DiscussionNote']],
      [true, [null]],
    ]);
    const [added, removed, overview, internal] = review as [Thread, Thread, Thread, Thread];
    expect(added.notes[0]).toMatchObject({
      position: {
        old_path: 'src/security_artifacts.ts',
        new_path: 'src/security_artifacts.ts',
        position_type: 'text',
        old_line: null,
        new_line: 2,
      },
      resolvable: true,
      resolved: false,
      commit_id: null,
    });
    expect(removed.notes[0]?.position).toMatchObject({ old_line: 2, new_line: null });
    expect(removed.notes.map((n) => [n.resolved, n.resolved_by?.username])).toEqual([
      [true, 'alice'],
      [true, 'alice'],
    ]);
    expect(overview.notes[0]).not.toHaveProperty('position');
    // A comment on its own is no note of a thread: not resolvable, and GitLab leaves `resolved` out.
    expect(internal.notes[0]).toMatchObject({ internal: true, confidential: true, resolvable: false });
    expect(internal.notes[0]).not.toHaveProperty('resolved');
    // Every position's refs are the merge request's diff_refs.
    const mr = (await call(gitlab(), `${MR}/6`, { token: ALICE })).body;
    const { base_sha, start_sha, head_sha } = added.notes[0]?.position ?? {};
    expect({ base_sha, start_sha, head_sha }).toEqual(mr.diff_refs);
  });

  it('wants a user even on a public project (`before { authenticate! }`), and hides internal notes below Reporter', async () => {
    expect((await call(gitlab(), `${WEBSITE_MR}/1/discussions`, { token: null })).status).toBe(401);
    // A public project alice owns, where bob is no member: he reads the merge request, not its internal note.
    const project = (await call(gitlab(), '/projects', { token: ALICE, json: { name: 'Open review', visibility: 'public' } })).body;
    const path = `/projects/${project.id}/merge_requests`;
    const mr = (await call(gitlab(), path, { token: ALICE, json: { source_branch: 'f/open', target_branch: 'main', title: 'Open' } })).body;
    await call(gitlab(), `${path}/${mr.iid}/notes`, { token: ALICE, json: { body: 'for the team only', internal: true } });
    await call(gitlab(), `${path}/${mr.iid}/discussions`, { token: ALICE, json: { body: 'for everyone' } });
    const mine = await threads(gitlab(), `${path}/${mr.iid}`);
    const bobs = await threads(gitlab(), `${path}/${mr.iid}`, BOB);
    expect(mine.flatMap((t) => t.notes.map((n) => n.body))).toEqual(['for the team only', 'for everyone']);
    expect(bobs.flatMap((t) => t.notes.map((n) => n.body))).toEqual(['for everyone']);
    const hidden = mine[0]?.id;
    expect((await call(gitlab(), `${path}/${mr.iid}/discussions/${hidden}`, { token: BOB })).status).toBe(404);
  });

  it('starts a thread on a line of the diff at its diff_refs, and refuses a line the diff does not have', async () => {
    const mr = (await call(gitlab(), `${MR}/8`)).body;
    const position = { ...mr.diff_refs, position_type: 'text', old_path: 'CHANGELOG.md', new_path: 'CHANGELOG.md', new_line: 2 };
    const res = await call(gitlab(), `${MR}/8/discussions`, { json: { body: 'Name the issue', position } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ individual_note: false, notes: [{ type: 'DiffNote', position: { new_line: 2, old_line: null } }] });
    // An unchanged line needs both numbers (doc/api/discussions.md); a line outside the diff is no line code.
    for (const wrong of [{ new_line: 1 }, { new_line: 9 }, { new_line: 2, head_sha: 'f'.repeat(40) }]) {
      const refused = await call(gitlab(), `${MR}/8/discussions`, { json: { body: 'x', position: { ...position, ...wrong } } });
      expect([refused.status, refused.body.message]).toEqual([
        400,
        '400 Bad request - Note {:line_code=>["can\'t be blank", "must be a valid line code"]}',
      ]);
    }
    const context = await call(gitlab(), `${MR}/8/discussions`, {
      json: { body: 'ok', position: { ...position, new_line: 1, old_line: 1 } },
    });
    expect(context.status).toBe(201);
    const missing = await call(gitlab(), `${MR}/8/discussions`, { json: { body: 'x', position: { position_type: 'text' } } });
    expect([missing.status, missing.body]).toEqual([400, { error: 'position[base_sha] is missing' }]);
    // As a form, the way curl sends it in GitLab's documentation.
    const form = Object.fromEntries(Object.entries(position).map(([k, v]) => [`position[${k}]`, String(v)]));
    expect((await call(gitlab(), `${MR}/8/discussions`, { form: { body: 'form', ...form } })).status).toBe(201);
  });

  it('replies under a thread, turns a comment on its own into a thread, and refuses a reply to a system note', async () => {
    const all = await threads(gitlab(), `${MR}/6`, ADMIN);
    const overview = all.find((t) => t.notes[0]?.body.startsWith('Can someone from the storage team')) as Thread;
    const reply = await call(gitlab(), `${MR}/6/discussions/${overview.id}/notes`, { json: { body: 'I will ask them.' } });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ type: 'DiscussionNote', body: 'I will ask them.', resolvable: true, resolved: false });
    const single = all.find((t) => t.individual_note && !t.notes[0]?.system && !t.notes[0]?.internal) as Thread;
    await call(gitlab(), `${MR}/6/discussions/${single.id}/notes`, { json: { body: 'Replying makes it a thread.' } });
    const after = (await call(gitlab(), `${MR}/6/discussions/${single.id}`)).body as Thread;
    expect([after.individual_note, after.notes.map((n) => n.type)]).toEqual([false, ['DiscussionNote', 'DiscussionNote']]);
    const system = all.find((t) => t.notes[0]?.system) as Thread;
    const refused = await call(gitlab(), `${MR}/6/discussions/${system.id}/notes`, { json: { body: 'x' } });
    expect([refused.status, refused.body.message]).toEqual([400, '400 Bad request - Discussion can not be replied to.']);
    // A reply to an internal note is internal.
    const internal = all.find((t) => t.notes[0]?.internal) as Thread;
    const hushed = await call(gitlab(), `${MR}/6/discussions/${internal.id}/notes`, { json: { body: 'Noted.' } });
    expect(hushed.body.internal).toBe(true);
  });

  it('resolves and unresolves a thread, or one note of it; the merge status follows on a project that requires it', async () => {
    const website = async () => (await call(gitlab(), `${WEBSITE_MR}?source_branch=copy%2Flanding`)).body[0];
    const landing = await website();
    expect(landing).toMatchObject({ detailed_merge_status: 'discussions_not_resolved', blocking_discussions_resolved: false });
    const open = (await threads(gitlab(), `${WEBSITE_MR}/${landing.iid}`, ADMIN)).filter((t) => t.notes[0]?.resolvable);
    expect(open).toHaveLength(2);
    // bob is only a Reporter, but the merge request is his: its author may resolve (`can_resolve?`).
    const path = `${WEBSITE_MR}/${landing.iid}/discussions/${open[0]?.id}`;
    const done = await call(gitlab(), path, { token: BOB, method: 'PUT', json: { resolved: true } });
    expect(done.status).toBe(200);
    expect(done.body.notes[0]).toMatchObject({ resolved: true, resolved_by: { username: 'bob' } });
    const note = open[1]?.notes[0]?.id;
    const byNote = await call(gitlab(), `${WEBSITE_MR}/${landing.iid}/discussions/${open[1]?.id}/notes/${note}`, {
      method: 'PUT',
      json: { resolved: true },
    });
    expect([byNote.status, byNote.body.resolved]).toEqual([200, true]);
    expect(await website()).toMatchObject({ blocking_discussions_resolved: true });
    expect((await website()).detailed_merge_status).not.toBe('discussions_not_resolved');
    await call(gitlab(), `${WEBSITE_MR}/${landing.iid}/discussions/${open[0]?.id}`, { method: 'PUT', form: { resolved: 'false' } });
    expect(await website()).toMatchObject({ detailed_merge_status: 'discussions_not_resolved' });
  });

  it('answers as GitLab where a thread cannot be resolved, or a note is named wrong', async () => {
    const all = await threads(gitlab(), `${MR}/6`, ADMIN);
    const single = all.find((t) => t.individual_note && !t.notes[0]?.system) as Thread;
    const base = `${MR}/6/discussions`;
    expect((await call(gitlab(), `${base}/${single.id}`, { method: 'PUT', json: { resolved: true } })).status).toBe(403);
    const notResolvable = await call(gitlab(), `${base}/${single.id}/notes/${single.notes[0]?.id}`, {
      method: 'PUT',
      json: { resolved: true },
    });
    expect([notResolvable.status, notResolvable.body.message]).toEqual([400, '400 Bad request - Note is not resolvable']);
    const both = await call(gitlab(), `${base}/${single.id}/notes/${single.notes[0]?.id}`, {
      method: 'PUT',
      json: { resolved: true, body: 'x' },
    });
    expect([both.status, both.body.error]).toEqual([400, 'body, resolved are mutually exclusive']);
    expect((await call(gitlab(), `${base}/${single.id}`, { method: 'PUT', json: {} })).body).toEqual({ error: 'resolved is missing' });
    expect((await call(gitlab(), `${base}/${'0'.repeat(40)}`)).body).toEqual({ message: '404 Discussion Not Found' });
    expect((await call(gitlab(), `${base}/${single.id}/notes/999999`, { method: 'PUT', json: { body: 'x' } })).status).toBe(404);
  });

  it('has no discussions on the spec flavour (404, as any unknown route)', async () => {
    expect((await call(spec(), `${MR}/6/discussions`)).status).toBe(404);
  });
});
