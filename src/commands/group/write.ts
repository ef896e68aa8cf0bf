import { encodeSegment, fillPath } from '../../api/path.js';
import type { Context } from '../../context.js';
import { projectRef } from '../../resources/url.js';
import { UsageError } from '../../errors.js';
import { VISIBILITIES } from '../../resources/group.js';
import { deletionNotice } from '../project/write.js';
import { groupArg } from '../project/subject.js';
import type { CommandSpec, FlagSpec, Values } from '../spec.js';
import { printGroup } from './list.js';

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
export function pathFromName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
}

async function askPath(ctx: Context, v: Values): Promise<void> {
  if (v.params.path !== undefined) return;
  const derived = pathFromName(v.params.name as string);
  if (ctx.canPrompt) {
    v.params.path = await ctx.prompter().input('Group path:', {
      default: derived || undefined,
      validate: (s) => (s.trim() === '' ? 'required' : true),
    });
  } else if (derived === '') {
    throw new UsageError('missing required flag --path (no path can be derived from the name)');
  } else {
    v.params.path = derived;
  }
}

export const create: CommandSpec = {
  name: 'create',
  aliases: ['new'],
  summary: 'Create a group (nested with --parent-id)',
  description:
    'Create a group. --name is asked for on a terminal when missing; --path defaults to the name in lowercase with dashes (asked for on a terminal).',
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
  endpoints: ['POST /groups'],
  run: async (ctx, v) => {
    await askPath(ctx, v);
    const { name, path, ...rest } = v.params;
    const res = await ctx.api().request({ method: 'POST', path: '/groups', body: { name, path, ...rest } });
    await printGroup(ctx, res.data as Record<string, unknown>);
    const fullPath = (res.data as { full_path?: unknown })?.full_path;
    if (typeof fullPath === 'string') ctx.notice(`Created group ${fullPath}`);
  },
};

/** `PUT /groups/:id` takes the numeric id: a path is looked up first. */
async function groupId(ctx: Context, ref: string): Promise<string> {
  if (/^\d+$/.test(ref)) return ref;
  const res = await ctx.api().request({ method: 'GET', path: `/groups/${encodeSegment(ref)}` });
  const id = (res.data as { id?: unknown })?.id;
  if (typeof id !== 'number') throw new UsageError(`cannot find the id of group ${ref}`);
  return String(id);
}

export const update: CommandSpec = {
  name: 'update',
  aliases: ['edit'],
  summary: "Change a group's settings",
  examples: ['collab group update -g acme --description "ACME Corp" --visibility public', 'collab group update acme/platform --no-lfs-enabled'],
  args: [groupArg],
  group: 'required',
  flags: [
    { name: 'name', short: 'n', type: 'string', description: 'new name' },
    { name: 'path', type: 'string', description: 'new path' },
    ...settings,
    minutesLimit,
  ],
  requireOne: true,
  endpoints: ['PUT /groups/:id'],
  run: async (ctx, v) => {
    const id = await groupId(ctx, v.group!);
    const res = await ctx.api().request({ method: 'PUT', path: fillPath('/groups/:id', { id }), body: v.params });
    await printGroup(ctx, res.data as Record<string, unknown>);
  },
};

export const remove: CommandSpec = {
  name: 'delete',
  aliases: ['rm'],
  summary: 'Delete a group with all its projects',
  examples: ['collab group delete -g acme/old', 'collab group delete acme/old --yes'],
  args: [groupArg],
  group: 'required',
  confirm: (v) => `Delete group ${v.group} with all its subgroups and projects?`,
  endpoints: ['DELETE /groups/:id'],
  run: async (ctx, v) => {
    const res = await ctx.api().request({ method: 'DELETE', path: fillPath('/groups/:group', { group: v.group }) });
    ctx.notice(deletionNotice('group', v.group!, res.status, res.data));
  },
};

export const transferProject: CommandSpec = {
  name: 'transfer-project',
  summary: "Move a project into a group's namespace",
  admin: true,
  examples: ['collab group transfer-project -g acme/platform acme/website', 'collab group transfer-project -g 4 27'],
  args: [{ name: 'project_id', type: 'string', description: 'project to move: numeric id, full path or web URL' }],
  group: 'required',
  endpoints: ['POST /groups/:id/projects/:project_id'],
  prepare: (_ctx, v) => {
    v.args.project_id = projectRef(v.args.project_id as string);
  },
  run: async (ctx, v) => {
    const path = fillPath('/groups/:group/projects/:project_id', { group: v.group, project_id: v.args.project_id });
    const res = await ctx.api().request({ method: 'POST', path, body: {} });
    await printGroup(ctx, res.data as Record<string, unknown>);
    ctx.notice(`Moved project ${v.args.project_id} into group ${v.group}`);
  },
};
