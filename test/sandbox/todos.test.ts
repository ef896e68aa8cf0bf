/**
 * GitLab's to-do API on the gitlab flavour (lib/api/todos.rb, doc/api/todos.md): `GET /todos`
 * (TodosFinder: the caller's, pending unless `state=done`, newest first, with its filters), `POST
 * /todos/:id/mark_as_done` (201, `current_user.todos.find`: another's is 404), `POST
 * /todos/mark_as_done` (204). The spec flavour has none: 404.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN, ALICE, BOB, call, useSandbox } from './helpers.js';

interface Todo {
  id: number;
  action_name: string;
  state: string;
  target_type: string;
  project: { id: number };
  author: { id: number };
}

describe('to-do items (gitlab flavour)', () => {
  const gitlab = useSandbox({ flavor: 'gitlab' });
  const spec = useSandbox();

  it('lists the caller’s pending ones newest first, each filter narrowing them', async () => {
    const pending = (await call<Todo[]>(gitlab(), '/todos', { token: ALICE })).body;
    expect(pending.length).toBeGreaterThan(1);
    expect(pending.every((t) => t.state === 'pending')).toBe(true);
    expect(pending.map((t) => t.id)).toEqual([...pending.map((t) => t.id)].sort((a, b) => b - a));
    const done = (await call<Todo[]>(gitlab(), '/todos?state=done', { token: ALICE })).body;
    expect(done.map((t) => t.state)).toEqual(done.map(() => 'done'));
    const action = pending[0]!.action_name;
    expect((await call<Todo[]>(gitlab(), `/todos?action=${action}`, { token: ALICE })).body).toEqual(
      pending.filter((t) => t.action_name === action),
    );
    const author = pending[0]!.author.id;
    expect((await call<Todo[]>(gitlab(), `/todos?author_id=${author}`, { token: ALICE })).body.map((t) => t.id)).toEqual(
      pending.filter((t) => t.author.id === author).map((t) => t.id),
    );
    expect(
      (await call<Todo[]>(gitlab(), '/todos?type=MergeRequest', { token: ALICE })).body.every((t) => t.target_type === 'MergeRequest'),
    ).toBe(true);
    expect((await call(gitlab(), '/todos?action=nonsense', { token: ALICE })).status).toBe(400);
    // Nobody sees another's.
    const roots = (await call<Todo[]>(gitlab(), '/todos', { token: ADMIN })).body;
    expect(roots.some((t) => pending.some((p) => p.id === t.id))).toBe(false);
  });

  it('marks one done (201, the item), not another’s (404); all of them (204)', async () => {
    const [first] = (await call<Todo[]>(gitlab(), '/todos', { token: ALICE })).body;
    const theirs = await call(gitlab(), `/todos/${first!.id}/mark_as_done`, { method: 'POST', token: BOB });
    expect(theirs.status).toBe(404);
    const marked = await call<Todo>(gitlab(), `/todos/${first!.id}/mark_as_done`, { method: 'POST', token: ALICE });
    expect([marked.status, marked.body.id, marked.body.state]).toEqual([201, first!.id, 'done']);
    const all = await call(gitlab(), '/todos/mark_as_done', { method: 'POST', token: ALICE });
    expect(all.status).toBe(204);
    expect((await call<Todo[]>(gitlab(), '/todos', { token: ALICE })).body).toEqual([]);
  });

  it('the spec flavour has no to-do API: 404', async () => {
    expect((await call(spec(), '/todos', { token: ALICE })).status).toBe(404);
  });
});
