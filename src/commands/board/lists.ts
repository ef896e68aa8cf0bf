import { UsageError } from '../../errors.js';
import type { ArgSpec } from '../../executor/inputs.js';
import { defineCommand } from '../../executor/spec.js';
import { described, objectName, titled } from '../../output/names.js';
import { boardListColumns } from '../../resources/board.js';

const boardArg: ArgSpec = { name: 'board_id', type: 'id', description: 'board id (see `collab board list`)' };
const listArg: ArgSpec = { name: 'list_id', type: 'id', description: 'board list id (see `collab board lists <board_id>`)' };

const LISTS_PATH = '/projects/:project/boards/:board_id/lists';
const LIST_PATH = `${LISTS_PATH}/:list_id`;

export const lists = defineCommand({
  name: 'lists',
  summary: "Show a board's lists (label columns; backlog and closed are not lists)",
  examples: ['collab board lists 1 -p acme/platform/api', 'collab board lists 1 -o json'],
  args: [boardArg],
  project: 'required',
  method: 'GET',
  path: LISTS_PATH,
  list: true,
  columns: boardListColumns,
});

export const listView = defineCommand({
  name: 'list-view',
  summary: 'Show one list of a board',
  examples: ['collab board list-view 1 4 -p acme/platform/api'],
  args: [boardArg, listArg],
  project: 'required',
  method: 'GET',
  path: LIST_PATH,
  columns: boardListColumns,
});

export const listCreate = defineCommand({
  name: 'list-create',
  summary: 'Add a list for a label to a board',
  description:
    'Add a list to a board for a project label, given by id (--label-id) or by name ' +
    '(--label). A name is looked up with GET /projects/:id/labels, an endpoint ' +
    'outside the API description that real servers provide.',
  examples: ['collab board list-create 1 --label-id 12 -p acme/platform/api', 'collab board list-create 1 --label "In review"'],
  args: [boardArg],
  project: 'required',
  flags: [
    { name: 'label-id', type: 'id', description: 'id of the label the list shows', conflicts: ['label'] },
    {
      name: 'label',
      param: 'label_id',
      lookup: 'label',
      type: 'string',
      value: '<name>',
      description: 'name of the label (looked up in the project labels)',
    },
  ],
  method: 'POST',
  path: LISTS_PATH,
  answer: { kind: 'object', key: 'id' },
  columns: boardListColumns,
  prepare: (_ctx, v) => {
    if (v.flags['label-id'] === undefined && v.flags.label === undefined)
      throw new UsageError('missing required flag --label-id (or --label <name>)');
  },
  done: (v, list) => `Added ${described('list', list?.id, objectName(list))} to board ${String(v.args.board_id)}`,
});

export const listMove = defineCommand({
  name: 'list-move',
  summary: 'Move a list of a board to another position',
  examples: ['collab board list-move 1 4 --position 0 -p acme/platform/api'],
  args: [boardArg, listArg],
  project: 'required',
  flags: [{ name: 'position', type: 'int', min: 0, required: true, description: 'new position, 0 is the first list' }],
  method: 'PUT',
  path: LIST_PATH,
  columns: boardListColumns,
  done: (v, list) =>
    `Moved list ${titled(String(v.args.list_id), objectName(list))} of board ` +
    `${String(v.args.board_id)} to position ${String(v.flags.position)}`,
});

export const listDelete = defineCommand({
  name: 'list-delete',
  summary: 'Remove a list from a board',
  description:
    'Remove a list from a board (administrators and project owners); the label and ' +
    'its issues stay. Asks for confirmation on a terminal; needs --yes elsewhere.',
  examples: ['collab board list-delete 1 4 -p acme/platform/api', 'collab board list-delete 1 4 --yes'],
  args: [boardArg, listArg],
  project: 'required',
  method: 'DELETE',
  path: LIST_PATH,
  confirm: {
    mode: 'yes',
    question: (v, name) => `Remove list ${titled(String(v.args.list_id), name)} from board ${String(v.args.board_id)} of ${v.project}?`,
  },
  done: (v) => `Removed list ${titled(String(v.args.list_id), objectName(v.seen))} from board ${String(v.args.board_id)}`,
});
