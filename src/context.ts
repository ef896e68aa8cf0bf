import { ApiClient, type Credentials, normalizeHost } from './api/client.js';
import { FLAVORS, type Flavor, flavorOfVersion, parseFlavor } from './api/dialect.js';
import { redactSecrets } from './api/redact.js';
import { createTransport } from './api/connect.js';
import type { Transport } from './api/transport.js';
import { ConfigStore, configDir, type HostEntry } from './config/store.js';
import { projectFromGit } from './config/git.js';
import { ApiError, AuthError, UsageError } from './errors.js';
import type { IO } from './output/io.js';
import { OUTPUT_FORMATS, type OutputFormat, Printer } from './output/format.js';
import { InquirerPrompter, NoPrompter, type Prompter } from './prompt.js';
import { projectRef } from './resources/url.js';
import { sleep } from './sleep.js';
import { VERSION } from './version.js';

export type Env = Record<string, string | undefined>;

const DEFAULT_TIMEOUT_MS = 300_000;

/** Flags every command accepts (see program.ts). */
export interface GlobalOptions {
  host?: string;
  sudo?: string;
  output?: string;
  fields?: string;
  header?: boolean;
  input?: boolean; // commander's --no-input
  color?: boolean; // commander's --no-color
  debug?: boolean;
  timeout?: string;
}

export interface ContextDeps {
  io: IO;
  env: Env;
  cwd: string;
  signal: AbortSignal;
  now?: () => Date;
  /** Injected in tests (undici MockAgent); otherwise built on first use. */
  transport?: Transport;
  prompter?: Prompter;
  /** Test hook: the waits of retries and polling (with `now`, the clock). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export type TokenSource = 'COLLAB_TOKEN' | 'COLLAB_OAUTH_TOKEN' | 'config' | 'none';

export interface ResolvedAuth {
  host: string;
  hostSource: string;
  credentials: Credentials;
  tokenSource: TokenSource;
  entry: HostEntry | undefined;
}

function truthy(v: string | undefined): boolean {
  return v !== undefined && v !== '' && v !== '0' && v.toLowerCase() !== 'false';
}

/**
 * What a command gets: streams, environment, and lazy providers (config, API client, project,
 * prompter, printer). Nothing is loaded until a command asks for it.
 */
export class Context {
  readonly io: IO;
  readonly env: Env;
  readonly cwd: string;
  readonly signal: AbortSignal;
  globals: GlobalOptions = {};
  private store?: ConfigStore;
  private client?: ApiClient;
  private auth?: ResolvedAuth;
  private transportInstance?: Transport;
  private warnedHttp = false;
  private flavorOfHost?: Promise<Flavor>;

  constructor(private readonly deps: ContextDeps) {
    this.io = deps.io;
    this.env = deps.env;
    this.cwd = deps.cwd;
    this.signal = deps.signal;
  }

  now(): Date {
    return this.deps.now ? this.deps.now() : new Date();
  }

  /** Waits `ms` between polls; Ctrl-C ends the wait with CancelError. */
  sleep(ms: number): Promise<void> {
    return (this.deps.sleep ?? sleep)(ms, this.signal);
  }

  get inCI(): boolean {
    return truthy(this.env.CI) || truthy(this.env.GITLAB_CI);
  }

  get debugEnabled(): boolean {
    return this.globals.debug === true || truthy(this.env.COLLAB_DEBUG);
  }

  /** Prompts only with a terminal on stdin and stdout, and without --no-input / COLLAB_NO_INPUT. */
  get canPrompt(): boolean {
    if (this.globals.input === false || truthy(this.env.COLLAB_NO_INPUT)) return false;
    return this.io.stdinIsTTY && this.io.stdoutIsTTY;
  }

  prompter(): Prompter {
    if (!this.canPrompt) return new NoPrompter();
    return this.deps.prompter ?? new InquirerPrompter();
  }

  /** A notice for people: stderr, never stdout. */
  notice(message: string): void {
    this.io.stderr.write(`${this.redact(message)}\n`);
  }

  debug(line: string): void {
    if (this.debugEnabled) this.io.stderr.write(`[debug] ${this.redact(line)}\n`);
  }

