/**
 * `projectArg` and `groupArg` (src/executor/subject.ts) are the positional form of `-p`/`-g` only
 * under a noun that declares `subject` (src/executor/build.ts runs such a noun's verbs through
 * `executeWithSubject`). Declared anywhere else the argument is parsed and dropped: `collab x list
 * acme/web` would say "no project given", exit 2. The tree keeps the two together.
 */
import { describe, expect, it } from 'vitest';
import { declaredCommands } from '../../src/commands/tree.js';
import type { DeclaredCommand } from '../../src/executor/spec.js';

/** Commands whose `project` or `group` argument no noun above them turns into `-p`/`-g`. */
function strayPositionals(commands: readonly DeclaredCommand[]): string[] {
  return commands.flatMap((c) =>
    (c.spec.args ?? [])
      .filter((a) => (a.name === 'project' || a.name === 'group') && c.subject !== a.name)
      .map((a) => `collab ${c.path.join(' ')}: argument "${a.name}" under a noun without subject: '${a.name}'`),
  );
}

describe('positional project and group arguments', () => {
  it('are declared only under a noun whose subject they are', async () => {
    expect(strayPositionals(await declaredCommands())).toEqual([]);
  });

  it('finds one declared elsewhere', () => {
    const stray = { path: ['tag', 'list'], spec: { name: 'list', args: [{ name: 'project', type: 'string' }] } };
    const kept = { path: ['project', 'labels'], subject: 'project', spec: { name: 'labels', args: [{ name: 'project', type: 'string' }] } };
    expect(strayPositionals([stray, kept] as unknown as DeclaredCommand[])).toEqual([
      `collab tag list: argument "project" under a noun without subject: 'project'`,
    ]);
  });
});
