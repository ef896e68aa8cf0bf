import { FilterError, UsageError } from '../errors.js';
import { isObject } from '../json.js';
import { closest } from '../suggest.js';
import type { IO } from './io.js';
import { writeOut } from './io.js';
import type { FilterRun, JqFilter } from './jq.js';
import { type Painter, painter } from './paint.js';
import { cellText, jsonText, messageText, TerminalLogFilter, tableText } from './sanitize.js';
import { stripSgr } from './sgr.js';
import { type Spinner, startSpinner } from './spinner.js';
import { getPath, isTimestamp, plainValue, relativeTime } from './values.js';
import { cellWidth, type Measure, truncate, wrapText } from './wrap.js';

export const OUTPUT_FORMATS = ['table', 'tsv', 'json', 'ndjson'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/**
 * `ref`: an issue's or merge request's number, shown as its full reference (`acme/web#3`) in a
 * table listing more than one project. `markdown`: rendered below a view's fields.
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
   * How soon the column gives way in a narrow table: 0 never (ids, titles), 1 late, 2 (the
   * default for plain text, people and labels), 3 first.
   */
  priority?: number;
}

/**
 * The fields of one kind of answer, known before anything is sent (`--fields` is checked against
 * them): `spec`, the attributes the API spec documents, which the sandbox sends
 * (test/sandbox/answer-fields.test.ts keeps the two equal), or the keys of an object collab builds
 * itself (`auth status`); `gitlab`, those only real GitLab adds.
 */
export interface Fields {
  readonly spec: readonly string[];
  readonly gitlab?: readonly string[];
}

/** The columns of a command's answer, with the fields of that answer (for checking `--fields`). */
export type Columns = Column[] & { fields?: Fields };

/** Columns that also know every field of the answer they show. */
export function columnSet(columns: Column[], fields: Fields): Columns {
  return Object.assign([...columns], { fields });
}

/** The fields declared for an answer shown with these columns, if any were. */
export function answerFields(columns: Column[] | undefined): Fields | undefined {
  return (columns as Columns | undefined)?.fields;
}

/** What a list printed, for the line that says what it hides. */
export interface ListOptions {
  /** The table shows full references (`acme/web#3`): the list spans projects. */
  crossProject?: boolean;
  /** `open issues in acme/platform/api`, for `Showing 20 of 142 …`. */
  what?: string;
  /** Filled by the paginator while the list is read. */
  stats?: { total?: number; more?: boolean };
}

/** A field whose value is a secret (`runners_token`, `token`, `private_token`): masked in table and tsv. */
export function isSecretField(key: string): boolean {
  return /token/i.test(key.slice(key.lastIndexOf('.') + 1));
}

const MASK = '********';
const URL_CELL = /^[a-z][a-z0-9+.-]*:\/\/\S+$/i;
const MARKDOWN_FIELDS = new Set(['description', 'body']);

export interface PrinterOptions {
  io: IO;
  format: OutputFormat;
  /**
   * `--fields`: checked before anything is sent (`Printer.checkFields`) where the command knows its
   * fields; picked as given otherwise (`collab api`: a name the answer lacks is `null`).
   */
  fields?: string[];
  header: boolean;
  now: () => Date;
  /** Secrets are shown in table and tsv too (a token printed once, when created). */
  revealSecrets?: boolean;
  /** Shows a long text on a terminal (the pager); absent: written as it is. */
  page?: (text: string) => Promise<boolean>;
  /** Terminal rows (for deciding when to page). */
  rows?: number;
  /** Runs `fn` after `ms` unless cancelled (the spinner's delay; tests inject their own). */
  schedule?: Schedule;
  /** `--jq`: JSON output goes through this filter (json: the whole answer at once; ndjson: each item). */
  jq?: JqFilter;
}

export type Schedule = (ms: number, fn: () => void) => () => void;

const defaultSchedule: Schedule = (ms, fn) => {
  const timer = setTimeout(fn, ms);
  return () => clearTimeout(timer);
};

/** The one formatter layer: every command prints lists and objects through it. */
export class Printer {
  constructor(private readonly options: PrinterOptions) {}

  get format(): OutputFormat {
    return this.options.format;
  }

  /** JSON out (`-o json` or `-o ndjson`, which `--jq` implies): records, not a view for people. */
  get json(): boolean {
    return this.options.format === 'json' || this.options.format === 'ndjson';
  }