  /** Removes every known secret from a text bound for the terminal. */
  redact(text: string): string {
    const secrets = [this.env.COLLAB_TOKEN, this.env.COLLAB_OAUTH_TOKEN, this.env.CI_JOB_TOKEN];
    if (this.auth?.credentials.token) secrets.push(this.auth.credentials.token.value);
    // Stored tokens too, whether or not auth was resolved before the error (any host's entry).
    try {
      for (const entry of Object.values(this.config().read().hosts ?? {})) secrets.push(entry?.token);
    } catch {
      // an unreadable config file gave no token away
    }
    return redactSecrets(text, secrets);
  }

  config(): ConfigStore {
    if (!this.store) this.store = new ConfigStore(configDir(this.env), (m) => this.notice(`collab: warning: ${m}`));
    return this.store;
  }

  /**
   * `-o`, then COLLAB_OUTPUT, then (unless the command has its own default, as `collab api` has
   * json) the config store, then table on a terminal and tsv in a pipe.
   */
  outputFormat(commandDefault?: OutputFormat): OutputFormat {
    const chosen = this.globals.output ?? this.env.COLLAB_OUTPUT;
    if (commandDefault && (chosen === undefined || chosen === '')) return commandDefault;
    const requested = chosen ?? this.configValue('output');
    if (requested !== undefined && requested !== '') {
      if (!(OUTPUT_FORMATS as readonly string[]).includes(requested))
        throw new UsageError(`invalid value for --output: "${requested}" is not one of ${OUTPUT_FORMATS.join(', ')}`);
      return requested as OutputFormat;
    }
    return this.io.stdoutIsTTY ? 'table' : 'tsv';
  }

  printer(commandDefault?: OutputFormat): Printer {
    const fields = this.globals.fields
      ?.split(',')
      .map((f) => f.trim())
      .filter((f) => f !== '');
    return new Printer({
      io: this.io,
      format: this.outputFormat(commandDefault),
      fields,
      header: this.globals.header === true,
      now: () => this.now(),
    });
  }

  /** A store default (global, or for the current host when the host is known without side effects). */
  configValue(key: 'output' | 'per_page' | 'project'): string | undefined {
    const data = this.config().read();
    const host = this.explicitHost();
    const entry = host ? data.hosts?.[host] : undefined;
    const v = entry?.[key] ?? data[key];
    return v === undefined ? undefined : String(v);
  }

  private explicitHost(): string | undefined {
    const raw = this.globals.host ?? this.env.COLLAB_HOST ?? this.ciHost() ?? this.config().read().host;
    return raw ? normalizeHost(raw) : undefined;
  }

  private ciHost(): string | undefined {
    if (!this.inCI) return undefined;
    if (this.env.CI_SERVER_URL) return this.env.CI_SERVER_URL;
    if (this.env.CI_API_V4_URL) return this.env.CI_API_V4_URL.replace(/\/api\/v4\/?$/, '');
    return undefined;
  }

  /** Host and credentials: flags, then environment (CI included), then the config store. */
  resolveAuth(): ResolvedAuth {
    if (this.auth) return this.auth;
    const data = this.config().read();
    let host: string | undefined;
    let hostSource = '';
    if (this.globals.host) [host, hostSource] = [this.globals.host, '--host'];
    else if (this.env.COLLAB_HOST) [host, hostSource] = [this.env.COLLAB_HOST, 'COLLAB_HOST'];
    else if (this.ciHost()) [host, hostSource] = [this.ciHost(), 'CI_SERVER_URL'];
    else if (data.host) [host, hostSource] = [data.host, 'config'];
    else {
      // Hosts logged in to: an entry holding only a detected flavour or a CA file is no login.
      const hosts = Object.entries(data.hosts ?? {}).filter(([, entry]) => entry?.token);
      if (hosts.length === 1) [host, hostSource] = [hosts[0]![0], 'config'];
    }
    if (!host) throw new AuthError('no host configured', 'run `collab auth login --host <url>` or set COLLAB_HOST');
    host = normalizeHost(host);
    const entry = data.hosts?.[host];
    const credentials: Credentials = {};
    let tokenSource: TokenSource = 'none';
    if (this.env.COLLAB_TOKEN) {
      credentials.token = { value: this.env.COLLAB_TOKEN, kind: 'private' };
      tokenSource = 'COLLAB_TOKEN';
    } else if (this.env.COLLAB_OAUTH_TOKEN) {
      credentials.token = { value: this.env.COLLAB_OAUTH_TOKEN, kind: 'oauth' };
      tokenSource = 'COLLAB_OAUTH_TOKEN';
    } else if (entry?.token) {
      credentials.token = { value: entry.token, kind: entry.token_type === 'oauth' ? 'oauth' : 'private' };
      tokenSource = 'config';
    }
    if (this.env.CI_JOB_TOKEN) credentials.jobToken = this.env.CI_JOB_TOKEN;
    this.auth = { host, hostSource, credentials, tokenSource, entry };
    return this.auth;
  }

