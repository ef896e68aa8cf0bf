import { describe, expect, it } from 'vitest';
import { getPath } from '../../src/output/values.js';

describe('field paths (--fields, columns)', () => {
  const issue = {
    id: 1,
    title: 't',
    assignees: [{ username: 'a' }, { username: 'b', name: 'B' }],
    labels: ['x'],
    author: { username: 'u' },
    empty: [],
  };

  it('read own properties only, through objects and arrays', () => {
    expect(getPath(issue, 'author.username')).toBe('u');
    expect(getPath(issue, 'assignees.username')).toEqual(['a', 'b']);
    expect(getPath(issue, 'assignees.name')).toEqual(['B']);
    expect(getPath(issue, 'assignees.1.username')).toBe('b');
    expect(getPath(issue, 'assignees.5.username')).toBeUndefined();
    expect(getPath(issue, 'empty.username')).toEqual([]);
    for (const inherited of [
      'toString',
      'constructor',
      '__proto__',
      'hasOwnProperty',
      'title.length',
      'assignees.length',
      'labels.length',
      'author.constructor',
      'assignees.map',
    ])
      expect(getPath(issue, inherited), inherited).toBeUndefined();
  });
});
