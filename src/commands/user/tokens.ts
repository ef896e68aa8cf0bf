import { UsageError } from '../../errors.js';
import { pathValues } from '../../executor/endpoint.js';
import type { FlagSpec } from '../../executor/inputs.js';
import { defineCommand, defineNoun } from '../../executor/spec.js';
import { described, objectName, titled } from '../../output/names.js';
import { TOKEN_SCOPES, TOKEN_STATES, tokenColumns } from '../../resources/user.js';
import { userFlag as ownedUserFlag } from './owned.js';

/** Impersonation tokens (administrators): always another user's, so `--user` is required. */
const userFlag: FlagSpec = { ...ownedUserFlag, required: true, description: 'the user the token acts as' };

const tokenArg = { name: 'impersonation_token_id', type: 'id', description: 'impersonation token id' } as const;
const collection = '/users/:user/impersonation_tokens';

const list = defineCommand({
  name: 'list',
  aliases: ['ls'],
  summary: "List a user's impersonation tokens",
  admin: true,
  examples: ['collab user token list --user 42', 'collab user token list --user alice --state active -o json'],
  flags: [userFlag, { name: 'state', type: 'enum', choices: TOKEN_STATES, description: 'which tokens (default all)' }],
  method: 'GET',
  path: collection,
  list: true,
  columns: tokenColumns,
});

const view = defineCommand({
  name: 'view',
  aliases: ['show'],
  summary: 'Show one impersonation token',
  admin: true,
  examples: ['collab user token view 3 --user 42'],
  args: [tokenArg],
  flags: [userFlag],
  method: 'GET',
  path: `${collection}/:impersonation_token_id`,
  columns: tokenColumns,
});

const create = defineCommand({
  name: 'create',
  summary: 'Create an impersonation token (its secret is printed once)',
  description:
    'Create an impersonation token for a user. The response, including the secret ' +
    '`token`, is printed on stdout once: the API never shows the secret again. It ' +
    'never appears in --debug logs.',
  admin: true,
  examples: [
    'collab user token create --user 42 --name ci-bot --scopes api',
    'collab user token create --user alice --name audit --scopes read_user --expires-at 2027-01-31 --fields token',
  ],
  flags: [
    userFlag,
    { name: 'name', short: 'n', type: 'string', prompt: 'Token name:', description: 'a name for the token' },
    { name: 'scopes', type: 'stringList', choices: TOKEN_SCOPES, required: true, description: 'comma-separated scopes' },
    {
      name: 'expires-at',
      type: 'date',
      description: "expiry date (default: never on the spec's servers; GitLab 16+ applies the instance's maximum token lifetime)",
    },
  ],
  method: 'POST',
  path: collection,
  columns: tokenColumns,
  revealSecrets: true,
  answersSecrets: true,
  prepare: (_ctx, v) => {
    if (v.flags.scopes?.length === 0) throw new UsageError(`invalid value for --scopes: give at least one of ${TOKEN_SCOPES.join(', ')}`);
  },
  // The secret is shown once: printed on a terminal too.
  showAnswer: true,
  done: (v, token) =>
    `Created ${described('impersonation token', token?.id, objectName(token))} for user ` +
    `${String(v.flags.user)}; its secret is shown only now`,
});

const revoke = defineCommand({
  name: 'revoke',
  aliases: ['delete'],
  summary: 'Revoke an impersonation token',
  admin: true,
  examples: ['collab user token revoke 3 --user 42', 'collab user token revoke 3 --user alice --yes'],
  args: [tokenArg],
  flags: [userFlag],
  method: 'DELETE',
  path: `${collection}/:impersonation_token_id`,
  confirm: {
    mode: 'yes',
    question: (v, name) =>
      `Revoke impersonation token ${titled(String(v.args.impersonation_token_id), name)} of user ${String(pathValues(v).user)}?`,
  },
  done: (v) =>
    `Revoked impersonation token ${titled(String(v.args.impersonation_token_id), objectName(v.seen))} of user ${String(pathValues(v).user)}`,
});

export const token = defineNoun({
  name: 'token',
  summary: 'Impersonation tokens of a user (administrators)',
  commands: [list, view, create, revoke],
});
