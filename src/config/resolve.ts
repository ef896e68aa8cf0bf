import type { Credentials } from '../api/credentials.js';
import { FLAVORS, type Flavor, parseFlavor } from '../api/flavor.js';
import { headerValue } from '../api/header.js';
import { normalizeHost } from '../api/request.js';
import { type Env, isTrue } from '../env.js';
import { AuthError, UsageError } from '../errors.js';
import type { GlobalOptions } from '../global-flags.js';
import { isObject } from '../json.js';
import { OUTPUT_FORMATS, type OutputFormat } from '../output/formats.js';
import { type Checkout, type GitRemote, gitCheckout } from './git.js';
import {
  cleanPath,
  isWebUrl,
  parseReference,
  parseShortReference,
  parseSshRemote,
  parseWebPath,
  type Reference,
  type ResourceKind,
} from './references.js';
import type { ConfigStore } from './store.js';

export type TokenSource = 'COLLAB_TOKEN' | 'COLLAB_OAUTH_TOKEN' | 'config' | 'login' | 'none';

export interface ResolvedAuth {
  host: string;
  /** Where the host came from: `--host`, `COLLAB_HOST`, `CI_SERVER_URL`, `config`, or the URL given. */
  hostSource: string;
  credentials: Credentials;
  tokenSource: TokenSource;
  /** A private CA for this host (config `ca_file`). */
  caFile?: string;
}

const DEFAULT_TIMEOUT_MS = 300_000;
const JOB_TOKEN_PREFIX = 'glcbt-';

function kindOf(v: unknown): string {
  return Array.isArray(v) ? 'a list' : v === null ? 'null' : typeof v === 'object' ? 'an object' : `${typeof v} ${JSON.stringify(v)}`;
}

function checkToken(value: string, source: string): string {
  headerValue(value, source);
  if (/\s/.test(value)) throw new UsageError(`${source} contains white space; a token is one word`);
  return value;
}

/** `https://h/gitlab` → `h/gitlab`, for messages. */
function hostLabel(host: string): string {
  const u = new URL(host);
  return `${u.host}${u.pathname.replace(/\/$/, '')}`;
}

/**
 * Every setting of a run, by one precedence: flags, then environment (CI's included), then the
 * config store. Also the one resolver of targets: `-p`/`-g` values, web URLs, references and git
 * remotes become a project on a host collab has credentials for, or a usage error.
 */
export class Settings {
  /** The parsed global flags (set once commander has parsed argv). */
  flags: GlobalOptions = {};
  private resolved?: ResolvedAuth;
  /** The host a URL or remote in the arguments named. */
  private pinned?: { host: string; raw: string };
  private candidate?: { host: string; token: string; kind: 'private' | 'oauth' };
  /** The git checkout collab runs in, asked of git when first needed. */
  private readonly checkout: Checkout;

  constructor(
    private readonly env: Env,
    private readonly store: ConfigStore,
    /** The directory collab runs in (git remotes, relative paths). */
    readonly cwd: string,
    /** A notice for people (stderr): git refusing the checkout. */
    warn: (message: string) => void = () => undefined,
  ) {
    this.checkout = gitCheckout(cwd, env, warn);
  }

  get ci(): boolean {
    return isTrue(this.env.CI) || isTrue(this.env.GITLAB_CI);
  }

  get debug(): boolean {
    return this.flags.debug === true || isTrue(this.env.COLLAB_DEBUG);
  }

  get noInput(): boolean {
    return this.flags.input === false || isTrue(this.env.COLLAB_NO_INPUT);
  }

  get noColor(): boolean {
    return this.flags.color === false;
  }

  get noPager(): boolean {
    return this.flags.pager === false;
  }

  get header(): boolean {
    return this.flags.header === true;
  }

  /** `--fields a,b` as a list, or undefined. */
  get fields(): string[] | undefined {
    const given = this.flags.fields;
    const list = (typeof given === 'string' ? given : undefined)
      ?.split(',')
      .map((f) => f.trim())
      .filter((f) => f !== '');
    return list && list.length > 0 ? list : undefined;
  }

