import { fillPath } from '../../api/path.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { Values } from '../../executor/inputs.js';
import { defineCommand } from '../../executor/spec.js';
import { projectArg } from '../../executor/subject.js';
import { deletionNotice, objectName } from '../../output/names.js';
import { projectColumns } from '../../resources/project.js';
import { createOnlyFlags, settingFlags } from '../../resources/project-flags.js';
import { projectNamed } from './actions.js';

async function askName(ctx: Context, v: Values, missing: string): Promise<void> {
  if (!ctx.canPrompt) throw new UsageError(missing);
  v.params = { name: await ctx.prompter().input('Project name:', { validate: (s) => (s.trim() === '' ? 'required' : true) }), ...v.params };
}

export const create = defineCommand({
  name: 'create',
  aliases: ['new'],
  summary: 'Create a project (yours, or for another user with --for-user)',
  description:
    'Create a project. Give --name or --path (the other is derived from it); on a ' +
    'terminal the name is asked for when both are missing. With --for-user ' +
    '(administrators) the project is created for that user and --name is required. ' +
    'With --avatar the request goes as multipart form data.',
  examples: [
    'collab project create --name "Web site" --visibility public --tag-list web,docs',
    'collab project create --path api --namespace-id 12 --no-wiki-enabled --only-allow-merge-if-pipeline-succeeds',
    'collab project create --for-user 5 --name tooling',
  ],
  flags: [
    ...settingFlags('create'),
    {
      name: 'for-user',
      param: 'user_id',
      in: 'path',
      type: 'id',
      value: '<user-id>',
      description: 'create the project for this user (administrators)',
    },
  ],
  method: 'POST',
  path: (v) => (v.flags['for-user'] !== undefined ? '/projects/user/:user_id' : '/projects'),
  columns: projectColumns,
  prepare: async (ctx, v) => {
    if (v.flags['for-user'] !== undefined) {
      const refused = createOnlyFlags.filter((f) => v.flags[f] !== undefined);
      if (refused.length > 0) throw new UsageError(`--${refused[0]} cannot be used with --for-user`);
      if (v.params.name === undefined) await askName(ctx, v, 'missing required flag --name (required with --for-user)');
    } else if (v.params.name === undefined && v.params.path === undefined) {
      await askName(ctx, v, 'missing required flag --name (or --path)');
    }
  },
  done: (v, project) => `Created ${projectNamed(v, project)}${typeof project?.web_url === 'string' ? `: ${project.web_url}` : ''}`,
});

export const update = defineCommand({
  name: 'update',
  aliases: ['edit'],
  summary: "Change a project's settings",
  description:
    "Change a project's settings; give at least one. The API requires the name on " +
    'every edit: when --name is absent the current name is read first and sent unchanged.',
  examples: [
    'collab project update -p acme/website --description "Public site" --no-snippets-enabled',
    'collab project update acme/platform/api --visibility internal --tag-list api,backend',
  ],
  args: [projectArg],
  project: 'required',
  flags: settingFlags('edit'),
  requireOne: true,
  method: 'PUT',
  path: '/projects/:project',
  columns: projectColumns,
  prepare: async (ctx, v) => {
    if (v.params.name !== undefined) return;
    const current = await ctx.api().request({ method: 'GET', path: fillPath('/projects/:project', { project: v.project }) });
    const name = (current.data as { name?: unknown })?.name;
    if (typeof name === 'string') v.params = { name, ...v.params };
  },
  done: (v, project) => `Updated ${projectNamed(v, project)}`,
});

export const remove = defineCommand({
  name: 'delete',
  aliases: ['rm'],
  summary: 'Delete a project with everything inside',
  examples: ['collab project delete -p acme/old-site', 'collab project delete acme/old-site --yes'],
  args: [projectArg],
  project: 'required',
  confirm: {
    mode: 'type-path',
    question: (v, path) => `Delete project ${path ?? v.project} with all its issues, merge requests and repository?`,
  },
  method: 'DELETE',
  path: '/projects/:project',
  // The answer (202, a message) is the notice.
  print: false,
  done: (v, answer, status) => deletionNotice('project', objectName(v.seen, 'path') ?? String(v.project), status, answer),
});
