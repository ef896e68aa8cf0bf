import { ApiClient } from './api/client.js';
import { createTransport } from './api/connect.js';
import type { Transport } from './api/transport.js';
import { detectFlavor } from './config/detect-flavor.js';
import { isLoopbackHost } from './config/references.js';
import type { Settings } from './config/settings.js';
import type { ConfigStore } from './config/store.js';
import type { Env } from './env.js';
import type { Flavor } from './shared/flavor.js';
import { VERSION } from './version.js';

/** What a session needs from the run: the environment and test hooks, and where it speaks. */
export interface SessionDeps {
  env: Env;
  signal: AbortSignal;
  /** Injected in tests (undici MockAgent); otherwise built on first use. */
  transport?: Transport;
  /** Test hook: the waits of retries. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Warnings and retry waits, for people (the run's stderr, even in a bulk item). */
  notice: (message: string) => void;
  debug: (line: string) => void;
}

/**
 * What one run knows of its host, shared by the items of a bulk run: the config store, the API
 * client (one rate-limit budget), the host's dialect and the answers already asked for.
 */
export class Session {
  private client?: ApiClient;
  private transportInstance?: Transport;
  private flavorOfHost?: Promise<Flavor>;
  private readonly remembered = new Map<string, Promise<unknown>>();

  constructor(
    readonly settings: Settings,
    readonly store: ConfigStore,
    private readonly deps: SessionDeps,
  ) {}

  /** The API client for the host in use (the configured one, or the one a URL argument named). */
  api(): ApiClient {
    if (this.client) return this.client;
    const auth = this.settings.auth();
    // A bad COLLAB_FLAVOR is bad input whatever the command asks: exit 2 before anything is sent.
    this.settings.flavor();
    const url = new URL(auth.host);
    if (url.protocol === 'http:' && auth.credentials.token && !isLoopbackHost(url.hostname))
      this.deps.notice(`collab: warning: sending a token over plain http:// to ${url.host}; use https://`);
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
      debug: this.settings.debug ? this.deps.debug : undefined,
      warn: (message) => this.deps.notice(`collab: warning: ${message}`),
      // Every wait is explained, on a terminal and in a CI log alike.
      onRetry: this.deps.notice,
      signal: this.deps.signal,
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
    return (
      this.settings.flavor() ??
      detectFlavor(() => this.api().request({ method: 'GET', path: '/version' }), this.settings.auth().host, this.store, this.deps.debug)
    );
  }

  /**
   * What this run has already asked the server (a name's id): made once per key, then the same
   * answer. It lives as long as this session, one run; a failure is not kept.
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

  async close(): Promise<void> {
    await this.transportInstance?.close?.();
  }
}
