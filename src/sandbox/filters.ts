import type { Ctx } from './context.js';
import { ApiError } from './errors.js';
import type { AwardEmoji, User } from './model.js';
import { parseTime } from './time.js';

const invalidValue = (name: string): ApiError => new ApiError(400, { error: `${name} does not have a valid value` });

/** A string parameter restricted to `allowed` values (Grape's `values:`), or undefined. */
export function enumParam<T extends string>(ctx: Ctx, name: string, allowed: readonly T[]): T | undefined {
  const value = ctx.params.str(name);
  if (value === undefined || value === '') return undefined;
  if (!allowed.includes(value as T)) throw invalidValue(name);
  return value as T;
}

export function timeParam(ctx: Ctx, name: string): number | undefined {
  const value = ctx.params.str(name);
  if (value === undefined || value === '') return undefined;
  const ms = parseTime(value);
  if (ms === undefined) throw new ApiError(400, { error: `${name} is invalid` });
  return ms;
}

/** Sorts by `order_by` (a numeric or string key) and `sort`, with id as tie breaker. */
export function sortItems<T extends { id: number }>(items: T[], key: (item: T) => number | string, direction: 'asc' | 'desc'): T[] {
  const keyed = items.map((item) => ({ item, k: key(item) }));
  keyed.sort((a, b) => {
    const cmp = a.k < b.k ? -1 : a.k > b.k ? 1 : a.item.id - b.item.id;
    return direction === 'asc' ? cmp : -cmp;
  });
  return keyed.map((entry) => entry.item);
}

/** Filters shared by issue and merge request lists (part 1 §4.1, part 2 §4.3). */
export interface Filterable {
  id: number;
  iid: number;
  title: string;
  description: string | null;
  state: string;
  labels: string[];
  milestoneId: number | null;
  authorId: number;
  createdAt: number;
  updatedAt: number;
  awards: AwardEmoji[];
}

export type Scope = 'created-by-me' | 'assigned-to-me' | 'all';

export interface CommonFilterOptions<T extends Filterable> {
  states: readonly string[];
  defaultScope: Scope;
  assignees: (item: T) => number[];
  /** Merge requests: who was asked to review (GitLab's `reviewer_id` and `reviewer_username`). */
  reviewers?: (item: T) => number[];
  milestoneTitle: (item: T) => string | undefined;
  /** `iids[]` is accepted. */
  iids: boolean;
}

