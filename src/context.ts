import { Writable } from 'node:stream';
import { ApiClient } from './api/client.js';
import { createTransport } from './api/connect.js';
import type { Flavor } from './api/flavor.js';
import { redactSecrets, redactUrlsIn } from './api/redact.js';
import type { Transport } from './api/transport.js';
import { detectFlavor } from './config/detect-flavor.js';
import { isLoopbackHost } from './config/references.js';
import { Settings } from './config/settings.js';
import { ConfigStore, configDir } from './config/store.js';
import type { Env } from './env.js';
import { UsageError } from './errors.js';
import type { GlobalOptions } from './global-flags.js';
import type { Opener } from './output/browser.js';
import { isOutputFormat, type OutputFormat, WRITERS } from './output/formats.js';
import { colorLevelWhen, type IO } from './output/io.js';
import type { JqFilter } from './output/jq.js';
import { mark } from './output/paint.js';
import { Printer } from './output/printer.js';
import { messageText } from './output/sanitize.js';
import type { Schedule } from './output/spinner.js';
import { InquirerPrompter, NoPrompter, type Prompter } from './prompt.js';
import { sleep } from './sleep.js';
import { VERSION } from './version.js';

/** What `Context.desktop()` offers: the person's browser and editor. */
export interface Desktop {
  openUrl(url: string): Promise<void>;
  /** Whether a browser can be reached here (else `--web` prints the URL and says so). */
  canOpenPages(): Promise<boolean>;
  /** The text written in the editor, starting from `initial`. */
  editText(initial: string): Promise<string>;
  /** The editor `editText` runs, to name it in a question. */
  editorName(): Promise<string>;
}

export interface ContextDeps {
  io: IO;
  env: Env;
  cwd: string;
  signal: AbortSignal;
  /** The current user's id, for the config file's trust check (undefined: not checked). */
  uid?: number;
  now?: () => Date;
  /** Injected in tests (undici MockAgent); otherwise built on first use. */
  transport?: Transport;
  prompter?: Prompter;
  /** Test hook: the waits of retries and polling (with `now`, the clock). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Test hook: the delay before a spinner shows. */
  schedule?: Schedule;
  /** Test hook: opens a web page (default: `$BROWSER`, else the platform's opener). */
  opener?: Opener;
  /** Test hook: the text a person writes in their editor, starting from `initial`. */
  editor?: (initial: string) => Promise<string>;
}

/**
 * What a command gets: streams, the resolved settings, and lazy providers (config store, API
 * client, prompter, printer). Nothing is loaded until a command asks for it.
 */
export class Context {
  readonly io: IO;
  readonly signal: AbortSignal;
  /** Flags, environment and config by one precedence; also turns -p, URLs and remotes into targets. */
  readonly settings: Settings;
  private readonly store: ConfigStore;
  private client?: ApiClient;
  private transportInstance?: Transport;
  private flavorOfHost?: Promise<Flavor>;
  private jqFilter?: JqFilter;
  private readonly remembered = new Map<string, Promise<unknown>>();

  /** `flags`: as parsed from argv; none before parsing (what commander and the error report need then). */
  constructor(
    private readonly deps: ContextDeps,
    flags: GlobalOptions = {},
  ) {
    this.signal = deps.signal;
    this.store = new ConfigStore(configDir(deps.env), (m) => this.notice(`collab: warning: ${m}`), { uid: deps.uid });
    this.settings = new Settings(flags, deps.env, this.store, deps.cwd, (m) => this.notice(`collab: warning: ${m}`));
    // The entry's streams as they are (Node builds them on first use), in the colours --color asks for.
    const colorLevel = colorLevelWhen(this.settings.color, deps.io.colorLevel, deps.env);
    this.io = Object.create(deps.io, { colorLevel: { value: colorLevel } });
  }

  now(): Date {
    return this.deps.now ? this.deps.now() : new Date();
  }

  /** Waits `ms` between polls; Ctrl-C ends the wait with CancelError. */
  sleep(ms: number): Promise<void> {
    return (this.deps.sleep ?? sleep)(ms, this.signal);
  }

  /** Prompts only with a terminal on stdin and stdout, and without --no-input / COLLAB_NO_INPUT. */
  get canPrompt(): boolean {
    return !this.settings.noInput && this.io.stdinIsTTY && this.io.stdoutIsTTY;
  }

  prompter(): Prompter {
    if (!this.canPrompt) return new NoPrompter();
    return this.deps.prompter ?? new InquirerPrompter();
  }

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
  private clean(text: string, debugLine: boolean): string {
    const host = debugLine ? this.settings.hostInUse : undefined;
    const origin = host === undefined ? undefined : new URL(host).origin;
    return messageText(redactUrlsIn(redactSecrets(text, this.settings.secrets()), origin));
  }

