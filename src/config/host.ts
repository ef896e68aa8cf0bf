import type { Credentials } from '../credentials.js';
import { type Env, inCi } from '../env.js';
import { AuthError, UsageError } from '../errors.js';
import { normalizeHost } from '../host-url.js';
import { headerValue } from '../http-header.js';
import type { CiJob } from './ci.js';
import type { TokenType } from './store.js';
import type { StoredConfig, StoredDefault } from './stored.js';

type TokenSource = 'COLLAB_TOKEN' | 'COLLAB_OAUTH_TOKEN' | 'config' | 'login' | 'none';

export interface ResolvedAuth {
  host: string;
  /** Where the host came from: `--host`, `COLLAB_HOST`, `CI_SERVER_URL`, `config`, or the URL given. */
  hostSource: string;
  credentials: Credentials;
  tokenSource: TokenSource;
  /** Private CAs for this host: config `ca_file`, and CI_SERVER_TLS_CA_FILE for the CI job's own instance. */
  caFiles: { path: string; from: string }[];
}

const JOB_TOKEN_PREFIX = 'glcbt-';

/** A token as given, refused when it could not be sent as a header or is more than one word. */
function checkToken(value: string, source: string): string {
  headerValue(value, source);
  if (/\s/.test(value)) throw new UsageError(`${source} contains white space; a token is one word`);
  return value;
}

function normalize(raw: string, where: string): string {
  try {
    return normalizeHost(raw);
  } catch (err) {
    throw new UsageError(`invalid value for ${where}: ${(err as Error).message}`, (err as UsageError).hint);
  }
}

/**
 * The host a run works on and its credentials: `--host`, then the environment (CI's included),
 * then the config store; or the host a URL in the arguments named (`pin`), or the one `auth login`
 * is testing. Settled once, on first use.
 */
export class RunHost {
  private resolved?: ResolvedAuth;
  /** The host a URL or remote in the arguments named. */
  private pinned?: { host: string; raw: string };
  private candidate?: { host: string; token: string; kind: TokenType };

  constructor(
    private readonly hostFlag: string | undefined,
    private readonly env: Env,
    private readonly stored: StoredConfig,
    private readonly ciJob: CiJob,
  ) {}

  /** The host this run works on, once known (never resolves it: messages ask without side effects). */
  get inUse(): string | undefined {
    return this.resolved?.host ?? this.pinned?.host;
  }

  /** The host flags, environment or store name, without a URL of the arguments. */
  configured(): { host: string; source: string } | undefined {
    if (this.hostFlag) return { host: normalizeHost(this.hostFlag), source: '--host' };
    if (this.env.COLLAB_HOST) return { host: normalize(this.env.COLLAB_HOST, 'COLLAB_HOST'), source: 'COLLAB_HOST' };
    if (inCi(this.env)) {
      if (this.env.CI_SERVER_URL) return { host: normalize(this.env.CI_SERVER_URL, 'CI_SERVER_URL'), source: 'CI_SERVER_URL' };
      if (this.env.CI_API_V4_URL) return { host: normalize(this.env.CI_API_V4_URL, 'CI_API_V4_URL'), source: 'CI_SERVER_URL' };
    }
    const stored = this.stored.defaultHost();
    return stored && { host: normalize(stored.raw, stored.where), source: 'config' };
  }

  /** The run works on the host a URL named (`raw`, for messages). */
  pin(host: string, raw: string): void {
    this.pinned = { host, raw };
  }

  /** A store default for the host in use (or the configured one), else the global one. */
  configDefault(key: 'output' | 'per_page' | 'project', type: 'string' | 'number'): StoredDefault | undefined {
    return this.stored.defaultOf(key, type, this.inUse ?? this.configured()?.host);
  }

  /** `auth login`: the token being tested is the credential of this run (and is redacted like any other). */
  useCandidate(host: string, token: string, kind: TokenType): void {
    if (this.resolved) throw new Error('internal: credentials were resolved before the login candidate was set');
    this.candidate = { host, token: checkToken(token, 'the token'), kind };
  }

  /** Host and credentials: flags, then environment (CI included), then the config store. */
  auth(): ResolvedAuth {
    this.resolved ??= this.resolve();
    return this.resolved;
  }

