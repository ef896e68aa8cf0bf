import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { Answer, FlagSpec, Values } from '../../executor/inputs.js';
import { defineCommand } from '../../executor/spec.js';
import { groupArg } from '../../executor/subject.js';
import { deletionNotice, described, objectName } from '../../output/names.js';
import { groupColumns } from '../../resources/group.js';
import { VISIBILITIES } from '../../resources/project.js';
import { printGroup } from './list.js';

/** `group acme/platform`, by the path the answer gives (the command line may have an id). */
const groupNamed = (v: Values, group: Answer) => described('group', objectName(group, 'path') ?? v.group, undefined);

const toggle = (name: string, description: string): FlagSpec => ({ name, type: 'bool', negatable: true, description });

/** Settings shared by `POST /groups` and `PUT /groups/:id` (part 2 §4.2), after name and path. */
const settings: FlagSpec[] = [
  { name: 'description', short: 'd', type: 'string', description: 'short description' },
  toggle('membership-lock', 'prevent adding members to projects within the group'),
  toggle('share-with-group-lock', 'prevent sharing projects of the group with other groups'),
  { name: 'visibility', type: 'enum', choices: VISIBILITIES, description: 'who can see the group' },
  toggle('lfs-enabled', 'enable Git LFS for its projects'),
  toggle('request-access-enabled', 'let users request access'),
];

const minutesLimit: FlagSpec = {
  name: 'shared-runners-minutes-limit',
  type: 'int',
  min: 0,
  description: 'pipeline minutes quota (administrators)',
};

/** A group path from a name, the way the web form suggests one: lowercase, dashes for the rest. */
function pathFromName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
}

/** The path of a new group: given, asked for on a terminal, or derived from the name; name and path are sent first. */
async function askPath(ctx: Context, v: Values, name: string): Promise<void> {
  const { name: _name, path: given, ...rest } = v.params;
  let path = given;
  if (path === undefined) {
    const derived = pathFromName(name);
    if (ctx.canPrompt) {
      path = await ctx.prompter().input('Group path:', {
        default: derived || undefined,
        validate: (s) => (s.trim() === '' ? 'required' : true),
      });
    } else if (derived === '') {
      throw new UsageError('missing required flag --path (no path can be derived from the name)');
    } else {
      path = derived;
    }
  }
  v.params = { name, path, ...rest };
}

export const create = defineCommand({
  name: 'create',
  aliases: ['new'],
  summary: 'Create a group (nested with --parent-id)',
  description:
    'Create a group. --name is asked for on a terminal when missing; --path defaults ' +
    'to the name in lowercase with dashes (asked for on a terminal).',
  examples: [
    'collab group create --name "Platform Team" --visibility internal',
    'collab group create --name Tools --path tools --parent-id 4 --description "Internal tools"',
  ],
  flags: [
    { name: 'name', short: 'n', type: 'string', prompt: 'Group name:', description: 'group name' },
    { name: 'path', type: 'string', description: 'group path (default: derived from the name)' },
    ...settings,
    { name: 'parent-id', type: 'id', description: 'parent group id, for a nested group' },
    minutesLimit,
  ],
  method: 'POST',
  path: '/groups',
  prepare: (ctx, v) => askPath(ctx, v, v.flags.name ?? ''),
  columns: groupColumns,
  print: (ctx, _v, data) => printGroup(ctx, data),
  done: (v, group) => `Created ${groupNamed(v, group)}${typeof group?.web_url === 'string' ? `: ${group.web_url}` : ''}`,
});

export const update = defineCommand({
  name: 'update',
  aliases: ['edit'],
  summary: "Change a group's settings",
  description: "Change a group's settings; give at least one. The API takes the group's numeric id: a path is looked up first.",
  examples: [
    'collab group update -g acme --description "ACME Corp" --visibility public',
    'collab group update acme/platform --no-lfs-enabled',
  ],
  args: [groupArg],
  group: 'id',
  flags: [
    { name: 'name', short: 'n', type: 'string', description: 'new name' },
    { name: 'path', type: 'string', description: 'new path' },
    ...settings,
    minutesLimit,
  ],
  requireOne: true,
  method: 'PUT',
  path: '/groups/:group',
  columns: groupColumns,
  print: (ctx, _v, data) => printGroup(ctx, data),
  done: (v, group) => `Updated ${groupNamed(v, group)}`,
});

export const remove = defineCommand({
  name: 'delete',
  aliases: ['rm'],
  summary: 'Delete a group with all its projects',
  examples: ['collab group delete -g acme/old', 'collab group delete acme/old --yes'],
  args: [groupArg],
  group: 'required',
  confirm: { mode: 'type-path', question: (v, path) => `Delete group ${path ?? v.group} with all its subgroups and projects?` },
  method: 'DELETE',
  path: '/groups/:group',
  // The answer (202, a message) is the notice.
  print: false,
  done: (v, answer, status) => deletionNotice('group', objectName(v.seen, 'path') ?? String(v.group), status, answer),
});

export const transferProject = defineCommand({
  name: 'transfer-project',
  summary: "Move a project into a group's namespace",
  admin: true,
  examples: ['collab group transfer-project -g acme/platform acme/website', 'collab group transfer-project -g 4 27 --yes'],
  args: [{ name: 'project_id', type: 'string', description: 'project to move: numeric id, full path or web URL' }],
  group: 'required',
  method: 'POST',
  path: '/groups/:group/projects/:project_id',
  prepare: (ctx, v) => {
    v.args.project_id = ctx.settings.requireProject(v.args.project_id, '<project_id>');
  },
  // The project's web address and clone URLs change with its namespace.
  confirm: {
    mode: 'type-path',
    read: '/projects/:project_id',
    question: (v, path) => `Transfer project ${path ?? v.args.project_id} into group ${v.group} (its URLs change)?`,
  },
  columns: groupColumns,
  print: (ctx, _v, data) => printGroup(ctx, data),
  done: (v, group) => `Moved project ${objectName(v.seen, 'path') ?? v.args.project_id} into ${groupNamed(v, group)}`,
});
