import fs from 'node:fs';
import path from 'node:path';
import type { Env } from '../env.js';
import { AuthError, CollabError, LocalError, UsageError } from '../errors.js';
import type { Flavor } from '../shared/flavor.js';
import { isObject } from '../shared/json.js';

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

const CONFIG_FILE = 'config.json';
const LOCK_STALE_MS = 10_000;
const LOCK_WAIT_MS = 10_000;

/** Editors on Windows write a byte order mark; JSON.parse does not accept one. */
function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * Where config.json lives; undefined when there is nowhere: no HOME, and a user the system knows
 * no home directory of (a container's uid without a passwd entry).
 */
export function configDir(env: Env): string | undefined {
  if (env.COLLAB_CONFIG_DIR) return path.resolve(env.COLLAB_CONFIG_DIR);
  if (env.XDG_CONFIG_HOME) return path.join(env.XDG_CONFIG_HOME, 'collab');
  let home = env.HOME;
  try {
    // node:os only without HOME: loading it costs every start.
    home ||= process.getBuiltinModule('node:os').homedir();
  } catch {
    return undefined;
  }
  return path.join(home, '.config', 'collab');
}

/** Who may own and write the config file for its tokens to be trusted (ssh's rule for keys). */
interface TrustPolicy {
  /** The current user; undefined where there are no uids (Windows): nothing is checked. */
  uid?: number;
  /** The HOME the config's folder was found from (not one COLLAB_CONFIG_DIR names). */
  home?: string;
}

/**
 * The config store: one JSON file, mode 0600. Reads parse the file directly (cheap at start-up);
 * writes go through `conf` (atomic write-and-rename) under a lock file, re-reading inside the
 * lock so concurrent invocations never lose each other's keys. The values are read as the file
 * has them: src/config/stored.ts checks each value where it is read, naming the file.
 */
export class ConfigStore {
  readonly dir: string;
  readonly file: string;
  private cache: ConfigData | undefined;
  /** Why the file could not be read (permission denied): the run goes on without it, a write does not. */
  private unreadable?: string;

  constructor(
    /** Undefined: there is no home to keep a config in; reads find nothing, writes are refused. */
    dir: string | undefined,
    private readonly warn: (message: string) => void = () => {},
    private readonly trust: TrustPolicy = {},
  ) {
    this.dir = dir ?? '';
    this.file = dir === undefined ? '' : path.join(dir, CONFIG_FILE);
  }

  read(): ConfigData {
    if (this.cache) return this.cache;
    if (this.file === '') return (this.cache = {});
    let text: string;
    let fd: number;
    try {
      // Without blocking: a FIFO in its place would hold every command (SIGTERM too) until a writer came.
      fd = fs.openSync(this.file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return (this.cache = {});
      if (code === 'ENOTDIR') throw this.dirIsFile();
      // Someone else's home (HOME=/root for a container's other user): a command that needs no config still runs.
      if (code === 'EACCES' || code === 'EPERM') {
        this.unreadable = `cannot read config file ${this.file}: permission denied`;
        // Cached first: the warning's own redaction reads the store again.
        this.cache = {};
        this.warn(`${this.unreadable}; going on without it`);
        return this.cache;
      }
      throw new LocalError(`cannot read config file ${this.file}: ${(err as Error).message}`);
    }
    try {
      const st = fs.fstatSync(fd);
      if (st.isDirectory()) throw new UsageError(`config file ${this.file} is a directory; remove it or set COLLAB_CONFIG_DIR`);
      // A FIFO or a device (a link to /dev/zero) would never end.
      if (!st.isFile())
        throw new UsageError(
          `config file ${this.file} is ${st.isFIFO() ? 'a FIFO' : 'a device or a socket'}, not a regular file; remove it or set COLLAB_CONFIG_DIR`,
        );
      this.checkTrust(st);
      text = fs.readFileSync(fd, 'utf8');
    } catch (err) {
      if (err instanceof CollabError) throw err;
      throw new LocalError(`cannot read config file ${this.file}: ${(err as Error).message}`);
    } finally {
      fs.closeSync(fd);
    }
    let data: unknown;
    try {
      data = text.trim() === '' ? {} : JSON.parse(stripBom(text));
    } catch {
      throw new LocalError(`config file ${this.file} is not valid JSON; fix or remove it (collab will not overwrite it)`);
    }
    if (!isObject(data))
      throw new UsageError(`config file ${this.file} must hold a JSON object; fix or remove it (collab will not overwrite it)`);
    this.cache = data as ConfigData;
    return this.cache;
  }

  private dirIsFile(): UsageError {
    return new UsageError(`the config directory ${this.dir} is a file, not a directory; remove it or point COLLAB_CONFIG_DIR elsewhere`);
  }

  /**
   * A file another user owns or can write is not trusted with tokens: it could send ours to their
   * server or give us theirs. One that others can only read is tightened to 0600.
   */
  private checkTrust(st: fs.Stats): void {
    const mode = st.mode & 0o777;
    const uid = this.trust.uid;
    if (uid !== undefined) {
      if (st.uid !== uid && st.uid !== 0)
        throw new AuthError(
          `config file ${this.file} belongs to another user (uid ${st.uid}, you are ${uid}); collab does not trust it with tokens`,
          `use your own config (COLLAB_CONFIG_DIR), or take it over: chown ${uid} ${this.file}`,
        );
      if (mode & 0o022)
        throw new AuthError(
          `config file ${this.file} is writable by ` +
            `${mode & 0o020 ? (mode & 0o002 ? 'group and others' : 'its group') : 'others'} (mode ` +
            `${mode.toString(8)}); collab does not trust it with tokens`,
          `check its content, then: chmod 600 ${this.file}`,
        );
    }
    if (mode & 0o077) {
      try {
        fs.chmodSync(this.file, 0o600);
        this.warn(`config file ${this.file} was readable by others (mode ${mode.toString(8)}); changed to 600`);
      } catch {
        // not ours to change (root's file, read by another user): the read goes on
      }
    }
  }

  /** Applies a change under the lock and writes the file atomically with mode 0600. */
  async update(mutate: (data: ConfigData) => void): Promise<ConfigData> {
    if (this.file === '')
      throw new LocalError(
        'nowhere to keep the config: HOME is not set, and the system knows no home directory for this user',
        'set COLLAB_CONFIG_DIR (or HOME) to a directory collab may write to',
      );
    const foreign = this.foreignPlace();
    if (foreign)
      throw new LocalError(
        `refusing to write the config in ${this.dir}: ${foreign}, who would be left with folders they cannot write in; nothing was written`,
        'set COLLAB_CONFIG_DIR to a folder of yours, or HOME to your own home (sudo -H)',
      );
    try {
      fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EEXIST' || code === 'ENOTDIR') throw this.dirIsFile();
      throw new LocalError(`cannot create the config directory ${this.dir}: ${(err as Error).message}`);
    }
    // Loaded before the lock: loading takes longer than the write, and others wait for the lock.
    const { default: Conf } = await import('conf');
    const release = await this.lock();
    try {
      this.cache = undefined;
      const current = structuredClone(this.read());
      // Written over, a file that could not be read would lose what it holds.
      if (this.unreadable) throw new LocalError(this.unreadable);
      mutate(current);
      const conf = new Conf<Record<string, unknown>>({
        cwd: this.dir,
        configName: CONFIG_FILE.replace(/\.json$/, ''),
        projectName: 'collab',
        configFileMode: 0o600,
        accessPropertiesByDotNotation: false,
        clearInvalidConfig: false,
        deserialize: (text: string) => JSON.parse(stripBom(text)),
      });
      conf.store = current as Record<string, unknown>;
      fs.chmodSync(this.file, 0o600);
      this.cache = current;
      return current;
    } finally {
      release();
    }
  }

  /**
   * Why the config's folder, found from HOME, is another user's place: a HOME another uid owns
   * (root with a user's HOME, as sudo keeps it), or a folder of theirs it would be made in (a
   * sticky one, as /tmp, aside). A first contact's flavour is then not stored; a write is refused.
   */
  private foreignPlace(): string | undefined {
    const { uid, home } = this.trust;
    if (uid === undefined || home === undefined) return undefined;
    if (path.isAbsolute(home) && `${this.dir}${path.sep}`.startsWith(`${path.resolve(home)}${path.sep}`)) {
      const st = fs.statSync(home, { throwIfNoEntry: false });
      if (st && st.uid !== uid) return `the home ${home} belongs to another user (uid ${st.uid}, you are ${uid})`;
    }
    for (let d = this.dir; ; d = path.dirname(d)) {
      const st = fs.statSync(d, { throwIfNoEntry: false });
      if (st) return st.uid === uid || st.mode & 0o1000 ? undefined : `${d} belongs to another user (uid ${st.uid}, you are ${uid})`;
      if (path.dirname(d) === d) return undefined;
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
        if (Date.now() > deadline) throw new LocalError(`config file is locked by another collab (${lockFile})`);
        await new Promise((r) => setTimeout(r, 5 + Math.random() * 20));
      }
    }
  }
}

export const SETTABLE_KEYS = ['host', 'output', 'per_page', 'project', 'ca_file', 'flavor', 'pager', 'editor', 'browser'] as const;
export type SettableKey = (typeof SETTABLE_KEYS)[number];

export function checkKey(raw: string): SettableKey {
  // PRODUCT.md spells it per-page, the API per_page: both name the same key.
  const key = raw.replace(/-/g, '_');
  if (!(SETTABLE_KEYS as readonly string[]).includes(key))
    throw new UsageError(`unknown config key "${raw}"; known keys: ${SETTABLE_KEYS.join(', ')}`);
  return key as SettableKey;
}
