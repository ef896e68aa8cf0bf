/** The environment variables of a run, as the entry point read them (never `process.env` directly). */
export type Env = Readonly<Record<string, string | undefined>>;

/** A variable set to anything but empty, `0` or `false` (COLLAB_DEBUG, CI). */
export function isTrue(value: string | undefined): boolean {
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

/** Inside a CI job (GitLab sets both). */
export function inCi(env: Env): boolean {
  return isTrue(env.CI) || isTrue(env.GITLAB_CI);
}
