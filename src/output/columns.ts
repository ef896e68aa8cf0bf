/** What a command declares about the answer it prints: the columns people see, the fields it has, its card. */
import type { CardLayout } from './card.js';

/**
 * `ref`: an issue's or merge request's number, shown as its full reference (`acme/web#3`) in a
 * list spanning projects (table and tsv). `markdown`: rendered below a view's fields. A table never
 * cuts a `date`, `state`, `ref`, `number` or `bool` cell: the column is shown whole or dropped.
 */
export type ColumnKind = 'text' | 'date' | 'state' | 'labels' | 'users' | 'bool' | 'number' | 'title' | 'ref' | 'markdown';

export interface Column {
  /** Field path in the object (`author.username`). */
  key: string;
  header?: string;
  kind?: ColumnKind;
  /** Computes the value instead of reading `key`. */
  get?: (item: any) => unknown;
  /**
   * How soon the column gives way in a narrow table (src/output/table-fit.ts): 0 never, then the
   * higher the sooner (a column with nothing in it goes before any other). Undeclared: 0 for
   * titles, ids and references, 1 for states and dates, 2 for the rest.
   */
  priority?: number;
  /** `start`: a cut keeps the end of the cell, where what matters is (a diff comment's `file:line`). */
  cut?: 'start';
}

/**
 * The fields of one kind of answer, known before anything is sent: `--fields` names are checked
 * against them (exit 2 before any request), and `--fields` alone lists them. `spec`, the
 * attributes the API spec documents, exactly as the sandbox sends them
 * (test/sandbox/answer-fields.test.ts runs every command against it, in both dialects, so the
 * lists cannot drift), or the keys of an object collab builds itself (`auth status`); `gitlab`,
 * those only real GitLab adds (its API documentation), which a server that follows the spec
 * answers as `null`. Either dialect's name of a renamed field is accepted (the dialect layer,
 * src/executor/host-dialect.ts). Each resource declares its own in src/resources/<resource>.ts.
 */
export interface Fields {
  readonly spec: readonly string[];
  readonly gitlab?: readonly string[];
}

const MARKDOWN_FIELDS = new Set(['description', 'body']);

/** A field people write in Markdown (declared so, or a `description` or `body`): below the others in a view. */
export const isMarkdown = (c: Column): boolean => c.kind === 'markdown' || (c.kind === undefined && MARKDOWN_FIELDS.has(c.key));

/** The columns of a command's answer, with the fields of that answer (for checking `--fields`). */
export type Columns = Column[] & { fields?: Fields; card?: CardLayout };

/** Columns that also know every field of the answer they show. */
export function columnSet(columns: Column[], fields: Fields): Columns {
  return Object.assign([...columns], { fields });
}

/** The fields declared for an answer shown with these columns, if any were. */
export function answerFields(columns: Column[] | undefined): Fields | undefined {
  return (columns as Columns | undefined)?.fields;
}

/** Columns whose answer, one object on a terminal, is shown as this card rather than every field. */
export function withCard(columns: Columns, card: CardLayout): Columns {
  return Object.assign([...columns], { fields: columns.fields, card });
}

/** The card declared for an answer shown with these columns, if any was. */
export function cardOf(columns: Column[] | undefined): CardLayout | undefined {
  return (columns as Columns | undefined)?.card;
}
