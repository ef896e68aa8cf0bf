import { TODO_ACTIONS, TODO_TYPES } from '../../shared/todo-values.js';
import { requireUser } from '../access.js';
import type { Ctx } from '../context.js';
import { TODO } from '../entities/todos.js';
import { show } from '../entity.js';
import { HttpError } from '../errors.js';
import { enumParam } from '../filters.js';
import type { Todo } from '../model.js';
import { paginate } from '../pagination.js';
import { created, noContent, type Reply } from '../reply.js';
import type { RouteTable } from '../router.js';

/**
 * GitLab's to-do list of the caller (lib/api/todos.rb, doc/api/todos.md): `GET /todos` with its
 * filters (`TodosFinder`: pending unless `state=done`, newest first), `POST /todos/:id/mark_as_done`
 * (201, the to-do) and `POST /todos/mark_as_done` (every pending one, 204). GitLab only: the spec
 * flavour answers 404, as a server without the API.
 */

function ownTodos(ctx: Ctx): Todo[] {
  const user = requireUser(ctx);
  const state = enumParam(ctx, 'state', ['pending', 'done'] as const) ?? 'pending';
  const action = enumParam(ctx, 'action', TODO_ACTIONS);
  const type = enumParam(ctx, 'type', TODO_TYPES);
  const authorId = ctx.params.int('author_id');
  const projectId = ctx.params.int('project_id');
  const groupId = ctx.params.int('group_id');
  const inGroup = (t: Todo) => {
    // The group or one of its subgroups.
    for (let id = ctx.store.projects.get(t.projectId)?.namespaceId; id !== undefined; id = ctx.store.groups.get(id)?.parentId ?? undefined)
      if (id === groupId) return true;
    return false;
  };
  return ctx.store.todos
    .filter((t) => t.userId === user.id && t.state === state)
    .filter((t) => action === undefined || (t.action ?? 'marked') === action)
    .filter((t) => type === undefined || t.targetType === type)
    .filter((t) => authorId === undefined || t.authorId === authorId)
    .filter((t) => projectId === undefined || t.projectId === projectId)
    .filter((t) => groupId === undefined || inGroup(t))
    .sort((a, b) => b.id - a.id);
}

function listTodos(ctx: Ctx): Reply {
  return paginate(ctx, ownTodos(ctx), (t) => show(ctx, TODO, t));
}

/** `current_user.todos.find(params[:id])`: another's to-do is not found. */
function markDone(ctx: Ctx): Reply {
  const user = requireUser(ctx);
  const todo = ctx.store.todos.find((t) => t.id === Number(ctx.path.id) && t.userId === user.id);
  if (!todo) throw new HttpError(404, { message: '404 Not found' });
  todo.state = 'done';
  return created(show(ctx, TODO, todo));
}

function markAllDone(ctx: Ctx): Reply {
  for (const todo of ownTodos(ctx)) todo.state = 'done';
  return noContent();
}

/** The caller's to-do list (GitLab only). */
export const todoRoutes: RouteTable = [
  { method: 'GET', path: '/todos', handler: listTodos, flavor: 'gitlab' },
  { method: 'POST', path: '/todos/:id/mark_as_done', handler: markDone, flavor: 'gitlab' },
  { method: 'POST', path: '/todos/mark_as_done', handler: markAllDone, flavor: 'gitlab' },
];