  /**
   * The context one item of a bulk command runs in: the same settings, API client (one rate-limit
   * budget) and dialect, but what the item would print is dropped and its notices go to `report`:
   * the batch prints one result per item instead.
   */
  forItem(report: (message: string) => void): Context {
    const discard = new Writable({ write: (_chunk, _encoding, done) => done() });
    const io: IO = Object.create(this.io, { stdout: { value: discard }, stdoutIsTTY: { value: false } });
    const item = Object.create(this) as Context;
    Object.defineProperty(item, 'io', { value: io });
    item.notice = (message) => report(this.clean(message, false));
    item.success = item.notice;
    item.printer = () => new Printer({ io, format: 'json', header: false, now: () => this.now() });
    item.api = () => this.api();
    item.flavor = () => this.flavor();
    return item;
  }

  /** The config store (for `config` and `auth`; other commands read settings). */
  config(): ConfigStore {
    return this.store;
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
      now: () => this.now(),
      revealSecrets: options.revealSecrets,
      rows: this.io.rows,
      page: this.pager(),
      schedule: this.deps.schedule,
      jq: this.jqFilter,
    });
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

  /**
   * What this run has already asked the server (a name's id): made once per key, then the same
   * answer. It lives as long as this Context, one run; a failure is not kept.
   */
  remember<T>(key: string, make: () => Promise<T>): Promise<T> {
    let known = this.remembered.get(key) as Promise<T> | undefined;
    if (!known) {
      known = make();
      this.remembered.set(key, known);
      known.catch(() => this.remembered.delete(key));
    }
    return known;
  }

  /**
   * The person's own programs: the browser `--web` opens, the editor `--editor` runs on a temporary
   * Markdown file (the config's `editor`, `$VISUAL`, `$EDITOR`, else vi). Their modules load only when used.
   */
  desktop(): Desktop {
    const { env, opener, editor } = this.deps;
    const signal = this.signal;
    return {
      openUrl: async (url) =>
        opener ? opener(url) : (await import('./output/browser.js')).openUrl(url, env, undefined, this.settings.program('browser')),
      canOpenPages: async () =>
        opener !== undefined || (await import('./output/browser.js')).canOpenPages(env, this.settings.program('browser')),
      editText: async (initial) => {
        if (editor) return editor(initial);
        const { editText, editorCommand } = await import('./output/editor.js');
        return editText(initial, env, signal, editorCommand(env, this.settings.program('editor')));
      },
      editorName: async () => (await import('./output/editor.js')).editorCommand(env, this.settings.program('editor')),
    };
  }

  /** The API client for the host in use (the configured one, or the one a URL argument named). */
  api(): ApiClient {
    if (this.client) return this.client;
    const auth = this.settings.auth();
    // A bad COLLAB_FLAVOR is bad input whatever the command asks: exit 2 before anything is sent.
    this.settings.flavor();
    const url = new URL(auth.host);
    if (url.protocol === 'http:' && auth.credentials.token && !isLoopbackHost(url.hostname))
      this.notice(`collab: warning: sending a token over plain http:// to ${url.host}; use https://`);
    const sudo = this.settings.sudo();
    const timeoutMs = this.settings.timeoutMs();
    if (!this.deps.transport)
      this.transportInstance = createTransport({ host: auth.host, env: this.deps.env, caFiles: auth.caFiles, timeoutMs });
    this.client = new ApiClient({
      host: auth.host,
      credentials: auth.credentials,
      transport: this.deps.transport ?? this.transportInstance!,
      userAgent: `collab/${VERSION}`,
      sudo,
      timeoutMs,
      retry: { maxAttempts: this.settings.retries() + 1 },
      debug: this.settings.debug ? (line) => this.debug(line) : undefined,
      warn: (message) => this.notice(`collab: warning: ${message}`),
      // Every wait is explained, on a terminal and in a CI log alike.
      onRetry: (message) => this.notice(message),
      signal: this.signal,
      sleep: this.deps.sleep,
    });
    return this.client;
  }

  /**
   * The API dialect of the host: COLLAB_FLAVOR, then the config store, then detection with one
   * `GET /version`, stored with the host so that it happens on first contact only. Asked for only
   * by requests whose names or method differ between the dialects.
   */
  flavor(): Promise<Flavor> {
    this.flavorOfHost ??= this.resolveFlavor();
    return this.flavorOfHost;
  }

  private async resolveFlavor(): Promise<Flavor> {
    return this.settings.flavor() ?? detectFlavor(this.api(), this.settings.auth().host, this.store, (line) => this.debug(line));
  }

  async close(): Promise<void> {
    await this.transportInstance?.close?.();
  }
}
