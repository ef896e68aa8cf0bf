/**
 * What GitLab's to-do list filters by (lib/api/todos.rb, doc/api/todos.md): `todo list` offers them
 * as choices, the sandbox checks its parameters against them.
 */

/** `Todo::ACTION_NAMES` (app/models/todo.rb): why a to-do item is there. */
export const TODO_ACTIONS = [
  'assigned',
  'mentioned',
  'build_failed',
  'marked',
  'approval_required',
  'unmergeable',
  'directly_addressed',
  'merge_train_removed',
  'review_requested',
  'member_access_requested',
  'review_submitted',
] as const;

/** `TodosFinder.todo_types`: what a to-do item is about. */
export const TODO_TYPES = ['Issue', 'MergeRequest', 'Commit', 'Epic', 'DesignManagement::Design', 'AlertManagement::Alert'] as const;