export function applyCommonFilters<T extends Filterable>(ctx: Ctx, items: T[], viewer: User | null, options: CommonFilterOptions<T>): T[] {
  let result = items;
  const keep = (predicate: (item: T) => boolean): void => {
    result = result.filter(predicate);
  };

  const state = enumParam(ctx, 'state', [...options.states, 'all']);
  if (state && state !== 'all') keep((item) => item.state === state || (state === 'opened' && item.state === 'reopened'));

  const labels = ctx.params.str('labels');
  if (labels !== undefined && labels !== '') {
    const wanted = labels
      .split(',')
      .map((l) => l.trim())
      .filter((l) => l !== '');
    const lower = wanted.map((l) => l.toLowerCase());
    if (lower.length === 1 && ['no label', 'no+label', 'none'].includes(lower[0])) keep((item) => item.labels.length === 0);
    else if (lower.length === 1 && lower[0] === 'any') keep((item) => item.labels.length > 0);
    else keep((item) => lower.every((name) => item.labels.some((l) => l.toLowerCase() === name)));
  }

  const milestone = ctx.params.str('milestone');
  if (milestone !== undefined && milestone !== '') {
    const m = milestone.toLowerCase();
    if (m === 'no milestone' || m === 'none') keep((item) => item.milestoneId == null);
    else if (m === 'any') keep((item) => item.milestoneId != null);
    else keep((item) => options.milestoneTitle(item) === milestone);
  }

  const rawScope = ctx.params.str('scope')?.replace(/_/g, '-');
  if (rawScope !== undefined && !['created-by-me', 'assigned-to-me', 'all'].includes(rawScope)) throw invalidValue('scope');
  const scope = (rawScope as Scope | undefined) ?? options.defaultScope;
  if (scope === 'created-by-me') {
    if (!viewer) throw new ApiError(401, { message: '401 Unauthorized' });
    keep((item) => item.authorId === viewer.id);
  } else if (scope === 'assigned-to-me') {
    if (!viewer) throw new ApiError(401, { message: '401 Unauthorized' });
    keep((item) => options.assignees(item).includes(viewer.id));
  }

  const authorId = ctx.params.int('author_id');
  if (authorId !== undefined) keep((item) => item.authorId === authorId);

  // GitLab's filters by username (the spec filters by id only).
  if (ctx.store.flavor === 'gitlab') {
    const byName = (name: string) => ctx.store.userByName(name)?.id ?? -1;
    const author = ctx.params.str('author_username');
    if (author !== undefined && author !== '') keep((item) => item.authorId === byName(author));
    const assigneeName = ctx.params.str('assignee_username');
    if (assigneeName !== undefined && assigneeName !== '') keep((item) => options.assignees(item).includes(byName(assigneeName)));
    if (options.reviewers) {
      const reviewers = options.reviewers;
      const reviewerId = ctx.params.int('reviewer_id');
      if (reviewerId !== undefined) keep((item) => reviewers(item).includes(reviewerId));
      const reviewerName = ctx.params.str('reviewer_username');
      if (reviewerName !== undefined && reviewerName !== '') keep((item) => reviewers(item).includes(byName(reviewerName)));
    }
  }

  const assignee = ctx.params.str('assignee_id');
  if (assignee !== undefined && assignee !== '') {
    const a = assignee.toLowerCase();
    if (a === 'none') keep((item) => options.assignees(item).length === 0);
    else if (a === 'any') keep((item) => options.assignees(item).length > 0);
    else {
      const id = ctx.params.int('assignee_id') as number;
      keep((item) => options.assignees(item).includes(id));
    }
  }

  const emoji = ctx.params.str('my_reaction_emoji');
  if (emoji !== undefined && emoji !== '') {
    const uid = viewer?.id ?? -1;
    const e = emoji.toLowerCase();
    if (e === 'none') keep((item) => !item.awards.some((a) => a.userId === uid));
    else if (e === 'any') keep((item) => item.awards.some((a) => a.userId === uid));
    else keep((item) => item.awards.some((a) => a.userId === uid && a.name === emoji));
  }

  if (options.iids) {
    const iids = ctx.params.intArray('iids');
    if (iids !== undefined && iids.length > 0) {
      const set = new Set(iids);
      keep((item) => set.has(item.iid));
    }
  }

  const search = ctx.params.str('search');
  if (search !== undefined && search !== '') {
    const needle = search.toLowerCase();
    keep((item) => item.title.toLowerCase().includes(needle) || (item.description ?? '').toLowerCase().includes(needle));
  }

  const after = timeParam(ctx, 'created_after');
  if (after !== undefined) keep((item) => item.createdAt >= after);
  const before = timeParam(ctx, 'created_before');
  if (before !== undefined) keep((item) => item.createdAt <= before);
  const updatedAfter = timeParam(ctx, 'updated_after');
  if (updatedAfter !== undefined) keep((item) => item.updatedAt >= updatedAfter);
  const updatedBefore = timeParam(ctx, 'updated_before');
  if (updatedBefore !== undefined) keep((item) => item.updatedAt <= updatedBefore);

  const orderBy = enumParam(ctx, 'order_by', ['created_at', 'updated_at'] as const) ?? 'created_at';
  const sort = enumParam(ctx, 'sort', ['asc', 'desc'] as const) ?? 'desc';
  return sortItems(result === items ? [...items] : result, orderBy === 'created_at' ? (i) => i.createdAt : (i) => i.updatedAt, sort);
}
