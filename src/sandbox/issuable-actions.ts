import { requireUser } from './access.js';
import type { Ctx, Handler } from './context.js';
import { TODO } from './entities/todos.js';
import { type Entity, show } from './entity.js';
import type { Todo } from './model.js';
import { created, notModified, type Reply } from './reply.js';
import { createTodo, setSubscribed } from './shared.js';

/**
 * What an issue and a merge request answer alike: subscribing to it, and a todo for it. GitLab
 * serves both kinds from one place too (lib/api/subscriptions.rb over its subscribable types,
 * lib/api/todos.rb over `ISSUABLE_TYPES`).
 */
interface Issuable {
  id: number;
  projectId: number;
  subscribers: Set<number>;
}

/** POST …/subscribe and …/unsubscribe: 201 with the issuable, 304 when it was so already. */
export function subscriptionHandlers<T extends Issuable>(
  find: (ctx: Ctx) => T,
  entity: Entity<T>,
): { subscribe: Handler; unsubscribe: Handler } {
  const handler =
    (subscribed: boolean) =>
    (ctx: Ctx): Reply => {
      const item = find(ctx);
      const user = requireUser(ctx);
      if (!setSubscribed(item.subscribers, user, subscribed)) return notModified();
      return created(show(ctx, entity, item, { single: true }));
    };
  return { subscribe: handler(true), unsubscribe: handler(false) };
}

/** POST …/todo: 201 with a new todo for the caller, 304 when one is pending already. */
export function todoHandler<T extends Issuable>(find: (ctx: Ctx) => T, targetType: Todo['targetType']): Handler {
  return (ctx) => {
    const item = find(ctx);
    const user = requireUser(ctx);
    const todo = createTodo(ctx.store, user, user.id, item.projectId, targetType, item.id);
    return todo ? created(show(ctx, TODO, todo)) : notModified();
  };
}
