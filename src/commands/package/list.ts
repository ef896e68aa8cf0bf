import { defineCommand } from '../../executor/spec.js';
import { titled } from '../../output/names.js';
import { explainNoSuchApi } from '../../resources/gitlab-only.js';
import { packageColumns } from '../../resources/package.js';
import { PACKAGE_ORDER_BY, PACKAGE_STATUSES, PACKAGE_TYPES } from '../../shared/package-values.js';

/** A package as its one-line name: `tool 1.2.3`. */
const nameOf = (p: { name?: unknown; version?: unknown } | undefined) =>
  typeof p?.name === 'string' ? `${p.name}${typeof p.version === 'string' ? ` ${p.version}` : ''}` : undefined;

export const list = defineCommand({
  name: 'list',
  aliases: ['ls'],
  summary: "List a project's packages",
  description:
    "List a project's packages (GET /projects/:id/packages, doc/api/packages.md), oldest " +
    'first as GitLab orders them; --name matches part of the name, --type one kind.',
  examples: ['collab package list -p acme/platform/api --type generic', 'collab package list --name tool --version 1.2.3 -o json'],
  project: 'required',
  flags: [
    { name: 'name', param: 'package_name', type: 'string', description: 'packages whose name contains this' },
    { name: 'version', param: 'package_version', type: 'string', description: 'packages of this version' },
    { name: 'type', param: 'package_type', type: 'enum', choices: PACKAGE_TYPES, description: 'one kind of package' },
    { name: 'status', type: 'enum', choices: PACKAGE_STATUSES, description: 'packages in this state' },
    { name: 'order-by', type: 'enum', choices: PACKAGE_ORDER_BY, description: 'order (default created_at)' },
    { name: 'sort', type: 'enum', choices: ['asc', 'desc'], description: 'direction (default asc)' },
  ],
  method: 'GET',
  path: '/projects/:project/packages',
  list: true,
  listNoun: 'packages',
  columns: packageColumns,
  explain: { 404: explainNoSuchApi('package registry') },
});

export const remove = defineCommand({
  name: 'delete',
  aliases: ['rm'],
  summary: 'Delete a package and its files',
  description:
    'Delete a package, every file of it (DELETE /projects/:id/packages/:package_id). It cannot be undone: on a terminal ' +
    'collab reads it and asks, naming it; elsewhere --yes is required.',
  examples: ['collab package delete 12 -p acme/platform/api', 'collab package delete 12 --yes'],
  args: [{ name: 'package_id', type: 'id', description: 'package id (collab package list shows them)' }],
  project: 'required',
  method: 'DELETE',
  path: '/projects/:project/packages/:package_id',
  confirm: {
    mode: 'yes',
    question: (v, name) => `Delete package ${titled(String(v.args.package_id), name)} and its files from ${v.project}?`,
  },
  explain: { 404: explainNoSuchApi('package registry') },
  done: (v) => `Deleted package ${titled(String(v.args.package_id), nameOf(v.seen as never))} from ${v.project}`,
});
