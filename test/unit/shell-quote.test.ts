/**
 * The one helper that puts words into suggested commands: whatever a word holds, a shell reads it
 * back as that one word, and nothing in it runs (sh, dash, bash and zsh, where installed).
 */
import { describe, expect, it } from 'vitest';
import { ShellLine, shellLine, shellWord } from '../../src/shell-quote.js';
import { paste, SHELLS } from '../helpers/paste.js';

/** Words a server (a branch, a project path, a pipeline id, a URL) or a person can send. */
const HOSTILE = [
  'fix$(id>x)',
  'a`touch y`',
  "it's",
  `'; touch z; '`,
  '"$HOME"',
  'a;touch w',
  'a&&touch v',
  'a|tee u',
  'line\nbreak',
  'tab\there',
  '~root',
  '~',
  '=ls',
  'a=b',
  '*',
  '?',
  '[ab]',
  '{a,b}',
  '!!',
  '#not-a-comment',
  '',
  ' ',
  'naïve/ünïcode',
  'back\\slash',
  '$((1+1))',
  '<(touch t)',
  '%1',
  '^x',
];

describe('shellWord', () => {
  it('leaves plain words as they are', () => {
    for (const w of ['main', 'feature/login-2', 'acme/platform/api', 'v1.2.3', '42', 'user@example.com', '--fields=sha', 'a:b,c+d%'])
      expect(shellWord(w)).toBe(w);
  });

  it.each(SHELLS)('every hostile word reads back as itself in %s, and nothing runs', (shell) => {
    for (const word of HOSTILE) {
      const r = paste(`collab ${shellWord(word)} end`, shell);
      expect({ word, calls: r.calls, left: r.left }).toEqual({ word, calls: [['collab', word, 'end']], left: [] });
    }
  });
});

describe('shellLine', () => {
  it('quotes each substitution, keeps the template and nested lines as written', () => {
    const branch = 'fix$(id>x)';
    const line = shellLine`git switch ${branch} && git rebase ${'0123abc'}`;
    expect(line.text).toBe(`git switch 'fix$(id>x)' && git rebase 0123abc`);
    expect(shellLine`collab ${new ShellLine('mr create')} --source ${branch}`.text).toBe(`collab mr create --source 'fix$(id>x)'`);
    expect(String(shellLine`x ${line}`)).toBe(`x ${line.text}`);
  });

  it.each(SHELLS)('a substitution inside a word stays one word in %s', (shell) => {
    for (const word of HOSTILE) {
      const line = shellLine`collab mr checkout 3 --branch ${word}-mr3 && git switch ${word} && git rebase ${3}`;
      const r = paste(line.text, shell);
      expect({ word, calls: r.calls, left: r.left }).toEqual({
        word,
        calls: [
          ['collab', 'mr', 'checkout', '3', '--branch', `${word}-mr3`],
          ['git', 'switch', word],
          ['git', 'rebase', '3'],
        ],
        left: [],
      });
    }
  });
});
