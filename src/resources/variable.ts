import type { Context } from '../context.js';
import { AuthError, UsageError } from '../errors.js';
import { type Columns, columnSet, type Fields } from '../output/columns.js';

/**
 * GitLab's CI/CD variables of a project or group (doc/api/project_level_variables.md,
 * doc/api/group_level_variables.md; lib/api/ci/variables.rb, lib/api/group_variables.rb), outside
 * the spec's API. The entity: lib/api/entities/ci/variable.rb.
 */
export const VARIABLE_FIELDS: Fields = {
  spec: [],
  gitlab: ['variable_type', 'key', 'value', 'hidden', 'protected', 'masked', 'raw', 'environment_scope', 'description'],
};

/** A value people should not see on a screen: a masked or hidden variable's, in table and tsv (JSON keeps it). */
const shownValue = (v: { value?: unknown; masked?: unknown; hidden?: unknown }) =>
  v.masked === true || v.hidden === true ? '[masked]' : v.value;

export const variableColumns: Columns = columnSet(
  [
    { key: 'key', kind: 'title' },
    { key: 'value', get: shownValue },
    { key: 'environment_scope', header: 'scope' },
    { key: 'variable_type', header: 'type', priority: 3 },
    { key: 'protected', kind: 'bool', priority: 3 },
    { key: 'masked', kind: 'bool', priority: 3 },
  ],
  VARIABLE_FIELDS,
);

/** `Ci::Variable`'s key: "only A-Z, a-z, 0-9 and _, at most 255 characters" (doc/api/project_level_variables.md). */
export function variableKey(raw: string, label = '<key>'): string {
  if (!/^[A-Za-z0-9_]{1,255}$/.test(raw))
    throw new UsageError(`invalid value for ${label}: "${raw}" is not a CI/CD variable key (letters, digits and _, at most 255)`);
  return raw;
}

/**
 * GitLab takes no CI job token on the variables API (no `job_token_allowed` in
 * lib/api/ci/variables.rb or lib/api/group_variables.rb; doc/ci/jobs/ci_job_token.md lists what it
 * reaches): with only that token, nothing is sent and the token needed is named (exit 4).
 */
export function needsApiToken(ctx: Context, where: string): void {
  const { token, jobToken } = ctx.settings.auth().credentials;
  if (token !== undefined && token.kind !== 'job') return;
  if (token === undefined && jobToken === undefined) return;
  throw new AuthError(
    `CI/CD variables need a token with the api scope: GitLab does not take the CI job token for ${where}`,
    'set COLLAB_TOKEN to a personal, project or group access token with the api scope ' +
      '(Maintainer of the project, Owner of a group), e.g. from a masked CI/CD variable',
  );
}
