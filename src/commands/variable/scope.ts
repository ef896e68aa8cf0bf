import type { Context } from '../../context.js';
import { ApiError, type CollabError, UsageError } from '../../errors.js';
import type { Values } from '../../executor/inputs.js';
import { noSuchApi } from '../../resources/gitlab-only.js';
import { needsApiToken, variableKey } from '../../resources/variable.js';

/** Where the variables are: a project's (`-p`, the default) or a group's (`-g`). */
export const collection = (v: Values): string => (v.group !== undefined ? '/groups/:group/variables' : '/projects/:project/variables');

export const keyArg = { name: 'key', type: 'string', description: 'the variable key (letters, digits and _)' } as const;

/** `--scope`: GitLab's `filter[environment_scope]`, which picks one of several variables of a key. */
export const scopeFlag = {
  name: 'scope',
  param: 'filter[environment_scope]',
  type: 'string',
  value: '<environment>',
  description: 'the environment scope of the variable (when the key has several: production, review/*)',
} as const;

/** Who the variables belong to, for messages: `acme/app`, `group acme`. */
export const owner = (v: Values): string => (v.group !== undefined ? `group ${v.group}` : String(v.project));

/**
 * Before anything is sent: a project or group, a key GitLab takes, and a token GitLab takes here
 * (exit 4 with only the CI job token, naming the token needed).
 */
export function checkTarget(ctx: Context, v: Values): void {
  if (v.project === undefined && v.group === undefined)
    throw new UsageError('no project or group: give -p <project> or -g <group> (or run it in a checkout of the project)');
  if (typeof v.args.key === 'string') variableKey(v.args.key);
  needsApiToken(ctx, v.group !== undefined ? '/groups/:id/variables' : '/projects/:id/variables');
}

/** Error answers of the variables API, explained: several scopes (409), the role (403), no such API (spec). */
export const explainVariables = {
  409: (_ctx: Context, v: Values) =>
    `${String(v.args.key)} has several environment scopes in ${owner(v)}: give --scope <environment> (collab variable list shows them)`,
  403: (_ctx: Context, v: Values) =>
    `CI/CD variables need the Maintainer role on ${v.group !== undefined ? 'the group (Owner)' : 'the project'}, and a token with the api scope`,
  404: (ctx: Context, _v: Values, err: CollabError) => noSuchApi(ctx, 'CI/CD variables', err),
};

/** A 404 of GitLab's `not_found!('Variable')` (`404 Variable Not Found`), not of the project or group. */
export function variableMissing(err: unknown): boolean {
  return err instanceof ApiError && err.status === 404 && !/\b(project|group)\b/i.test(err.message);
}
