import { fillPath } from '../../api/path.js';
import type { Context } from '../../context.js';
import { ApiError } from '../../errors.js';
import { pathValues } from '../../executor/endpoint.js';
import { asAnswer } from '../../executor/inputs.js';
import { defineCommand } from '../../executor/spec.js';
import { writeOut } from '../../output/io.js';
import { titled } from '../../output/names.js';
import { messageText } from '../../output/sanitize.js';
import { recordAsked } from '../../resources/saved-file.js';
import { variableColumns } from '../../resources/variable.js';
import { isObject } from '../../shared/json.js';
import { checkTarget, collection, explainVariables, keyArg, owner, scopeFlag } from './scope.js';

export const list = defineCommand({
  name: 'list',
  aliases: ['ls'],
  summary: "List a project's or group's CI/CD variables",
  description:
    "List CI/CD variables (GET /projects/:id/variables, or a group's with -g). Masked and " +
    'hidden values show as [masked] in table and tsv; -o json gives what GitLab sends (a hidden ' +
    "variable's value is null). Needs a token with the api scope: not the CI job token.",
  examples: ['collab variable list -p acme/platform/api', 'collab variable list -g acme -o json'],
  project: 'optional',
  group: 'optional',
  method: 'GET',
  path: collection,
  list: true,
  listNoun: 'variables',
  columns: variableColumns,
  prepare: checkTarget,
  explain: explainVariables,
  answersSecrets: true,
});

/** The bare value and a newline, for `X=$(collab variable get X)`; the object with -o, --jq or --fields. */
async function printValue(ctx: Context, key: string, data: unknown): Promise<void> {
  if (recordAsked(ctx)) return ctx.printer('json').object(data, variableColumns);
  const value = isObject(data) ? data.value : undefined;
  if (typeof value !== 'string')
    throw new ApiError(`${key} is hidden: GitLab never shows its value (masked and hidden)`, undefined, undefined, 'only a job sees it');
  // A terminal gets it without escape sequences; a pipe gets it as it is.
  await writeOut(ctx.io.stdout, `${ctx.io.stdoutIsTTY ? messageText(value) : value}\n`);
}

export const get = defineCommand({
  name: 'get',
  aliases: ['view'],
  summary: "Print a CI/CD variable's value",
  description:
    "Print a variable's value and a newline, for scripts: X=$(collab variable get X). -o json " +
    '(or --jq, --fields) gives the whole variable. --scope picks one of several variables of the ' +
    "key (GitLab's filter[environment_scope]). A hidden variable has no value to print (exit 1).",
  examples: [
    'collab variable get DEPLOY_HOST -p acme/platform/api',
    'TOKEN=$(collab variable get DEPLOY_TOKEN --scope production)',
    'collab variable get DEPLOY_HOST -g acme -o json',
  ],
  args: [keyArg],
  project: 'optional',
  group: 'optional',
  flags: [scopeFlag],
  method: 'GET',
  path: (v) => `${collection(v)}/:key`,
  answer: { kind: 'object', key: 'key' },
  columns: variableColumns,
  prepare: checkTarget,
  explain: explainVariables,
  print: (ctx, v, data) => printValue(ctx, String(v.args.key), data),
  showAnswer: true,
  answersSecrets: true,
});

export const remove = defineCommand({
  name: 'delete',
  aliases: ['rm'],
  summary: 'Delete a CI/CD variable',
  description:
    "Delete a variable (DELETE /projects/:id/variables/:key, or a group's with -g); --scope picks " +
    'one of several of the key. On a terminal collab asks; elsewhere --yes is required.',
  examples: ['collab variable delete DEPLOY_HOST -p acme/platform/api', 'collab variable delete DEPLOY_HOST --scope production --yes'],
  args: [keyArg],
  project: 'optional',
  group: 'optional',
  flags: [scopeFlag],
  method: 'DELETE',
  path: (v) => `${collection(v)}/:key`,
  confirm: {
    mode: 'yes',
    // Read (its value is never shown) with the scope that picks it, so that one of several keys is the one asked about.
    read: async (ctx, v) => {
      const scope = v.flags.scope as string | undefined;
      const query = scope === undefined ? undefined : { 'filter[environment_scope]': scope };
      return asAnswer((await ctx.api().request({ method: 'GET', path: fillPath(`${collection(v)}/:key`, pathValues(v)), query })).data);
    },
    question: (v, name) =>
      `Delete variable ${titled(String(v.args.key), name)}${v.flags.scope !== undefined ? ` (scope ${v.flags.scope})` : ''} of ${owner(v)}?`,
  },
  prepare: checkTarget,
  explain: explainVariables,
  done: (v) => `Deleted variable ${v.args.key}${v.flags.scope !== undefined ? ` (scope ${v.flags.scope})` : ''} of ${owner(v)}`,
});
