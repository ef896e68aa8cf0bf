import { defineCommand, defineNoun } from '../../executor/spec.js';
import { namespaceColumns } from '../../resources/namespace.js';

export const list = defineCommand({
  name: 'list',
  aliases: ['ls'],
  summary: 'List the namespaces (users and groups) you can see',
  description: 'List namespaces: your own user namespace and your groups; administrators see all of them.',
  examples: ['collab namespace list', 'collab namespace list --search platform -o json', 'collab namespace list --all -o ndjson'],
  flags: [{ name: 'search', type: 'string', description: 'only namespaces whose name or path matches' }],
  method: 'GET',
  path: '/namespaces',
  list: true,
  columns: namespaceColumns,
});

export const noun = defineNoun({
  name: 'namespace',
  summary: 'Namespaces: the users and groups projects live in',
  commands: [list],
});
