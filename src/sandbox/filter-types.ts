/** The shapes of the list filters (filters.ts, and GitLab's own in gitlab-filters.ts). */
import type { Ctx } from './context.js';
import type { AwardEmoji, User } from './model.js';

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

export type Predicate<T> = (item: T) => boolean;

/** One of the common filters: the predicate its parameters ask for, or none. */
export type Filter = <T extends Filterable>(
  ctx: Ctx,
  viewer: User | null,
  options: CommonFilterOptions<T>,
) => Predicate<T> | Predicate<T>[] | undefined;
