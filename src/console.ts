import { Writable } from 'node:stream';
import { redactSecrets, redactUrlsIn } from './api/redact.js';
import type { Settings } from './config/settings.js';
import type { Env } from './env.js';
import { UsageError } from './errors.js';
import { isOutputFormat, type OutputFormat } from './global-flags.js';
import { WRITERS } from './output/formats.js';
import type { IO } from './output/io.js';
import type { JqFilter } from './output/jq.js';
import type { MarkdownRenderer } from './output/markdown.js';
import { mark } from './output/paint.js';
import { Printer } from './output/printer.js';
import { messageText } from './output/sanitize.js';
import type { Schedule } from './output/spinner.js';

export interface ConsoleDeps {
  env: Env;
  now: () => Date;
  /** Test hook: the delay before a spinner shows. */
  schedule?: Schedule;
}

/**
 * Where a run speaks: notices and successes for people on stderr (secrets redacted, server text
 * inert), debug lines, and the printer of its answers on stdout in the format the flags ask for.
 */
export class Console {
  private jqFilter?: JqFilter;
  private markdownRenderer?: Promise<MarkdownRenderer>;

  constructor(
    readonly io: IO,
    protected readonly settings: Settings,
    protected readonly deps: ConsoleDeps,
  ) {}

  /**
   * A message for people on stderr, never stdout: every known secret redacted, and nothing from a
   * server able to drive the terminal.
   */
  notice(message: string): void {
    this.io.stderr.write(`${this.clean(message, false)}\n`);
  }

  /** What a write did, for people: one line on stderr, marked ✓ on a terminal. */
  success(message: string): void {
    this.io.stderr.write(`${mark('done', this.io)}${this.clean(message, false)}\n`);
  }

  debug(line: string): void {
    if (this.settings.debug) this.io.stderr.write(`[debug] ${this.clean(line, true)}\n`);
  }

  /**
   * Known tokens and signed-URL credentials redacted everywhere; in debug lines, which log every
   * URL, also the whole query of another origin's URL. Errors keep it: a redirect's Location is
   * what the user needs to see.
   */
  protected clean(text: string, debugLine: boolean): string {
    const host = debugLine ? this.settings.hostInUse : undefined;
    const origin = host === undefined ? undefined : new URL(host).origin;
    return messageText(redactUrlsIn(redactSecrets(text, this.settings.secrets()), origin));
  }

  /**
   * Checks the output flags against the command about to run and compiles `--jq` (jq is loaded
   * only then): a bad filter is exit 2 before anything is sent.
   */
  async prepareOutput(printsJson: boolean, command: string): Promise<void> {
    const { jq, raw, output } = this.settings.flags;
    if (jq === undefined) {
      if (raw) throw new UsageError('--raw (-r) goes with --jq: it prints the strings the filter outputs without quotes');
      return;
    }
    if (!printsJson) throw new UsageError(`--jq filters JSON output, and ${command} prints none`);
    if (output !== undefined && isOutputFormat(output) && !WRITERS[output].records)
      throw new UsageError(`--jq filters JSON output: it cannot be used with -o ${output}`);
    const { JqFilter } = await import('./output/jq.js');
    this.jqFilter = await JqFilter.compile(jq, { raw: raw === true });
  }

  printer(commandDefault?: OutputFormat, options: { revealSecrets?: boolean } = {}): Printer {
    if (this.settings.listFields) throw new UsageError('--fields needs names here (--fields a,b)');
    return new Printer({
      io: this.io,
      format: this.settings.output(commandDefault) ?? (this.forPeople ? 'table' : 'tsv'),
      fields: this.settings.fields,
      rawFields: this.settings.rawFields,
      forPeople: this.forPeople,
      header: this.settings.header,
      now: this.deps.now,
      revealSecrets: options.revealSecrets,
      rows: this.io.rows,
      page: this.pager(),
      schedule: this.deps.schedule,
      jq: this.jqFilter,
      markdown: () => this.markdown(),
    });
  }

  /**
   * The run's Markdown renderer: markdown-it loaded and its parser built when a view first renders
   * Markdown, then reused (a view with 12,000 comments builds one, not one a comment).
   */
  private markdown(): Promise<MarkdownRenderer> {
    this.markdownRenderer ??= import('./output/markdown.js').then((m) => m.markdownRenderer());
    return this.markdownRenderer;
  }

  /**
   * Whether stdout is read by a person: a terminal, or a pipe to a pager (`--color always | less -R`).
   * Then lists and views are drawn as tables, a diff is coloured and a log shows only its colours.
   */
  get forPeople(): boolean {
    return this.io.stdoutIsTTY || this.settings.color === 'always';
  }

  /** The pager for a terminal (never when stdout is not one, nor with --no-pager). */
  private pager(): ((text: string) => Promise<boolean>) | undefined {
    if (!this.io.stdoutIsTTY || this.settings.noPager) return undefined;
    const env = this.deps.env;
    return async (text) => {
      const { pagerCommand, runPager } = await import('./output/pager.js');
      const command = pagerCommand(env, this.settings.program('pager'));
      return command !== undefined && runPager(command, text, env);
    };
  }

  /** The console of one item of a bulk run: see ItemConsole. */
  forItem(report: (message: string) => void): Console {
    const discard = new Writable({ write: (_chunk, _encoding, done) => done() });
    const io: IO = Object.create(this.io, { stdout: { value: discard }, stdoutIsTTY: { value: false } });
    return new ItemConsole(io, this.settings, this.deps, report);
  }
}

/**
 * One item of a bulk run: what it would print is dropped (stdout goes nowhere, and is no
 * terminal), its notices and successes go to `report`: the batch prints one result per item.
 */
class ItemConsole extends Console {
  constructor(
    io: IO,
    settings: Settings,
    deps: ConsoleDeps,
    private readonly report: (message: string) => void,
  ) {
    super(io, settings, deps);
  }

  override notice(message: string): void {
    this.report(this.clean(message, false));
  }

  override success(message: string): void {
    this.notice(message);
  }

  override printer(): Printer {
    return new Printer({ io: this.io, format: 'json', header: false, now: this.deps.now });
  }
}
