import type { FlagSpec } from '../executor/inputs.js';

/**
 * People and milestones by name, beside the id flags: usernames (`alice`, `@alice`), `@me` for the
 * token's user, and ids too (`-a` is `--assignee`, as in gh and glab); milestones by title. Each name is looked up once per run
 * (src/executor/lookup.ts); on a host known to be GitLab, list filters send the username itself.
 */
const ONE = 'username or @me';
const SEVERAL = 'usernames or @me, comma-separated';

/** `none` and `any` on a filter, as GitLab's `None` and `Any` (doc/api/issues.md, doc/api/merge_requests.md). */
const WILDCARDS = '; none: nobody, any: somebody';

/** List filters: created by, assigned to (issues send `assignee_username` on GitLab; merge requests have no such filter). */
export function peopleFilters(kind: 'issues' | 'merge requests'): FlagSpec[] {
  return [
    {
      name: 'author',
      param: 'author_id',
      byName: 'author_username',
      type: 'string',
      lookup: 'user',
      wildcards: false,
      value: '<user>',
      description: `${kind} created by this user: ${ONE}`,
      conflicts: ['author-id'],
    },
    {
      name: 'assignee',
      short: 'a',
      param: 'assignee_id',
      ...(kind === 'issues' ? { byName: 'assignee_username' } : {}),
      type: 'string',
      lookup: 'user',
      wildcards: true,
      value: '<user>',
      description: `${kind} assigned to this user: ${ONE}${WILDCARDS}`,
      conflicts: ['assignee-id'],
    },
  ];
}

/** `mr list --reviewer`: GitLab's (the spec has no reviewers). */
export const reviewerFilter: FlagSpec = {
  name: 'reviewer',
  param: 'reviewer_id',
  byName: 'reviewer_username',
  type: 'string',
  lookup: 'user',
  wildcards: true,
  value: '<user>',
  description: `merge requests this user is asked to review: ${ONE}${WILDCARDS} (GitLab)`,
};

/** A filter that leaves out what GitLab's `not[…]` names (GitLab: the spec has no negation). */
function negatedUser(role: 'author' | 'assignee' | 'reviewer', kind: string, what: string): FlagSpec {
  return {
    name: `not-${role}`,
    param: `not[${role}_id]`,
    byName: `not[${role}_username]`,
    type: 'string',
    lookup: 'user',
    wildcards: false,
    value: '<user>',
    description: `leave out ${kind} ${what} this user: ${ONE} (GitLab)`,
  };
}

/**
 * `--not-label`, `--not-milestone`, `--not-author`, `--not-assignee` (and `--not-reviewer`):
 * GitLab's `not[…]` (doc/api/issues.md, doc/api/merge_requests.md; lib/api/issues.rb and
 * lib/api/merge_requests.rb declare `optional :not, type: Hash`).
 */
export function negatedFilters(kind: 'issues' | 'merge requests'): FlagSpec[] {
  return [
    {
      name: 'not-label',
      param: 'not[labels]',
      type: 'csv',
      value: '<labels>',
      description: `leave out ${kind} with these labels, comma-separated (GitLab)`,
    },
    {
      name: 'not-milestone',
      param: 'not[milestone]',
      type: 'string',
      value: '<title>',
      description: `leave out ${kind} of this milestone (GitLab)`,
    },
    negatedUser('author', kind, 'created by'),
    negatedUser('assignee', kind, 'assigned to'),
    ...(kind === 'merge requests' ? [negatedUser('reviewer', kind, 'asked of')] : []),
  ];
}

/** Issues take several assignees (`assignee_ids`). */
export const assigneesField: FlagSpec = {
  name: 'assignee',
  short: 'a',
  param: 'assignee_ids',
  type: 'stringList',
  lookup: 'user',
  value: '<users>',
  description: `assignees: ${SEVERAL}`,
  conflicts: ['assignee-ids'],
};

/** A merge request has one assignee in the API both dialects share (`assignee_id`). */
export const assigneeField: FlagSpec = {
  name: 'assignee',
  short: 'a',
  param: 'assignee_id',
  type: 'string',
  lookup: 'user',
  value: '<user>',
  description: `assign to this user: ${ONE}`,
  conflicts: ['assignee-id'],
};

/** Reviewers of a merge request: GitLab's `reviewer_ids`. */
export const reviewersField: FlagSpec = {
  name: 'reviewer',
  param: 'reviewer_ids',
  type: 'stringList',
  lookup: 'user',
  value: '<users>',
  description: `reviewers: ${SEVERAL} (GitLab)`,
};

/** A milestone of the project by its title (`milestone_id`). */
export const milestoneField: FlagSpec = {
  name: 'milestone',
  param: 'milestone_id',
  type: 'string',
  lookup: 'milestone',
  value: '<title>',
  description: 'milestone by its title',
  conflicts: ['milestone-id'],
};
