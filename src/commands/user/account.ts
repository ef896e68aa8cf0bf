import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { eitherWay } from '../../executor/host-dialect.js';
import type { FlagSpec, Values } from '../../executor/inputs.js';
import { readStdin } from '../../executor/read-input.js';
import { type CommandSpec, defineCommand } from '../../executor/spec.js';
import { described, objectName, titled } from '../../output/names.js';
import { activityColumns, userColumns } from '../../resources/user.js';
import { isObject } from '../../shared/json.js';

/** The user a command is about: an id or a username (`@me` too), looked up before sending, the same for every verb. */
const userArg = { name: 'id', type: 'string', lookup: 'user', description: 'user id or username' } as const;

export const list = defineCommand({
  name: 'list',
  aliases: ['ls'],
  summary: 'List users (administrators see the admin view)',
  examples: [
    'collab user list --search alice',
    'collab user list --blocked --created-after 2026-01-01T00:00:00Z -o json',
    'collab user list --extern-uid "uid=alice,ou=people" --provider ldapmain',
    'collab user list --custom-attribute team=platform --custom-attribute site=berlin --all',
  ],
  flags: [
    { name: 'active', type: 'bool', description: 'only active users', conflicts: ['blocked'] },
    { name: 'blocked', type: 'bool', description: 'only blocked users' },
    { name: 'search', type: 'string', description: 'match email or username' },
    { name: 'username', type: 'string', description: 'exactly this username' },
    { name: 'extern-uid', type: 'string', description: 'external identity uid (with --provider)' },
    { name: 'provider', type: 'string', description: 'external identity provider (with --extern-uid)' },
    { name: 'external', type: 'bool', description: 'only external users' },
    { name: 'created-before', type: 'datetime', description: 'created before this date-time' },
    { name: 'created-after', type: 'datetime', description: 'created after this date-time' },
    {
      name: 'custom-attribute',
      param: false,
      type: 'string',
      value: '<key=value>',
      description: 'custom attribute filter (administrators; repeatable)',
      repeatable: true,
    },
  ],
  method: 'GET',
  path: '/users',
  list: true,
  columns: userColumns,
  prepare: (_ctx, v) => {
    const hasUid = v.flags['extern-uid'] !== undefined;
    if (hasUid !== (v.flags.provider !== undefined)) throw new UsageError('--extern-uid and --provider go together: give both');
    for (const pair of v.flags['custom-attribute'] ?? []) {
      const eq = pair.indexOf('=');
      if (eq <= 0) throw new UsageError(`invalid value for --custom-attribute: "${pair}" is not key=value`);
      v.params[`custom_attributes[${pair.slice(0, eq)}]`] = pair.slice(eq + 1);
    }
  },
});

export const view = defineCommand({
  name: 'view',
  aliases: ['show'],
  summary: 'Show one user by id or username',
  examples: ['collab user view 42', 'collab user view alice -o json'],
  args: [userArg],
  method: 'GET',
  path: '/users/:id',
  columns: userColumns,
});

/** Tokens never appear in collab's output: administrators' `GET /user` carries their `private_token`. */
function withoutSecrets(data: unknown): unknown {
  if (!isObject(data) || !('private_token' in data)) return data;
  const { private_token: _secret, ...rest } = data;
  // A copy: GitLab's and the spec's names of its fields are to be read on it too.
  return eitherWay(rest);
}

const printUser = (ctx: Context, _v: Values, data: unknown) => ctx.printer().object(withoutSecrets(data), userColumns);

export const me = defineCommand({
  name: 'me',
  aliases: ['whoami'],
  summary: 'Show the current user (or, with --sudo, the user acted as)',
  description:
    'Show the current user (GET /user), or with --sudo the user acted as. The ' +
    'private_token field that administrators receive is left out: tokens never appear ' +
    'in output.',
  examples: ['collab user me', 'collab user me --sudo alice -o json'],
  method: 'GET',
  path: '/user',
  columns: userColumns,
  print: printUser,
});

/** The profile parameters `POST /users` and `PUT /users/:id` share. */
function profileFlags(create: boolean): FlagSpec[] {
  const req = (label: string) => (create ? { prompt: label } : {});
  return [
    { name: 'email', type: 'string', description: 'primary email', ...req('Email:') },
    { name: 'username', type: 'string', description: 'username', ...req('Username:') },
    { name: 'name', type: 'string', description: 'full name', ...req('Name:') },
    {
      name: 'password-stdin',
      param: false,
      type: 'bool',
      description: 'read the password from standard input',
      ...(create ? { conflicts: ['reset-password'] } : {}),
    },
    ...(create
      ? ([{ name: 'reset-password', type: 'bool', description: 'send a password reset link instead of setting a password' }] as FlagSpec[])
      : []),
    { name: 'messenger', type: 'string', description: 'messenger handle' },
    { name: 'professional-profile', type: 'string', description: 'professional profile handle' },
    { name: 'microblog', type: 'string', description: 'microblog handle' },
    { name: 'website-url', type: 'string', description: 'website URL' },
    { name: 'organization', type: 'string', description: 'organization' },
    { name: 'projects-limit', type: 'int', min: 0, description: 'how many projects the user may create' },
    { name: 'extern-uid', type: 'string', description: 'external identity uid' },
    { name: 'provider', type: 'string', description: 'external identity provider' },
    { name: 'bio', type: 'string', description: 'short biography' },
    { name: 'location', type: 'string', description: 'location' },
    { name: 'admin', type: 'bool', negatable: true, description: 'make the user an administrator' },
    { name: 'can-create-group', type: 'bool', negatable: true, description: 'allow creating groups' },
    ...(create
      ? ([{ name: 'skip-confirmation', type: 'bool', description: 'mark the email as confirmed (no confirmation mail)' }] as FlagSpec[])
      : []),
    { name: 'external', type: 'bool', negatable: true, description: 'make the user external' },
    { name: 'avatar', file: 'part', type: 'string', value: '<image-file>', description: 'avatar image file (sent as multipart form data)' },
    { name: 'shared-runners-minutes-limit', type: 'int', min: 0, description: 'monthly pipeline minutes on shared runners' },
  ];
}