  /** `--fields` without names: the command lists its fields instead of running. */
  get listFields(): boolean {
    return this.flags.fields === true;
  }

  /** The variable whose token commands use over a stored one (COLLAB_TOKEN first), if one is set. */
  get tokenVariable(): 'COLLAB_TOKEN' | 'COLLAB_OAUTH_TOKEN' | undefined {
    return this.env.COLLAB_TOKEN ? 'COLLAB_TOKEN' : this.env.COLLAB_OAUTH_TOKEN ? 'COLLAB_OAUTH_TOKEN' : undefined;
  }

  /** COLLAB_HOST, normalised, when it is set and `--host` names another host (for `auth login`'s warning). */
  hostVariableBesides(host: string): string | undefined {
    const raw = this.env.COLLAB_HOST;
    if (!raw) return undefined;
    try {
      const other = normalizeHost(raw);
      return other !== host ? other : undefined;
    } catch {
      return raw;
    }
  }

  /** `--timeout` in ms; by default 5 minutes without an answer or without data, as undici does. */
  timeoutMs(): number {
    const raw = this.flags.timeout;
    if (raw === undefined) return DEFAULT_TIMEOUT_MS;
    const n = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(n) || n <= 0)
      throw new UsageError(`invalid value for --timeout: "${raw}" is not a positive number of seconds`);
    return Math.round(n * 1000);
  }

  sudo(): string | undefined {
    const sudo = this.flags.sudo;
    if (sudo === undefined) return undefined;
    if (sudo.trim() === '') throw new UsageError('invalid value for --sudo: empty');
    return headerValue(sudo, 'invalid value for --sudo: it');
  }

  /** Inside a CI job: the branch or tag its pipeline runs for (CI_COMMIT_REF_NAME), the default `--ref` of artifact downloads. */
  ciRef(): string | undefined {
    return this.ci ? this.env.CI_COMMIT_REF_NAME || undefined : undefined;
  }

  /** Inside a CI job: its pipeline (CI_PIPELINE_ID), what `--pipeline current` means. */
  ciPipeline(): string | undefined {
    return this.ci ? this.env.CI_PIPELINE_ID || undefined : undefined;
  }

  /** Every host the config store holds (a token or settings), as stored: the user its login saw, the token and its kind. */
  storedHostList(): { host: string; user?: string; token?: string; tokenType: 'private' | 'oauth' }[] {
    return Object.keys(this.hostEntries()).map((host) => ({
      host,
      user: this.hostString(host, 'user'),
      token: this.hostString(host, 'token'),
      tokenType: this.tokenKind(host),
    }));
  }

  /** The branch checked out where collab runs (a default for `mr create --source`). */
  gitBranch(): string | undefined {
    return this.checkout.branch();
  }

  /** The CI job token for `--job-token` on the host in use; exit 2 on a host that did not issue it (see jobTokenFor). */
  jobToken(): string | undefined {
    if (!this.env.CI_JOB_TOKEN) return undefined;
    const host = this.auth().host;
    const { jobToken, jobTokenWithheld } = this.jobTokenFor(host);
    if (jobToken === undefined) throw new UsageError(`CI_JOB_TOKEN is not sent to ${new URL(host).host}: ${jobTokenWithheld}`);
    return jobToken;
  }

  /**
   * What the credentials of `host` hold of the CI job token: the token when `host` is the instance
   * that issued it, CI_SERVER_URL (else CI_API_V4_URL), compared as origins (scheme, host, port);
   * else why not, for messages. A job token is never sent anywhere else: another host could replay
   * it against the instance.
   */
  private jobTokenFor(host: string): Pick<Credentials, 'jobToken' | 'jobTokenWithheld'> {
    const t = this.env.CI_JOB_TOKEN;
    if (!t) return {};
    const token = checkToken(t, 'CI_JOB_TOKEN');
    const [name, raw] = this.env.CI_SERVER_URL ? ['CI_SERVER_URL', this.env.CI_SERVER_URL] : ['CI_API_V4_URL', this.env.CI_API_V4_URL];
    let home: string | undefined;
    try {
      home = raw ? new URL(normalizeHost(raw)).origin : undefined;
    } catch {
      // an unusable URL names no instance
    }
    if (home === undefined) return { jobTokenWithheld: 'CI_SERVER_URL does not name the instance that issued it' };
    if (home !== new URL(host).origin) return { jobTokenWithheld: `it belongs to ${home} (${name})` };
    return { jobToken: token };
  }

  /** The output format asked for by `-o`, COLLAB_OUTPUT, the command's own default or the config; undefined: none. */
  output(commandDefault?: OutputFormat): OutputFormat | undefined {
    const check = (value: string, where: string): OutputFormat => {
      if (!(OUTPUT_FORMATS as readonly string[]).includes(value))
        throw new UsageError(`invalid value for ${where}: "${value}" is not one of ${OUTPUT_FORMATS.join(', ')}`);
      return value as OutputFormat;
    };
    // --jq filters JSON: the whole answer, or each item with -o ndjson (COLLAB_OUTPUT=ndjson too).
    if (this.flags.jq !== undefined) return (this.flags.output ?? this.env.COLLAB_OUTPUT) === 'ndjson' ? 'ndjson' : 'json';
    if (this.flags.output) return check(this.flags.output, '--output');
    if (this.env.COLLAB_OUTPUT) return check(this.env.COLLAB_OUTPUT, 'COLLAB_OUTPUT');
    if (commandDefault) return commandDefault;
    const configured = this.configDefault('output', 'string');
    return configured ? check(configured.value as string, configured.where) : undefined;
  }

  /** The config's `per_page` default, checked. */
  perPage(): number | undefined {
    const configured = this.configDefault('per_page', 'number');
    if (!configured) return undefined;
    const n = Number(configured.value);
    if (!Number.isInteger(n) || n < 1 || n > 100)
      throw new UsageError(
        `invalid value for ${configured.where}: ${JSON.stringify(configured.value)} is not a whole number from 1 to 100`,
      );
    return n;
  }

  /** The host this run works on, once known (never resolves it: messages ask without side effects). */
  get hostInUse(): string | undefined {
    return this.resolved?.host ?? this.pinned?.host;
  }

  /** The API dialect when it is known without asking the server: COLLAB_FLAVOR, then the host's stored one. */
  flavor(): Flavor | undefined {
    const fromEnv = this.env.COLLAB_FLAVOR;
    if (fromEnv !== undefined && fromEnv !== '') return parseFlavor(fromEnv, 'COLLAB_FLAVOR');
    const stored = this.hostEntries()[this.auth().host]?.flavor;
    // Anything else stored is forgotten and detected again.
    return typeof stored === 'string' && (FLAVORS as readonly string[]).includes(stored) ? (stored as Flavor) : undefined;
  }

  /** `--host` or COLLAB_HOST, for `auth login` (which never takes the host from the store). */
  loginHost(): string | undefined {
    const given = this.flags.host ?? this.env.COLLAB_HOST;
    return given ? normalizeHost(given) : undefined;
  }

  /** `auth login`: the token being tested is the credential of this run (and is redacted like any other). */
  useCandidate(host: string, token: string, kind: 'private' | 'oauth'): void {
    if (this.resolved) throw new Error('internal: credentials were resolved before the login candidate was set');
    this.candidate = { host, token: checkToken(token, 'the token'), kind };
  }

  /** Host and credentials: flags, then environment (CI included), then the config store. */
  auth(): ResolvedAuth {
    if (this.resolved) return this.resolved;
    if (this.candidate) {
      const { host, token, kind } = this.candidate;
      return (this.resolved = {
        host,
        hostSource: 'login',
        credentials: { token: { value: token, kind } },
        tokenSource: 'login',
        caFile: this.hostString(host, 'ca_file'),
      });
    }
    const configured = this.configuredHost();
    if (this.pinned && this.pinned.host !== configured?.host) {
      // Another host named by a URL: only what the store keeps for it, never the environment's token.
      const host = this.pinned.host;
      const token = this.hostString(host, 'token');
      const credentials: Credentials = this.jobTokenFor(host);
      if (token) credentials.token = { value: checkToken(token, this.where('token', host)), kind: this.tokenKind(host) };
      return (this.resolved = {
        host,
        hostSource: 'URL',
        credentials,
        tokenSource: token ? 'config' : 'none',
        caFile: this.hostString(host, 'ca_file'),
      });
    }
    if (!configured) throw new AuthError('no host configured', 'run `collab auth login --host <url>` or set COLLAB_HOST');
    const { host, source } = configured;
    const credentials: Credentials = this.jobTokenFor(host);
    let tokenSource: TokenSource = 'none';
    const stored = this.hostString(host, 'token');
    if (this.env.COLLAB_TOKEN) {
      const value = checkToken(this.env.COLLAB_TOKEN, 'COLLAB_TOKEN');
      // GitLab's CI job tokens carry this prefix: such a token is sent as JOB-TOKEN.
      credentials.token = { value, kind: value.startsWith(JOB_TOKEN_PREFIX) ? 'job' : 'private' };
      tokenSource = 'COLLAB_TOKEN';
    } else if (this.env.COLLAB_OAUTH_TOKEN) {
      credentials.token = { value: checkToken(this.env.COLLAB_OAUTH_TOKEN, 'COLLAB_OAUTH_TOKEN'), kind: 'oauth' };
      tokenSource = 'COLLAB_OAUTH_TOKEN';
    } else if (stored) {
      credentials.token = { value: checkToken(stored, this.where('token', host)), kind: this.tokenKind(host) };
      tokenSource = 'config';
    }
    this.resolved = { host, hostSource: source, credentials, tokenSource, caFile: this.hostString(host, 'ca_file') };
    return this.resolved;
  }

  /** Every token this run knows of, for redaction. Never throws. */
  secrets(): string[] {
    const out = [
      this.env.COLLAB_TOKEN,
      this.env.COLLAB_OAUTH_TOKEN,
      this.env.CI_JOB_TOKEN,
      this.candidate?.token,
      this.resolved?.credentials.token?.value,
    ];
    try {
      for (const entry of Object.values(this.store.read().hosts ?? {}))
        if (entry && typeof entry === 'object' && typeof entry.token === 'string') out.push(entry.token);
    } catch {
      // an unreadable or untrusted config file gave no token away
    }
    return out.filter((s): s is string => typeof s === 'string' && s !== '');
  }

  // --- targets ---------------------------------------------------------------------------------

  /**
   * The project: the value given (id, path, web URL, git remote), then COLLAB_PROJECT, then
   * CI_PROJECT_ID in CI, then the config default, then the git remote on the host in use.
   */
  project(explicit?: string, label = '--project'): string | undefined {
    if (explicit !== undefined) return this.target(explicit, label, 'project');
    if (this.env.COLLAB_PROJECT) return this.target(this.env.COLLAB_PROJECT, 'COLLAB_PROJECT', 'project');
    if (this.ci && this.env.CI_PROJECT_ID) return this.target(this.env.CI_PROJECT_ID, 'CI_PROJECT_ID', 'project');
    const configured = this.configDefault('project', 'string');
    if (configured) return this.target(configured.value as string, configured.where, 'project');
    let host: string;
    try {
      host = this.auth().host;
    } catch {
      return undefined;
    }
    return projectFromGit(this.checkout.remotes(), host);
  }

  requireProject(explicit?: string, label?: string): string {
    const p = this.project(explicit, label);
    if (!p)
      throw new UsageError('no project given: use -p <id|group/project>, set COLLAB_PROJECT, or run inside a git checkout of the project');
    return p;
  }

  group(raw: string, label = '--group'): string {
    return this.target(raw, label, 'group');
  }

  /**
   * An issue, merge request or job given as a web URL (or an issue/MR as `group/project#42` /
   * `group/project!7`): its id and project. Undefined when the value is neither (a plain id).
   */
  resource(raw: string, kind: ResourceKind, label: string): { id: string; project: string } | undefined {
    const noun = kind.replace('_', ' ').replace(/s$/, '');
    if (isWebUrl(raw)) {
      const ref = parseReference(raw, label, 'project');
      if (ref.kind !== 'web') return undefined;
      const web = parseWebPath(this.locate(ref, raw));
      if (!web || web.kind !== kind || web.id === undefined || !/^\d+$/.test(web.id))
        throw new UsageError(`invalid value for ${label}: "${raw}" is not the URL of ${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`);
      return { id: web.id, project: cleanPath(web.path, label, 'project') };
    }
    const short = parseShortReference(raw.trim(), kind);
    if (short) return { id: short.id, project: this.target(short.path, label, 'project') };
    return undefined;
  }

  private target(raw: string, label: string, what: 'project' | 'group'): string {
    const ref = parseReference(raw, label, what);
    if (ref.kind === 'id') return ref.id;
    if (ref.kind === 'path') return ref.path;
    if (ref.kind === 'ssh') {
      this.locate(ref, raw);
      return ref.path;
    }
    const web = parseWebPath(this.locate(ref, raw));
    if (!web) throw new UsageError(`invalid value for ${label}: "${raw}" names no ${what}`);
    return cleanPath(web.path, label, what);
  }

  /**
   * Which known host a URL or ssh remote is on (its relative URL root included); pins the run to
   * it and returns the URL's path below the root. A host without credentials is refused.
   */
  private locate(ref: Extract<Reference, { kind: 'web' | 'ssh' }>, raw: string): string {
    const configured = this.configuredHost();
    const known = [configured?.host, ...this.storedHosts()].filter((h): h is string => h !== undefined);
    let best: { host: string; rest: string; rootLength: number } | undefined;
    for (const host of known) {
      const u = new URL(host);
      const root = u.pathname.replace(/\/+$/, '');
      let rest: string | undefined;
      if (ref.kind === 'web') {
        const p = ref.url.pathname;
        if (ref.url.host === u.host && (root === '' || p === root || p.startsWith(`${root}/`))) rest = p.slice(root.length);
      } else if (ref.hostname === u.hostname) rest = ref.path;
      if (rest !== undefined && (!best || root.length > best.rootLength)) best = { host, rest, rootLength: root.length };
    }
    const named = ref.kind === 'web' ? ref.url.host : ref.hostname;
    if (!best) {
      const login = `run: collab auth login --host ${ref.kind === 'web' ? ref.url.protocol : 'https:'}//${named}`;
      throw new UsageError(
        configured
          ? `this URL is on ${named} but collab is set up for ${hostLabel(configured.host)}; ${login}`
          : `this URL is on ${named} but collab has no credentials for it; ${login}`,
      );
    }
    const current = this.resolved?.host ?? this.pinned?.host;
    if (current !== undefined && current !== best.host)
      throw new UsageError(`"${raw}" is on ${hostLabel(best.host)}, but this command already works on ${hostLabel(current)}`);
    if (configured?.source === '--host' && best.host !== configured.host)
      throw new UsageError(
        `this URL is on ${hostLabel(best.host)} but --host is ${hostLabel(configured.host)}; drop --host or use a URL on that host`,
      );
    this.pinned = { host: best.host, raw };
    return best.rest;
  }

  // --- the config store ------------------------------------------------------------------------

  private configuredHost(): { host: string; source: string } | undefined {
    const normalize = (raw: string, where: string) => {
      try {
        return normalizeHost(raw);
      } catch (err) {
        throw new UsageError(`invalid value for ${where}: ${(err as Error).message}`, (err as UsageError).hint);
      }
    };
    if (this.flags.host) return { host: normalizeHost(this.flags.host), source: '--host' };
    if (this.env.COLLAB_HOST) return { host: normalize(this.env.COLLAB_HOST, 'COLLAB_HOST'), source: 'COLLAB_HOST' };
    if (this.ci) {
      if (this.env.CI_SERVER_URL) return { host: normalize(this.env.CI_SERVER_URL, 'CI_SERVER_URL'), source: 'CI_SERVER_URL' };
      if (this.env.CI_API_V4_URL) return { host: normalize(this.env.CI_API_V4_URL, 'CI_API_V4_URL'), source: 'CI_SERVER_URL' };
    }
    const data = this.store.read();
    if (data.host !== undefined) {
      if (typeof data.host !== 'string')
        throw new UsageError(`invalid value for ${this.where('host')}: expected a URL, found ${kindOf(data.host)}`);
      return { host: normalize(data.host, this.where('host')), source: 'config' };
    }
    const hosts = Object.keys(this.hostEntries());
    if (hosts.length === 1) return { host: normalize(hosts[0]!, `the host in config file ${this.store.file}`), source: 'config' };
    return undefined;
  }

  /** The store's hosts that have a token. */
  private storedHosts(): string[] {
    return Object.entries(this.hostEntries())
      .filter(([host, entry]) => typeof entry.token === 'string' && /^https?:\/\//.test(host))
      .map(([host]) => host);
  }

  private hostEntries(): Record<string, Record<string, unknown>> {
    const hosts = this.store.read().hosts as unknown;
    if (hosts === undefined) return {};
    if (!isObject(hosts))
      throw new UsageError(`invalid value for ${this.where('hosts')}: expected an object of hosts, found ${kindOf(hosts)}`);
    for (const [host, entry] of Object.entries(hosts))
      if (!isObject(entry)) throw new UsageError(`invalid value for ${this.where('', host)}: expected an object, found ${kindOf(entry)}`);
    return hosts as Record<string, Record<string, unknown>>;
  }

  private hostString(host: string, key: string): string | undefined {
    const v = this.hostEntries()[host]?.[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'string') throw new UsageError(`invalid value for ${this.where(key, host)}: expected text, found ${kindOf(v)}`);
    return v;
  }

  private tokenKind(host: string): 'private' | 'oauth' {
    const t = this.hostString(host, 'token_type');
    if (t !== undefined && t !== 'private' && t !== 'oauth')
      throw new UsageError(`invalid value for ${this.where('token_type', host)}: "${t}" is not private or oauth`);
    return t === 'oauth' ? 'oauth' : 'private';
  }

  /** A store default for the host in use (or the configured one), else the global one. */
  private configDefault(key: 'output' | 'per_page' | 'project', type: 'string' | 'number'): { value: unknown; where: string } | undefined {
    const host = this.resolved?.host ?? this.pinned?.host ?? this.configuredHost()?.host;
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

  private where(key: string, host?: string): string {
    return `${host ? `hosts["${host}"]${key ? '.' : ''}` : ''}${key} in config file ${this.store.file}`;
  }
}

/** The project path of the first git remote (origin first) on `host`, below its relative URL root. */
export function projectFromGit(remotes: GitRemote[], host: string): string | undefined {
  const u = new URL(host);
  const root = u.pathname.replace(/\/+$/, '');
  for (const remote of remotes) {
    let path: string | undefined;
    if (isWebUrl(remote.url)) {
      let r: URL;
      try {
        r = new URL(remote.url);
      } catch {
        continue;
      }
      if (r.hostname !== u.hostname || (root !== '' && !r.pathname.startsWith(`${root}/`))) continue;
      path = r.pathname.slice(root.length);
    } else {
      const ssh = parseSshRemote(remote.url);
      if (!ssh || ssh.hostname !== u.hostname) continue;
      path = ssh.path;
    }
    try {
      return cleanPath(path, `the git remote ${remote.name}`, 'project');
    } catch {
      // not a project path: try the next remote
    }
  }
  return undefined;
}
