import { fillPath } from '../../api/path.js';
import type { Context } from '../../context.js';
import { projectRef } from '../../resources/url.js';
import { ApiError, UsageError } from '../../errors.js';
import { ISSUE_STATE_EVENTS, issueColumns } from '../../resources/issue.js';
import { parseId } from '../../validate.js';
import { readTextArg } from '../input.js';
import type { CommandSpec, FlagSpec, Values } from '../spec.js';
import { ISSUE_PATH, iidArg, ref } from './shared.js';

/** The writable fields of create (§4.2.1) and edit (§4.2.2); `update` adds the edit-only ones. */
function fieldFlags(mode: 'create' | 'update'): FlagSpec[] {
  const update = mode === 'update';
  const flags: FlagSpec[] = [
    update
      ? { name: 'title', short: 't', type: 'string', description: 'new title' }
      : { name: 'title', short: 't', type: 'string', prompt: 'Title:', description: 'issue title' },
    { name: 'description', short: 'd', type: 'string', description: 'description (Markdown)', conflicts: ['description-file'] },
    { name: 'description-file', param: false, type: 'string', value: '<file|->', description: 'read the description from a file (- for stdin)' },
    update
      ? { name: 'confidential', type: 'bool', negatable: true, description: 'make the issue confidential' }
      : { name: 'confidential', type: 'bool', description: 'create it confidential (default: not)' },
    { name: 'assignee-ids', short: 'a', type: 'intList', description: update ? 'assignee user ids, comma-separated (0 unassigns everyone)' : 'assignee user ids, comma-separated' },
    update
      ? { name: 'milestone-id', type: 'int', min: 0, description: 'milestone id (0 removes the milestone)' }
      : { name: 'milestone-id', type: 'id', description: 'milestone id' },
    { name: 'labels', short: 'l', type: 'csv', description: update ? 'comma-separated label names (replaces the labels)' : 'comma-separated label names' },
  ];
  if (update) {
    flags.push(
      { name: 'state-event', type: 'enum', choices: ISSUE_STATE_EVENTS, description: 'close or reopen (or use `issue close` / `issue reopen`)' },
      { name: 'updated-at', type: 'datetime', description: 'ISO 8601 update time (administrators and project owners)' },
    );
  } else {
    flags.push({ name: 'created-at', type: 'datetime', description: 'ISO 8601 creation time (administrators and project owners)' });
  }
  flags.push(
    { name: 'due-date', type: 'date', description: 'due date, YYYY-MM-DD' },
    { name: 'weight', short: 'w', type: 'weight', description: 'weight, 0 to 9' },
  );
  if (update) {
    flags.push({ name: 'discussion-locked', type: 'bool', negatable: true, description: 'only project members may comment' });
  } else {
    flags.push(
      { name: 'mr-to-resolve', param: 'merge_request_to_resolve_discussions_of', type: 'id', value: '<mr-iid>', description: 'IID of a merge request whose open discussions this issue resolves (fills a default description)' },
      { name: 'discussion', param: 'discussion_to_resolve', type: 'string', value: '<id>', description: 'id of one discussion of that merge request to resolve (needs --mr-to-resolve)' },
    );
  }
  return flags;
}

/** Checks the server would make anyway, done before sending; then the description file. */
async function prepareFields(ctx: Context, v: Values): Promise<void> {
  if (typeof v.flags.title === 'string' && v.flags.title.trim() === '') throw new UsageError('invalid value for --title: it is empty');
  const file = v.flags['description-file'];
  if (typeof file === 'string') v.params.description = await readTextArg(ctx, file, '--description-file');
}

