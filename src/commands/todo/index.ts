import type { Context } from '../../context.js';
import { ApiError, type CollabError, UsageError } from '../../errors.js';
import { defineCommand, defineNoun } from '../../executor/spec.js';
import { todoListColumns, todoTitle } from '../../resources/todo.js';
import { TODO_ACTIONS, TODO_TYPES } from '../../shared/todo-values.js';

/**
 * What needs you: GitLab's to-do list (doc/api/todos.md, lib/api/todos.rb). GitLab only: a server
 * that follows the spec has no to-do API, which a 404 of `/todos` says.
 */

/** A 404 of the to-do API itself: this server has none. */
const noTodoApi = (err: CollabError): Error =>
  new ApiError(`${err.message}: this server has no to-do API (GitLab has; the spec's servers have none)`, 404);

export const list = defineCommand({
  name: 'list',
  aliases: ['ls'],
  summary: 'List your to-do items: pending ones, newest first',
  description:
    'List the to-do items GitLab keeps for you (an issue assigned, a review asked, a mention, a ' +
    'failed pipeline…), pending ones unless --state done, newest first. Each names what it is about ' +
    '(a full reference, as `collab issue view` and `collab mr view` take it), why, and who.',
  examples: [
    'collab todo list',
    'collab todo list --action review_requested',
    'collab todo list -p acme/platform/api --type MergeRequest -o json',
  ],
  flags: [
    { name: 'state', type: 'enum', choices: ['pending', 'done'], default: 'pending', description: 'pending or done' },
    { name: 'action', type: 'enum', choices: TODO_ACTIONS, description: 'why it is there' },
    { name: 'type', type: 'enum', choices: TODO_TYPES, description: 'what it is about' },
    {
      name: 'project',
      short: 'p',
      param: 'project_id',
      type: 'string',
      lookup: 'project',
      value: '<id|path>',
      description: 'only those of this project',
      conflicts: ['group'],
    },
    {
      name: 'group',
      short: 'g',
      param: 'group_id',
      type: 'string',
      lookup: 'group',
      value: '<id|path>',
      description: 'only those of this group',
    },
    {
      name: 'author',
      param: 'author_id',
      type: 'string',
      lookup: 'user',
      value: '<user>',
      description: 'only those this user caused: username or @me',
    },
  ],
  method: 'GET',
  path: '/todos',
  list: true,
  listNoun: 'to-do items',
  columns: todoListColumns,
  explain: { 404: async (ctx, _v, err) => ((await ctx.flavor()) === 'spec' ? noTodoApi(err) : undefined) },
});

export const done = defineCommand({
  name: 'done',
  summary: 'Mark to-do items as done, or all of them with --all',
  description:
    'Mark to-do items as done by their ids (POST /todos/:id/mark_as_done), several at once or from ' +
    '--stdin (what `todo list -o ndjson` prints), or every pending one with --all ' +
    '(POST /todos/mark_as_done).',
  examples: [
    'collab todo done 102',
    'collab todo done 102 103',
    'collab todo list --type Issue -o ndjson | collab todo done --stdin',
    'collab todo done --all',
  ],
  args: [{ name: 'id', type: 'id', optional: true, description: 'to-do item id (see collab todo list)' }],
  flags: [{ name: 'all', param: false, type: 'bool', description: 'every pending to-do item' }],
  bulk: 'id',
  method: 'POST',
  path: (v) => (v.flags.all ? '/todos/mark_as_done' : '/todos/:id/mark_as_done'),
  answer: { kind: 'optional' },
  columns: todoListColumns,
  prepare: (_ctx: Context, v) => {
    const ids = v.bulk !== undefined || v.args.id !== undefined;
    if (v.flags.all && ids) throw new UsageError('--all marks every pending to-do item: give no ids with it');
    if (!v.flags.all && !ids) throw new UsageError('missing argument <id>: give the ids of the to-do items, or --all');
  },
  explain: {
    404: async (ctx, v, err) =>
      (await ctx.flavor()) === 'spec'
        ? noTodoApi(err)
        : v.flags.all
          ? undefined
          : `no to-do item ${String(v.args.id)} of yours: see collab todo list`,
  },
  done: (v, todo) =>
    v.flags.all ? 'Marked every pending to-do item as done' : `Marked to-do ${String(v.args.id)}${todoTitle(todo)} as done`,
});

export const noun = defineNoun({
  name: 'todo',
  summary: 'Your to-do list: what needs you (GitLab)',
  commands: [list, done],
});
