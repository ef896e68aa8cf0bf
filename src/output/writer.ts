/** What an output format's writer is, and what it writes through. */
import type { CardExtras } from './card.js';
import type { Column } from './columns.js';
import { chosenColumns, picker } from './field-pick.js';
import { type IO, writeOut } from './io.js';
import type { JqFilter } from './jq.js';
import type { MarkdownRenderer } from './markdown.js';
import { fetchProgress, type Schedule } from './spinner.js';
import type { ListOptions } from './summary.js';

/** How the Printer was asked to print (all but the format, which chose the writer). */
export interface WriteOptions {
  io: IO;
  /**
   * `--fields`: checked before anything is sent (`checkFields`) where the command knows its
   * fields; picked as given otherwise (`collab api`: a name the answer lacks is `null`).
   */
  fields?: string[];
  /** `--raw-fields`: on a terminal too, every field of an object rather than its card. */
  rawFields?: boolean;
  /** stdout is read by a person: a terminal, or a pager behind `--color always`; views are cards then. */
  forPeople?: boolean;
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
  /** The run's Markdown renderer, built on first use (the Console's); absent: each view builds its own. */
  markdown?: () => Promise<MarkdownRenderer>;
}

/**
 * One `-o` format. Each lives in a file of its own under writers/ and is named in formats.ts; the
 * Printer hands it every list and answer.
 */
export interface Writer {
  /** JSON records (`--jq` filters them; a write prints what it answered), not lines or a view. */
  readonly records: boolean;
  /** A view for people: on a terminal a write says in one line what it did instead. */
  readonly forPeople: boolean;
  /** Prints a list's pages; returns how many items there were. */
  list(out: Output, pages: AsyncIterable<unknown[]>, columns: Column[], list: ListOptions): Promise<number>;
  /** Prints one answer (a list as such only where `records`: the Printer lists it otherwise); `extras` go on its card. */
  object(out: Output, item: unknown, columns: Column[] | undefined, extras?: CardExtras): Promise<void>;
}

/** What every writer writes through: the options, stdout, the pager. */
export class Output {
  /** What `emit` was given while `together` runs. */
  private held: string[] | undefined;

  constructor(readonly options: WriteOptions) {}

  get io(): IO {
    return this.options.io;
  }

  /** Text straight to stdout, waiting when the stream asks for it. */
  write(text: string): Promise<void> {
    return writeOut(this.options.io.stdout, text);
  }

  /**
   * Text for stdout from a table or view: through the pager when it is longer than the terminal
   * (on a terminal only; `page` is absent otherwise).
   */
  async emit(text: string): Promise<void> {
    if (this.held) {
      this.held.push(text);
      return;
    }
    const { page, rows } = this.options;
    if (page && rows !== undefined && countLines(text) >= rows && (await page(text))) return;
    await this.write(text);
  }

  /**
   * What `fn` emits, shown as one text once it is done (or has failed): a view and what follows
   * it (a discussion) go through one pager.
   */
  async together(fn: () => Promise<void>): Promise<void> {
    if (this.held) return fn();
    this.held = [];
    try {
      await fn();
    } finally {
      const text = this.held.join('');
      this.held = undefined;
      if (text !== '') await this.emit(text);
    }
  }

  /** What renders Markdown (descriptions, comments): the run's one, loaded only when a view asks. */
  async markdown(): Promise<MarkdownRenderer> {
    if (this.options.markdown) return this.options.markdown();
    const { markdownRenderer } = await import('./markdown.js');
    return markdownRenderer();
  }

  /** Each item of the pages as `keep` makes it, held until the last page came (a spinner meanwhile). */
  async collect<T>(pages: AsyncIterable<unknown[]>, keep: (item: unknown) => T): Promise<T[]> {
    const all: T[] = [];
    const progress = fetchProgress(this.options.io, this.options.schedule);
    try {
      for await (const page of pages) {
        for (const item of page) all.push(keep(item));
        progress.update(all.length);
      }
    } finally {
      await progress.stop();
    }
    return all;
  }

  /** The fields `--fields` names, picked out of an item (JSON). */
  picker(columns: Column[] | undefined): (item: unknown) => unknown {
    return picker(this.options.fields, columns);
  }

  /** The columns a table or tsv shows. */
  columns(columns: Column[]): Column[] {
    return chosenColumns(this.options.fields, columns);
  }

  /** The fields a view of one object shows: those `--fields` names, else each of its keys (by its column where it has one). */
  fieldsOf(item: object, columns: Column[] | undefined): Column[] {
    if (this.options.fields?.length) return this.columns(columns ?? []);
    return Object.keys(item).map((k) => columns?.find((c) => c.key === k) ?? { key: k, get: (o: Record<string, unknown>) => o[k] });
  }
}

function countLines(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}
