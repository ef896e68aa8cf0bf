import { FilterError } from '../errors.js';
import type { OutputFormat } from '../global-flags.js';
import type { CardExtras } from './card.js';
import type { Column } from './columns.js';
import { checkFields, fieldNames } from './field-pick.js';
import { WRITERS } from './formats.js';
import { writeOut } from './io.js';
import type { MarkdownRenderer } from './markdown.js';
import { cellText, TerminalLogFilter } from './sanitize.js';
import { emptyMessage, type ListOptions, printSummary } from './summary.js';
import { showsCard } from './view.js';
import { Output, type WriteOptions, type Writer } from './writer.js';

interface PrinterOptions extends WriteOptions {
  format: OutputFormat;
}

/** The one formatter layer: every command prints lists and objects through it, in the writer of its `-o` format. */
export class Printer {
  private readonly out: Output;
  private readonly writer: Writer;

  constructor(private readonly options: PrinterOptions) {
    this.out = new Output(options);
    this.writer = WRITERS[options.format];
  }

  /** Every field name `--fields` accepts for these columns, without a request. */
  static readonly fieldNames = fieldNames;

  /** Checks `--fields` before anything is sent (exit 2 for a name the answer does not have). */
  static readonly checkFields = checkFields;

  get format(): OutputFormat {
    return this.options.format;
  }

  /** JSON out (`-o json` or `-o ndjson`, which `--jq` implies): records, not a view for people. */
  get json(): boolean {
    return this.writer.records;
  }

  /**
   * A person's view on a terminal (table, no --fields, no --jq): a write then says in one line what
   * it did instead of printing the object it answered with.
   */
  get brief(): boolean {
    const { io, fields, jq } = this.options;
    return this.writer.forPeople && io.stdoutIsTTY && !fields?.length && jq === undefined;
  }

  /** The run's Markdown renderer (a discussion rendered apart from its view uses it too). */
  markdown(): Promise<MarkdownRenderer> {
    return this.out.markdown();
  }

  /** Prints a stream of items; returns how many were printed. */
  async list(items: AsyncIterable<unknown> | Iterable<unknown>, columns: Column[]): Promise<number> {
    return this.listPages(single(items), columns);
  }

  /** Prints a stream of pages (arrays of items): NDJSON writes each page as it arrives, in one write. */
  async listPages(pages: AsyncIterable<unknown[]>, columns: Column[], list: ListOptions = {}): Promise<number> {
    const count = await this.writer.list(this.out, pages, columns, list);
    const { io } = this.options;
    // Empty: people are told what was asked, on stderr; a script's stdout stays empty (or `[]`).
    if (count === 0 && !this.writer.records && (this.writer.forPeople || io.stderrIsTTY))
      io.stderr.write(`${cellText(emptyMessage(list))}\n`);
    else await printSummary(io, count, list);
    return count;
  }

  /**
   * Prints one object: its card on a terminal (with `extras`: what its command read besides, the
   * sections after its body), else a field/value view; `field\tvalue` lines in tsv; JSON as it is.
   */
  async object(item: unknown, columns?: Column[], extras?: CardExtras): Promise<void> {
    if (!this.writer.records && Array.isArray(item)) await this.list(item, columns ?? []);
    else await this.writer.object(this.out, item, columns, extras);
  }

  /** Whether an object printed with these columns is shown as its card (worth reading its extras for). */
  showsCard(columns: Column[] | undefined): boolean {
    return this.writer.forPeople && showsCard(this.out, columns) !== undefined;
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

  /** Text for people that follows a view (a discussion): through the pager when it is long, as views are. */
  async page(text: string): Promise<void> {
    await this.out.emit(text);
  }

  /** What `fn` prints through `object` and `page`, shown as one text: one pager for a view and what follows it. */
  together(fn: () => Promise<void>): Promise<void> {
    return this.out.together(fn);
  }

  /** Raw text to stdout (traces, diffs). */
  async text(text: string): Promise<void> {
    await this.out.write(text);
  }
}

async function* single(items: AsyncIterable<unknown> | Iterable<unknown>): AsyncGenerator<unknown[]> {
  for await (const item of items) yield [item];
}
