import type { Ctx } from './context.js';
import { HttpError } from './errors.js';
import type { CommonFilterOptions, Filter, Filterable, Predicate, Scope } from './filter-types.js';
import { byGitlabUsers, byNegation } from './gitlab-filters.js';
import type { User } from './model.js';
import { parseTime } from './time.js';

const invalidValue = (name: string): HttpError => new HttpError(400, { error: `${name} does not have a valid value` });

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
  if (ms === undefined) throw new HttpError(400, { error: `${name} is invalid` });
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

/** A string parameter, unless absent or empty. */
function given(ctx: Ctx, name: string): string | undefined {
  const value = ctx.params.str(name);
  return value === undefined || value === '' ? undefined : value;
}

const byState: Filter = (ctx, _viewer, options) => {
  const state = enumParam(ctx, 'state', [...options.states, 'all']);
  if (!state || state === 'all') return undefined;
  return (item) => item.state === state || (state === 'opened' && item.state === 'reopened');
};

const byLabels: Filter = (ctx) => {
  const labels = given(ctx, 'labels');
  if (labels === undefined) return undefined;
  const lower = labels
    .split(',')
    .map((l) => l.trim().toLowerCase())
    .filter((l) => l !== '');
  if (lower.length === 1 && ['no label', 'no+label', 'none'].includes(lower[0])) return (item) => item.labels.length === 0;
  if (lower.length === 1 && lower[0] === 'any') return (item) => item.labels.length > 0;
  return (item) => lower.every((name) => item.labels.some((l) => l.toLowerCase() === name));
};

const byMilestone: Filter = (ctx, _viewer, options) => {
  const milestone = given(ctx, 'milestone');
  if (milestone === undefined) return undefined;
  const m = milestone.toLowerCase();
  if (m === 'no milestone' || m === 'none') return (item) => item.milestoneId == null;
  if (m === 'any') return (item) => item.milestoneId != null;
  return (item) => options.milestoneTitle(item) === milestone;
};

const byScope: Filter = (ctx, viewer, options) => {
  const raw = ctx.params.str('scope');
  // GitLab's merge request lists take `reviews_for_me`, spelled so only; the spec has no such scope.
  const reviews = raw === 'reviews_for_me' && ctx.store.flavor === 'gitlab' && options.reviewers !== undefined;
  const rawScope = raw?.replace(/_/g, '-');
  if (rawScope !== undefined && !reviews && !['created-by-me', 'assigned-to-me', 'all'].includes(rawScope)) throw invalidValue('scope');
  const scope = (rawScope as Scope | undefined) ?? options.defaultScope;
  if (scope === 'all') return undefined;
  if (!viewer) throw new HttpError(401, { message: '401 Unauthorized' });
  if (reviews) return (item) => options.reviewers!(item).includes(viewer.id);
  if (scope === 'created-by-me') return (item) => item.authorId === viewer.id;
  return (item) => options.assignees(item).includes(viewer.id);
};

const byAuthorId: Filter = (ctx) => {
  const authorId = ctx.params.int('author_id');
  return authorId === undefined ? undefined : (item) => item.authorId === authorId;
};

const byAssignee: Filter = (ctx, _viewer, options) => {
  const assignee = given(ctx, 'assignee_id');
  if (assignee === undefined) return undefined;
  const a = assignee.toLowerCase();
  if (a === 'none') return (item) => options.assignees(item).length === 0;
  if (a === 'any') return (item) => options.assignees(item).length > 0;
  const id = ctx.params.int('assignee_id') as number;
  return (item) => options.assignees(item).includes(id);
};

const byReaction: Filter = (ctx, viewer) => {
  const emoji = given(ctx, 'my_reaction_emoji');
  if (emoji === undefined) return undefined;
  const uid = viewer?.id ?? -1;
  const e = emoji.toLowerCase();
  if (e === 'none') return (item) => !item.awards.some((a) => a.userId === uid);
  if (e === 'any') return (item) => item.awards.some((a) => a.userId === uid);
  return (item) => item.awards.some((a) => a.userId === uid && a.name === emoji);
};

const byIids: Filter = (ctx, _viewer, options) => {
  if (!options.iids) return undefined;
  const iids = ctx.params.intArray('iids');
  if (iids === undefined || iids.length === 0) return undefined;
  const set = new Set(iids);
  return (item) => set.has(item.iid);
};

/**
 * `search` in the title and description; on GitLab `in` narrows that to the columns it names,
 * both where it names neither (app/models/concerns/issuable.rb, `full_search`).
 */
const bySearch: Filter = (ctx) => {
  const search = given(ctx, 'search');
  if (search === undefined) return undefined;
  const needle = search.toLowerCase();
  const named = ctx.store.flavor === 'gitlab' ? (given(ctx, 'in') ?? '').split(',') : [];
  const title = named.includes('title') || !named.includes('description');
  const description = named.includes('description') || !named.includes('title');
  return (item) =>
    (title && item.title.toLowerCase().includes(needle)) || (description && (item.description ?? '').toLowerCase().includes(needle));
};

const byTimes: Filter = <T extends Filterable>(ctx: Ctx) => {
  const predicates: Predicate<T>[] = [];
  const after = timeParam(ctx, 'created_after');
  if (after !== undefined) predicates.push((item) => item.createdAt >= after);
  const before = timeParam(ctx, 'created_before');
  if (before !== undefined) predicates.push((item) => item.createdAt <= before);
  const updatedAfter = timeParam(ctx, 'updated_after');
  if (updatedAfter !== undefined) predicates.push((item) => item.updatedAt >= updatedAfter);
  const updatedBefore = timeParam(ctx, 'updated_before');
  if (updatedBefore !== undefined) predicates.push((item) => item.updatedAt <= updatedBefore);
  return predicates;
};

/** In the order their parameters are checked (the first bad one is the error). */
const COMMON_FILTERS: readonly Filter[] = [
  byState,
  byLabels,
  byMilestone,
  byScope,
  byAuthorId,
  byGitlabUsers,
  byNegation,
  byAssignee,
  byReaction,
  byIids,
  bySearch,
  byTimes,
];

export function applyCommonFilters<T extends Filterable>(ctx: Ctx, items: T[], viewer: User | null, options: CommonFilterOptions<T>): T[] {
  const predicates = COMMON_FILTERS.flatMap((filter) => filter(ctx, viewer, options) ?? []);
  const result = items.filter((item) => predicates.every((predicate) => predicate(item)));
  const orderBy = enumParam(ctx, 'order_by', ['created_at', 'updated_at'] as const) ?? 'created_at';
  const sort = enumParam(ctx, 'sort', ['asc', 'desc'] as const) ?? 'desc';
  return sortItems(result, orderBy === 'created_at' ? (i) => i.createdAt : (i) => i.updatedAt, sort);
}
