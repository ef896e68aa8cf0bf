import { describe, expect, it } from 'vitest';
import { ALICE, API_PROJECT, BOB, call, useSandbox } from './helpers.js';

const BOARDS = `/projects/${API_PROJECT}/boards`;

describe('sandbox boards', () => {
  const sandbox = useSandbox();

  it('lists boards with label lists (no backlog or closed lists)', async () => {
    const sb = sandbox();
    const boards = await call(sb, BOARDS, { token: ALICE });
    expect(boards.body).toHaveLength(1);
    const board = boards.body[0];
    expect(board.project.path_with_namespace).toBe('acme/platform/api');
    expect(board.lists.map((l: { label: { name: string } }) => l.label.name)).toEqual(['bug', 'needs review', 'feature']);
    expect(board.lists.map((l: { position: number }) => l.position)).toEqual([0, 1, 2]);
    expect((await call(sb, BOARDS, { token: null })).status).toBe(401);
    expect((await call(sb, BOARDS, { token: BOB })).status).toBe(404);
  });

  it('creates, moves and deletes lists', async () => {
    const sb = sandbox();
    const [board] = (await call(sb, BOARDS, { token: ALICE })).body;
    const lists = `${BOARDS}/${board.id}/lists`;
    const labels = (await call(sb, `/projects/${API_PROJECT}/labels`, { token: ALICE })).body;
    const docs = labels.find((l: { name: string }) => l.name === 'docs');
    const missingLabel = await call(sb, lists, { token: ALICE, json: { label_id: 999999 } });
    expect(missingLabel.status).toBe(400);
    const bugList = board.lists[0];
    const created = await call(sb, lists, { token: ALICE, json: { label_id: docs.id } });
    expect(created.status).toBe(201);
    const docsList = created.body;
    expect(docsList).toMatchObject({ label: { name: 'docs', color: '#5cb85c', description: 'Documentation' }, position: 3 });
    const duplicate = await call(sb, lists, { token: ALICE, form: { label_id: String(docs.id) } });
    expect(duplicate.status).toBe(400);
    const moved = await call(sb, `${lists}/${docsList.id}`, { token: ALICE, method: 'PUT', json: { position: 0 } });
    expect(moved.status).toBe(200);
    expect(moved.body.position).toBe(0);
    const after = await call(sb, lists, { token: ALICE });
    expect(after.body.map((l: { label: { name: string } }) => l.label.name)).toEqual(['docs', 'bug', 'needs review', 'feature']);
    expect(after.body.map((l: { position: number }) => l.position)).toEqual([0, 1, 2, 3]);
    expect((await call(sb, `${lists}/${bugList.id}`, { token: ALICE })).body.position).toBe(1);
    expect((await call(sb, `${lists}/${bugList.id}`, { token: ALICE, method: 'PUT' })).body).toEqual({
      message: '400 (Bad request) "position" not given',
    });
    expect((await call(sb, `${lists}/${bugList.id}`, { token: 'sandbox-impersonation-carol', method: 'DELETE' })).status).toBe(403);
    expect((await call(sb, `${lists}/${bugList.id}`, { token: ALICE, method: 'DELETE' })).status).toBe(204);
    expect((await call(sb, `${lists}/${bugList.id}`, { token: ALICE })).status).toBe(404);
    expect((await call(sb, lists, { token: ALICE })).body.map((l: { position: number }) => l.position)).toEqual([0, 1, 2]);
  });
});
