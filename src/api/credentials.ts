import type { AuthMode, Credentials } from '../credentials.js';

const CREDENTIAL_HEADERS = new Set(['private-token', 'authorization', 'job-token', 'sudo', 'cookie']);

/** Removes every header that carries a credential: a redirect to another origin gets none of ours. */
export function dropCredentials(headers: Record<string, string>): void {
  for (const k of Object.keys(headers)) if (CREDENTIAL_HEADERS.has(k.toLowerCase())) delete headers[k];
}

/** Which credentials each request of a run carries. */
export class Authorizer {
  /** A personal token was refused where the job token is accepted (see fellBackToJobToken). */
  private personalRefused = false;

  constructor(
    readonly credentials: Credentials,
    private readonly sudo: string | undefined,
    private readonly warn: (message: string) => void,
    /** `host[:port]` of the API, which the fallback's notice names. */
    private readonly host: string,
  ) {}

  /** The credential headers of a request, named as the spec writes them (PRIVATE-TOKEN, SUDO); HTTP ignores case. */
  headers(auth: AuthMode = 'default'): Record<string, string> {
    const { token, jobToken } = this.credentials;
    const h: Record<string, string> = {};
    if (auth === 'job' && jobToken && (!token || this.personalRefused)) h['JOB-TOKEN'] = jobToken;
    else if (auth !== 'none' && token) {
      if (token.kind === 'oauth') h.Authorization = `Bearer ${token.value}`;
      else if (token.kind === 'job') h['JOB-TOKEN'] = token.value;
      else h['PRIVATE-TOKEN'] = token.value;
    }
    if (this.sudo && auth !== 'none') h.SUDO = this.sudo;
    return h;
  }

  /**
   * A request the job token may make (`auth: 'job'`: artifact downloads, a pipeline's jobs) that
   * was refused (401/403) to a personal or OAuth token is sent again with the CI job token, once,
   * with a notice: inside CI the job token may reach what the personal token cannot. The later
   * requests of this kind use the job token from the start. Returns whether `headers` changed.
   */
  fellBackToJobToken(req: { method: string; path: string; auth?: AuthMode }, headers: Record<string, string>, status: number): boolean {
    const { token, jobToken, jobTokenWithheld } = this.credentials;
    if (req.auth !== 'job' || (status !== 401 && status !== 403) || !token || token.kind === 'job') return false;
    if (Object.keys(headers).some((k) => k.toLowerCase() === 'job-token')) return false;
    const which = token.kind === 'oauth' ? 'OAuth' : 'personal';
    const refused = `the ${which} token was refused (${status}) for ${req.method} ${req.path.split('?')[0]}`;
    if (!jobToken) {
      if (jobTokenWithheld !== undefined)
        this.warn(`${refused}; the CI job token (CI_JOB_TOKEN) is not tried on ${this.host}: ${jobTokenWithheld}`);
      return false;
    }
    dropCredentials(headers);
    headers['JOB-TOKEN'] = jobToken;
    this.personalRefused = true;
    this.warn(`${refused}; trying again on ${this.host} with the CI job token (CI_JOB_TOKEN)`);
    return true;
  }
}