/** The password: from stdin with --password-stdin; when creating without a reset link, asked for on a terminal. */
async function readPassword(ctx: Context, v: Values, create: boolean): Promise<void> {
  if (v.flags['password-stdin'] === true) {
    const password = (await readStdin(ctx)).replace(/\r?\n$/, '');
    if (password === '') throw new UsageError('--password-stdin: standard input was empty');
    v.params.password = password;
  } else if (create && v.flags['reset-password'] !== true) {
    if (!ctx.canPrompt) throw new UsageError('give a password with --password-stdin, or --reset-password to send a reset link');
    const password = await ctx.prompter().password('Password:');
    if (password === '') throw new UsageError('empty password: use --reset-password to send a reset link instead');
    v.params.password = password;
  }
}

export const create = defineCommand({
  name: 'create',
  summary: 'Create a user',
  admin: true,
  examples: [
    'collab user create --email carol@example.com --username carol --name "Carol C" --reset-password',
    'collab user create --email eve@example.com --username eve --name Eve --password-stdin --skip-confirmation < password.txt',
  ],
  flags: profileFlags(true),
  method: 'POST',
  path: '/users',
  prepare: (ctx, v) => readPassword(ctx, v, true),
  columns: userColumns,
  print: printUser,
  done: (_v, user) => `Created ${described('user', user?.id, objectName(user))}`,
});

export const update = defineCommand({
  name: 'update',
  aliases: ['edit'],
  summary: 'Change a user',
  admin: true,
  examples: ['collab user update 42 --name "Alice A" --projects-limit 50', 'collab user update alice --no-admin --external'],
  args: [userArg],
  flags: profileFlags(false),
  requireOne: true,
  method: 'PUT',
  path: '/users/:id',
  prepare: (ctx, v) => readPassword(ctx, v, false),
  explain: {
    // The API answers 404 where 409 would fit (an email or username already in use).
    404: (_ctx, v) =>
      v.params.email !== undefined || v.params.username !== undefined
        ? 'the server also answers 404 when the new email or username is already taken'
        : undefined,
  },
  columns: userColumns,
  print: printUser,
  done: (v, user) => `Updated user ${titled(String(v.args.id), objectName(user))}`,
});

export const remove = defineCommand({
  name: 'delete',
  aliases: ['rm'],
  summary: 'Delete a user',
  admin: true,
  examples: ['collab user delete 42 --yes', 'collab user delete carol --hard --yes'],
  args: [userArg],
  flags: [
    {
      name: 'hard',
      param: 'hard_delete',
      type: 'bool',
      description: 'also delete their contributions (otherwise moved to the ghost user) and the groups only they own',
    },
  ],
  method: 'DELETE',
  path: '/users/:id',
  confirm: {
    mode: 'yes',
    question: (v, name) =>
      `Delete user ${titled(String(v.args.id), name)}${v.flags.hard === true ? ' with all their contributions and solely owned groups' : ''}?`,
  },
  done: (v) => `Deleted user ${titled(String(v.args.id), objectName(v.seen))}`,
});

/** A 403 on block/unblock: the user is held by directory (LDAP) synchronization, or the caller is no administrator. */
function blockHint(message: string): string {
  const directory = 'the user is blocked by directory (LDAP) synchronization: only the directory can change that';
  return /ldap|directory/i.test(message) ? directory : `${directory}, or your token is not an administrator's`;
}

function blockCommand(verb: 'block' | 'unblock'): CommandSpec {
  return defineCommand({
    name: verb,
    summary: verb === 'block' ? 'Block a user (no sign-in, no API access)' : 'Unblock a blocked user',
    admin: true,
    examples: [`collab user ${verb} 42`, `collab user ${verb} carol 43 dave`],
    args: [userArg],
    method: 'POST',
    path: `/users/:id/${verb}`,
    explain: { 403: (_ctx, _v, err) => (/sudo/i.test(err.message) ? undefined : blockHint(err.message)) },
    print: false,
    done: (v) => `${verb === 'block' ? 'Blocked' : 'Unblocked'} user ${String(v.args.id)}`,
    bulk: 'id',
  });
}

export const block = blockCommand('block');
export const unblock = blockCommand('unblock');

export const activities = defineCommand({
  name: 'activities',
  summary: "Users' last activity dates, oldest first",
  admin: true,
  examples: ['collab user activities --from 2026-06-01', 'collab user activities --all -o ndjson'],
  flags: [{ name: 'from', type: 'date', description: 'activity since this date (default: six months ago)' }],
  method: 'GET',
  path: '/user/activities',
  list: true,
  columns: activityColumns,
});
