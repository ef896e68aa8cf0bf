import type { Context } from '../../context.js';
import { mrColumns } from '../../resources/mr.js';
import { readTextArg } from '../input.js';
import type { CommandSpec, FlagSpec, Values } from '../spec.js';
import { MR_PATH, iidArg, ref } from './shared.js';

const descriptionFlags: FlagSpec[] = [
  { name: 'description', short: 'd', type: 'string', description: 'description (Markdown)' },
  {
    name: 'description-file',
    param: false,
    type: 'string',
    value: '<file|->',
    description: 'read the description from a file, or from stdin with -',
    conflicts: ['description'],
  },
];

async function readDescription(ctx: Context, v: Values): Promise<void> {
  const file = v.flags['description-file'];
  if (typeof file === 'string') v.params.description = await readTextArg(ctx, file, '--description-file');
}

function stateNotice(v: Values, data: unknown, expected: string, verb: string): string {
  const state = (data as { state?: string } | undefined)?.state;
  if (state === undefined || state === expected || (expected === 'opened' && state === 'reopened')) return `${verb} merge request ${ref(v.args.iid)}`;
  return `note: merge request ${ref(v.args.iid)} is ${state}, not ${expected}`;
}

export const create: CommandSpec = {
  name: 'create',
  aliases: ['new'],
  summary: 'Open a merge request',
  description: 'Open a merge request from a source branch into a target branch. Source, target and title are asked for on a terminal when missing.',
  examples: [
    'collab mr create -p acme/platform/api --source feature/x --target main --title "Add feature X"',
    'collab mr create --source fix/crash --target main --title "Fix crash" --description-file notes.md --labels bug --remove-source-branch --squash',
  ],
  project: 'required',
  flags: [
    { name: 'source', short: 's', param: 'source_branch', type: 'string', prompt: 'Source branch:', description: 'source branch' },
    { name: 'target', short: 'b', param: 'target_branch', type: 'string', prompt: 'Target branch:', description: 'target branch' },
    { name: 'title', short: 't', type: 'string', prompt: 'Title:', description: 'title' },
    { name: 'assignee-id', type: 'id', description: 'assign to this user id' },
    ...descriptionFlags,
    { name: 'target-project-id', type: 'id', description: 'target project id (for a merge request from a fork)' },
    { name: 'labels', short: 'l', type: 'csv', description: 'comma-separated label names' },
    { name: 'milestone-id', type: 'id', description: 'milestone id' },
    { name: 'remove-source-branch', type: 'bool', description: 'delete the source branch once merged' },
    {
      name: 'approvals-before-merge',
      type: 'int',
      min: 0,
      description: 'approvals required (only raises the target project’s value; inherited when absent)',
    },
    { name: 'squash', type: 'bool', description: 'squash the commits when merging' },
  ],
  method: 'POST',
  path: '/projects/:project/merge_requests',
  columns: mrColumns,
  prepare: readDescription,
  done: (_v, data) => {
    const mr = data as { iid?: number; web_url?: string } | undefined;
    return mr?.iid !== undefined ? `created merge request ${ref(mr.iid)}${mr.web_url ? ` ${mr.web_url}` : ''}` : undefined;
  },
};

export const update: CommandSpec = {
  name: 'update',
  aliases: ['edit'],
  summary: 'Change a merge request',
  description: 'Change the attributes of a merge request; give at least one.',
  examples: [
    'collab mr update 3 -p acme/platform/api --title "Add feature X (v2)" --labels backend,review',
    'collab mr update 3 --target release-1.2 --no-squash --discussion-locked',
    'collab mr update 3 --assignee-id 0',
  ],
  args: [iidArg],
  project: 'required',
  flags: [
    { name: 'target', short: 'b', param: 'target_branch', type: 'string', description: 'new target branch' },
    { name: 'title', short: 't', type: 'string', description: 'new title' },
    { name: 'assignee-id', type: 'int', min: 0, description: 'assign to this user id (0 unassigns)' },
    ...descriptionFlags,
    { name: 'labels', short: 'l', type: 'csv', description: 'comma-separated label names (replaces the labels)' },
    { name: 'milestone-id', type: 'int', min: 0, description: 'milestone id (0 removes the milestone)' },
    { name: 'remove-source-branch', type: 'bool', negatable: true, description: 'delete the source branch once merged' },
    { name: 'squash', type: 'bool', negatable: true, description: 'squash the commits when merging' },
    { name: 'discussion-locked', type: 'bool', negatable: true, description: 'only project members may comment' },
  ],
  requireOne: true,
  method: 'PUT',
  path: MR_PATH,
  columns: mrColumns,
  prepare: readDescription,
  done: (v) => `updated merge request ${ref(v.args.iid)}`,
};

export const close: CommandSpec = {
  name: 'close',
  summary: 'Close a merge request',
  examples: ['collab mr close 3 -p acme/platform/api'],
  args: [iidArg],
  project: 'required',
  method: 'PUT',
  path: MR_PATH,
  fixed: { state_event: 'close' },
  columns: mrColumns,
  done: (v, data) => stateNotice(v, data, 'closed', 'closed'),
};

export const reopen: CommandSpec = {
  name: 'reopen',
  summary: 'Reopen a closed merge request',
  examples: ['collab mr reopen 3 -p acme/platform/api'],
  args: [iidArg],
  project: 'required',
  method: 'PUT',
  path: MR_PATH,
  fixed: { state_event: 'reopen' },
  columns: mrColumns,
  done: (v, data) => stateNotice(v, data, 'opened', 'reopened'),
};

export const remove: CommandSpec = {
  name: 'delete',
  aliases: ['rm'],
  summary: 'Delete a merge request (administrators and project owners)',
  examples: ['collab mr delete 3 -p acme/platform/api --yes'],
  args: [iidArg],
  project: 'required',
  method: 'DELETE',
  path: MR_PATH,
  confirm: (v) => `Delete merge request ${ref(v.args.iid)} of ${v.project}?`,
  done: (v) => `deleted merge request ${ref(v.args.iid)}`,
};
