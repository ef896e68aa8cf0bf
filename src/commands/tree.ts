import type { CommandSpec, DeclaredCommand, NounSpec } from '../executor/spec.js';
import { type CommandModule, NOUNS, type NounEntry } from './index.js';

/**
 * The walk of the declared command tree, for what is generated from it: the man pages and
 * completion scripts (src/docs/tree.ts) and the tools of `collab mcp serve` (src/mcp/). Loading
 * the tree loads every noun: nothing that runs one command calls it.
 */

/** Where a command or noun stands: the words after `collab`, and what the nouns above it say. */
export type TreePlace = Pick<DeclaredCommand, 'path' | 'noun' | 'subject'>;

export interface TreeVisitor<T> {
  command(spec: CommandSpec, at: TreePlace): T;
  noun(noun: NounSpec, at: TreePlace, children: T[]): T;
}

/** One module (a noun and all below it, or a command of its own), folded by `visit`. */
export function visitModule<T>(mod: CommandModule, name: string, visit: TreeVisitor<T>): T {
  return mod.noun ? visitNoun(mod.noun, { path: [name] }, visit) : visit.command(mod.command, { path: [name] });
}

function visitNoun<T>(noun: NounSpec, at: TreePlace, visit: TreeVisitor<T>): T {
  // A nested noun runs with the subject of the noun above it (src/executor/build.ts's buildNoun).
  const subject = at.subject ?? noun.subject;
  const inside = (name: string): TreePlace => ({ path: [...at.path, name], noun, ...(subject ? { subject } : {}) });
  return visit.noun(noun, at, [
    ...noun.commands.map((c) => visit.command(c, inside(c.name))),
    ...(noun.nouns ?? []).map((n) => visitNoun(n, inside(n.name), visit)),
  ]);
}

/** Every declared command of the given top-level entries (all of them by default), depth first, in help order. */
export async function declaredCommands(entries: readonly NounEntry[] = NOUNS): Promise<DeclaredCommand[]> {
  const modules = await Promise.all(entries.map(async (entry) => ({ entry, mod: await entry.load() })));
  return modules.flatMap(({ entry, mod }) =>
    visitModule<DeclaredCommand[]>(mod, entry.name, {
      command: (spec, at) => [{ ...at, spec, section: entry.section }],
      noun: (_noun, _at, children) => children.flat(),
    }),
  );
}
