import type { Ctx } from './context.js';
import type { CommonFilterOptions, Filter, Filterable, Predicate } from './filter-types.js';
import type { User } from './model.js';

/**
 * The list filters only GitLab takes (doc/api/issues.md, doc/api/merge_requests.md): people by
 * username, reviewers (`None`, `Any`, an id, a username), and what a list leaves out (`not[…]`:
 * lib/api/issues.rb and lib/api/merge_requests.rb take `optional :not, type: Hash`).
 */

function given(ctx: Ctx, name: string): string | undefined {
  const value = ctx.params.str(name);
  return value === undefined || value === '' ? undefined : value;
}

/**
 * The items whose people of one role (`people`) the parameters `id` and `username` name; GitLab's
 * `None` and `Any` on the id: nobody, somebody. `negated`: the items they do not name.
 */
function peopleNamed<T>(
  ctx: Ctx,
  people: (item: T) => number[],
  [id, username]: [string | undefined, string],
  negated: boolean,
): Predicate<T>[] {
  const byId = id === undefined ? undefined : given(ctx, id);
  const word = byId?.toLowerCase();
  if (word === 'none' || word === 'any') return [(item) => (people(item).length > 0 === (word === 'any')) !== negated];
  const wanted: number[] = [];
  if (byId !== undefined) wanted.push(ctx.params.int(id as string) as number);
  const byName = given(ctx, username);
  if (byName !== undefined) wanted.push(ctx.store.userByName(byName)?.id ?? -1);
  if (wanted.length === 0) return [];
  return [(item) => wanted.every((w) => people(item).includes(w)) !== negated];
}

const authorOf = <T extends Filterable>(item: T) => [item.authorId];

/** GitLab's filters by username and by reviewer (the spec filters authors and assignees by id only, src/sandbox/filters.ts). */
export const byGitlabUsers: Filter = <T extends Filterable>(ctx: Ctx, _viewer: User | null, options: CommonFilterOptions<T>) => {
  if (ctx.store.flavor !== 'gitlab') return undefined;
  return [
    ...peopleNamed(ctx, authorOf<T>, [undefined, 'author_username'], false),
    ...peopleNamed(ctx, options.assignees, [undefined, 'assignee_username'], false),
    ...(options.reviewers ? peopleNamed(ctx, options.reviewers, ['reviewer_id', 'reviewer_username'], false) : []),
  ];
};

/** `not[labels]` (none of them), `not[milestone]`, `not[author_…]`, `not[assignee_…]`, `not[reviewer_…]`. */
export const byNegation: Filter = <T extends Filterable>(ctx: Ctx, _viewer: User | null, options: CommonFilterOptions<T>) => {
  if (ctx.store.flavor !== 'gitlab') return undefined;
  const predicates: Predicate<T>[] = [];
  const labels = given(ctx, 'not[labels]');
  if (labels !== undefined) {
    const unwanted = labels.split(',').map((l) => l.trim().toLowerCase());
    predicates.push((item) => !item.labels.some((l) => unwanted.includes(l.toLowerCase())));
  }
  const milestone = given(ctx, 'not[milestone]');
  if (milestone !== undefined) predicates.push((item) => options.milestoneTitle(item) !== milestone);
  const people = [
    ...peopleNamed(ctx, authorOf<T>, ['not[author_id]', 'not[author_username]'], true),
    ...peopleNamed(ctx, options.assignees, ['not[assignee_id]', 'not[assignee_username]'], true),
    ...(options.reviewers ? peopleNamed(ctx, options.reviewers, ['not[reviewer_id]', 'not[reviewer_username]'], true) : []),
  ];
  for (const predicate of people) predicates.push(predicate);
  return predicates;
};