export const create: CommandSpec = {
  name: 'create',
  aliases: ['new'],
  summary: 'Create an issue',
  description: 'Create an issue in a project. On a terminal a missing --title is asked for; elsewhere it is required.',
  examples: [
    'collab issue create -p acme/platform/api --title "Crash on login" --labels bug,p1 --assignee-ids 2,3',
    'collab issue create -p acme/platform/api -t "Release notes" --description-file notes.md --due-date 2026-12-01 --weight 3',
    'git log -1 --format=%B | collab issue create -t "Follow-up" --description-file -',
    'collab issue create -p acme/platform/api --mr-to-resolve 12 --discussion 8f4e0c',
  ],
  project: 'required',
  flags: fieldFlags('create'),
  method: 'POST',
  path: '/projects/:project/issues',
  columns: issueColumns,
  prepare: async (ctx, v) => {
    if (v.flags.discussion !== undefined && v.flags['mr-to-resolve'] === undefined)
      throw new UsageError('--discussion needs --mr-to-resolve <mr-iid> (the merge request the discussion belongs to)');
    await prepareFields(ctx, v);
  },
  done: (_v, data) => `created issue ${ref((data as { iid?: number })?.iid)}`,
};

export const update: CommandSpec = {
  name: 'update',
  aliases: ['edit'],
  summary: 'Change an issue (title, description, labels, assignees, milestone, state, …)',
  examples: [
    'collab issue update 42 -p acme/platform/api --title "Crash on login (iOS)" --labels bug,ios',
    'collab issue update 42 --weight 5 --due-date 2026-12-24 --no-confidential',
    'collab issue update 42 --assignee-ids 0 --milestone-id 0 --discussion-locked',
  ],
  args: [iidArg],
  project: 'required',
  flags: fieldFlags('update'),
  requireOne: true,
  method: 'PUT',
  path: ISSUE_PATH,
  columns: issueColumns,
  prepare: prepareFields,
};

function stateChange(name: 'close' | 'reopen'): CommandSpec {
  const past = name === 'close' ? 'closed' : 'reopened';
  return {
    name,
    summary: name === 'close' ? 'Close an issue' : 'Reopen a closed issue',
    examples: [`collab issue ${name} 42 -p acme/platform/api`],
    args: [iidArg],
    project: 'required',
    method: 'PUT',
    path: ISSUE_PATH,
    fixed: { state_event: name },
    columns: issueColumns,
    done: (v) => `${past} issue ${ref(v.args.iid)}`,
  };
}

export const close = stateChange('close');
export const reopen = stateChange('reopen');

export const remove: CommandSpec = {
  name: 'delete',
  aliases: ['rm'],
  summary: 'Delete an issue',
  description: 'Delete an issue (administrators and project owners). Asks for confirmation on a terminal; needs --yes elsewhere.',
  examples: ['collab issue delete 42 -p acme/platform/api', 'collab issue delete 42 -p acme/platform/api --yes'],
  args: [iidArg],
  project: 'required',
  method: 'DELETE',
  path: ISSUE_PATH,
  confirm: (v) => `Delete issue ${ref(v.args.iid)} of ${v.project}?`,
  done: (v) => `deleted issue ${ref(v.args.iid)}`,
};

/** The numeric id of a project given as id, path or web URL (a path is looked up: the API wants an integer). */
async function projectId(ctx: Context, raw: string, flag: string): Promise<number> {
  const reference = projectRef(raw);
  if (/^\d+$/.test(reference)) return parseId(reference, flag);
  const res = await ctx.api().request({ method: 'GET', path: fillPath('/projects/:project', { project: reference }) });
  const id = (res.data as { id?: unknown } | null)?.id;
  if (typeof id !== 'number') throw new ApiError(`${res.status} the project ${reference} came back without an id`, res.status);
  return id;
}

export const move: CommandSpec = {
  name: 'move',
  summary: 'Move an issue to another project',
  description:
    'Move an issue to another project. --to takes the target project as id, full path or web URL; a path is looked up first (the API takes a numeric id).',
  examples: ['collab issue move 42 -p acme/platform/api --to acme/website', 'collab issue move 42 --to 17 -o json'],
  args: [iidArg],
  project: 'required',
  flags: [{ name: 'to', param: false, type: 'string', required: true, value: '<project>', description: 'target project: id, full path or web URL' }],
  method: 'POST',
  path: `${ISSUE_PATH}/move`,
  columns: issueColumns,
  prepare: async (ctx, v) => {
    v.params.to_project_id = await projectId(ctx, String(v.flags.to), '--to');
  },
  done: (v, data) => `moved issue ${ref(v.args.iid)} to ${(data as { web_url?: string })?.web_url ?? 'the target project'}`,
};

