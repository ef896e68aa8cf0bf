import type { Ctx } from './context.js';
import { HttpError, invalid } from './errors.js';
import type { Project, Todo, User } from './model.js';
import type { Store } from './store.js';
import { isDate } from './time.js';

const LABEL_COLORS = [
  '#428BCA',
  '#44AD8E',
  '#A8D695',
  '#5CB85C',
  '#69D100',
  '#004E00',
  '#34495E',
  '#7F8C8D',
  '#A295D6',
  '#5843AD',
  '#8E44AD',
  '#FFECDB',
  '#AD4363',
  '#D10069',
  '#CC0033',
  '#FF0000',
  '#D9534F',
  '#D1D100',
  '#F0AD4E',
  '#AD8D43',
];

/** Label names as stored on an issue or MR; unknown names create project labels, as GitLab does. */
export function resolveLabels(store: Store, project: Project, names: string[]): string[] {
  const result: string[] = [];
  for (const raw of names) {
    const name = raw.trim();
    if (name === '') continue;
    let label = store.labelByName(project.id, name);
    if (!label) {
      const id = store.nextId('label');
      label = { id, projectId: project.id, name, color: LABEL_COLORS[id % LABEL_COLORS.length], description: null };
      store.labels.set(id, label);
    }
    if (!result.includes(label.name)) result.push(label.name);
  }
  return result;
}

export function labelsParam(ctx: Ctx, project: Project): string[] | undefined {
  const names = ctx.params.strArray('labels');
  return names === undefined ? undefined : resolveLabels(ctx.store, project, names);
}

/** GitLab's label changes of an edit: `add_labels` and `remove_labels` (lib/api/issues.rb, lib/api/merge_requests.rb). */
export const LABEL_CHANGES = ['add_labels', 'remove_labels'];

/**
 * The labels an edit leaves: `labels` (the whole set), then, on the gitlab flavour, GitLab's
 * `add_labels` and `remove_labels` applied to it or to `current` (a new label name is created, as
 * `labels` does); undefined when the edit names no label.
 */
export function editedLabels(ctx: Ctx, project: Project, current: string[]): string[] | undefined {
  const replaced = labelsParam(ctx, project);
  if (ctx.store.flavor !== 'gitlab') return replaced;
  const add = ctx.params.strArray('add_labels');
  const remove = ctx.params.strArray('remove_labels');
  if (add === undefined && remove === undefined) return replaced;
  const removed = new Set((remove ?? []).map((l) => l.trim().toLowerCase()));
  const kept = (replaced ?? current).filter((l) => !removed.has(l.toLowerCase()));
  return resolveLabels(ctx.store, project, [...kept, ...(add ?? [])]);
}

/** `milestone_id`: must be a milestone of the project; 0 or null clears it. */
export function milestoneParam(ctx: Ctx, project: Project): number | null | undefined {
  if (!ctx.params.has('milestone_id')) return undefined;
  const raw = ctx.params.raw('milestone_id');
  if (raw === null || raw === '') return null;
  const id = ctx.params.int('milestone_id') as number;
  if (id === 0) return null;
  const milestone = ctx.store.milestones.get(id);
  if (!milestone || milestone.projectId !== project.id) throw invalid({ milestone: ['is invalid'] });
  return id;
}

export function dueDateParam(ctx: Ctx): string | null | undefined {
  const value = ctx.params.nullableStr('due_date');
  if (value === undefined || value === null) return value;
  if (!isDate(value)) throw new HttpError(400, { error: 'due_date is invalid' });
  return value;
}

export function stateEventParam(ctx: Ctx): 'close' | 'reopen' | undefined {
  const value = ctx.params.str('state_event');
  if (value === undefined || value === '') return undefined;
  if (value !== 'close' && value !== 'reopen') throw new HttpError(400, { error: 'state_event does not have a valid value' });
  return value;
}

/** Grape's "at least one parameter" rule for updates. */
export function requireOneOf(ctx: Ctx, names: string[]): void {
  if (!names.some((n) => ctx.params.has(n))) {
    throw new HttpError(400, { error: `${names.join(', ')} are missing, at least one parameter must be provided` });
  }
}

/** Adds or removes the user from a subscriber set; false when it already was in that state (→ 304). */
export function setSubscribed(subscribers: Set<number>, user: User, subscribe: boolean): boolean {
  if (subscribers.has(user.id) === subscribe) return false;
  if (subscribe) subscribers.add(user.id);
  else subscribers.delete(user.id);
  return true;
}

/** A pending todo for the caller, or undefined when one already exists (→ 304). */
export function createTodo(
  store: Store,
  user: User,
  authorId: number,
  projectId: number,
  targetType: Todo['targetType'],
  targetId: number,
): Todo | undefined {
  const exists = store.todos.some(
    (t) => t.userId === user.id && t.targetType === targetType && t.targetId === targetId && t.state === 'pending',
  );
  if (exists) return undefined;
  const todo: Todo = {
    id: store.nextId('todo'),
    userId: user.id,
    authorId,
    projectId,
    targetType,
    targetId,
    state: 'pending',
    createdAt: store.now(),
  };
  store.todos.push(todo);
  return todo;
}
