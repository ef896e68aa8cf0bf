/**
 * A slip gets the closest word of the same meaning, never one that says "not" otherwise (issue 38
 * item 3: `--not-label` was answered "Did you mean --no-labels?", which means the opposite).
 */
import { describe, expect, it } from 'vitest';
import { closest, oppositeMeaning, unknownOptionMessage } from '../../src/suggest.js';
import { runCli } from '../helpers/harness.js';

describe('oppositeMeaning', () => {
  it('tells negated words from plain ones, and one way of saying "not" from another', () => {
    expect(oppositeMeaning('label', 'unlabel')).toBe(true);
    expect(oppositeMeaning('--not-labels', '--no-labels')).toBe(true);
    expect(oppositeMeaning('add-labels', 'remove-labels')).toBe(true);
    expect(oppositeMeaning('approve', 'unapprove')).toBe(true);
    expect(oppositeMeaning('not-labels', 'not-label')).toBe(false);
    expect(oppositeMeaning('lables', 'labels')).toBe(false);
    expect(oppositeMeaning('Resolved', 'unresolved')).toBe(true);
  });

  it('hears a "not" run into the word, without a hyphen, and only there', () => {
    expect(oppositeMeaning('nolabels', 'labels')).toBe(true);
    expect(oppositeMeaning('--notdraft', '--draft')).toBe(true);
    expect(oppositeMeaning('label', 'nolabel')).toBe(true);
    expect(oppositeMeaning('nots', 'notes')).toBe(false);
    expect(oppositeMeaning('node', 'mode')).toBe(false);
    expect(oppositeMeaning('otes', 'notes')).toBe(false);
  });
});

describe('closest never crosses meaning', () => {
  it('skips a nearer word of the other meaning for a farther one of the same', () => {
    expect(closest('not-labels', ['no-labels', 'not-label'])).toBe('not-label');
    expect(closest('not-labels', ['no-labels', 'labels'])).toBeUndefined();
    expect(closest('aprove', ['unapprove', 'approve'])).toBe('approve');
    expect(closest('aprove', ['unapprove'])).toBeUndefined();
    expect(closest('lable', ['unlabel', 'labels'])).toBe('labels');
    expect(closest('nolabels', ['labels', 'no-labels'])).toBe('no-labels');
    expect(closest('nolabels', ['labels'])).toBeUndefined();
  });

  it('two words that say "not" alike are compared by what follows it', () => {
    expect(closest('no-label', ['no-pager', 'labels'])).toBeUndefined();
    expect(closest('not-closed', ['not-label', 'closed'])).toBeUndefined();
    expect(closest('not-lable', ['not-label'])).toBe('not-label');
    expect(closest('no-label', ['no-pager', 'no-labels'])).toBe('no-labels');
  });

  it('an unknown option is one line, with a suggestion only of the same meaning', () => {
    expect(unknownOptionMessage('--lables', ['--labels', '--no-labels'])).toBe("error: unknown option '--lables'; did you mean --labels?");
    expect(unknownOptionMessage('--not-labels', ['--no-labels', '--labels'])).toBe("error: unknown option '--not-labels'");
    expect(unknownOptionMessage('-z', ['--zone'])).toBe("error: unknown option '-z'");
  });
});

describe('as people meet it', () => {
  it('issue list --not-labels: --not-label, never --no-labels; --no-label: --no-labels (exit 2, one line)', async () => {
    const typo = await runCli(['issue', 'list', '-p', 'acme/api', '--not-labels', 'wip']);
    expect([typo.code, typo.stderr]).toEqual([2, "collab: unknown option '--not-labels'; did you mean --not-label?\n"]);
    const other = await runCli(['issue', 'list', '-p', 'acme/api', '--no-label']);
    expect([other.code, other.stderr]).toEqual([2, "collab: unknown option '--no-label'; did you mean --no-labels?\n"]);
  });

  it('mr list --nolabels is not --labels, and --no-label is not --no-pager', async () => {
    const runIn = await runCli(['mr', 'list', '-p', 'acme/api', '--nolabels']);
    expect([runIn.code, runIn.stderr]).toEqual([2, "collab: unknown option '--nolabels'\n"]);
    const pager = await runCli(['mr', 'list', '-p', 'acme/api', '--no-label']);
    expect([pager.code, pager.stderr]).toEqual([2, "collab: unknown option '--no-label'\n"]);
  });
});
