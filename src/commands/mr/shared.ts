import type { ArgSpec } from '../../executor/inputs.js';
import { cellText } from '../../output/sanitize.js';
import { shortSha as shortened } from '../../output/values.js';
import type { Issuable } from '../../resources/issuable.js';
import { mrColumns } from '../../resources/mr.js';
import { mergeRequestTodoColumns } from '../../resources/todo.js';

/** The merge request's IID; or its source branch, and none at all for the branch checked out. */
export const iidArg: ArgSpec = {
  name: 'iid',
  type: 'int',
  description: 'merge request IID (number inside the project)',
  url: 'merge_requests',
  fromBranch: 'merge_requests',
};

/** The IID alone: where a branch standing for it would read wrong (a second argument follows). */
export const plainIidArg: ArgSpec = { ...iidArg, fromBranch: undefined };

export const MR_PATH = '/projects/:project/merge_requests/:iid';

/**
 * `!3`, as merge requests are referenced in the web UI; before a branch standing for the IID is
 * looked up (an irreversible verb refused without --yes), the merge request of that branch.
 */
export function ref(iid: unknown): string {
  return typeof iid === 'string' && !/^\d+$/.test(iid) ? `the merge request of ${plain(iid)}` : `!${String(iid)}`;
}

export const MERGE_REQUEST: Issuable = {
  noun: 'merge request',
  one: 'a merge request',
  command: 'mr',
  path: MR_PATH,
  iidArg,
  columns: mrColumns,
  todoColumns: mergeRequestTodoColumns,
  ref,
  example: 3,
  discussions: true,
};

/** A SHA in a notice: as short as everywhere else in what people read. */
export function shortSha(sha: unknown): string {
  return plain(typeof sha === 'string' ? shortened(sha) : sha);
}

/** Server text placed in a notice or error line: one line, no terminal control sequences. */
export function plain(text: unknown): string {
  return cellText(String(text ?? ''));
}
