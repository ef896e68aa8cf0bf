import type { Context } from '../../context.js';
import { AuthError, UsageError } from '../../errors.js';
import type { FlagSpec, Values } from '../../executor/inputs.js';
import { readStdin } from '../../executor/read-input.js';
import { defineCommand } from '../../executor/spec.js';
import { normalizeHost } from '../../host-url.js';
import { isObject } from '../../shared/json.js';

const loginFlags = [
  { name: 'token-stdin', param: false, type: 'bool', description: 'read the token from standard input' },
  { name: 'oauth', param: false, type: 'bool', description: 'the token is an OAuth token (sent as Authorization: Bearer)' },
] as const satisfies readonly FlagSpec[];

type LoginValues = Values<typeof loginFlags>;

/** What the login prompt says of a host that cannot be used (typed without its scheme, …). */
function hostProblem(raw: string): true | string {
  try {
    normalizeHost(raw);
    return true;
  } catch (err) {
    const hint = (err as UsageError).hint;
    return `${(err as Error).message}${hint ? `: ${hint}` : ''}`;
  }
}

async function resolveLoginHost(ctx: Context): Promise<string> {
  const given = ctx.settings.loginHost();
  if (given) return given;
  if (ctx.canPrompt) {
    const answer = await ctx.prompter().input('Host (base URL of the instance):', { default: 'https://gitlab.com', validate: hostProblem });
    return normalizeHost(answer);
  }
  throw new UsageError('missing host: use --host <url> or set COLLAB_HOST');
}

/** The page of `host` where a personal access token with the `api` scope is made, the scope ticked. */
export const tokenPage = (host: string): string => `${host.replace(/\/+$/, '')}/-/user_settings/personal_access_tokens?scopes=api`;

/** Where to make a token and what it needs: said before the token is asked for. */
const WHERE = (host: string) => `create one at ${tokenPage(host)} (scope api; read_api for reading only)`;

async function readToken(ctx: Context, v: LoginValues, host: string): Promise<string> {
  if (v.flags['token-stdin']) return (await readStdin(ctx)).trim();
  if (!ctx.canPrompt) throw new UsageError('no token: pipe it with --token-stdin (tokens are never taken from arguments)', WHERE(host));
  if (v.flags.oauth) return (await ctx.prompter().password('OAuth token:')).trim();
  ctx.notice(`A personal access token is needed: ${WHERE(host)}`);
  return (await ctx.prompter().password('Personal access token:')).trim();
}

async function logIn(ctx: Context, v: LoginValues): Promise<void> {
  const host = await resolveLoginHost(ctx);
  const token = await readToken(ctx, v, host);
  if (token === '') throw new UsageError('the token is empty');
  if (/\s/.test(token)) throw new UsageError('the token contains white space');
  const kind = v.flags.oauth ? 'oauth' : 'private';
  // From here on the candidate is this run's credential: sent only to `host`, redacted everywhere.
  ctx.settings.useCandidate(host, token, kind);
  let user: { username?: string; name?: string };
  try {
    const data = (await ctx.api().request<typeof user>({ method: 'GET', path: '/user', expect: { kind: 'object', key: 'username' } })).data;
    user = isObject(data) ? data : {};
  } catch (err) {
    if (err instanceof AuthError)
      throw new AuthError(
        `${err.message}: the token was not accepted by ${host}; nothing was saved`,
        `check the token and its scopes (api, or read_api for reading only); ${WHERE(host)}`,
      );
    throw err;
  }
  await ctx.config().update((data) => {
    data.hosts ??= {};
    data.hosts[host] = {
      ...data.hosts[host],
      token,
      token_type: kind,
      user: typeof user.username === 'string' ? user.username : undefined,
    };
    data.host = host;
  });
  ctx.success(`Logged in to ${host} as ${user.username ?? '?'}${user.name ? ` (${user.name})` : ''}; token saved in ${ctx.config().file}`);
  // The environment wins over what was just saved: say so, or the next command surprises.
  const variable = ctx.settings.tokenVariable;
  if (variable) ctx.notice(`collab: warning: ${variable} is set: commands use its token, not the one saved for ${host}, until it is unset`);
  const elsewhere = ctx.settings.hostVariableBesides(host);
  if (elsewhere) ctx.notice(`collab: warning: COLLAB_HOST is set to ${elsewhere}: commands go there, not to ${host}, until it is unset`);
}

async function logOut(ctx: Context): Promise<void> {
  const auth = ctx.settings.auth();
  const data = ctx.config().read();
  if (!data.hosts?.[auth.host]?.token) throw new AuthError(`not logged in to ${auth.host} (no stored token)`, 'nothing to do');
  await ctx.config().update((d) => {
    const entry = d.hosts?.[auth.host];
    if (entry) {
      delete entry.token;
      delete entry.token_type;
      delete entry.user;
    }
  });
  ctx.success(`Logged out of ${auth.host}; its token was removed from ${ctx.config().file}`);
  const variable = ctx.settings.tokenVariable;
  if (variable) ctx.notice(`collab: warning: ${variable} is still set: commands keep using its token until it is unset`);
}

async function printToken(ctx: Context): Promise<void> {
  const auth = ctx.settings.auth();
  if (!auth.credentials.token) throw new AuthError(`no token for ${auth.host}`);
  ctx.io.stdout.write(`${auth.credentials.token.value}\n`);
}

export const login = defineCommand({
  name: 'login',
  summary: 'Check a token with GET /user and store it for the host (0600 config file)',
  description:
    'Store a token for a host after checking it with GET /user. On a terminal it says where the ' +
    "host's personal access tokens are made (<host>/-/user_settings/personal_access_tokens?scopes=api) " +
    'and asks for one, hidden; --token-stdin reads it from standard input instead.',
  examples: [
    'collab auth login --host https://gitlab.example.com',
    'collab auth login --host https://gitlab.example.com --token-stdin < token.txt',
  ],
  flags: loginFlags,
  uses: ['prompt'],
  run: logIn,
});

export const logout = defineCommand({
  name: 'logout',
  summary: 'Remove the stored token of the host',
  examples: ['collab auth logout --host https://gitlab.example.com'],
  run: logOut,
});

export const token = defineCommand({
  name: 'token',
  summary: 'Print the token in use (for scripts)',
  examples: ['curl -H "PRIVATE-TOKEN: $(collab auth token)" https://gitlab.example.com/api/v4/user'],
  run: printToken,
});
