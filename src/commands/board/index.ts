import { defineCommand, defineNoun } from '../../executor/spec.js';
import { boardColumns } from '../../resources/board.js';
import { listCreate, listDelete, listMove, lists, listView } from './lists.js';
import { view } from './view.js';

export const list = defineCommand({
  name: 'list',
  aliases: ['ls'],
  summary: "List a project's issue boards with their lists",
  examples: ['collab board list -p acme/platform/api', 'collab board list -o json'],
  project: 'required',
  method: 'GET',
  path: '/projects/:project/boards',
  list: true,
  columns: boardColumns,
});

export const noun = defineNoun({
  name: 'board',
  summary: 'Issue boards and their lists',
  description:
    'Issue boards and their lists. `board list` lists the boards, `board view` shows one with its ' +
    "issues, column by column; a board's lists are " +
    'handled by the list-* verbs: `board lists`, `board list-view`, `board ' +
    'list-create`, `board list-move`, `board list-delete`.',
  commands: [list, view, lists, listView, listCreate, listMove, listDelete],
});
