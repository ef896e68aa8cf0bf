import path from 'node:path';
import { fillPath } from '../../api/path.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { projectColumns } from '../../resources/project.js';
import { readBytesArg } from '../input.js';
import type { CommandSpec, Values } from '../spec.js';
import { createOnlyFlags, settingFlags } from './flags.js';
import { type FilePart, multipartBody } from '../../api/multipart.js';
import { projectArg } from './subject.js';

/**
 * Sends the create/edit parameters: JSON normally, multipart form data when an avatar image is
 * attached (the API takes the avatar only as a file part).
 */
async function submit(ctx: Context, method: 'POST' | 'PUT', apiPath: string, v: Values, avatar: FilePart | undefined): Promise<unknown> {
  const api = ctx.api();
  if (!avatar) return (await api.request({ method, path: apiPath, body: v.params })).data;
  return (await api.request({ method, path: apiPath, rawBody: multipartBody(v.params, [avatar]) })).data;
}

/** The `--avatar` file, read before anything is sent (an unreadable file is a usage error). */
async function readAvatar(ctx: Context, v: Values): Promise<FilePart | undefined> {
  const file = v.flags.avatar as string | undefined;
  if (file === undefined) return undefined;
  const data = await readBytesArg(ctx, file, '--avatar');
  return { name: 'avatar', filename: file === '-' ? 'avatar' : path.basename(file), data };
}

async function askName(ctx: Context, v: Values, missing: string): Promise<void> {
  if (!ctx.canPrompt) throw new UsageError(missing);
  v.params = { name: await ctx.prompter().input('Project name:', { validate: (s) => (s.trim() === '' ? 'required' : true) }), ...v.params };
}

export const create: CommandSpec = {
  name: 'create',
  aliases: ['new'],
  summary: 'Create a project (yours, or for another user with --for-user)',
  description:
    'Create a project. Give --name or --path (the other is derived from it); on a terminal the name is asked for when both are missing. With --for-user (administrators) the project is created for that user and --name is required.',
  examples: [
    'collab project create --name "Web site" --visibility public --tag-list web,docs',
    'collab project create --path api --namespace-id 12 --no-wiki-enabled --only-allow-merge-if-pipeline-succeeds',
    'collab project create --for-user 5 --name tooling',
  ],
  flags: [
    ...settingFlags('create'),
    { name: 'for-user', param: false, type: 'id', value: '<user-id>', description: 'create the project for this user (administrators)' },
  ],
  endpoints: ['POST /projects', 'POST /projects/user/:user_id'],
  run: async (ctx, v) => {
    const forUser = v.flags['for-user'] as number | undefined;
    if (forUser !== undefined) {
      const refused = createOnlyFlags.filter((f) => v.flags[f] !== undefined);
      if (refused.length > 0) throw new UsageError(`--${refused[0]} cannot be used with --for-user`);
      if (v.params.name === undefined) await askName(ctx, v, 'missing required flag --name (required with --for-user)');
    } else if (v.params.name === undefined && v.params.path === undefined) {
      await askName(ctx, v, 'missing required flag --name (or --path)');
    }
    const avatar = await readAvatar(ctx, v);
    const apiPath = forUser !== undefined ? fillPath('/projects/user/:user_id', { user_id: forUser }) : '/projects';
    const project = (await submit(ctx, 'POST', apiPath, v, avatar)) as { path_with_namespace?: string };
    await ctx.printer().object(project, projectColumns);
    if (project?.path_with_namespace) ctx.notice(`Created project ${project.path_with_namespace}`);
  },
};

export const update: CommandSpec = {
  name: 'update',
  aliases: ['edit'],
  summary: "Change a project's settings",
  description:
    'Change a project\'s settings; give at least one. The API requires the name on every edit: when --name is absent the current name is read first and sent unchanged.',
  examples: [
    'collab project update -p acme/website --description "Public site" --no-snippets-enabled',
    'collab project update acme/platform/api --visibility internal --tag-list api,backend',
  ],
  args: [projectArg],
  project: 'required',
  flags: settingFlags('edit'),
  requireOne: true,
  endpoints: ['PUT /projects/:id'],
  run: async (ctx, v) => {
    const avatar = await readAvatar(ctx, v);
    const apiPath = fillPath('/projects/:project', { project: v.project });
    if (v.params.name === undefined) {
      const current = await ctx.api().request({ method: 'GET', path: apiPath });
      const name = (current.data as { name?: unknown })?.name;
      if (typeof name === 'string') v.params = { name, ...v.params };
    }
    const project = await submit(ctx, 'PUT', apiPath, v, avatar);
    await ctx.printer().object(project, projectColumns);
  },
};

export const remove: CommandSpec = {
  name: 'delete',
  aliases: ['rm'],
  summary: 'Delete a project with everything inside',
  examples: ['collab project delete -p acme/old-site', 'collab project delete acme/old-site --yes'],
  args: [projectArg],
  project: 'required',
  confirm: (v) => `Delete project ${v.project} with all its issues, merge requests and repository?`,
  endpoints: ['DELETE /projects/:id'],
  run: async (ctx, v) => {
    const res = await ctx.api().request({ method: 'DELETE', path: fillPath('/projects/:project', { project: v.project }) });
    ctx.notice(deletionNotice('project', v.project!, res.status, res.data));
  },
};

/** `DELETE /projects/:id` and `/groups/:id` answer 202 with a message: the removal runs in the background. */
export function deletionNotice(kind: string, ref: string, status: number, data: unknown): string {
  const message = (data as { message?: unknown } | undefined)?.message;
  if (status === 202) return `Deletion of ${kind} ${ref} accepted${typeof message === 'string' ? `: ${message}` : ''}`;
  return `Deleted ${kind} ${ref}`;
}
