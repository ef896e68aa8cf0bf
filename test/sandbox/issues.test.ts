import { describe, expect, it } from 'vitest';
import { ALICE, API_PROJECT, BOB, call, useSandbox } from './helpers.js';

const ISSUES = `/projects/${API_PROJECT}/issues`;

describe('sandbox issues', () => {
  const sandbox = useSandbox();

  it('creates, lists, closes and reopens an issue', async () => {
    const sb = sandbox();
    const created = await call(sb, ISSUES, {
      token: ALICE,
      json: { title: 'Sandbox test issue', labels: 'bug,brand-new', weight: 3, assignee_ids: [2], due_date: '2026-12-24' },
    });
    expect(created.status).toBe(201);
    const issue = created.body;
    expect(issue).toMatchObject({
      title: 'Sandbox test issue',
      state: 'opened',
      closed_at: null,
      labels: ['bug', 'brand-new'],
      weight: 3,
      due_date: '2026-12-24',
      subscribed: true,
    });
    expect(issue.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(issue.assignee.username).toBe('alice');
    expect(Object.keys(issue._links).sort()).toEqual(['award_emoji', 'notes', 'project', 'self']);

    const listed = await call(sb, `${ISSUES}?iids[]=${issue.iid}`, { token: ALICE });
    expect(listed.body).toHaveLength(1);
    expect(listed.body[0].subscribed).toBeUndefined();
    expect(listed.body[0]._links).toBeUndefined();

    const closed = await call(sb, `${ISSUES}/${issue.iid}`, { token: ALICE, method: 'PUT', form: { state_event: 'close' } });
    expect(closed.status).toBe(200);
    expect(closed.body.state).toBe('closed');
    expect(closed.body.closed_at).not.toBeNull();
    const reopened = await call(sb, `${ISSUES}/${issue.iid}?state_event=reopen`, { token: ALICE, method: 'PUT' });
    expect(reopened.body.state).toBe('opened');
    expect(reopened.body.closed_at).toBeNull();
  });

  it('validates input like GitLab', async () => {
    const sb = sandbox();
    const missing = await call(sb, ISSUES, { json: { description: 'no title' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: '400 (Bad request) "title" not given' });
    const weight = await call(sb, ISSUES, { json: { title: 'x', weight: 12 } });
    expect(weight.status).toBe(400);
    expect(weight.body.message.weight).toEqual(['must be less than or equal to 9']);
  });

  it('implements the list filters', async () => {
    const sb = sandbox();
    const closed = await call(sb, `${ISSUES}?state=closed&per_page=100`);
    expect(closed.body.every((i: { state: string }) => i.state === 'closed')).toBe(true);
    const bugs = await call(sb, `${ISSUES}?labels=bug&per_page=100`);
    expect(bugs.body.length).toBeGreaterThan(0);
    expect(bugs.body.every((i: { labels: string[] }) => i.labels.includes('bug'))).toBe(true);
    for (const value of ['No+Label', 'No%20Label']) {
      const none = await call(sb, `${ISSUES}?labels=${value}&per_page=100`);
      expect(none.body.length).toBeGreaterThan(0);
      expect(none.body.every((i: { labels: string[] }) => i.labels.length === 0)).toBe(true);
    }
    const v11 = await call(sb, `${ISSUES}?milestone=v1.1&per_page=100`);
    expect(v11.body.every((i: { milestone: { title: string } }) => i.milestone.title === 'v1.1')).toBe(true);
    const byCarol = await call(sb, `${ISSUES}?author_id=4&per_page=100`);
    expect(byCarol.body.every((i: { author: { id: number } }) => i.author.id === 4)).toBe(true);
    const assigned = await call(sb, `${ISSUES}?assignee_id=2&per_page=100`);
    expect(assigned.body.every((i: { assignees: { id: number }[] }) => i.assignees.some((a) => a.id === 2))).toBe(true);
    const iids = await call(sb, `${ISSUES}?iids[]=1&iids[]=2&iids[]=3`);
    expect(iids.body.map((i: { iid: number }) => i.iid)).toEqual([3, 2, 1]);
    const asc = await call(sb, `${ISSUES}?order_by=created_at&sort=asc&per_page=5`);
    expect(asc.body[0].iid).toBe(1);
    const searched = await call(sb, `${ISSUES}?search=rate%20limiter&per_page=100`);
    expect(searched.body.length).toBeGreaterThan(0);
    expect(searched.body.every((i: { title: string }) => i.title.toLowerCase().includes('rate limiter'))).toBe(true);
    const window = await call(sb, `${ISSUES}?created_after=2026-01-01T00:00:00Z&created_before=2026-02-01T00:00:00Z&per_page=100`);
    expect(window.body.length).toBeGreaterThan(0);
    expect(window.body.every((i: { created_at: string }) => i.created_at >= '2026-01-01' && i.created_at < '2026-02-01')).toBe(true);
    const reacted = await call(sb, `${ISSUES}?my_reaction_emoji=thumbsup&per_page=100`, { token: ALICE });
    expect(reacted.body.length).toBeGreaterThan(0);
  });

  it('scopes GET /issues to the caller by default', async () => {
    const sb = sandbox();
    const mine = await call(sb, '/issues?per_page=100', { token: ALICE });
    expect(mine.body.length).toBeGreaterThan(0);
    expect(mine.body.every((i: { author: { username: string } }) => i.author.username === 'alice')).toBe(true);
    const all = await call(sb, '/issues?scope=all&per_page=1', { token: ALICE });
    expect(Number(all.headers.get('x-total'))).toBeGreaterThan(Number(mine.headers.get('x-total')));
    const group = await call(sb, '/groups/acme/issues?per_page=1', { token: ALICE });
    expect(Number(group.headers.get('x-total'))).toBeGreaterThan(250);
  });

  it('answers 304 with an empty body for repeated subscribe/unsubscribe and todo', async () => {
    const sb = sandbox();
    const path = `${ISSUES}/5`;
    const unsubscribeFirst = await call(sb, `${path}/unsubscribe`, { token: ALICE, method: 'POST' });
    expect([201, 304]).toContain(unsubscribeFirst.status);
    const subscribed = await call(sb, `${path}/subscribe`, { token: ALICE, method: 'POST' });
    expect(subscribed.status).toBe(201);
    expect(subscribed.body.subscribed).toBe(true);
    const again = await call(sb, `${path}/subscribe`, { token: ALICE, method: 'POST' });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect((await call(sb, `${path}/unsubscribe`, { token: ALICE, method: 'POST' })).body.subscribed).toBe(false);
    expect((await call(sb, `${path}/unsubscribe`, { token: ALICE, method: 'POST' })).status).toBe(304);
    const todo = await call(sb, `${path}/todo`, { token: ALICE, method: 'POST' });
    expect(todo.status).toBe(201);
    expect(todo.body).toMatchObject({ action_name: 'marked', target_type: 'Issue', state: 'pending' });
    expect(typeof todo.body.target.upvotes).toBe('number');
    const todoAgain = await call(sb, `${path}/todo`, { token: ALICE, method: 'POST' });
    expect(todoAgain.status).toBe(304);
    expect(todoAgain.text).toBe('');
  });

  it('tracks time with human durations', async () => {
    const sb = sandbox();
    const { body: issue } = await call(sb, ISSUES, { json: { title: 'time tracking' } });
    const base = `${ISSUES}/${issue.iid}`;
    const estimate = await call(sb, `${base}/time_estimate`, { json: { duration: '1h30m' } });
    expect(estimate.status).toBe(200);
    expect(estimate.body).toEqual({
      time_estimate: 5400,
      total_time_spent: 0,
      human_time_estimate: '1h 30m',
      human_total_time_spent: null,
    });
    const spent = await call(sb, `${base}/add_spent_time`, { form: { duration: '1d 2h' } });
    expect(spent.status).toBe(201);
    expect(spent.body.total_time_spent).toBe(10 * 3600);
    expect(spent.body.human_total_time_spent).toBe('1d 2h');
    await call(sb, `${base}/add_spent_time`, { json: { duration: '1w' } });
    expect((await call(sb, `${base}/time_stats`)).body.human_total_time_spent).toBe('1w 1d 2h');
    const bad = await call(sb, `${base}/time_estimate`, { json: { duration: 'soon' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: { time_estimate: ['is invalid'] } });
    expect((await call(sb, `${base}/reset_time_estimate`, { method: 'POST' })).body.human_time_estimate).toBeNull();
    const reset = await call(sb, `${base}/reset_spent_time`, { method: 'POST' });
    expect(reset.status).toBe(200);
    expect(reset.body.total_time_spent).toBe(0);
  });

  it('moves an issue, mapping labels and milestone by name', async () => {
    const sb = sandbox();
    const { body: v11 } = await call(sb, `${ISSUES}?milestone=v1.1&per_page=1`);
    const milestoneId = v11[0].milestone.id;
    const { body: issue } = await call(sb, ISSUES, {
      token: ALICE,
      json: { title: 'Move me', labels: 'bug,security', milestone_id: milestoneId },
    });
    const same = await call(sb, `${ISSUES}/${issue.iid}/move`, { token: ALICE, json: { to_project_id: issue.project_id } });
    expect(same.status).toBe(400);
    expect(same.body).toEqual({ message: 'Cannot move issue to project it originates from!' });
    const website = (await call(sb, '/projects/acme%2Fwebsite')).body;
    const moved = await call(sb, `${ISSUES}/${issue.iid}/move`, { token: ALICE, json: { to_project_id: website.id } });
    expect(moved.status).toBe(201);
    expect(moved.body.project_id).toBe(website.id);
    expect(moved.body.labels).toEqual(['bug']);
    expect(moved.body.milestone.title).toBe('v1.1');
    expect(moved.body.milestone.project_id).toBe(website.id);
    expect(moved.body.iid).not.toBe(issue.iid);
    const original = await call(sb, `${ISSUES}/${issue.iid}`, { token: ALICE });
    expect(original.body.state).toBe('closed');
  });

  it('lets only admins and owners delete issues', async () => {
    const sb = sandbox();
    const { body: issue } = await call(sb, ISSUES, { json: { title: 'Delete me' } });
    const carolToken = 'sandbox-impersonation-carol';
    expect((await call(sb, `${ISSUES}/${issue.iid}`, { token: carolToken, method: 'DELETE' })).status).toBe(403);
    const deleted = await call(sb, `${ISSUES}/${issue.iid}`, { token: ALICE, method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect((await call(sb, `${ISSUES}/${issue.iid}`)).status).toBe(404);
    expect((await call(sb, `${ISSUES}/1`, { token: BOB })).body).toEqual({ message: '404 Project Not Found' });
  });

  it('serves closed_by and the admin-only user agent detail', async () => {
    const sb = sandbox();
    const closedBy = await call(sb, `${ISSUES}/2/closed_by`);
    expect(closedBy.body.map((mr: { iid: number }) => mr.iid)).toEqual([1]);
    expect((await call(sb, `${ISSUES}/2/user_agent_detail`, { token: ALICE })).status).toBe(403);
    const detail = await call(sb, `${ISSUES}/2/user_agent_detail`);
    expect(Object.keys(detail.body).sort()).toEqual(['ip_address', 'spamfilter_submitted', 'user_agent']);
  });
});
