import { type Env, isTrue } from '../env.js';
import { excerpt, UsageError } from '../errors.js';
import type { GlobalOptions } from '../global-flags.js';
import { type ColorChoice, isOutputFormat, OUTPUT_FORMATS, type OutputFormat } from '../global-flags.js';
import { normalizeHost } from '../host-url.js';
import { headerValue } from '../http-header.js';
import { clockSeconds } from '../shared/durations.js';
import { FLAVORS, type Flavor } from '../shared/flavor.js';
import { CiJob } from './ci.js';
import { parseFlavor } from './detect-flavor.js';
import { type Checkout, type Commit, type GitRemote, gitCheckout } from './git.js';
import { type ResolvedAuth, RunHost } from './host.js';
import type { ResourceKind } from './references.js';
import type { ConfigStore, TokenType } from './store.js';
import { StoredConfig } from './stored.js';
import { Targets } from './targets.js';

const DEFAULT_TIMEOUT_MS = 300_000;
const DEFAULT_RETRIES = 4;
const MAX_RETRIES = 100;

/**
 * Every setting of a run, by one precedence: flags, then environment (CI's included), then the
 * config store. Built once the flags are parsed, and never changed; what it works out on first use
 * (the host and credentials, a host a URL named) it keeps for the run. Targets (`-p`, `-g`, URLs,
 * references, git remotes) are resolved here too.
 */
export class Settings {
  private readonly stored: StoredConfig;
  private readonly host: RunHost;
  private readonly targets: Targets;
  /** The git checkout collab runs in, asked of git when first needed (`mr checkout` fetches and switches in it). */
  readonly checkout: Checkout;
  /** What a CI job's environment says (its ref, pipeline, instance). */
  readonly ciJob: CiJob;

  constructor(
    /** The parsed flags, global and the command's own. */
    readonly flags: Readonly<GlobalOptions>,
    private readonly env: Env,
    store: ConfigStore,
    /** The directory collab runs in (git remotes, relative paths). */
    readonly cwd: string,
    /** A notice for people (stderr): git refusing the checkout. */
    warn: (message: string) => void = () => undefined,
  ) {
    this.stored = new StoredConfig(store);
    this.ciJob = new CiJob(env);
    this.host = new RunHost(flags.host, env, this.stored, this.ciJob);
    this.checkout = gitCheckout(cwd, env, warn);
    this.targets = new Targets(env, this.host, this.stored, this.checkout, warn);
  }

  get debug(): boolean {
    return this.flags.debug === true || isTrue(this.env.COLLAB_DEBUG);
  }

  get noInput(): boolean {
    return this.flags.input === false || isTrue(this.env.COLLAB_NO_INPUT);
  }

