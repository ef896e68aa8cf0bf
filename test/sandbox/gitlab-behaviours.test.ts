/**
 * What the GitLab flavour does as GitLab does, by default and shown by its demo data: artifacts by
 * ref from the latest successful pipeline, detailed merge statuses, jobs that pass through
 * `canceling`, merge request pipelines, a `/version` that wants a token, GitLab's offset limit and
 * keyset pagination, the notes API. Each is checked against the spec flavour where the two differ.
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/sandbox/index.js';
import { ALICE, API_PROJECT, type ApiResponse, BOB, call, useSandbox } from './helpers.js';

const WEBSITE = 'acme%2Fwebsite';
const mrs = async (sb: Parameters<typeof call>[0], project: string) =>
  (await call(sb, `/projects/${project}/merge_requests?state=opened`)).body as Record<string, any>[];

describe('GitLab flavour: behaviours', () => {
  const clock = new ManualClock();
  const gitlab = useSandbox({ flavor: 'gitlab', clock, offsetLimit: 4 });
  const spec = useSandbox({ flavor: 'spec', offsetLimit: 4 });

  it('serves artifacts by ref from the latest successful pipeline, the spec from the last successful job', async () => {
    // main: pipeline 1 succeeded (its build quotes the filename); pipeline 5 is waiting for a manual
    // job, and its build, the last successful one on main, does not quote it.
    const path = `/projects/${API_PROJECT}/jobs/artifacts/main/download?job=build`;
    expect((await call(gitlab(), path)).headers.get('content-disposition')).toBe('attachment; filename="artifacts.zip"');
    expect((await call(spec(), path)).headers.get('content-disposition')).toBe('attachment; filename=artifacts.zip');
    // A ref whose only successful pipeline has no such job: 404 on GitLab, though a job of that name succeeded there.
    expect((await call(gitlab(), `/projects/${API_PROJECT}/jobs/artifacts/feature%2Fx/download?job=deploy`)).status).toBe(404);
  });

  it('names why a merge request cannot be merged, with has_conflicts and merge_error to match', async () => {
    const api = Object.fromEntries((await mrs(gitlab(), API_PROJECT)).map((mr) => [mr.iid, mr]));
    expect(api[4]).toMatchObject({ detailed_merge_status: 'conflict', has_conflicts: true });
    expect(api[5]).toMatchObject({ detailed_merge_status: 'draft_status', draft: true, has_conflicts: false });
    expect(api[6]).toMatchObject({ detailed_merge_status: 'not_approved', has_conflicts: false });
    expect(api[8]).toMatchObject({ detailed_merge_status: 'mergeable', has_conflicts: false });
    const single = (await call(gitlab(), `/projects/${API_PROJECT}/merge_requests/4`)).body;
    expect(single.merge_error).toBe('Merge request is not mergeable');
    expect((await call(gitlab(), `/projects/${API_PROJECT}/merge_requests/8`)).body.merge_error).toBeNull();

    const website = Object.fromEntries((await mrs(gitlab(), WEBSITE)).map((mr) => [mr.source_branch, mr]));
    expect(website['copy/landing']).toMatchObject({
      detailed_merge_status: 'discussions_not_resolved',
      blocking_discussions_resolved: false,
    });
    expect(website['press/kit']).toMatchObject({ detailed_merge_status: 'ci_must_pass', blocking_discussions_resolved: true });
    expect(website['perf/fonts'].detailed_merge_status).toBe('need_rebase');
  });

  it('refuses those merges as GitLab does: 422 for conflicts, 405 for the other checks', async () => {
    const merge = (project: string, iid: number) =>
      call(gitlab(), `/projects/${project}/merge_requests/${iid}/merge`, { method: 'PUT', json: {} });
    const conflict = await merge(API_PROJECT, 4);
    expect([conflict.status, conflict.body]).toEqual([422, { message: 'Branch cannot be merged' }]);
    for (const iid of [5, 6]) expect((await merge(API_PROJECT, iid)).body).toEqual({ message: '405 Method Not Allowed' });
    const landing = (await mrs(gitlab(), WEBSITE)).find((mr) => mr.source_branch === 'copy/landing');
    expect((await merge(WEBSITE, landing?.iid)).status).toBe(405);
    // The spec keeps its own answer for conflicts.
    expect((await call(spec(), `/projects/${API_PROJECT}/merge_requests/4/merge`, { method: 'PUT', json: {} })).body).toEqual({
      message: 'Branch cannot be merged',
    });
  });

  it('filters merge requests by source and target branch and by draft (wip=yes|no); the spec flavour ignores them', async () => {
    const iids = async (sb: Parameters<typeof call>[0], query: string) =>
      ((await call(sb, `/projects/${API_PROJECT}/merge_requests?state=opened&${query}`)).body as { iid: number }[]).map((m) => m.iid);
    expect(await iids(gitlab(), 'source_branch=feature%2Fdashboard')).toEqual([5]);
    expect(await iids(gitlab(), 'wip=yes')).toEqual([5]);
    expect(await iids(gitlab(), 'wip=no')).not.toContain(5);
    expect(await iids(gitlab(), 'target_branch=no-such-branch')).toEqual([]);
    expect((await call(gitlab(), `/projects/${API_PROJECT}/merge_requests?wip=maybe`)).status).toBe(400);
    expect((await iids(spec(), 'source_branch=feature%2Fdashboard&wip=yes')).length).toBeGreaterThan(1);
  });

  it('names who set a merge request to merge when its pipeline succeeds, as merge_user', async () => {
    const path = `/projects/${API_PROJECT}/merge_requests/7`;
    expect((await call(gitlab(), path)).body.merge_user).toBeNull();
    // Something to wait for (a draft: "merge when checks pass" waits it out), else GitLab 17 refuses it.
    const title = (await call(gitlab(), path)).body.title;
    expect((await call(gitlab(), path, { method: 'PUT', json: { title: `Draft: ${title}` }, token: ALICE })).status).toBe(200);
    const set = await call(gitlab(), `${path}/merge`, { method: 'PUT', json: { merge_when_pipeline_succeeds: true }, token: ALICE });
    expect(set.body).toMatchObject({ merge_when_pipeline_succeeds: true, merge_user: { username: 'alice' }, merged_by: null });
  });

  it('runs merge request pipelines on refs/merge-requests/:iid/head', async () => {
    const mr = (await call(gitlab(), `/projects/${API_PROJECT}/merge_requests/1`)).body;
    expect(mr.head_pipeline).toMatchObject({ ref: 'refs/merge-requests/1/head', source: 'merge_request_event' });
    expect(mr.pipeline).toMatchObject({ id: mr.head_pipeline.id, ref: 'refs/merge-requests/1/head' });
    // The spec's demo world has no such pipeline.
    expect((await call(spec(), `/projects/${API_PROJECT}/merge_requests/1`)).body.head_pipeline).toBeNull();
  });

  it('shows a job that is canceling, and passes a canceled running job through canceling', async () => {
    const canceling = (await call(gitlab(), `/projects/${API_PROJECT}/jobs?scope=canceling&per_page=4`)).body;
    expect(canceling.map((j: { name: string; status: string }) => [j.name, j.status])).toEqual([['test', 'canceling']]);
    expect(canceling[0].pipeline.ref).toBe('refs/merge-requests/1/head');

    const running = (await call(gitlab(), `/projects/${API_PROJECT}/jobs?scope=running&per_page=1`)).body[0];
    const canceled = await call(gitlab(), `/projects/${API_PROJECT}/jobs/${running.id}/cancel`, { method: 'POST' });
    expect([canceled.status, canceled.body.status, canceled.body.finished_at]).toEqual([201, 'canceling', null]);
    expect((await call(gitlab(), `/projects/${API_PROJECT}/jobs/${running.id}`)).body.pipeline.status).toBe('canceling');
    await clock.advance(2_999);
    expect((await call(gitlab(), `/projects/${API_PROJECT}/jobs/${running.id}`)).body.status).toBe('canceling');
    await clock.advance(1);
    const done = (await call(gitlab(), `/projects/${API_PROJECT}/jobs/${running.id}`)).body;
    expect([done.status, done.finished_at, done.pipeline.status]).toEqual(['canceled', new Date(clock.now()).toISOString(), 'canceled']);

    const specRunning = (await call(spec(), `/projects/${API_PROJECT}/jobs?scope=running`)).body[0];
    expect((await call(spec(), `/projects/${API_PROJECT}/jobs/${specRunning.id}/cancel`, { method: 'POST' })).body.status).toBe('canceled');
    expect((await call(spec(), `/projects/${API_PROJECT}/jobs?scope=canceling`)).status).toBe(400);
  });

  it('answers /version to a token only; the spec has no /version', async () => {
    expect((await call(gitlab(), '/version', { token: null })).status).toBe(401);
    expect((await call(gitlab(), '/version', { token: BOB })).body).toMatchObject({ version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect((await call(spec(), '/version')).status).toBe(404);
  });

  it('refuses offset pages past its limit where GitLab offers keyset pagination', async () => {
    expect((await call(gitlab(), '/projects?per_page=2&page=2')).status).toBe(200);
    const deep = await call(gitlab(), '/projects?per_page=2&page=3');
    expect([deep.status, deep.body]).toEqual([
      405,
      {
        error:
          'Offset pagination has a maximum allowed offset of 4 for requests that return ' +
          'objects of type Project. Remaining records can be retrieved using keyset pagination.',
      },
    ]);
    expect((await call(gitlab(), `/projects/${API_PROJECT}/jobs?per_page=5&page=1`)).status).toBe(405);
    // Issues have no keyset pagination on GitLab, and no limit either; nor has the spec.
    expect((await call(gitlab(), `/projects/${API_PROJECT}/issues?per_page=2&page=30`)).status).toBe(200);
    expect((await call(spec(), '/projects?per_page=2&page=3')).status).toBe(200);
  });

  it('pages by keyset where GitLab does, following Link rel="next" to the end', async () => {
    // The same projects, listed by offset where no limit applies.
    const all = (await call(spec(), '/projects?order_by=id&sort=asc&per_page=100')).body.map((p: { id: number }) => p.id);
    const seen: number[] = [];
    let url: string | undefined = '/projects?pagination=keyset&order_by=id&sort=asc&per_page=2';
    for (let i = 0; url && i < 10; i++) {
      const page: ApiResponse = await call(gitlab(), url);
      expect(page.status).toBe(200);
      expect(page.headers.get('x-total')).toBeNull();
      seen.push(...page.body.map((p: { id: number }) => p.id));
      url = /<([^>]+)>; rel="next"/.exec(page.headers.get('link') ?? '')?.[1];
    }
    expect(seen).toEqual(all);
    const desc = (await call(gitlab(), '/users?pagination=keyset&order_by=id&sort=desc&per_page=3')).body.map((u: { id: number }) => u.id);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    for (const path of ['/projects?pagination=keyset', `/projects/${API_PROJECT}/issues?pagination=keyset&order_by=created_at`]) {
      const refused = await call(gitlab(), path);
      expect([refused.status, refused.body]).toEqual([405, { error: 'Keyset pagination is not yet available for this type of request' }]);
    }
  });
});

describe('GitLab flavour: notes', () => {
  const gitlab = useSandbox({ flavor: 'gitlab' });
  const spec = useSandbox({ flavor: 'spec' });

  it('lists the conversation of an issue, newest first by default, system notes included', async () => {
    const issue = (await call(gitlab(), `/projects/${API_PROJECT}/issues/1`)).body;
    const notes = (await call(gitlab(), `/projects/${API_PROJECT}/issues/1/notes?per_page=100`)).body as Record<string, any>[];
    expect(notes.filter((n) => !n.system)).toHaveLength(issue.user_notes_count);
    expect(notes.some((n) => n.system && n.body === 'changed the description')).toBe(true);
    expect(notes[0]).toMatchObject({
      noteable_type: 'Issue',
      noteable_id: issue.id,
      noteable_iid: 1,
      author: { username: expect.any(String) },
    });
    const times = notes.map((n) => n.created_at);
    expect(times).toEqual([...times].sort().reverse());
    const asc = (await call(gitlab(), `/projects/${API_PROJECT}/issues/1/notes?sort=asc&per_page=100`)).body.map((n: any) => n.created_at);
    expect(asc).toEqual([...times].reverse());
    const comments = (await call(gitlab(), `/projects/${API_PROJECT}/issues/1/notes?activity_filter=only_comments&per_page=100`)).body;
    expect(comments.every((n: { system: boolean }) => !n.system)).toBe(true);
    expect((await call(gitlab(), `/projects/${API_PROJECT}/issues/1/notes?sort=sideways`)).status).toBe(400);
  });

  it('adds a comment to a merge request and counts it in user_notes_count', async () => {
    const before = (await call(gitlab(), `/projects/${API_PROJECT}/merge_requests/8`, { token: ALICE })).body.user_notes_count;
    const added = await call(gitlab(), `/projects/${API_PROJECT}/merge_requests/8/notes`, { token: ALICE, json: { body: 'LGTM' } });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      body: 'LGTM',
      system: false,
      noteable_type: 'MergeRequest',
      noteable_iid: 8,
      author: { username: 'alice' },
    });
    expect((await call(gitlab(), `/projects/${API_PROJECT}/merge_requests/8`, { token: ALICE })).body.user_notes_count).toBe(before + 1);
    const newest = (await call(gitlab(), `/projects/${API_PROJECT}/merge_requests/8/notes`, { token: ALICE })).body[0];
    expect(newest.id).toBe(added.body.id);
    expect((await call(gitlab(), `/projects/${API_PROJECT}/merge_requests/8/notes`, { token: ALICE, json: {} })).status).toBe(400);
    expect((await call(gitlab(), `/projects/${API_PROJECT}/merge_requests/8/notes`, { token: null, json: { body: 'x' } })).status).toBe(
      401,
    );
  });

  it('is not served by the spec flavour, whose counts stay those of the same seeded notes', async () => {
    expect((await call(spec(), `/projects/${API_PROJECT}/issues/1/notes`)).status).toBe(404);
    expect((await call(spec(), `/projects/${API_PROJECT}/issues/1/notes`, { json: { body: 'x' } })).status).toBe(404);
    const counts = async (sb: typeof spec) =>
      (await call(sb(), `/projects/${API_PROJECT}/issues?per_page=50`)).body.map((i: { user_notes_count: number }) => i.user_notes_count);
    expect(await counts(spec)).toEqual(await counts(gitlab));
  });
});
