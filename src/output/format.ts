import type { IO } from './io.js';
import { writeOut } from './io.js';
import { cellText, tableText } from './sanitize.js';
import { type Spinner, startSpinner } from './spinner.js';
import { isTimestamp, plainValue, readField, relativeTime } from './values.js';

export const OUTPUT_FORMATS = ['table', 'tsv', 'json', 'ndjson'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export type ColumnKind = 'text' | 'date' | 'state' | 'labels' | 'users' | 'bool' | 'number' | 'title';

export interface Column {
  /** Field path in the object (`author.username`). */
  key: string;
  header?: string;
  kind?: ColumnKind;
  /** Computes the value instead of reading `key`. */
  get?: (item: any) => unknown;
}

export interface PrinterOptions {
  io: IO;
  format: OutputFormat;
  fields?: string[];
  header: boolean;
  now: () => Date;
}

type Painter = (text: string, kind: 'header' | 'state' | 'dim' | 'label' | 'key', value?: string) => string;

/** The one formatter layer: every command prints lists and objects through it. */
export class Printer {
  constructor(private readonly options: PrinterOptions) {}

  get format(): OutputFormat {
    return this.options.format;
  }

  private columnsFor(columns: Column[]): Column[] {
    const fields = this.options.fields;
    if (!fields || fields.length === 0) return columns;
    return fields.map((f) => columns.find((c) => c.key === f || c.header?.toLowerCase() === f.toLowerCase()) ?? { key: f });
  }

  private pick(item: unknown): unknown {
    const fields = this.options.fields;
    if (!fields || fields.length === 0 || item === null || typeof item !== 'object') return item;
    // No prototype: a field named __proto__ is a key like any other.
    const out: Record<string, unknown> = Object.create(null);
    for (const f of fields) {
      const v = readField(item, f);
      out[f] = v === undefined ? null : v;
    }
    return out;
  }

  /** Prints a stream of items; returns how many were printed. */
  async list(items: AsyncIterable<unknown> | Iterable<unknown>, columns: Column[]): Promise<number> {
    return this.listPages(single(items), columns);
  }

  /** Prints a stream of pages (arrays of items): NDJSON writes each page as it arrives, in one write. */
  async listPages(pages: AsyncIterable<unknown[]>, columns: Column[]): Promise<number> {
    const { io, format } = this.options;
    let count = 0;
    if (format === 'ndjson') {
      for await (const page of pages) {
        let text = '';
        for (const item of page) text += `${JSON.stringify(this.pick(item))}\n`;
        count += page.length;
        if (text) await writeOut(io.stdout, text);
      }
      return count;
    }
    const all: unknown[] = [];
    const progress = this.fetchProgress();
    try {
      for await (const page of pages) {
        for (const item of page) all.push(item);
        progress.update(all.length);
      }
    } finally {
      progress.stop();
    }
    count = all.length;
    if (format === 'json') {
      await this.writeJson(all.map((i) => this.pick(i)));
    } else if (format === 'tsv') {
      const cols = this.columnsFor(columns);
      const lines: string[] = [];
      if (this.options.header) lines.push(cols.map((c) => cellText(c.header ?? c.key)).join('\t'));
      for (const item of all) lines.push(cols.map((c) => cellText(plainValue(cellValue(c, item)))).join('\t'));
      if (lines.length) await writeOut(io.stdout, `${lines.join('\n')}\n`);
    } else {
      await this.table(all, this.columnsFor(columns));
    }
    return count;
  }

  /** Prints one object: field/value view on a terminal, `field\tvalue` lines in tsv. */
  async object(item: unknown, columns?: Column[]): Promise<void> {
    const { io, format } = this.options;
    if (format === 'json' || format === 'ndjson') {
      if (format === 'ndjson') await writeOut(io.stdout, `${JSON.stringify(this.pick(item))}\n`);
      else await this.writeJson(this.pick(item));
      return;
    }
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
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
      const lines = fields.map((c) => `${cellText(c.key)}\t${cellText(plainValue(cellValue(c, item)))}`);
      if (lines.length) await writeOut(io.stdout, `${lines.join('\n')}\n`);
      return;
    }
    const paint = await this.painter();
    const measure = await cellWidth();
    const keys = fields.map((c) => tableText(c.key));
    const width = Math.max(...keys.map((k) => measure(k)), 1);
    const valueWidth = Math.max(20, this.options.io.columns - width - 3);
    const lines = fields.map((c, i) => {
      const text = this.cell(c, cellValue(c, item), paint, true);
      return `${paint(keys[i]! + ' '.repeat(Math.max(0, width - measure(keys[i]!))), 'key')}  ${truncate(text, valueWidth, measure)}`;
    });
    await writeOut(io.stdout, `${lines.join('\n')}\n`);
  }

  /**
   * A spinner on stderr while a buffered list is being fetched: only on a terminal, and only once
   * the fetch has taken long enough to notice (ora is loaded then, not before).
   */
  private fetchProgress(): { update(n: number): void; stop(): void } {
    if (!this.options.io.stderrIsTTY) return { update() {}, stop() {} };
    let count = 0;
    let stopped = false;
    let spinner: Spinner | undefined;
    const timer = setTimeout(async () => {
      const started = await startSpinner(this.options.io, `fetching… ${count} items`);
      if (stopped) started?.stop();
      else spinner = started;
    }, 300);
    return {
      update(n) {
        count = n;
        if (spinner) spinner.text = `fetching… ${n} items`;
      },
      stop() {
        stopped = true;
        clearTimeout(timer);
        spinner?.stop();
      },
    };
  }

  /** Raw text to stdout (traces, diffs). */
  async text(text: string): Promise<void> {
    await writeOut(this.options.io.stdout, text);
  }

  private async writeJson(value: unknown): Promise<void> {
    const pretty = this.options.io.stdoutIsTTY;
    await writeOut(this.options.io.stdout, `${pretty ? JSON.stringify(value, null, 2) : JSON.stringify(value)}\n`);
  }

  private async painter(): Promise<Painter> {
    const level = this.options.io.colorLevel;
    if (level === 0) return (t) => t;
    const { Chalk } = await import('chalk');
    const c = new Chalk({ level });
    return (text, kind, value) => {
      switch (kind) {
        case 'header':
          return c.bold(text);
        case 'key':
          return c.cyan(text);
        case 'dim':
          return c.dim(text);
        case 'label':
          return c.yellow(text);
        case 'state':
          return value === 'opened' || value === 'active' || value === 'success' || value === 'running'
            ? c.green(text)
            : value === 'merged'
              ? c.magenta(text)
              : value === 'closed' || value === 'failed' || value === 'blocked' || value === 'canceled'
                ? c.red(text)
                : c.yellow(text);
      }
    };
  }

  private cell(col: Column, value: unknown, paint: Painter, long = false): string {
    if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return paint('-', 'dim');
    const kind = col.kind ?? (isTimestamp(value) ? 'date' : 'text');
    if (kind === 'date' && typeof value === 'string') return paint(relativeTime(value, this.options.now()), 'dim');
    if (kind === 'state') return paint(tableText(String(value)), 'state', String(value));
    if (kind === 'labels' && Array.isArray(value))
      return value.map((l) => paint(tableText(plainValue(l)), 'label')).join(', ');
    if (typeof value === 'object' && !Array.isArray(value) && long) return tableText(readableObject(value as Record<string, unknown>));
    return tableText(plainValue(value));
  }

  private async table(items: unknown[], columns: Column[]): Promise<void> {
    const { io } = this.options;
    if (items.length === 0) {
      io.stderr.write('no results\n');
      return;
    }
    const paint = await this.painter();
    const measure = await cellWidth();
    const plain = (s: string) => s.replace(/\u001b\[[0-9;]*m/g, '');
    const headers = columns.map((c) => tableText(c.header ?? c.key).toUpperCase());
    const rows = items.map((item) => columns.map((c) => this.cell(c, cellValue(c, item), paint)));
    const widths = headers.map((h, i) => Math.max(measure(h), ...rows.map((r) => measure(plain(r[i]!)))));
    const fitted = fitWidths(widths, columns, io.columns);
    const { default: Table } = await import('cli-table3');
    const table = new Table({
      head: headers.map((h) => paint(h, 'header')),
      chars: { top: '', 'top-mid': '', 'top-left': '', 'top-right': '', bottom: '', 'bottom-mid': '', 'bottom-left': '', 'bottom-right': '', left: '', 'left-mid': '', mid: '', 'mid-mid': '', right: '', 'right-mid': '', middle: '  ' },
      style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 },
      colWidths: fitted,
      wordWrap: false,
    });
    for (const r of rows) table.push(r.map((cell, i) => (measure(plain(cell)) > fitted[i]! ? truncate(plain(cell), fitted[i]!, measure) : cell)));
    await writeOut(io.stdout, `${table.toString().split('\n').map((l) => l.trimEnd()).join('\n')}\n`);
  }
}

