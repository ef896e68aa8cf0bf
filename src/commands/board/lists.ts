import { paginate } from '../../api/paginate.js';
import { fillPath } from '../../api/path.js';
import type { Context } from '../../context.js';
import { ApiError, UsageError } from '../../errors.js';
import { boardListColumns } from '../../resources/board.js';
import type { ArgSpec, CommandSpec, Values } from '../spec.js';

export const boardArg: ArgSpec = { name: 'board_id', type: 'id', description: 'board id (see `collab board list`)' };
const listArg: ArgSpec = { name: 'list_id', type: 'id', description: 'board list id (see `collab board lists <board_id>`)' };

const LISTS_PATH = '/projects/:project/boards/:board_id/lists';
const LIST_PATH = `${LISTS_PATH}/:list_id`;

export const lists: CommandSpec = {
  name: 'lists',
  summary: "Show a board's lists (label columns; backlog and closed are not lists)",
  examples: ['collab board lists 1 -p acme/platform/api', 'collab board lists 1 -o json'],
  args: [boardArg],
  project: 'required',
  method: 'GET',
  path: LISTS_PATH,
  list: true,
  columns: boardListColumns,
};

export const listView: CommandSpec = {
  name: 'list-view',
  summary: 'Show one list of a board',
  examples: ['collab board list-view 1 4 -p acme/platform/api'],
  args: [boardArg, listArg],
  project: 'required',
  method: 'GET',
  path: LIST_PATH,
  columns: boardListColumns,
};

/**
 * The id of the project label called `name`. The spec describes no labels endpoint and board lists
 * carry label names without ids, so this reads GET /projects/:id/labels (as real servers offer).
 */
async function labelId(ctx: Context, v: Values, name: string): Promise<number> {
  const path = fillPath('/projects/:project/labels', { project: v.project });
  const labels = paginate<{ id: number; name: string }>(ctx.api(), { method: 'GET', path }, { perPage: 100, all: true });
  let caseInsensitive: number | undefined;
  for await (const label of labels) {
    if (label.name === name) return label.id;
    if (caseInsensitive === undefined && label.name?.toLowerCase() === name.toLowerCase()) caseInsensitive = label.id;
  }
  if (caseInsensitive !== undefined) return caseInsensitive;
  throw new ApiError(`no label named "${name}" in project ${v.project}`, 404, undefined, 'give the label id with --label-id');
}

export const listCreate: CommandSpec = {
  name: 'list-create',
  summary: 'Add a list for a label to a board',
  description:
    'Add a list to a board for a project label, given by id (--label-id) or by name (--label). A name is looked up with GET /projects/:id/labels, an endpoint outside the API description that real servers provide.',
  examples: ['collab board list-create 1 --label-id 12 -p acme/platform/api', 'collab board list-create 1 --label "In review"'],
  args: [boardArg],
  project: 'required',
  flags: [
    { name: 'label-id', type: 'id', description: 'id of the label the list shows', conflicts: ['label'] },
    { name: 'label', param: false, type: 'string', value: '<name>', description: 'name of the label (looked up in the project labels)' },
  ],
  method: 'POST',
  path: LISTS_PATH,
  columns: boardListColumns,
  prepare: async (ctx, v) => {
    const name = v.flags.label;
    if (v.flags['label-id'] === undefined && name === undefined) throw new UsageError('missing required flag --label-id (or --label <name>)');
    if (typeof name === 'string') {
      if (name.trim() === '') throw new UsageError('invalid value for --label: it is empty');
      v.params.label_id = await labelId(ctx, v, name);
    }
  },
  done: (v, data) => `added list ${String((data as { id?: number })?.id)} to board ${String(v.args.board_id)}`,
};

export const listMove: CommandSpec = {
  name: 'list-move',
  summary: 'Move a list of a board to another position',
  examples: ['collab board list-move 1 4 --position 0 -p acme/platform/api'],
  args: [boardArg, listArg],
  project: 'required',
  flags: [{ name: 'position', type: 'int', min: 0, required: true, description: 'new position, 0 is the first list' }],
  method: 'PUT',
  path: LIST_PATH,
  columns: boardListColumns,
};

export const listDelete: CommandSpec = {
  name: 'list-delete',
  summary: 'Remove a list from a board',
  description:
    'Remove a list from a board (administrators and project owners); the label and its issues stay. Asks for confirmation on a terminal; needs --yes elsewhere.',
  examples: ['collab board list-delete 1 4 -p acme/platform/api', 'collab board list-delete 1 4 --yes'],
  args: [boardArg, listArg],
  project: 'required',
  method: 'DELETE',
  path: LIST_PATH,
  confirm: (v) => `Remove list ${String(v.args.list_id)} from board ${String(v.args.board_id)} of ${v.project}?`,
  done: (v) => `removed list ${String(v.args.list_id)} from board ${String(v.args.board_id)}`,
};
