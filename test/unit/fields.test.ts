import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { columnSet } from '../../src/output/columns.js';
import { Printer } from '../../src/output/printer.js';

const columns = columnSet(
  [
    { key: 'iid', header: 'IID' },
    { key: 'tasks', get: () => '1/2' },
    { key: 'updated_at', header: 'updated' },
  ],
  { spec: ['iid', 'title', 'author', 'updated_at', 'messenger', 'approvals_missing'], gitlab: ['health_status'] },
);

const check =
  (names: string[], cols = columns) =>
  () =>
    Printer.checkFields(names, cols);

describe('Printer.checkFields (before anything is sent)', () => {
  it('accepts declared fields of either list, column keys, headers in any case, paths below a field', () => {
    for (const names of [['iid', 'title'], ['health_status'], ['tasks'], ['IID', 'Updated'], ['author.username', 'author.x.y'], []])
      expect(check(names), names.join(',')).not.toThrow();
  });

  it('refuses anything else with one line naming it, a suggestion when close, and every valid name', () => {
    expect(check(['iid', 'titel'])).toThrow(
      'unknown field "titel" in --fields (did you mean "title"?); valid fields: iid, ' +
        'tasks, updated_at, title, author, messenger, approvals_missing, health_status',
    );
    for (const name of ['TITLE', 'zzz', 'auth.username', 'constructor', '__proto__', 'toString.x'])
      expect(check([name]), name).toThrow(UsageError);
  });

  it('a command with no declared fields takes none; bare names are fine when none are given', () => {
    expect(check(['iid'], [{ key: 'iid' }])).toThrow('--fields: this command prints no fields to choose from');
    expect(() => Printer.checkFields(['iid'], undefined)).toThrow(UsageError);
    expect(() => Printer.checkFields([], undefined)).not.toThrow();
  });

  it('lists the columns first, then the spec fields, then the GitLab-only ones', () => {
    expect(Printer.fieldNames(columns)).toEqual([
      'iid',
      'tasks',
      'updated_at',
      'title',
      'author',
      'messenger',
      'approvals_missing',
      'health_status',
    ]);
  });
});
