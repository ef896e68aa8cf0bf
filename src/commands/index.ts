import type { CommandSpec, NounSpec, Section } from '../executor/spec.js';

/** A command module declares a noun and its verbs, or one command of its own (`collab api`). */
export type CommandModule = { noun: NounSpec; command?: undefined } | { command: CommandSpec; noun?: undefined };

export interface NounEntry {
  name: string;
  aliases?: string[];
  summary: string;
  section: Section;
  load: () => Promise<CommandModule>;
}

/** Every top-level command, in help order. Modules are imported lazily: start-up stays cheap. */
export const NOUNS: NounEntry[] = [
  {
    name: 'issue',
    summary: 'Issues: list, view, create, update, close, move, time tracking',
    section: 'Resources',
    load: () => import('./issue/index.js'),
  },
  { name: 'board', summary: 'Issue boards and their lists', section: 'Resources', load: () => import('./board/index.js') },
  { name: 'mr', summary: 'Merge requests: list, create, approve, merge safely', section: 'Resources', load: () => import('./mr/index.js') },
  { name: 'todo', summary: 'Your to-do list: what needs you (GitLab)', section: 'Resources', load: () => import('./todo/index.js') },
  { name: 'job', summary: 'CI jobs: list, trace, retry, download artifacts', section: 'Resources', load: () => import('./job/index.js') },
  {
    name: 'pipeline',
    aliases: ['ci'],
    summary: 'CI pipelines: list, view, wait, run, retry, cancel, lint',
    section: 'Resources',
    load: () => import('./pipeline/index.js'),
  },
  {
    name: 'release',
    summary: 'Releases: create with links, list, view, upload and download assets',
    section: 'Resources',
    load: () => import('./release/index.js'),
  },
  {
    name: 'package',
    summary: 'Generic packages: upload, download, list, delete',
    section: 'Resources',
    load: () => import('./package/index.js'),
  },
  {
    name: 'variable',
    summary: 'CI/CD variables: list, get, set, delete, export',
    section: 'Resources',
    load: () => import('./variable/index.js'),
  },
  {
    name: 'project',
    summary: 'Projects: list, view, create, fork, star, archive, upload',
    section: 'Resources',
    load: () => import('./project/index.js'),
  },
  {
    name: 'group',
    summary: 'Groups: list, view, create, transfer projects, LDAP links',
    section: 'Resources',
    load: () => import('./group/index.js'),
  },
  {
    name: 'namespace',
    summary: 'Namespaces (users and groups) you can see',
    section: 'Resources',
    load: () => import('./namespace/index.js'),
  },
  {
    name: 'user',
    summary: 'Users, SSH/GPG keys, emails, impersonation tokens',
    section: 'Resources',
    load: () => import('./user/index.js'),
  },
  {
    name: 'settings',
    summary: 'Instance application settings (administrators)',
    section: 'Resources',
    load: () => import('./settings/index.js'),
  },
  { name: 'auth', summary: 'Log in, show status, log out, print the token', section: 'Access', load: () => import('./auth/index.js') },
  {
    name: 'config',
    summary: 'Get and set defaults (host, output, per_page, project)',
    section: 'Access',
    load: () => import('./config/index.js'),
  },
  { name: 'api', summary: 'Send any request to the API', section: 'Tools', load: () => import('./api/index.js') },
  {
    name: 'completion',
    summary: 'Print a shell completion script (bash, zsh, fish)',
    section: 'Tools',
    load: () => import('./completion/index.js'),
  },
  {
    name: 'sandbox',
    summary: 'Run a local server that speaks the whole API, with demo data',
    section: 'Tools',
    load: () => import('./sandbox/index.js'),
  },
  {
    name: 'mcp',
    summary: 'Serve every command as a tool to AI assistants (MCP over stdio)',
    section: 'Tools',
    load: () => import('./mcp/index.js'),
  },
  { name: 'version', summary: 'Print the version', section: 'Tools', load: () => import('./version/index.js') },
];

/** `issues` for `issue`, `mrs` for `mr`: gh and glab users type the plural; a noun already plural has none. */
export function pluralOf(name: string): string | undefined {
  if (name.endsWith('s')) return undefined;
  return /(x|ch|sh)$/.test(name) ? `${name}es` : `${name}s`;
}

/** Every word that names the noun: its name, aliases and, for a resource, its plural (accepted, never offered). */
export function nounWords(entry: NounEntry): string[] {
  const plural = entry.section === 'Resources' ? pluralOf(entry.name) : undefined;
  return [entry.name, ...(entry.aliases ?? []), ...(plural === undefined ? [] : [plural])];
}

export function findNoun(name: string): NounEntry | undefined {
  return NOUNS.find((n) => nounWords(n).includes(name));
}
