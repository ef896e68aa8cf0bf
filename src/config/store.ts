import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Flavor } from '../api/dialect.js';
import { CollabError, UsageError } from '../errors.js';

export type TokenType = 'private' | 'oauth';

export interface HostEntry {
  token?: string;
  token_type?: TokenType;
  user?: string;
  ca_file?: string;
  output?: string;
  per_page?: number;
  project?: string;
  /** Which API dialect the host speaks: detected on first contact, or set by hand. */
  flavor?: Flavor;
}

export interface ConfigData {
  /** The default host. */
  host?: string;
  output?: string;
  per_page?: number;
  project?: string;
  hosts?: Record<string, HostEntry>;
}

export const CONFIG_FILE = 'config.json';
const LOCK_STALE_MS = 10_000;
const LOCK_WAIT_MS = 10_000;

export function configDir(env: Record<string, string | undefined>): string {
  if (env.COLLAB_CONFIG_DIR) return path.resolve(env.COLLAB_CONFIG_DIR);
  const base = env.XDG_CONFIG_HOME || path.join(env.HOME || os.homedir(), '.config');
  return path.join(base, 'collab');
}

/**
 * The config store: one JSON file, mode 0600. Reads parse the file directly (cheap at start-up);
 * writes go through `conf` (atomic write-and-rename) under a lock file, re-reading inside the
 * lock so concurrent invocations never lose each other's keys.
 */
export class ConfigStore {
  readonly file: string;
  private cache: ConfigData | undefined;

  constructor(
    readonly dir: string,
    private readonly warn: (message: string) => void = () => {},
  ) {
    this.file = path.join(dir, CONFIG_FILE);
  }

  read(): ConfigData {
    if (this.cache) return this.cache;
    let text: string;
    try {
      text = fs.readFileSync(this.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return (this.cache = {});
      throw new CollabError(`cannot read config file ${this.file}: ${(err as Error).message}`, 1);
    }
    this.tightenMode();
    try {
      const data = text.trim() === '' ? {} : JSON.parse(text);
      this.cache = data && typeof data === 'object' && !Array.isArray(data) ? (data as ConfigData) : {};
    } catch {
      throw new CollabError(
        `config file ${this.file} is not valid JSON; fix or remove it (collab will not overwrite it)`,
        1,
      );
    }
    return this.cache;
  }

  private tightenMode(): void {
    try {
      const mode = fs.statSync(this.file).mode & 0o777;
      if (mode & 0o077) {
        fs.chmodSync(this.file, 0o600);
        this.warn(`config file ${this.file} was readable by others (mode ${mode.toString(8)}); changed to 600`);
      }
    } catch {
      // best effort: the read itself reports real problems
    }
  }

  /** Applies a change under the lock and writes the file atomically with mode 0600. */
  async update(mutate: (data: ConfigData) => void): Promise<ConfigData> {
    fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const release = await this.lock();
    try {
      this.cache = undefined;
      const current = structuredClone(this.read());
      mutate(current);
      const { default: Conf } = await import('conf');
      const conf = new Conf<Record<string, unknown>>({
        cwd: this.dir,
        configName: CONFIG_FILE.replace(/\.json$/, ''),
        projectName: 'collab',
        configFileMode: 0o600,
        accessPropertiesByDotNotation: false,
        clearInvalidConfig: false,
      });
      conf.store = current as Record<string, unknown>;
      fs.chmodSync(this.file, 0o600);
      this.cache = current;
      return current;
    } finally {
      release();
    }
  }

  private async lock(): Promise<() => void> {
    const lockFile = `${this.file}.lock`;
    const deadline = Date.now() + LOCK_WAIT_MS;
    for (;;) {
      try {
        const fd = fs.openSync(lockFile, 'wx', 0o600);
        fs.writeSync(fd, String(process.pid));
        fs.closeSync(fd);
        return () => fs.rmSync(lockFile, { force: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        try {
          if (Date.now() - fs.statSync(lockFile).mtimeMs > LOCK_STALE_MS) fs.rmSync(lockFile, { force: true });
        } catch {
          // the holder released it meanwhile
        }
        if (Date.now() > deadline) throw new CollabError(`config file is locked by another collab (${lockFile})`, 1);
        await new Promise((r) => setTimeout(r, 5 + Math.random() * 20));
      }
    }
  }
}

export const SETTABLE_KEYS = ['host', 'output', 'per_page', 'project', 'ca_file', 'flavor'] as const;
export type SettableKey = (typeof SETTABLE_KEYS)[number];

export function checkKey(raw: string): SettableKey {
  // PRODUCT.md spells it per-page, the API per_page: both name the same key.
  const key = raw.replace(/-/g, '_');
  if (!(SETTABLE_KEYS as readonly string[]).includes(key))
    throw new UsageError(`unknown config key "${raw}"; known keys: ${SETTABLE_KEYS.join(', ')}`);
  return key as SettableKey;
}