  transport(): Transport {
    if (this.deps.transport) return this.deps.transport;
    if (!this.transportInstance) {
      const auth = this.resolveAuth();
      this.transportInstance = createTransport({ host: auth.host, env: this.env, caFile: auth.entry?.ca_file, timeoutMs: this.timeoutMs() });
    }
    return this.transportInstance;
  }

  /** `--timeout` in ms; by default 5 minutes without an answer or without data, as undici does. */
  timeoutMs(): number {
    const raw = this.globals.timeout;
    if (raw === undefined) return DEFAULT_TIMEOUT_MS;
    const n = Number(raw);
    if (!Number.isFinite(n) || n <= 0) throw new UsageError(`invalid value for --timeout: "${raw}" is not a positive number of seconds`);
    return Math.round(n * 1000);
  }

  api(): ApiClient {
    if (this.client) return this.client;
    const auth = this.resolveAuth();
    const url = new URL(auth.host);
    if (url.protocol === 'http:' && auth.credentials.token && !isLoopback(url.hostname) && !this.warnedHttp) {
      this.warnedHttp = true;
      this.notice(`collab: warning: sending a token over plain http:// to ${url.host}; use https://`);
    }
    const sudo = this.globals.sudo;
    if (sudo !== undefined && sudo.trim() === '') throw new UsageError('invalid value for --sudo: empty');
    this.client = new ApiClient({
      host: auth.host,
      credentials: auth.credentials,
      transport: this.transport(),
      userAgent: `collab/${VERSION}`,
      sudo,
      timeoutMs: this.timeoutMs(),
      debug: this.debugEnabled ? (line) => this.debug(line) : undefined,
      warn: (message) => this.notice(`collab: warning: ${message}`),
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
    const fromEnv = this.env.COLLAB_FLAVOR;
    if (fromEnv !== undefined && fromEnv !== '') return parseFlavor(fromEnv, 'COLLAB_FLAVOR');
    const { host, entry } = this.resolveAuth();
    if (entry?.flavor && (FLAVORS as readonly string[]).includes(entry.flavor)) return entry.flavor;
    let detected: Flavor | undefined;
    try {
      const res = await this.api().request({ method: 'GET', path: '/version' });
      detected = flavorOfVersion(res.status, res.data);
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 404) throw err;
      detected = 'spec';
    }
    const flavor = detected ?? 'spec';
    this.debug(`flavor of ${host}: ${flavor} (GET /version)`);
    try {
      await this.config().update((data) => {
        data.hosts ??= {};
        (data.hosts[host] ??= {}).flavor = flavor;
      });
    } catch (err) {
      this.debug(`flavor not stored: ${(err as Error).message}`);
    }
    return flavor;
  }

  /**
   * The project: explicit value (id, path or web URL), then COLLAB_PROJECT, then CI_PROJECT_ID in
   * CI, then the config default, then the git remote whose host matches the configured host.
   */
  resolveProject(explicit?: string): string | undefined {
    const fromValue = (v: string) => projectRef(v);
    if (explicit !== undefined && explicit !== '') return fromValue(explicit);
    if (this.env.COLLAB_PROJECT) return fromValue(this.env.COLLAB_PROJECT);
    if (this.inCI && this.env.CI_PROJECT_ID) return this.env.CI_PROJECT_ID;
    const configured = this.configValue('project');
    if (configured) return fromValue(configured);
    let host: string | undefined;
    try {
      host = this.resolveAuth().host;
    } catch {
      return undefined;
    }
    return projectFromGit(this.cwd, new URL(host).hostname);
  }

  requireProject(explicit?: string): string {
    const p = this.resolveProject(explicit);
    if (!p)
      throw new UsageError(
        'no project given: use -p <id|group/project>, set COLLAB_PROJECT, or run inside a git checkout of the project',
      );
    return p;
  }

  async close(): Promise<void> {
    await this.transportInstance?.close?.();
  }
}

function isLoopback(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || h.startsWith('127.');
}
