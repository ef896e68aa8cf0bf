/**
 * The confirmation rule, proved on the whole command tree: every irreversible verb (by what it
 * does, not by what it declares) is under the rule, and for each of them
 * - off a terminal, and with --no-input on one, it refuses without --yes: exit 2, no request at all;
 * - on a terminal it reads the object (GETs only), asks a question naming it, and a "no" (or a
 *   wrong path typed for a project or group) sends nothing that changes anything;
 * - with --yes it sends the request without asking;
 * - `collab help exit-codes` lists exactly these commands.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { IRREVERSIBLE } from '../../src/help-topics.js';
import { answeringTransport, baseOf, commandTree, type Leaf, refusingTransport } from '../helpers/command-tree.js';
import { ROOT } from '../helpers/e2e.js';
import { runCli, scriptedPrompter } from '../helpers/harness.js';

const { leaves } = await commandTree();

/** What undoes nothing once sent: deletions, and the verbs that erase, revoke, merge or move. */
const IRREVERSIBLE_VERBS = /^(delete|list-delete|revoke|erase|merge|transfer-project)$/;
const isIrreversible = (leaf: Leaf) =>
  leaf.spec.method === 'DELETE' ||
  IRREVERSIBLE_VERBS.test(leaf.spec.name) ||
  (leaf.spec.aliases ?? []).some((a) => IRREVERSIBLE_VERBS.test(a));
const irreversible = leaves.filter(isIrreversible);
const name = (leaf: Leaf) => leaf.words.join(' ');

const withoutYes = (leaf: Leaf) => baseOf(leaf).render({ drop: ['yes'] });

describe('the confirmation rule, on every irreversible command', () => {
  it('finds the irreversible verbs of the tree, each declaring the rule', () => {
    expect(irreversible.map(name)).toEqual(
      expect.arrayContaining([
        'issue delete',
        'mr delete',
        'mr merge',
        'job erase',
        'project delete',
        'group delete',
        'group transfer-project',
        'user delete',
        'user key delete',
        'user email delete',
        'user gpg-key delete',
        'user token revoke',
      ]),
    );
    for (const leaf of irreversible) expect(leaf.spec.confirm, name(leaf)).toBeDefined();
  });

  it('collab help exit-codes, the manual and the README list exactly the commands under the rule', async () => {
    const listed = IRREVERSIBLE;
    expect([...listed].sort()).toEqual(
      leaves
        .filter((l) => l.spec.confirm)
        .map(name)
        .sort(),
    );
    expect([...listed].sort()).toEqual(irreversible.map(name).sort());
    const manual = fs.readFileSync(path.join(ROOT, 'man/collab.1'), 'utf8').replace(/\\-/g, '-');
    for (const command of listed) expect(manual).toContain(command);
    const r = await runCli(['help', 'exit-codes']);
    const text = r.stdout.replace(/\s+/g, ' ');
    for (const command of listed) expect(text).toContain(command);
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('### Irreversible commands'));
    for (const command of listed) expect(section).toContain(`\`${command}\``);
  });

  it.each(irreversible.map((l) => [name(l), l] as const))('%s: off a terminal without --yes, exit 2 and no request', async (_n, leaf) => {
    for (const options of [{}, { tty: true, env: { COLLAB_NO_INPUT: '1' } }]) {
      const { transport, calls } = refusingTransport();
      const r = await runCli(withoutYes(leaf), { transport, ...options });
      expect(calls, r.stderr).toEqual([]);
      expect([r.code, r.stdout]).toEqual([2, '']);
      expect(r.stderr).toMatch(/^collab: refusing to .* without --yes/);
    }
  });

  it.each(irreversible.map((l) => [name(l), l] as const))(
    '%s: on a terminal, a question naming the object; declined, nothing changes',
    async (_n, leaf) => {
      const { transport, calls } = answeringTransport();
      const typesPath = leaf.spec.confirm?.mode === 'type-path';
      const prompter = scriptedPrompter([typesPath ? 'acme/other' : false]);
      const r = await runCli(withoutYes(leaf), { transport, tty: true, prompter });
      expect([r.code, r.stdout], r.stderr).toEqual([2, '']);
      expect(r.stderr).toMatch(/collab: cancelled: .*nothing was sent/);
      expect(
        calls.filter((c) => !c.startsWith('GET ')),
        r.stderr,
      ).toEqual([]);
      expect(prompter.asked).toHaveLength(1);
      const shown = `${r.stderr}\n${prompter.asked.join('\n')}`;
      if (typesPath) expect(prompter.asked[0]).toBe('Type acme/named to confirm:');
      // Read first, named by title or path; what has nothing to read (an LDAP link) is named by the command line.
      if (calls.length > 0) expect(shown).toMatch(/The named object|acme\/named/);
      else expect(shown).toContain('cn=devs');
    },
  );

  it.each(irreversible.map((l) => [name(l), l] as const))('%s: with --yes, sent without a question', async (_n, leaf) => {
    const { transport, calls } = answeringTransport();
    const r = await runCli(baseOf(leaf).render(), { transport, tty: true, prompter: scriptedPrompter([]) });
    expect(r.stderr).not.toContain('unexpected');
    expect(calls.filter((c) => !c.startsWith('GET ')).length, r.stderr).toBe(1);
  });
});