  /**
   * A person's view on a terminal (table, no --fields, no --jq): a write then says in one line what
   * it did instead of printing the object it answered with.
   */
  get brief(): boolean {
    const { format, io, fields, jq } = this.options;
    return format === 'table' && io.stdoutIsTTY && !fields?.length && jq === undefined;
  }

  private columnsFor(columns: Column[]): Column[] {
    const fields = this.options.fields;
    if (!fields || fields.length === 0) return columns;
    return fields.map((f) => columnNamed(columns, f) ?? { key: f });
  }

  /** Every field name `--fields` accepts for these columns (columns first, then the spec's fields, then GitLab's), without a request. */
  static fieldNames(columns: Column[]): string[] {
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
  static checkFields(names: readonly string[], columns: Column[] | undefined): void {
    if (names.length === 0) return;
    if (!answerFields(columns)) throw new UsageError('--fields: this command prints no fields to choose from');
    const known = Printer.fieldNames(columns!);
    const accepted = new Set(known);
    const headers = new Set(columns!.flatMap((c) => (c.header ? [c.header.toLowerCase()] : [])));
    for (const f of names) {
      const top = f.split('.')[0]!;
      if (accepted.has(f) || accepted.has(top) || headers.has(f.toLowerCase())) continue;
      throw unknownField(f, known);
    }
  }

  /**
   * The fields named in `--fields`, under the names given. A field of the answer is its value as
   * sent; a name only a column has (`tasks`, or a header like `updated`) is that column's value.
   * Which is which is settled once per answer, not per item (a list may hold 10,000).
   */
  private picker(columns: Column[] = []): (item: unknown) => unknown {
    const fields = this.options.fields;
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

  /** Prints a stream of items; returns how many were printed. */
  async list(items: AsyncIterable<unknown> | Iterable<unknown>, columns: Column[]): Promise<number> {
    return this.listPages(single(items), columns);
  }

  /** Prints a stream of pages (arrays of items): NDJSON writes each page as it arrives, in one write. */
  async listPages(pages: AsyncIterable<unknown[]>, columns: Column[], list: ListOptions = {}): Promise<number> {
    const count = await this.printPages(pages, columns, list);
    await this.summary(count, list);
    return count;
  }

  /**
   * `Showing 20 of 142 open issues in acme/platform/api · --all for every page`, on a terminal, in
   * one line of stderr's width: the hint shortens, then goes, then what the list holds is cut.
   */
  private async summary(count: number, list: ListOptions): Promise<void> {
    const { io } = this.options;
    if (!io.stderrIsTTY || !list.stats?.more || count === 0) return;
    const total = list.stats.total;
    if (total !== undefined && total <= count) return;
    const head = total !== undefined ? `Showing ${count} of ${total}` : `Showing ${count}`;
    const tail = total !== undefined ? '' : '; more available';
    const what = list.what ? cellText(list.what) : '';
    io.stderr.write(`${fitSummary(head, what, tail, (io.stderrColumns ?? io.columns) - 1, await cellWidth())}\n`);
  }

  private async printPages(pages: AsyncIterable<unknown[]>, columns: Column[], list: ListOptions): Promise<number> {
    const { io, format } = this.options;
    let count = 0;
    if (format === 'ndjson') {
      let failed = 0;
      const pick = this.picker(columns);
      for await (const page of pages) {
        let text = '';
        for (const item of page) text += `${jsonText(JSON.stringify(pick(item)))}\n`;
        count += page.length;
        if (this.options.jq) failed += text ? (await this.filtered(text, true, false)).length : 0;
        else if (text) await writeOut(io.stdout, text);
      }
      if (failed > 0) throw new FilterError(`jq: the filter failed on ${failed} of ${count} items`);
      return count;
    }
    if (format === 'json' && this.options.jq) return this.filteredList(pages, columns);
    const all: unknown[] = [];
    const progress = this.fetchProgress();
    try {
      for await (const page of pages) {
        for (const item of page) all.push(item);
        progress.update(all.length);
      }
    } finally {
      await progress.stop();
    }
    count = all.length;
    if (format === 'json') {
      const pick = this.picker(columns);
      await this.writeJson(all.map((i) => pick(i)));
    } else if (format === 'tsv') {
      const cols = this.columnsFor(columns);
      const lines: string[] = [];
      if (this.options.header) lines.push(cols.map((c) => cellText(c.header ?? c.key)).join('\t'));
      for (const item of all) lines.push(cols.map((c) => cellText(plainValue(this.cellValue(c, item)))).join('\t'));
      if (lines.length) await writeOut(io.stdout, `${lines.join('\n')}\n`);
    } else {
      await this.table(all, this.columnsFor(columns), list.crossProject === true);
    }
    return count;
  }

  /** Prints one object: field/value view on a terminal, `field\tvalue` lines in tsv. */
  async object(item: unknown, columns?: Column[]): Promise<void> {
    const { io, format } = this.options;
    if (format === 'json' || format === 'ndjson') {
      const picked = this.picker(columns)(item);
      if (this.options.jq) await this.filtered(JSON.stringify(picked), format === 'ndjson', true);
      else if (format === 'ndjson') await writeOut(io.stdout, `${jsonText(JSON.stringify(picked))}\n`);
      else await this.writeJson(picked);
      return;
    }
    if (!isObject(item)) {
      if (Array.isArray(item)) {
        await this.list(item, columns ?? []);
        return;
      }
      await writeOut(io.stdout, `${(format === 'table' ? tableText : cellText)(plainValue(item))}\n`);
      return;
    }
    const fields = this.options.fields?.length
      ? this.columnsFor(columns ?? [])
      : Object.keys(item).map((k) => columns?.find((c) => c.key === k) ?? { key: k, get: (o: Record<string, unknown>) => o[k] });
    if (format === 'tsv') {
      // One line per field, newlines folded: the Markdown of a description stays as written.
      const lines = fields.map((c) => `${cellText(c.key)}\t${cellText(plainValue(this.cellValue(c, item)))}`);
      if (lines.length) await writeOut(io.stdout, `${lines.join('\n')}\n`);
      return;
    }
    const paint = painter(this.options.io.colorLevel);
    const measure = await cellWidth();
    const isMarkdown = (c: Column) => c.kind === 'markdown' || (c.kind === undefined && MARKDOWN_FIELDS.has(c.key));
    const shown = fields.filter((c) => !isMarkdown(c));
    const key = (c: Column) => tableText(c.key);
    // Keys take at most a third of the line; a longer key has its value on the next line.
    const width = Math.min(Math.max(...shown.map((c) => measure(key(c))), 1), Math.max(12, Math.floor(io.columns / 3)));
    const valueWidth = Math.max(20, io.columns - width - 2);
    const pad = ' '.repeat(width + 2);
    const lines = shown.map((c) => {
      const text = this.cell(c, this.cellValue(c, item), paint, true) || paint('-', 'dim');
      const wrapped = wrapText(text, valueWidth, measure).split('\n').join(`\n${pad}`);
      const keyWidth = measure(key(c));
      if (keyWidth > width) return `${paint(key(c), 'key')}\n${pad}${wrapped}`;
      return `${paint(key(c) + ' '.repeat(width - keyWidth), 'key')}  ${wrapped}`;
    });
    for (const c of fields.filter(isMarkdown)) {
      const value = this.cellValue(c, item);
      if (typeof value !== 'string' || value.trim() === '') {
        lines.push(`${paint(key(c) + ' '.repeat(Math.max(0, width - measure(key(c)))), 'key')}  ${paint('-', 'dim')}`);
        continue;
      }
      const { renderMarkdown, webBase } = await import('./markdown.js');
      const body = await renderMarkdown(messageText(value), Math.max(20, io.columns), io.colorLevel, measure, webBase(item));
      lines.push('', paint(key(c), 'key'), body);
    }
    await this.emit(`${lines.join('\n')}\n`);
  }

  /** The value of a cell, a secret masked (JSON never comes here). */
  private cellValue(col: Column, item: unknown): unknown {
    const value = col.get ? col.get(item) : getPath(item, col.key);
    if (this.options.revealSecrets || typeof value !== 'string' || value === '' || !isSecretField(col.key) || isTimestamp(value))
      return value;
    // Named in --fields: asked for by name, so shown.
    if (this.options.fields?.includes(col.key)) return value;
    return MASK;
  }

  /**
   * Text for stdout from a table or view: through the pager when it is longer than the terminal
   * (on a terminal only; `page` is absent otherwise).
   */
  private async emit(text: string): Promise<void> {
    const { page, rows, io } = this.options;
    if (page && rows !== undefined && countLines(text) >= rows && (await page(text))) return;
    await writeOut(io.stdout, text);
  }

  /**
   * A spinner on stderr while a buffered list is being fetched: only on a terminal, and only once
   * the fetch has taken long enough to notice (ora is loaded then, not before).
   */
  private fetchProgress(): { update(n: number): void; stop(): Promise<void> } {
    if (!this.options.io.stderrIsTTY) return { update() {}, async stop() {} };
    let count = 0;
    let stopped = false;
    let spinner: Spinner | undefined;
    let starting: Promise<void> | undefined;
    const schedule = this.options.schedule ?? defaultSchedule;
    const cancel = schedule(300, () => {
      starting = startSpinner(this.options.io, `fetching… ${count} items`).then((started) => {
        if (stopped) started?.stop();
        else spinner = started;
      });
    });
    return {
      update(n) {
        count = n;
        if (spinner) spinner.text = `fetching… ${n} items`;
      },
      async stop() {
        stopped = true;
        cancel();
        await starting;
        spinner?.stop();
      },
    };
  }

  /**
   * A list as one JSON array through `--jq`. Only the items' JSON text is kept while the pages
   * arrive; jq then parses the whole array (README: the memory `--jq` with `--all` needs).
   */
  private async filteredList(pages: AsyncIterable<unknown[]>, columns: Column[]): Promise<number> {
    const parts: string[] = [];
    const pick = this.picker(columns);
    const progress = this.fetchProgress();
    try {
      for await (const page of pages) {
        for (const item of page) parts.push(JSON.stringify(pick(item)));
        progress.update(parts.length);
      }
    } finally {
      await progress.stop();
    }
    await this.filtered(`[${parts.join(',')}]`, false, true);
    return parts.length;
  }

  /**
   * Runs `--jq` on JSON text and prints what it printed; jq's own messages (`debug`) go to stderr.
   * A failure ends the command (exit 5) when `fail`, else it is reported and counted (NDJSON: jq
   * goes on with the next item). Returns the failures.
   */
  private async filtered(json: string, compact: boolean, fail: boolean): Promise<string[]> {
    const run: FilterRun = this.options.jq!.run(json, compact);
    // jq's JSON like ours; its raw strings (-r) exact in a pipe, sanitised for a terminal.
    run.output = !this.options.jq!.raw ? jsonText(run.output) : this.options.io.stdoutIsTTY ? messageText(run.output) : run.output;
    // One answer's output may be paged on a terminal; a stream's is written as it comes.
    if (run.output && fail) await this.emit(run.output);
    else if (run.output) await writeOut(this.options.io.stdout, run.output);
    const { stderr } = this.options.io;
    for (const m of run.messages) stderr.write(`${messageText(m)}\n`);
    if (fail && run.errors.length > 0) throw new FilterError(`jq: error: ${run.errors[0]}`);
    for (const e of run.errors) stderr.write(`collab: jq: error: ${messageText(e)}\n`);
    return run.errors;
  }

  /**
   * An answer that is not JSON: as it came in a pipe, on a terminal as a CI log is shown (colours
   * only); `--jq` has nothing to filter in it (exit 5).
   */
  async bytes(data: Buffer, what: string): Promise<void> {
    if (this.options.jq) throw new FilterError(`jq: ${what} is not JSON: --jq filters JSON only`);
    const { io } = this.options;
    if (io.stdoutIsTTY) {
      const log = new TerminalLogFilter(io.colorLevel > 0);
      await writeOut(io.stdout, log.write(data) + log.flush());
      return;
    }
    await new Promise<void>((resolve, reject) => io.stdout.write(data, (err) => (err ? reject(err) : resolve())));
  }

  /** Raw text to stdout (traces, diffs). */
  async text(text: string): Promise<void> {
    await writeOut(this.options.io.stdout, text);
  }

  private async writeJson(value: unknown): Promise<void> {
    const pretty = this.options.io.stdoutIsTTY;
    const text = `${jsonText(pretty ? JSON.stringify(value, null, 2) : JSON.stringify(value))}\n`;
    if (pretty) await this.emit(text);
    else await writeOut(this.options.io.stdout, text);
  }

  private cell(col: Column, value: unknown, paint: Painter, long = false, item?: unknown, crossProject = false): string {
    if (col.kind === 'ref' && crossProject && item !== undefined) {
      const ref = fullReference(item);
      if (ref !== undefined) return tableText(ref);
    }
    if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return paint('-', 'dim');
    const kind = col.kind ?? (isTimestamp(value) ? 'date' : 'text');
    if (kind === 'date' && typeof value === 'string') return paint(relativeTime(value, this.options.now()), 'dim');
    if (kind === 'state') return paint(tableText(String(value)), 'state', String(value));
    if (kind === 'labels' && Array.isArray(value)) return value.map((l) => paint(tableText(plainValue(l)), 'label')).join(', ');
    if (typeof value === 'object' && !Array.isArray(value) && long) return tableText(readableObject(value as Record<string, unknown>));
    return tableText(plainValue(value));
  }

  private async table(items: unknown[], columns: Column[], crossProject: boolean): Promise<void> {
    const { io } = this.options;
    if (items.length === 0) {
      io.stderr.write('no results\n');
      return;
    }
    const paint = painter(this.options.io.colorLevel);
    const measure = await cellWidth();
    const header = (c: Column) => tableText(c.kind === 'ref' && crossProject ? 'ref' : (c.header ?? c.key)).toUpperCase();
    const rows = items.map((item) => columns.map((c) => this.cell(c, this.cellValue(c, item), paint, false, item, crossProject)));
    // Each cell's text without colour, and its width, worked out once.
    const plain = rows.map((r) => r.map(stripSgr));
    const cellWidths = plain.map((r) => r.map(measure));
    const widths = columns.map((c, i) => cellWidths.reduce((w, r) => Math.max(w, r[i]!), measure(header(c))));
    // Columns named with --fields are what the user asked for: none is dropped.
    const urls = columns.map((_, i) => plain.some((r) => URL_CELL.test(r[i]!)));
    const layout = fitColumns(widths, columns, io.columns, !this.options.fields?.length, urls);
    const { default: Table } = await import('cli-table3');
    const table = new Table({
      head: layout.keep.map((i) => paint(header(columns[i]!), 'header')),
      chars: {
        top: '',
        'top-mid': '',
        'top-left': '',
        'top-right': '',
        bottom: '',
        'bottom-mid': '',
        'bottom-left': '',
        'bottom-right': '',
        left: '',
        'left-mid': '',
        mid: '',
        'mid-mid': '',
        right: '',
        'right-mid': '',
        middle: '  ',
      },
      style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 },
      colWidths: layout.widths,
      wordWrap: false,
    });
    for (const [j, r] of rows.entries())
      table.push(
        layout.keep.map((i, k) => {
          const w = layout.widths[k]!;
          return cellWidths[j]![i]! > w && !urls[i] ? truncate(plain[j]![i]!, w, measure) : r[i]!;
        }),
      );
    await this.emit(
      `${table
        .toString()
        .split('\n')
        .map((l) => l.trimEnd())
        .join('\n')}\n`,
    );
  }
}

/** The column a `--fields` name means: by its key, or by its header (`updated`). */
function columnNamed(columns: Column[], name: string): Column | undefined {
  return columns.find((c) => c.key === name || c.header?.toLowerCase() === name.toLowerCase());
}

async function* single(items: AsyncIterable<unknown> | Iterable<unknown>): AsyncGenerator<unknown[]> {
  for await (const item of items) yield [item];
}

function unknownField(name: string, valid: string[]): UsageError {
  const hint = closest(name, valid);
  return new UsageError(
    `unknown field "${cellText(name)}" in --fields${hint ? ` (did you mean "${hint}"?)` : ''}; valid fields: ${valid.map(cellText).join(', ')}`,
  );
}

/** `acme/web#3` from GitLab's `references.full`, else from the web URL's project path. */
function fullReference(item: unknown): string | undefined {
  const o = item as { references?: { full?: unknown }; web_url?: unknown; iid?: unknown };
  if (typeof o?.references?.full === 'string') return o.references.full;
  if (typeof o?.web_url !== 'string' || o.iid === undefined) return undefined;
  const m = /^https?:\/\/[^/]+\/(.+?)\/(?:-\/)?(issues|merge_requests)\/\d+/.exec(o.web_url);
  return m ? `${m[1]}${m[2] === 'issues' ? '#' : '!'}${String(o.iid)}` : undefined;
}

const SUMMARY_HINTS = [' · --all for every page', ' · --all'];

/**
 * The summary line in `width` cells: with the longest hint that fits, else without one, else with
 * the description of the list cut (`open issues in acme/pl…`); the counts are never cut.
 */
export function fitSummary(head: string, what: string, tail: string, width: number, measure: Measure): string {
  const line = (w: string) => `${head}${w ? ` ${w}` : ''}${tail}`;
  for (const hint of [...SUMMARY_HINTS, '']) if (measure(line(what) + hint) <= width) return line(what) + hint;
  const room = width - measure(line('')) - 1;
  if (what && room >= 2) return line(truncate(what, room, measure));
  return truncate(line(''), Math.max(width, 1), measure);
}

function countLines(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** A nested object for people: its name when it has one, else `key: value` pairs (nulls left out). */
function readableObject(value: Record<string, unknown>): string {
  const named = plainValue(value);
  if (!named.startsWith('{')) return named;
  return Object.entries(value)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `${k}: ${plainValue(v)}`)
    .join(', ');
}

const GAP = 2;

function priorityOf(c: Column): number {
  if (c.priority !== undefined) return c.priority;
  switch (c.kind) {
    case 'title':
    case 'number':
    case 'ref':
      return 0;
    case 'state':
    case 'date':
      return 1;
    default:
      return 2;
  }
}

/**
 * Lays a table out in `total` cells. The title (the column of kind `title`) gets the room: other
 * columns are capped, then the least valuable are dropped until the title has a fair share; only
 * then does everything shrink, widest first.
 */
export function fitColumns(
  widths: number[],
  columns: Column[],
  total: number,
  mayDrop = true,
  whole: boolean[] = [],
): { keep: number[]; widths: number[] } {
  let keep = widths.map((_, i) => i);
  const sum = (idx: number[], w: number[]) => idx.reduce((a, i) => a + w[i]!, 0) + GAP * Math.max(0, idx.length - 1);
  if (sum(keep, widths) <= total) return { keep, widths: [...widths] };
  // A column of URLs is shown whole or not at all: a cut URL is useless.
  if (mayDrop) keep = keep.filter((i) => !whole[i]);
  const out = [...widths];
  const title = columns.findIndex((c) => c.kind === 'title');
  // A plain column rarely needs more than a quarter of the line.
  const cap = Math.max(12, Math.floor(total / 4));
  if (title >= 0)
    for (let i = 0; i < out.length; i++)
      if (i !== title && priorityOf(columns[i]!) > 0 && !whole[i] && out[i]! > cap) out[i] = Math.max(cap, measureHeader(columns[i]!));
  if (title >= 0) {
    const want = Math.min(widths[title]!, Math.max(20, Math.floor(total * 0.3)));
    const roomForTitle = () => total - (sum(keep, out) - out[title]!);
    while (mayDrop && roomForTitle() < want) {
      let drop = -1;
      for (const i of keep) {
        const p = priorityOf(columns[i]!);
        if (p === 0 || i === title) continue;
        if (drop < 0 || p > priorityOf(columns[drop]!) || (p === priorityOf(columns[drop]!) && i > drop)) drop = i;
      }
      if (drop < 0) break;
      keep = keep.filter((i) => i !== drop);
    }
    // Then the others give up cells, widest first, down to a readable floor, for the whole title.
    const floor = (i: number) => Math.max(measureHeader(columns[i]!), Math.min(widths[i]!, 12));
    while (roomForTitle() < widths[title]!) {
      let widest = -1;
      for (const i of keep)
        if (i !== title && priorityOf(columns[i]!) > 0 && !whole[i] && out[i]! > floor(i) && (widest < 0 || out[i]! > out[widest]!))
          widest = i;
      if (widest < 0) break;
      out[widest] = out[widest]! - 1;
    }
    out[title] = Math.min(widths[title]!, Math.max(roomForTitle(), 1));
  } else if (mayDrop) {
    // No title: only the columns declared least valuable go; the others shrink, widest first.
    while (sum(keep, out) > total) {
      const drop = keep.filter((i) => priorityOf(columns[i]!) >= 3).pop();
      if (drop === undefined) break;
      keep = keep.filter((i) => i !== drop);
    }
  }
  let guard = 10_000;
  while (sum(keep, out) > total && guard-- > 0) {
    const shrinkable = keep.filter((i) => !whole[i]);
    if (shrinkable.length === 0) break;
    let idx = shrinkable[0]!;
    for (const i of shrinkable) if (out[i]! > out[idx]!) idx = i;
    if (out[idx]! <= 4) break;
    out[idx] = out[idx]! - 1;
  }
  return { keep, widths: keep.map((i) => out[i]!) };
}

function measureHeader(c: Column): number {
  return (c.header ?? c.key).length;
}
