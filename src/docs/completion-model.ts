import { HELP_TOPICS } from '../help-topics.js';
import { type DocCommand, type DocOption, walk } from './tree.js';

/**
 * What a completion script needs at each command path, flattened: the scripts embed this as data
 * so that a Tab press never starts node.
 */

interface CompletionFlag {
  name: string;
  description: string;
  takesValue: boolean;
  /** Values to offer after the flag: enum choices, or local files / directories. */
  values?: string[] | 'file' | 'dir';
}

export interface CompletionNode {
  /** Space-joined canonical path: `''` for the root, `'user key add'`. */
  path: string;
  children: { name: string; aliases: string[]; summary: string }[];
  /** The command's own flags (the global ones are added by the scripts). */
  flags: CompletionFlag[];
  /** Words offered for positional arguments (argument choices, help topics). */
  words: { name: string; description: string }[];
}

/** `<file>`, `<path>`, `<file|->` are local files, `<dir>` a directory; `<id|path>` is not. */
function fileKind(value: string | undefined): 'file' | 'dir' | undefined {
  const first = value?.replace(/^[<[]|[>\]]$/g, '').split('|')[0];
  if (first === 'file' || first === 'path') return 'file';
  if (first === 'dir' || first === 'directory') return 'dir';
  return undefined;
}

function flagsOf(option: DocOption): CompletionFlag[] {
  const takesValue = option.value !== undefined;
  const values = option.choices ?? fileKind(option.value);
  const description = option.description.replace(/\s+/g, ' ');
  return [option.short, option.long]
    .filter((n): n is string => n !== undefined)
    .map((name) => ({ name, description, takesValue, values: takesValue ? values : undefined }));
}

/** The root's options that work at every level (`--version` only works on the root). */
function isGlobal(flag: CompletionFlag): boolean {
  return flag.name !== '--version' && flag.name !== '-V';
}

function wordsOf(cmd: DocCommand, root: DocCommand): CompletionNode['words'] {
  if (cmd.path.length === 1 && cmd.name === 'help') {
    return [
      ...Object.keys(HELP_TOPICS).map((name) => ({ name, description: 'help topic' })),
      ...root.commands.filter((c) => c.name !== 'help').map((c) => ({ name: c.name, description: c.summary })),
    ];
  }
  return cmd.arguments.flatMap((a) => (a.choices ?? []).map((name) => ({ name, description: a.description })));
}

export interface CompletionModel {
  /** Flags accepted at every level; a command's own flag of the same name wins. */
  globals: CompletionFlag[];
  nodes: CompletionNode[];
}

/** `--fields` where the command prints fields: the global flag, offering their names. */
function fieldsFlag(cmd: DocCommand, rootFlags: CompletionFlag[]): CompletionFlag[] {
  const global = rootFlags.find((f) => f.name === '--fields');
  return global && cmd.fields.length > 0 ? [{ ...global, values: cmd.fields }] : [];
}

export function completionModel(root: DocCommand): CompletionModel {
  const rootFlags = root.options.flatMap(flagsOf);
  const nodes: CompletionNode[] = [];
  for (const cmd of walk(root)) {
    const own = [...cmd.options, ...cmd.aliasOptions].flatMap(flagsOf);
    nodes.push({
      path: cmd.path.join(' '),
      children: cmd.commands.map((c) => ({ name: c.name, aliases: c.aliases, summary: c.summary })),
      flags: cmd === root ? rootFlags.filter((f) => !isGlobal(f)) : [...own, ...fieldsFlag(cmd, rootFlags)],
      words: wordsOf(cmd, root),
    });
  }
  return { globals: rootFlags.filter(isGlobal), nodes };
}

/**
 * The children's aliases, each with its summary: offered when no name matches what was typed
 * (`mr di` → `diff`), so that `issue l` still completes to `list` alone.
 */
export function childAliases(node: CompletionNode): { name: string; summary: string }[] {
  return node.children.flatMap((c) => c.aliases.map((name) => ({ name, summary: c.summary })));
}

/** The command path after one more word: a child name or alias, or undefined. */
export function childTransitions(nodes: CompletionNode[]): { from: string; words: string[]; to: string }[] {
  return nodes.flatMap((n) =>
    n.children.map((c) => ({ from: n.path, words: [c.name, ...c.aliases], to: n.path ? `${n.path} ${c.name}` : c.name })),
  );
}

/** One entry per (path, flag) that offers values; the global flags' under the path `''`. */
export function valueEntries(model: CompletionModel): { path: string; names: string[]; values: string[] | 'file' | 'dir' }[] {
  const out: { path: string; names: string[]; values: string[] | 'file' | 'dir' }[] = [];
  for (const n of [{ path: '', flags: model.globals }, ...model.nodes]) {
    const seen = new Map<string, { path: string; names: string[]; values: string[] | 'file' | 'dir' }>();
    for (const f of n.flags) {
      if (!f.values) continue;
      // -s and --state share their values: one entry with both names.
      const key = `${f.description}\u0000${JSON.stringify(f.values)}`;
      const entry = seen.get(key);
      if (entry) entry.names.push(f.name);
      else {
        const e = { path: n.path, names: [f.name], values: f.values };
        seen.set(key, e);
        out.push(e);
      }
    }
  }
  return out;
}
