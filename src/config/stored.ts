import { UsageError } from '../errors.js';
import { isObject } from '../shared/json.js';
import type { ConfigStore, TokenType } from './store.js';

/** What a value is, for a message about a wrong one: `a list`, `number 3`. */
function kindOf(v: unknown): string {
  return Array.isArray(v) ? 'a list' : v === null ? 'null' : typeof v === 'object' ? 'an object' : `${typeof v} ${JSON.stringify(v)}`;
}

/** A default the store holds (`output`, `per_page`, `project`), with where it stands for messages. */
export interface StoredDefault {
  value: unknown;
  where: string;
}

/**
 * The config store's values as settings read them: each checked where it is read, a wrong one a
 * usage error naming its place in the file (`hosts["https://h"].token in config file …`).
 */
export class StoredConfig {
  constructor(private readonly store: ConfigStore) {}

  /** The default host as stored (`host`, else the only host the file has), unchecked as a URL. */
  defaultHost(): { raw: string; where: string } | undefined {
    const data = this.store.read();
    if (data.host !== undefined) {
      if (typeof data.host !== 'string')
        throw new UsageError(`invalid value for ${this.where('host')}: expected a URL, found ${kindOf(data.host)}`);
      return { raw: data.host, where: this.where('host') };
    }
    const hosts = Object.keys(this.hostEntries());
    if (hosts.length === 1) return { raw: hosts[0]!, where: `the host in config file ${this.store.file}` };
    return undefined;
  }

  hostEntries(): Record<string, Record<string, unknown>> {
    const hosts = this.store.read().hosts as unknown;
    if (hosts === undefined) return {};
    if (!isObject(hosts))
      throw new UsageError(`invalid value for ${this.where('hosts')}: expected an object of hosts, found ${kindOf(hosts)}`);
    for (const [host, entry] of Object.entries(hosts))
      if (!isObject(entry)) throw new UsageError(`invalid value for ${this.where('', host)}: expected an object, found ${kindOf(entry)}`);
    return hosts as Record<string, Record<string, unknown>>;
  }

  hostString(host: string, key: string): string | undefined {
    const v = this.hostEntries()[host]?.[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'string') throw new UsageError(`invalid value for ${this.where(key, host)}: expected text, found ${kindOf(v)}`);
    return v;
  }

  tokenKind(host: string): TokenType {
    const t = this.hostString(host, 'token_type');
    if (t !== undefined && t !== 'private' && t !== 'oauth')
      throw new UsageError(`invalid value for ${this.where('token_type', host)}: "${t}" is not private or oauth`);
    return t === 'oauth' ? 'oauth' : 'private';
  }

  /** The store's hosts that have a token. */
  tokenHosts(): string[] {
    return Object.entries(this.hostEntries())
      .filter(([host, entry]) => typeof entry.token === 'string' && /^https?:\/\//.test(host))
      .map(([host]) => host);
  }

  /** Every token the file holds, for redaction. Never throws. */
  tokens(): string[] {
    const out: string[] = [];
    try {
      for (const entry of Object.values(this.store.read().hosts ?? {}))
        if (entry && typeof entry === 'object' && typeof entry.token === 'string') out.push(entry.token);
    } catch {
      // an unreadable or untrusted config file gave no token away
    }
    return out;
  }

  /** A global text value of the file (`pager`), checked. */
  globalString(key: string): string | undefined {
    const v = (this.store.read() as Record<string, unknown>)[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'string') throw new UsageError(`invalid value for ${this.where(key)}: expected text, found ${kindOf(v)}`);
    return v;
  }

  /** A default of `host` where it has one, else the file's global one. */
  defaultOf(key: 'output' | 'per_page' | 'project', type: 'string' | 'number', host: string | undefined): StoredDefault | undefined {
    const fromHost = host ? this.hostEntries()[host]?.[key] : undefined;
    const [value, where] =
      fromHost !== undefined && fromHost !== null ? [fromHost, this.where(key, host)] : [this.store.read()[key], this.where(key)];
    if (value === undefined || value === null) return undefined;
    const ok =
      type === 'string' ? typeof value === 'string' : typeof value === 'number' || (typeof value === 'string' && value.trim() !== '');
    if (!ok)
      throw new UsageError(`invalid value for ${where}: expected ${type === 'string' ? 'text' : 'a number'}, found ${kindOf(value)}`);
    return { value, where };
  }

  /** `hosts["https://h"].token in config file /home/me/.config/collab/config.json`. */
  where(key: string, host?: string): string {
    return `${host ? `hosts["${host}"]${key ? '.' : ''}` : ''}${key} in config file ${this.store.file}`;
  }
}
