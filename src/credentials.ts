/** What the client authenticates with: settings (src/config/host.ts) resolve it, the client (src/api/) sends it. */

/** `job`: a CI job token given as the token (`glcbt-…`), sent as JOB-TOKEN. */
export type TokenKind = 'private' | 'oauth' | 'job';

export interface Credentials {
  token?: { value: string; kind: TokenKind };
  /** CI job token: sent only on requests that ask for it (artifact downloads), only set for the instance that issued it. */
  jobToken?: string;
  /** CI_JOB_TOKEN is set but not for this instance: why (`it belongs to https://ci.example.com (CI_SERVER_URL)`). */
  jobTokenWithheld?: string;
}

/** `job`: send the CI job token (artifact downloads); `none`: no credentials. */
export type AuthMode = 'default' | 'job' | 'none';
