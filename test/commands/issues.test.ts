import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BinResult, type SandboxFixture, USER_TOKEN } from '../helpers/e2e.js';
import { startSandboxInProcess } from '../helpers/in-process.js';

const API = 'acme/platform/api';

/** runInProcess strips the final newline of stdout and stderr, as execa does. */
function json(r: BinResult): any {
  expect(r.exitCode, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

describe('issues, boards and namespaces against the sandbox', () => {
  let sb: SandboxFixture;
  const issue = (...args: string[]) => sb.run(['issue', ...args, '-p', API]);
  const create = async (title: string, ...extra: string[]) => json(await issue('create', '-t', title, '-o', 'json', ...extra));

  beforeAll(async () => {
    sb = await startSandboxInProcess({ seed: 'demo' });
  });
  afterAll(() => sb?.close());

  it('create → update → close → reopen → move', async () => {
    const created = await create(
      'E2E flow',
      '--labels',
      'bug,feature',
      '--weight',
      '3',
      '--due-date',
      '2026-12-01',
      '--description',
      'first',
    );
    expect(created).toMatchObject({ title: 'E2E flow', state: 'opened', weight: 3, due_date: '2026-12-01', description: 'first' });
    expect(created.labels.sort()).toEqual(['bug', 'feature']);
    const iid = String(created.iid);

    const updated = json(
      await issue('update', iid, '--title', 'E2E flow (edited)', '--confidential', '--discussion-locked', '--weight', '0', '-o', 'json'),
    );
    expect(updated).toMatchObject({ title: 'E2E flow (edited)', confidential: true, discussion_locked: true, weight: 0 });
    const unlocked = json(await issue('update', iid, '--no-discussion-locked', '--no-confidential', '-o', 'json'));
    expect(unlocked).toMatchObject({ confidential: false, discussion_locked: false });

    const closed = await issue('close', iid, '-o', 'json');
    expect(json(closed)).toMatchObject({ state: 'closed' });
    expect(json(closed).closed_at).not.toBeNull();
    expect(closed.stderr).toBe(`Closed issue #${iid} (E2E flow (edited))`);
    expect(json(await issue('reopen', iid, '-o', 'json'))).toMatchObject({ state: 'opened', closed_at: null });

    const same = await issue('move', iid, '--to', API);
    expect(same.exitCode).toBe(1);
    expect(same.stderr).toContain('400 Cannot move issue to project it originates from!');

    const website = json(await sb.run(['project', 'view', '-p', 'acme/website', '-o', 'json', '--fields', 'id']));
    const moved = await issue('move', iid, '--to', 'acme/website', '-o', 'json');
    const target = json(moved);
    expect(target.project_id).toBe(website.id);
    expect(target.labels).toEqual(['bug']); // website has `bug`, not `feature`
    expect(moved.stderr).toContain('Moved issue #');
    expect(json(await issue('view', iid, '-o', 'json'))).toMatchObject({ state: 'closed' });
    const there = json(await sb.run(['issue', 'view', String(target.iid), '-p', 'acme/website', '-o', 'json']));
    expect(there.title).toBe('E2E flow (edited)');
  });

  it('a second subscribe (304) is success with a notice; so are unsubscribe and todo', async () => {
    const { iid } = await create('E2E subscriptions');
    const id = String(iid);
    // The author is subscribed on creation: start from not subscribed.
    expect(json(await issue('unsubscribe', id, '-o', 'json')).subscribed).toBe(false);
    const again = await issue('unsubscribe', id, '-o', 'json');
    expect(json(again).subscribed).toBe(false);
    expect(again.stderr).toBe(`Not subscribed to issue #${id}: nothing changed`);

    const first = await issue('subscribe', id, '-o', 'json');
    expect(json(first).subscribed).toBe(true);
    expect(first.stderr).toBe(`Subscribed to issue #${id} (E2E subscriptions)`);
    const second = await issue('subscribe', id, '--fields', 'iid,subscribed');
    expect(second.exitCode).toBe(0);
    expect(second.stderr).toBe(`Already subscribed to issue #${id}: nothing changed`);
    expect(second.stdout).toBe(`iid\t${id}\nsubscribed\ttrue`);

    const todo = json(await issue('todo', id, '-o', 'json'));
    expect(todo).toMatchObject({ action_name: 'marked', target_type: 'Issue', state: 'pending' });
    const todoAgain = await issue('todo', id, '-o', 'json');
    expect(json(todoAgain).iid).toBe(iid);
    expect(todoAgain.stderr).toBe(`A todo for issue #${id} exists already: nothing changed`);
  });

  it('time tracking round trip with human durations', async () => {
    const id = String((await create('E2E time')).iid);
    const estimate = await issue('estimate', id, '1d 2h', '-o', 'json');
    expect(json(estimate)).toMatchObject({ time_estimate: 10 * 3600, total_time_spent: 0 });
    expect(estimate.stderr).toBe(`Set the time estimate of issue #${id} to 1d 2h`);
    expect(json(await issue('spend', id, '1h30m', '-o', 'json')).total_time_spent).toBe(5400);
    expect(json(await sb.run(['issue', 'spend', id, '-p', API, '-o', 'json', '--', '-30m'])).total_time_spent).toBe(3600);
    expect(json(await issue('spend', id, '1w', '-o', 'json')).total_time_spent).toBe(3600 + 40 * 3600);
    const stats = json(await issue('time-stats', id, '-o', 'json'));
    expect(stats).toMatchObject({ time_estimate: 36000, total_time_spent: 41 * 3600 });
    expect(stats.human_time_estimate).toBeTruthy();
    expect(json(await issue('reset-spent', id, '-o', 'json'))).toMatchObject({ total_time_spent: 0, human_total_time_spent: null });
    expect(json(await issue('reset-estimate', id, '-o', 'json'))).toMatchObject({ time_estimate: 0, human_time_estimate: null });
  });

  it('closed-by, user-agent (admin only) and delete', async () => {
    const mrs = json(await issue('closed-by', '2', '-o', 'json'));
    expect(mrs.map((m: { title: string }) => m.title)).toContain('Add rate limiting to public endpoints');

    const id = String((await create('E2E delete me')).iid);
    const agent = json(await issue('user-agent', id, '-o', 'json'));
    expect(agent.user_agent).toMatch(/collab/i);
    const denied = await sb.run(['issue', 'user-agent', id, '-p', API], { COLLAB_TOKEN: USER_TOKEN });
    expect(denied.exitCode).toBe(1);
    expect(denied.stderr).toContain('403');

    const refused = await issue('delete', id);
    expect(refused.exitCode).toBe(2);
    const deleted = await issue('delete', id, '--yes');
    expect([deleted.exitCode, deleted.stdout, deleted.stderr]).toEqual([0, '', `Deleted issue #${id}`]);
    expect((await issue('view', id)).exitCode).toBe(1);
  });

  it('board lists: create, move, view, delete', async () => {
    const boards = json(await sb.run(['board', 'list', '-p', API, '-o', 'json']));
    expect(boards).toHaveLength(1);
    const board = String(boards[0].id);
    const names = async () =>
      json(await sb.run(['board', 'lists', board, '-p', API, '-o', 'json'])).map((l: { label: { name: string } }) => l.label.name);
    expect(await names()).toEqual(['bug', 'needs review', 'feature']);
    const tsv = await sb.run(['board', 'list', '-p', API]);
    expect(tsv.stdout).toBe(`${board}\t${API}\t\tbug, needs review, feature`);

    // --label is looked up by name in the project labels; --label-id is sent as is.
    const added = json(await sb.run(['board', 'list-create', board, '--label', 'docs', '-p', API, '-o', 'json']));
    expect(added).toMatchObject({ label: { name: 'docs' }, position: 3 });
    const labels = json(await sb.run(['api', '/projects/acme%2Fplatform%2Fapi/labels', '-o', 'json']));
    const docsId = String(labels.find((l: { name: string }) => l.name === 'docs').id);
    const taken = await sb.run(['board', 'list-create', board, '--label-id', docsId, '-p', API]);
    expect(taken.exitCode).toBe(1);
    expect(taken.stderr).toContain('label: has already been taken');
    const unknown = await sb.run(['board', 'list-create', board, '--label', 'no such label', '-p', API]);
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr).toContain('no label named "no such label"');

    const list = String(added.id);
    expect(json(await sb.run(['board', 'list-move', board, list, '--position', '0', '-p', API, '-o', 'json'])).position).toBe(0);
    expect(await names()).toEqual(['docs', 'bug', 'needs review', 'feature']);
    expect(json(await sb.run(['board', 'list-view', board, list, '-p', API, '-o', 'json']))).toMatchObject({ id: added.id, position: 0 });

    expect((await sb.run(['board', 'list-delete', board, list, '-p', API])).exitCode).toBe(2);
    const removed = await sb.run(['board', 'list-delete', board, list, '-p', API, '--yes']);
    expect([removed.exitCode, removed.stdout]).toEqual([0, '']);
    expect(await names()).toEqual(['bug', 'needs review', 'feature']);
    expect((await sb.run(['board', 'list-view', board, list, '-p', API])).exitCode).toBe(1);
  });

  it('namespace list: all for the admin, own ones for a user, --search', async () => {
    const all = json(await sb.run(['namespace', 'list', '--all', '-o', 'json']));
    const paths = all.map((n: { full_path: string }) => n.full_path);
    expect(paths).toEqual(expect.arrayContaining(['root', 'alice', 'bob', 'acme', 'acme/platform', 'labs']));
    const found = json(await sb.run(['namespace', 'list', '--search', 'platform', '-o', 'json']));
    expect(found.map((n: { full_path: string }) => n.full_path)).toEqual(['acme/platform']);
    const mine = json(await sb.run(['namespace', 'list', '-o', 'json'], { COLLAB_TOKEN: USER_TOKEN }));
    expect(mine.map((n: { full_path: string }) => n.full_path)).toContain('alice');
    expect(mine.map((n: { full_path: string }) => n.full_path)).not.toContain('bob');
  });

  it('bad input: exit 2 naming the flag, and no request reaches the sandbox', async () => {
    const before = sb.requests().length;
    const cases: [string[], string][] = [
      [['issue', 'create', '-p', API], '--title'],
      [['issue', 'create', '-p', API, '-t', 'x', '--weight', '10'], '--weight'],
      [['issue', 'create', '-p', API, '-t', 'x', '--due-date', '01/12/2026'], '--due-date'],
      [['issue', 'create', '-p', API, '-t', 'x', '--created-at', '2026-01-01T99:00'], '--created-at'],
      [['issue', 'update', '1', '-p', API], 'nothing to change'],
      [['issue', 'update', '1', '-p', API, '--state-event', 'shut'], '--state-event'],
      [['issue', 'update', 'one', '-p', API, '-t', 'x'], '<iid>'],
      [['issue', 'estimate', '1', 'two hours', '-p', API], '<duration>'],
      [['issue', 'spend', '1', '5x', '-p', API], '<duration>'],
      [['issue', 'move', '1', '-p', API], '--to'],
      [['issue', 'delete', '1', '-p', API], '--yes'],
      [['board', 'list-move', '1', '2', '-p', API, '--position', 'top'], '--position'],
      [['board', 'list-create', '1', '-p', API], '--label-id'],
      [['namespace', 'list', '--per-page', '500'], '--per-page'],
    ];
    for (const [args, text] of cases) {
      const r = await sb.run(args);
      expect(r.exitCode, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toContain(text);
      expect(r.stdout).toBe('');
    }
    expect(sb.requests().slice(before)).toEqual([]);
  });
});
