import type { Values } from '../executor/inputs.js';

/** The filters that ask about people: given outside a project or group, they widen the scope. */
const PEOPLE = ['author', 'author-id', 'assignee', 'assignee-id', 'reviewer', 'not-author', 'not-assignee', 'not-reviewer'];

const isMe = (value: unknown): boolean => typeof value === 'string' && value.trim().toLowerCase() === '@me';

/** A `@me` filter the scope says instead: not sent, not looked up, and still named as typed. */
function saidByScope(v: Values, flag: string, param: string, scope: string): void {
  v.params.scope = scope;
  (v.typed ??= {})[flag] = v.flags[flag];
  delete v.flags[flag];
  delete v.params[param];
}

/**
 * GitLab's `/issues` and `/merge_requests` answer only what you created unless told otherwise
 * (`scope` defaults to `created_by_me`: doc/api/issues.md, doc/api/merge_requests.md), so
 * `--assignee carol` outside a project missed everything carol did not create with you. A people
 * filter widens what is sent, unless `--scope` was given: `@me` as assignee is the scope
 * `assigned-to-me`, as author `created-by-me` (nothing looked up for either), anything else `all`.
 * `--reviewer @me` goes as `all` with your id: GitLab's `reviews_for_me` scope (`--scope
 * reviews-for-me`) is answered 400 by servers before gitlab-org/gitlab!203131.
 */
export function widenScope(v: Values): void {
  if (v.project !== undefined || v.group !== undefined || v.flags.scope !== undefined) return;
  if (!PEOPLE.some((name) => v.flags[name] !== undefined)) return;
  if (isMe(v.flags.assignee)) saidByScope(v, 'assignee', 'assignee_id', 'assigned-to-me');
  else if (isMe(v.flags.author)) saidByScope(v, 'author', 'author_id', 'created-by-me');
  else v.params.scope = 'all';
}
