import { describe, expect, it } from 'vitest';
import { VERSION } from '../../src/version.js';
import { commandTree, refusingTransport } from '../helpers/command-tree.js';
import { runCli } from '../helpers/harness.js';

/**
 * `-V, --version` is collab's version only as the first word. commander's root parses its flags
 * anywhere on the line, so `collab package upload f --name x --version 1.2.3` (another tool's
 * spelling) printed collab's version and exited 0: a CI step that "succeeded" having sent nothing.
 */
describe('--version', () => {
  it('as the first word prints the version, exit 0', async () => {
    for (const word of ['--version', '-V']) {
      const r = await runCli([word]);
      expect([r.code, r.stdout, r.stderr], word).toEqual([0, `${VERSION}\n`, '']);
    }
  });

  it('after a command is refused, exit 2, nothing sent, the command named', async () => {
    const { leaves } = await commandTree();
    const some = leaves.filter((l) => ['issue list', 'job artifacts', 'mr merge'].includes(l.words.join(' ')));
    expect(some).toHaveLength(3);
    for (const leaf of some)
      for (const word of ['--version', '-V']) {
        const { transport, calls } = refusingTransport();
        const r = await runCli([...leaf.words, '-p', '1', word, '1.2.3'], { transport });
        const where = `${leaf.words.join(' ')} ${word}`;
        expect([r.code, r.stdout, calls], where).toEqual([2, '', []]);
        expect(r.stderr, where).toContain("collab's own version is `collab --version` (the first word only)");
        expect(r.stderr, where).toContain(`hint: collab ${leaf.words.join(' ')} --help`);
        expect(r.stderr, where).not.toContain(VERSION);
      }
  });

  it('after a global flag it is not the first word either', async () => {
    const r = await runCli(['--debug', '--version']);
    expect([r.code, r.stdout]).toEqual([2, '']);
  });
});
