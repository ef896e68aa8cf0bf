import type { Values } from '../../executor/inputs.js';
import { defineCommand } from '../../executor/spec.js';
import { projectArg } from '../../executor/subject.js';
import { labelColumns } from '../../resources/label.js';
import { projectColumns, projectUserColumns } from '../../resources/project.js';
import { projectListFilters } from '../../resources/project-flags.js';

/** `project list` without --user, --all-visible or --starred: the projects you are a member of. */
function onlyMine(v: Values): boolean {
  const f = v.flags as Record<string, unknown>;
  return f.user === undefined && !f['all-visible'] && !f.starred;
}

export const list = defineCommand({
  name: 'list',
  aliases: ['ls'],
  summary: "List the projects you are a member of, every project visible to you, or a user's projects",
  description:
    'List projects. By default those you are a member of (membership=true: on a large ' +
    'instance every visible project is thousands); --all-visible lists every project ' +
    'visible to you, --starred every project you starred; with --user <id|username> ' +
    "that user's projects.",
  examples: [
    'collab project list --order-by last_activity_at',
    'collab project list --all-visible --search api',
    'collab project list --search api --visibility private --all -o ndjson',
    'collab project list --user alice --starred',
  ],
  flags: [
    {
      name: 'user',
      short: 'u',
      param: 'user_id',
      in: 'path',
      type: 'string',
      value: '<id|username>',
      description: "list this user's projects",
    },
    ...projectListFilters,
    {
      name: 'all-visible',
      param: false,
      type: 'bool',
      description: 'every project visible to you, not only those you are a member of',
      conflicts: ['membership', 'user'],
    },
  ],
  method: 'GET',
  path: (v) => (v.flags.user !== undefined ? '/users/:user_id/projects' : '/projects'),
  list: true,
  columns: projectColumns,
  listNoun: (v) => (onlyMine(v) ? 'projects you are a member of' : undefined),
  prepare: (_ctx, v) => {
    if (onlyMine(v)) v.params.membership = true;
  },
});

export const forks = defineCommand({
  name: 'forks',
  summary: 'List the forks of a project',
  examples: ['collab project forks -p acme/website', 'collab project forks acme/website --owned -o json'],
  args: [projectArg],
  project: 'required',
  flags: projectListFilters,
  method: 'GET',
  path: '/projects/:project/forks',
  list: true,
  columns: projectColumns,
});

export const view = defineCommand({
  name: 'view',
  aliases: ['show'],
  summary: 'Show one project',
  examples: ['collab project view -p acme/website', 'collab project view acme/platform/api --statistics -o json'],
  args: [projectArg],
  project: 'required',
  flags: [{ name: 'statistics', type: 'bool', description: 'include storage and commit statistics' }],
  method: 'GET',
  path: '/projects/:project',
  columns: projectColumns,
});

export const users = defineCommand({
  name: 'users',
  summary: 'List the users of a project',
  examples: ['collab project users -p acme/platform/api', 'collab project users acme/website --search ali'],
  args: [projectArg],
  project: 'required',
  flags: [{ name: 'search', type: 'string', description: 'match username and name' }],
  method: 'GET',
  path: '/projects/:project/users',
  list: true,
  columns: projectUserColumns,
});

export const labels = defineCommand({
  name: 'labels',
  summary: "List a project's labels",
  examples: ['collab project labels -p acme/platform/api', 'collab project labels acme/website --search bug -o json'],
  args: [projectArg],
  project: 'required',
  flags: [{ name: 'search', type: 'string', description: 'only labels whose name contains this' }],
  method: 'GET',
  path: '/projects/:project/labels',
  list: true,
  columns: labelColumns,
});
