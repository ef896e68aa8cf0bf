/**
 * What a write prints, proved on the whole command tree: on a terminal one line on stderr (✓ and
 * what was done, naming the object) and nothing on stdout, unless the answer is what the command
 * is for; with -o json the object as the server sent it; piped, the object on stdout and the
 * line (without ✓) on stderr.
 */
import { describe, expect, it } from 'vitest';
import type { Prompter } from '../../src/prompt.js';
import { answeringTransport, baseOf, commandTree, type Leaf, OBJECT } from '../helpers/command-tree.js';
import { runCli } from '../helpers/harness.js';

const { leaves } = await commandTree();
const writes = leaves.filter((l) => l.spec.method !== undefined && l.spec.method !== 'GET');
const name = (leaf: Leaf) => leaf.words.join(' ');
/** Answers what a command asks beyond its flags (a group's path; no to the editor a create offers). */
const prompter: Prompter = {
  input: async () => 'x',
  password: async () => 'x',
  confirm: async (m) => !m.startsWith('Write a'),
  select: async (_m, c) => c[0]!,
};
// block/unblock answer a scalar; the declarations print nothing else either way.
const objectAnswers = writes.filter((l) => l.spec.print !== false);

describe('a write says what it did', () => {
  it('every declared write has its one line', () => {
    expect(writes.length).toBeGreaterThan(40);
    for (const leaf of writes) expect(leaf.spec.done, name(leaf)).toBeDefined();
  });

  it.each(writes.map((l) => [name(l), l] as const))('%s: on a terminal, one ✓ line and nothing on stdout', async (_n, leaf) => {
    const { transport } = answeringTransport();
    const r = await runCli(baseOf(leaf).render(), { transport, tty: true, prompter });
    expect(r.code, r.stderr).toBe(0);
    if (!leaf.spec.showAnswer) expect(r.stdout).toBe('');
    const lines = r.stderr.split('\n').filter((l) => l.startsWith('✓ '));
    expect(lines, r.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(/^✓ [A-Z]/);
  });

  it.each(objectAnswers.map((l) => [name(l), l] as const))(
    '%s: -o json prints the answer; piped, the object and the line without ✓',
    async (_n, leaf) => {
      const json = await runCli([...baseOf(leaf).render(), '-o', 'json'], {
        transport: answeringTransport().transport,
        tty: true,
        prompter,
      });
      expect(json.code, json.stderr).toBe(0);
      expect(JSON.parse(json.stdout)).toMatchObject({ id: OBJECT.id });
      const piped = await runCli(baseOf(leaf).render(), { transport: answeringTransport().transport });
      expect(piped.code, piped.stderr).toBe(0);
      expect(piped.stdout).not.toBe('');
      expect(piped.stderr).not.toContain('✓');
    },
  );
});