  /** The CI job token for `--job-token` on the host in use; exit 2 on a host that did not issue it (see jobTokenFor). */
  jobToken(): string | undefined {
    if (!this.env.CI_JOB_TOKEN) return undefined;
    const host = this.auth().host;
    const { jobToken, jobTokenWithheld } = this.jobTokenFor(host);
    if (jobToken === undefined) throw new UsageError(`CI_JOB_TOKEN is not sent to ${new URL(host).host}: ${jobTokenWithheld}`);
    return jobToken;
  }

  /** Every token this run knows of, for redaction. Never throws. */
  secrets(): string[] {
    const { COLLAB_TOKEN, COLLAB_OAUTH_TOKEN, CI_JOB_TOKEN } = this.env;
    const out = [COLLAB_TOKEN, COLLAB_OAUTH_TOKEN, CI_JOB_TOKEN, this.candidate?.token, this.resolved?.credentials.token?.value];
    return [...out, ...this.stored.tokens()].filter((s): s is string => typeof s === 'string' && s !== '');
  }

  private resolve(): ResolvedAuth {
    if (this.candidate) {
      const { host, token, kind } = this.candidate;
      return {
        host,
        hostSource: 'login',
        credentials: { token: { value: token, kind } },
        tokenSource: 'login',
        caFiles: this.caFiles(host),
      };
    }
    const configured = this.configured();
    if (this.pinned && this.pinned.host !== configured?.host) {
      // Another host named by a URL: only what the store keeps for it, never the environment's token.
      const host = this.pinned.host;
      const credentials: Credentials = this.jobTokenFor(host);
      const token = this.storedToken(host);
      if (token) credentials.token = token;
      return { host, hostSource: 'URL', credentials, tokenSource: token ? 'config' : 'none', caFiles: this.caFiles(host) };
    }
    if (!configured) throw new AuthError('no host configured', 'run `collab auth login --host <url>` or set COLLAB_HOST');
    const { host, source } = configured;
    const credentials: Credentials = this.jobTokenFor(host);
    const [token, tokenSource] = this.token(host);
    if (token) credentials.token = token;
    return { host, hostSource: source, credentials, tokenSource, caFiles: this.caFiles(host) };
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
    const { name, origin: home } = this.ciJob.server();
    if (home === undefined) return { jobTokenWithheld: 'CI_SERVER_URL does not name the instance that issued it' };
    if (home !== new URL(host).origin) return { jobTokenWithheld: `it belongs to ${home} (${name})` };
    return { jobToken: token };
  }

  /** The token for the configured host: COLLAB_TOKEN, then COLLAB_OAUTH_TOKEN, then the stored one. */
  private token(host: string): [Credentials['token'], TokenSource] {
    const { COLLAB_TOKEN, COLLAB_OAUTH_TOKEN } = this.env;
    // Read first: a stored token that is not text is an error even where a variable's is used.
    const stored = this.stored.hostString(host, 'token');
    if (COLLAB_TOKEN) {
      const value = checkToken(COLLAB_TOKEN, 'COLLAB_TOKEN');
      // GitLab's CI job tokens carry this prefix: such a token is sent as JOB-TOKEN.
      return [{ value, kind: value.startsWith(JOB_TOKEN_PREFIX) ? 'job' : 'private' }, 'COLLAB_TOKEN'];
    }
    if (COLLAB_OAUTH_TOKEN) return [{ value: checkToken(COLLAB_OAUTH_TOKEN, 'COLLAB_OAUTH_TOKEN'), kind: 'oauth' }, 'COLLAB_OAUTH_TOKEN'];
    if (stored) return [this.storedToken(host, stored), 'config'];
    return [undefined, 'none'];
  }

  private storedToken(host: string, token = this.stored.hostString(host, 'token')): Credentials['token'] {
    return token ? { value: checkToken(token, this.stored.where('token', host)), kind: this.stored.tokenKind(host) } : undefined;
  }

  /** The host's `ca_file`, then CI_SERVER_TLS_CA_FILE when the host is the CI job's own instance. */
  private caFiles(host: string): { path: string; from: string }[] {
    const files = [
      { path: this.stored.hostString(host, 'ca_file'), from: 'ca_file' },
      { path: this.ciJob.caFileFor(host), from: 'CI_SERVER_TLS_CA_FILE' },
    ];
    return files.filter((f): f is { path: string; from: string } => f.path !== undefined);
  }
}