async function* single(items: AsyncIterable<unknown> | Iterable<unknown>): AsyncGenerator<unknown[]> {
  for await (const item of items) yield [item];
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

function cellValue(col: Column, item: unknown): unknown {
  return col.get ? col.get(item) : readField(item, col.key);
}

type Measure = (text: string) => number;

/** Terminal cells of a text (CJK and most emoji take two), loaded when a table or view is drawn. */
async function cellWidth(): Promise<Measure> {
  const { default: stringWidth } = await import('string-width');
  return (text) => stringWidth(text);
}

/** Cuts a text to `width` terminal cells, whole characters only, marking the cut with `…`. */
function truncate(text: string, width: number, measure: Measure): string {
  if (measure(text) <= width) return text;
  if (width <= 1) return width === 1 ? '…' : '';
  let out = '';
  let used = 0;
  for (const { segment } of new Intl.Segmenter().segment(text)) {
    const w = measure(segment);
    if (used + w > width - 1) break;
    out += segment;
    used += w;
  }
  return `${out}…`;
}

/** Shrinks the widest columns (titles first) until the table fits the terminal. */
function fitWidths(widths: number[], columns: Column[], total: number): number[] {
  const gap = 2;
  const out = [...widths];
  const sum = () => out.reduce((a, b) => a + b, 0) + gap * (out.length - 1);
  let guard = 10_000;
  while (sum() > total && guard-- > 0) {
    let idx = columns.findIndex((c, i) => c.kind === 'title' && out[i]! > 20);
    if (idx < 0) {
      idx = 0;
      for (let i = 1; i < out.length; i++) if (out[i]! > out[idx]!) idx = i;
      if (out[idx]! <= 6) break;
    }
    out[idx] = out[idx]! - 1;
  }
  return out;
}
