import type { ApiClient } from './api/client.js';
import type { Transport } from './api/transport.js';
import { Settings } from './config/settings.js';
import { ConfigStore, configDir } from './config/store.js';
import { Console } from './console.js';
import type { Env } from './env.js';
import type { GlobalOptions, OutputFormat } from './global-flags.js';
import type { Opener } from './output/browser.js';
import { colorLevelWhen, type IO } from './output/io.js';
import type { Printer } from './output/printer.js';
import type { Schedule } from './output/spinner.js';
import { InquirerPrompter, NoPrompter, type Prompter } from './prompt.js';
import { Session } from './session.js';
import type { Flavor } from './shared/flavor.js';
import { sleep } from './sleep.js';

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
  /** The CLI itself, for a command that runs others (`collab mcp serve`): src/cli.ts sets it. */
  cli?: CommandHost;
}

/**
 * What the CLI hands a command that runs other commands: its own entry, and every declared command
 * (src/executor/spec.ts's DeclaredCommand, which this module cannot name: the declarations' hooks
 * take a Context).
 */
export interface CommandHost {
  run(argv: string[], deps: ContextDeps): Promise<number>;
  commands(): Promise<readonly object[]>;
}

/** A run as the entry holds it: the context its command gets, and what only the entry does. */
export interface Run {
  ctx: Context;
  /** Checks the output flags against the command about to run; compiles `--jq` (exit 2 when bad). */
  prepareOutput(printsJson: boolean, command: string): Promise<void>;
  /** Closes the connections the run opened. */
  close(): Promise<void>;
}

/** `flags`: as parsed from argv; none before parsing (what commander and the error report need then). */
export function startRun(deps: ContextDeps, flags: GlobalOptions = {}): Run {
  // Settings and the store keep `warn` for later (they warn once a setting is read): by then `out` exists.
  let out: Console | undefined;
  const warn = (m: string) => out?.notice(`collab: warning: ${m}`);
  const home = deps.env.COLLAB_CONFIG_DIR ? undefined : (deps.env.HOME ?? '');
  const store = new ConfigStore(configDir(deps.env), warn, { uid: deps.uid, home });
  const settings = new Settings(flags, deps.env, store, deps.cwd, warn);
  // The entry's streams as they are (Node builds them on first use), in the colours --color asks for.
  const colorLevel = colorLevelWhen(settings.color, deps.io.colorLevel, deps.env);
  const io: IO = Object.create(deps.io, { colorLevel: { value: colorLevel } });
  const console = new Console(io, settings, { env: deps.env, now: () => (deps.now ? deps.now() : new Date()), schedule: deps.schedule });
  out = console;
  const session = new Session(settings, store, {
    env: deps.env,
    signal: deps.signal,
    transport: deps.transport,
    sleep: deps.sleep,
    notice: (m) => console.notice(m),
    debug: (line) => console.debug(line),
  });
  return {
    ctx: new Context(deps, session, console),
    prepareOutput: (printsJson, command) => console.prepareOutput(printsJson, command),
    close: () => session.close(),
  };
}

/**
 * What a command gets: streams, the resolved settings, where it speaks (its console), the host
 * (its session: API client, dialect, config store) and the person (prompts, browser, editor).
 * Nothing is loaded until a command asks for it.
 */
export class Context {
  readonly io: IO;
  readonly signal: AbortSignal;
  /** Flags, environment and config by one precedence; also turns -p, URLs and remotes into targets. */
  readonly settings: Settings;

  constructor(
    private readonly deps: ContextDeps,
    private readonly session: Session,
    private readonly out: Console,
  ) {
    this.io = out.io;
    this.signal = deps.signal;
    this.settings = session.settings;
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

  /** A message for people on stderr: secrets redacted, server text inert. */
  notice(message: string): void {
    this.out.notice(message);
  }

  /** What a write did, for people: one line on stderr, marked ✓ on a terminal. */
  success(message: string): void {
    this.out.success(message);
  }

  debug(line: string): void {
    this.out.debug(line);
  }

  printer(commandDefault?: OutputFormat, options: { revealSecrets?: boolean } = {}): Printer {
    return this.out.printer(commandDefault, options);
  }

  /** Whether stdout is read by a person (a terminal, or `--color always` into a pager). */
  get forPeople(): boolean {
    return this.out.forPeople;
  }

  /**
   * The context one item of a bulk command runs in: the same session (settings, API client with
   * its one rate-limit budget, dialect), but its own console: what the item would print is
   * dropped and its notices go to `report`, as the batch prints one result per item.
   */
  forItem(report: (message: string) => void): Context {
    return new Context(this.deps, this.session, this.out.forItem(report));
  }

  /**
   * What another run in this process starts from (`collab mcp serve` runs each tool call as a
   * command of its own, on its own streams): this run's environment, clock, waits and transport,
   * with what `change` makes of them on top; never its prompter.
   */
  depsFor(change: (own: Readonly<ContextDeps>) => Partial<ContextDeps> & Pick<ContextDeps, 'io'>): ContextDeps {
    return { ...this.deps, prompter: undefined, ...change(this.deps) };
  }

  /** The CLI's entry and command tree, for a command that runs others (`collab mcp serve`). */
  cli(): CommandHost {
    if (!this.deps.cli) throw new Error('internal: this run was not started by src/cli.ts');
    return this.deps.cli;
  }

  /** The config store (for `config` and `auth`; other commands read settings). */
  config(): ConfigStore {
    return this.session.store;
  }

  /** What this run has already asked the server (a name's id): made once per key, then the same answer. */
  remember<T>(key: string, make: () => Promise<T>): Promise<T> {
    return this.session.remember(key, make);
  }

  /** The API client for the host in use (the configured one, or the one a URL argument named). */
  api(): ApiClient {
    return this.session.api();
  }

  /** The API dialect of the host (see Session.flavor). */
  flavor(): Promise<Flavor> {
    return this.session.flavor();
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
}
