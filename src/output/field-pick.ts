/** `--fields`: checking the names against a command's answer, and picking them out of each item. */
import { UsageError } from '../errors.js';
import { closest } from '../suggest.js';
import { answerFields, type Column } from './columns.js';
import { cellText } from './sanitize.js';
import { getPath } from './values.js';

/** Every field name `--fields` accepts for these columns (columns first, then the spec's fields, then GitLab's), without a request. */
export function fieldNames(columns: Column[]): string[] {
  const names = new Set<string>();
  for (const c of columns) names.add(c.key);
  const fields = answerFields(columns);
  for (const f of [...(fields?.spec ?? []), ...(fields?.gitlab ?? [])]) names.add(f);
  return [...names];
}

/**
 * Checks `--fields` before anything is sent, against the fields declared for the command's
 * answer: a name that is neither one of them, nor a column or its header,
 * nor a path below one of them (`author.username`) is exit 2, naming it and the valid ones.
 * A command that declares no fields prints none to choose from.
 */
export function checkFields(names: readonly string[], columns: Column[] | undefined): void {
  if (names.length === 0) return;
  if (!columns || !answerFields(columns)) throw new UsageError('--fields: this command prints no fields to choose from');
  const known = fieldNames(columns);
  const accepted = new Set(known);
  const headers = new Set(columns.flatMap((c) => (c.header ? [c.header.toLowerCase()] : [])));
  for (const f of names) {
    const top = f.split('.')[0]!;
    if (accepted.has(f) || accepted.has(top) || headers.has(f.toLowerCase())) continue;
    throw unknownField(f, known);
  }
}

/**
 * The columns a table or tsv shows: those `--fields` names (a name no column has reads that
 * field), else all. A field named is shown as it is: `iid` is the number even in a list spanning
 * projects (`references.full` is the reference).
 */
export function chosenColumns(fields: readonly string[] | undefined, columns: Column[]): Column[] {
  if (!fields || fields.length === 0) return columns;
  return fields.map((f) => {
    const col = columnNamed(columns, f);
    return col?.kind === 'ref' ? { ...col, kind: 'number' } : (col ?? { key: f });
  });
}

/**
 * The fields named in `--fields`, under the names given. A field of the answer is its value as
 * sent; a name only a column has (`tasks`, or a header like `updated`) is that column's value.
 * Which is which is settled once per answer, not per item (a list may hold 10,000).
 */
export function picker(fields: readonly string[] | undefined, columns: Column[] = []): (item: unknown) => unknown {
  if (!fields || fields.length === 0) return (item) => item;
  const declared = answerFields(columns);
  const answered = new Set([...(declared?.spec ?? []), ...(declared?.gitlab ?? [])]);
  const readers = fields.map((f): [string, (item: unknown) => unknown] => {
    const col = answered.has(f.split('.')[0]!) ? undefined : columnNamed(columns, f);
    if (!col) return [f, (item) => getPath(item, f)];
    return [f, col.get ? (item) => col.get!(item) : (item) => getPath(item, col.key)];
  });
  return (item) => {
    if (item === null || typeof item !== 'object') return item;
    // No prototype: a field named __proto__ is a key like any other.
    const out: Record<string, unknown> = Object.create(null);
    for (const [f, read] of readers) {
      const v = read(item);
      out[f] = v === undefined ? null : v;
    }
    return out;
  };
}

/** The column a `--fields` name means: by its key, or by its header (`updated`). */
function columnNamed(columns: Column[], name: string): Column | undefined {
  return columns.find((c) => c.key === name || c.header?.toLowerCase() === name.toLowerCase());
}

function unknownField(name: string, valid: string[]): UsageError {
  const hint = closest(name, valid);
  return new UsageError(
    `unknown field "${cellText(name)}" in ` +
      `--fields${hint ? ` (did you mean "${hint}"?)` : ''}; valid fields: ` +
      `${valid.map(cellText).join(', ')}`,
  );
}
