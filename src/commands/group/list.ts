import type { Context } from '../../context.js';
import { defineCommand } from '../../executor/spec.js';
import { groupArg } from '../../executor/subject.js';
import { GROUP_ORDER_BY, groupColumns } from '../../resources/group.js';
import { projectColumns } from '../../resources/project.js';
import { groupProjectFilters } from '../../resources/project-flags.js';
import { sortFlag } from '../../resources/sort.js';

export const list = defineCommand({
  name: 'list',
  aliases: ['ls'],
  summary: 'List the groups you are a member of, or every group you can see',
  description:
    'List groups: by default those you are a member of (of one of their subgroups ' +
    'too), administrators included (all_available=false); --all-visible lists every ' +
    'group you can see.',
  examples: ['collab group list', 'collab group list --all-visible --search platform', 'collab group list --owned --order-by path -o json'],
  flags: [
    { name: 'skip-groups', type: 'intList', description: 'leave out these group ids (comma-separated)' },
    { name: 'all-visible', param: 'all_available', type: 'bool', description: 'every group you can see, not only yours' },
    { name: 'all-available', type: 'bool', hidden: true, description: "the same as --all-visible (GitLab's name)" },
    { name: 'search', type: 'string', description: 'match name or path' },
    { name: 'order-by', type: 'enum', choices: GROUP_ORDER_BY, description: 'sort field (default name)' },
    sortFlag('asc'),
    { name: 'statistics', type: 'bool', description: 'include statistics (administrators)' },
    { name: 'owned', type: 'bool', description: 'only groups you own' },
  ],
  method: 'GET',
  path: '/groups',
  list: true,
  columns: groupColumns,
  listNoun: (v) => (v.params.all_available ? undefined : 'groups you are a member of'),
  prepare: (_ctx, v) => {
    // Yours unless asked for every one (GitLab's own default for administrators is every group).
    v.params.all_available ??= false;
  },
});

export const projects = defineCommand({
  name: 'projects',
  summary: "List a group's projects",
  examples: ['collab group projects -g acme', 'collab group projects acme/platform --archived --order-by name --sort asc'],
  args: [groupArg],
  group: 'required',
  flags: groupProjectFilters,
  method: 'GET',
  path: '/groups/:group/projects',
  list: true,
  columns: projectColumns,
});

interface GroupDetail {
  projects?: unknown[];
  shared_projects?: unknown[];
  [key: string]: unknown;
}

/** A group with its projects: the group's fields, then a table of projects and one of shared projects. */
export async function printGroup(ctx: Context, data: unknown): Promise<void> {
  const printer = ctx.printer();
  const group = (data ?? {}) as GroupDetail;
  if (printer.format !== 'table' || ctx.settings.fields) {
    // tsv names the projects by full path (the generic cell text would pick their display names)
    const paths = (items: unknown) =>
      Array.isArray(items) ? items.map((p) => (p as { path_with_namespace?: unknown })?.path_with_namespace ?? p) : items;
    const columns = [
      ...groupColumns,
      { key: 'projects', get: (g: GroupDetail) => paths(g.projects) },
      { key: 'shared_projects', get: (g: GroupDetail) => paths(g.shared_projects) },
    ];
    await printer.object(group, columns);
    return;
  }
  const { projects: own, shared_projects: shared, ...fields } = group;
  await printer.object(fields, groupColumns);
  for (const [title, items] of [
    ['Projects', own],
    ['Shared projects', shared],
  ] as const) {
    if (!Array.isArray(items) || items.length === 0) continue;
    await printer.text(`\n${title} (${items.length})\n`);
    await printer.list(items, projectColumns);
  }
}

export const view = defineCommand({
  name: 'view',
  aliases: ['show'],
  summary: 'Show a group with its projects',
  examples: ['collab group view -g acme', 'collab group view acme/platform -o json'],
  args: [groupArg],
  group: 'required',
  method: 'GET',
  path: '/groups/:group',
  columns: groupColumns,
  print: (ctx, _v, data) => printGroup(ctx, data),
});