  /** `--color <when>` (`--no-color`: never); auto when not given. */
  get color(): ColorChoice {
    const given = this.flags.color;
    if (given === false) return 'never';
    return given === 'always' || given === 'never' ? given : 'auto';
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

  /** `--raw-fields`: every field of an object on a terminal, not its card. */
  get rawFields(): boolean {
    return this.flags.rawFields === true;
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

  /**
   * `--timeout` in ms (seconds, or a duration: `90s`, `10m`, `1h`); by default 5 minutes without an
   * answer or without data, as undici does. A waiting command's whole wait is bounded by it too.
   */
  timeoutMs(): number {
    const given = this.givenTimeoutMs();
    return given ?? DEFAULT_TIMEOUT_MS;
  }

  /** `--timeout` in ms when it was given (the deadline of a wait: none without it). */
  givenTimeoutMs(): number | undefined {
    const raw = this.flags.timeout;
    if (raw === undefined) return undefined;
    const n = clockSeconds(raw);
    if (n === undefined || !Number.isFinite(n) || n <= 0)
      throw new UsageError(
        `invalid value for --timeout: "${excerpt(raw)}" is neither a positive number of seconds nor a duration (90s, 10m, 1h30m)`,
      );
    return Math.max(1, Math.round(n * 1000));
  }

  /**
   * How many times a failed read (and a throttled request) is tried again: `--retries`, else
   * COLLAB_RETRIES, else 4. A bad value is exit 2 naming where it came from.
   */
  retries(): number {
    const [raw, where] = this.flags.retries !== undefined ? [this.flags.retries, '--retries'] : [this.env.COLLAB_RETRIES, 'COLLAB_RETRIES'];
    if (raw === undefined || (where === 'COLLAB_RETRIES' && raw === '')) return DEFAULT_RETRIES;
    if (!/^\d+$/.test(raw.trim()) || Number(raw) > MAX_RETRIES)
      throw new UsageError(`invalid value for ${where}: "${raw}" is not a whole number from 0 to ${MAX_RETRIES}`);
    return Number(raw);
  }

  sudo(): string | undefined {
    const sudo = this.flags.sudo;
    if (sudo === undefined) return undefined;
    if (sudo.trim() === '') throw new UsageError('invalid value for --sudo: empty');
    return headerValue(sudo, 'invalid value for --sudo: it');
  }

  /** The branch checked out where collab runs (a default for `mr create --source`). */
  gitBranch(): string | undefined {
    return this.checkout.branch();
  }

  /** The commits of branch `head` that `base` lacks, oldest first (`mr create --fill`); undefined: git knows no such branches here. */
  gitCommits(base: string, head: string): Commit[] | undefined {
    return this.checkout.commitsBetween(base, head);
  }

  /** The output format asked for by `-o`, COLLAB_OUTPUT, the command's own default or the config; undefined: none. */
  output(commandDefault?: OutputFormat): OutputFormat | undefined {
    const check = (value: string, where: string): OutputFormat => {
      if (!isOutputFormat(value)) throw new UsageError(`invalid value for ${where}: "${value}" is not one of ${OUTPUT_FORMATS.join(', ')}`);
      return value;
    };
    // --jq filters JSON: the whole answer, or each item with -o ndjson (COLLAB_OUTPUT=ndjson too).
    if (this.flags.jq !== undefined) return (this.flags.output ?? this.env.COLLAB_OUTPUT) === 'ndjson' ? 'ndjson' : 'json';
    if (this.flags.output) return check(this.flags.output, '--output');
    if (this.env.COLLAB_OUTPUT) return check(this.env.COLLAB_OUTPUT, 'COLLAB_OUTPUT');
    if (commandDefault) return commandDefault;
    const configured = this.host.configDefault('output', 'string');
    return configured ? check(configured.value as string, configured.where) : undefined;
  }

  /** The program the config names for `collab config set pager|editor|browser`, if any. */
  program(key: 'pager' | 'editor' | 'browser'): string | undefined {
    return this.stored.globalString(key);
  }

  /** The config's `per_page` default, checked. */
  perPage(): number | undefined {
    const configured = this.host.configDefault('per_page', 'number');
    if (!configured) return undefined;
    const n = Number(configured.value);
    if (!Number.isInteger(n) || n < 1 || n > 100)
      throw new UsageError(
        `invalid value for ${configured.where}: ${JSON.stringify(configured.value)} is not a whole number from 1 to 100`,
      );
    return n;
  }

  /**
   * The API dialect when it is known without asking the server: COLLAB_FLAVOR, then the host's
   * stored one, then the host itself (gitlab.com is GitLab, whose /version wants a token).
   */
  flavor(): Flavor | undefined {
    const fromEnv = this.env.COLLAB_FLAVOR;
    if (fromEnv !== undefined && fromEnv !== '') return parseFlavor(fromEnv, 'COLLAB_FLAVOR');
    const host = this.auth().host;
    const stored = this.stored.hostEntries()[host]?.flavor;
    // Anything else stored is forgotten and detected again.
    if (typeof stored === 'string' && (FLAVORS as readonly string[]).includes(stored)) return stored as Flavor;
    return /(^|\.)gitlab\.com$/i.test(new URL(host).hostname) ? 'gitlab' : undefined;
  }

  // --- the host and its credentials ----------------------------------------------------------

  /** The host this run works on, once known (never resolves it: messages ask without side effects). */
  get hostInUse(): string | undefined {
    return this.host.inUse;
  }

  /** `--host` or COLLAB_HOST, for `auth login` (which never takes the host from the store). */
  loginHost(): string | undefined {
    const given = this.flags.host ?? this.env.COLLAB_HOST;
    return given ? normalizeHost(given) : undefined;
  }

  /** Host and credentials: flags, then environment (CI included), then the config store. */
  auth(): ResolvedAuth {
    return this.host.auth();
  }

  /** `auth login`: the token being tested is the credential of this run (and is redacted like any other). */
  useCandidate(host: string, token: string, kind: TokenType): void {
    this.host.useCandidate(host, token, kind);
  }

  /** The CI job token for `--job-token` on the host in use; exit 2 on a host that did not issue it. */
  jobToken(): string | undefined {
    return this.host.jobToken();
  }

  /** Values this run must never print beside the tokens (a masked CI/CD variable's value). */
  private readonly runSecrets: string[] = [];

  /** A value never to be printed: redacted from every notice, error and debug line of the run. */
  redact(value: string): void {
    if (value !== '') this.runSecrets.push(value);
  }

  /** Every token this run knows of, and the values it was told to redact. Never throws. */
  secrets(): string[] {
    return [...this.host.secrets(), ...this.runSecrets];
  }

  /** Every host the config store holds (a token or settings), as stored: the user its login saw, the token and its kind. */
  storedHostList(): { host: string; user?: string; token?: string; tokenType: TokenType }[] {
    return Object.keys(this.stored.hostEntries()).map((host) => ({
      host,
      user: this.stored.hostString(host, 'user'),
      token: this.stored.hostString(host, 'token'),
      tokenType: this.stored.tokenKind(host),
    }));
  }

  // --- targets -------------------------------------------------------------------------------

  /** The project given, else COLLAB_PROJECT, CI_PROJECT_ID in CI, the config default, the git remote. */
  project(explicit?: string, label?: string): string | undefined {
    return this.targets.project(explicit, label);
  }

  requireProject(explicit?: string, label?: string): string {
    return this.targets.requireProject(explicit, label);
  }

  group(raw: string, label?: string): string {
    return this.targets.group(raw, label);
  }

  /** The git remote that points at `projectPath` on the host in use (a fork's checkout has one for its upstream too). */
  remoteFor(projectPath: string): GitRemote | undefined {
    return this.targets.remoteFor(projectPath);
  }

  /** Where a local branch pushes: its push remote and that remote's project on the host in use (src/config/targets.ts). */
  pushTarget(branch: string): { remote: string; project?: string } | undefined {
    return this.targets.pushTarget(branch);
  }

  /** An issue, merge request or job given as a web URL or reference: its id and project. */
  resource(raw: string, kind: ResourceKind, label: string): { id: string; project: string } | undefined {
    return this.targets.resource(raw, kind, label);
  }
}
