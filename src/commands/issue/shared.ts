import type { ArgSpec } from '../../executor/inputs.js';
import type { Issuable } from '../../resources/issuable.js';
import { issueColumns } from '../../resources/issue.js';
import { issueTodoColumns } from '../../resources/todo.js';

export const ISSUE_PATH = '/projects/:project/issues/:iid';

export const iidArg: ArgSpec = { name: 'iid', type: 'int', description: 'issue IID (number inside the project)', url: 'issues' };

/** `#42` for notices. */
export const ref = (iid: unknown): string => `#${String(iid)}`;

export const ISSUE: Issuable = {
  noun: 'issue',
  one: 'an issue',
  command: 'issue',
  path: ISSUE_PATH,
  iidArg,
  columns: issueColumns,
  todoColumns: issueTodoColumns,
  ref,
  example: 42,
};
