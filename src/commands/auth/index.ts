import { Command } from 'commander';
import { normalizeHost } from '../../api/request.js';
import type { Context } from '../../context.js';
import { AuthError, UsageError } from '../../errors.js';
import { fieldsFirst } from '../../executor/print.js';
import { readStdin } from '../../executor/read-input.js';
import { showGlobalFlags } from '../../global-flags.js';
import { type Column, columnSet } from '../../output/format.js';

function examples(cmd: Command, lines: string[]): Command {
  return cmd.addHelpText('after', `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`);
}

export function maskToken(token: string): string {
  return token.length >= 16 ? `****${token.slice(-4)}` : '****';
}

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

async function login(ctx: Context, opts: { tokenStdin?: boolean; oauth?: boolean }): Promise<void> {
  const host = await resolveLoginHost(ctx);
  let token: string;
  if (opts.tokenStdin) token = (await readStdin(ctx)).trim();
  else if (ctx.canPrompt) token = (await ctx.prompter().password(opts.oauth ? 'OAuth token:' : 'Personal access token:')).trim();
  else throw new UsageError('no token: pipe it with --token-stdin (tokens are never taken from arguments)');
  if (token === '') throw new UsageError('the token is empty');
  if (/\s/.test(token)) throw new UsageError('the token contains white space');
  const kind = opts.oauth ? 'oauth' : 'private';
  // From here on the candidate is this run's credential: sent only to `host`, redacted everywhere.
  ctx.settings.useCandidate(host, token, kind);
  let user: { username?: string; name?: string };
  try {
    const data = (await ctx.api().request<typeof user>({ method: 'GET', path: '/user', expect: { kind: 'object', key: 'username' } })).data;
    user = data !== null && typeof data === 'object' ? data : {};
  } catch (err) {
    if (err instanceof AuthError)
      throw new AuthError(
        `${err.message}: the token was not accepted by ${host}; nothing was saved`,
        'check the token and its scopes (api or read_user)',
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

/** What `auth status` prints (collab's own object, so `--fields` is checked before the request). */
const STATUS_COLUMNS = columnSet([], {
  spec: ['host', 'host_source', 'user', 'name', 'admin', 'token_source', 'token_type', 'token', 'hosts'],
});

/** One row per host collab knows (`hosts` of `auth status`). */
const HOST_COLUMNS: Column[] = [
  { key: 'host', get: (h: HostRow) => `${h.active ? '* ' : '  '}${h.host}` },
  { key: 'user' },
  { key: 'token_source', header: 'token from' },
  { key: 'token_type', header: 'type' },
  { key: 'token' },
];

interface HostRow {
  host: string;
  active: boolean;
  user: string | null;
  token_source: string;
  token_type: string | null;
  token: string | null;
}

/**
 * Every host collab knows: the one in use (checked with GET /user), then each the config store
 * holds, as stored (their tokens are not sent anywhere by a status).
 */
function hostRows(ctx: Context, active: Omit<HostRow, 'active'> | undefined): HostRow[] {
  const rows: HostRow[] = active ? [{ ...active, active: true }] : [];
  for (const stored of ctx.settings.storedHostList()) {
    if (stored.host === active?.host) continue;
    rows.push({
      host: stored.host,
      active: false,
      user: stored.user ?? null,
      token_source: stored.token ? 'config' : 'none',
      token_type: stored.token ? stored.tokenType : null,
      token: stored.token ? maskToken(stored.token) : null,
    });
  }
  return rows;
}

/** The hosts as a table below the status of the one in use (a person's view; JSON has them as `hosts`). */
async function printHosts(ctx: Context, rows: HostRow[]): Promise<void> {
  const printer = ctx.printer(undefined, { revealSecrets: true });
  if (printer.format !== 'table' || ctx.settings.fields || rows.length < 2) return;
  await printer.text('\nHosts (* the one in use):\n');
  await printer.list(rows, HOST_COLUMNS);
}

async function status(ctx: Context): Promise<void> {
  if (await fieldsFirst(ctx, STATUS_COLUMNS)) return;
  const auth = ctx.settings.auth();
  const token = auth.credentials.token;
  if (!token) {
    await printHosts(ctx, hostRows(ctx, { host: auth.host, user: null, token_source: 'none', token_type: null, token: null }));
    throw new AuthError(`not logged in to ${auth.host}`);
  }
  let user: { username?: string; name?: string; is_admin?: boolean };
  try {
    user = (await ctx.api().request<typeof user>({ method: 'GET', path: '/user', expect: { kind: 'object', key: 'username' } })).data;
  } catch (err) {
    if (err instanceof AuthError) throw new AuthError(`${err.message}: the token for ${auth.host} (from ${auth.tokenSource}) was rejected`);
    throw err;
  }
  const hosts = hostRows(ctx, {
    host: auth.host,
    user: user.username ?? null,
    token_source: auth.tokenSource,
    token_type: token.kind,
    token: maskToken(token.value),
  });
  // The token is masked here already: token_source and token_type are no secrets.
  const printer = ctx.printer(undefined, { revealSecrets: true });
  const status = {
    host: auth.host,
    host_source: auth.hostSource,
    user: user.username,
    name: user.name,
    admin: user.is_admin ?? null,
    token_source: auth.tokenSource,
    token_type: token.kind,
    token: maskToken(token.value),
  };
  // JSON: the host in use as before, and every host collab knows under `hosts`.
  await printer.object(printer.json ? { ...status, hosts } : status, STATUS_COLUMNS);
  await printHosts(ctx, hosts);
}

async function logout(ctx: Context): Promise<void> {
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

async function token(ctx: Context): Promise<void> {
  const auth = ctx.settings.auth();
  if (!auth.credentials.token) throw new AuthError(`no token for ${auth.host}`);
  ctx.io.stdout.write(`${auth.credentials.token.value}\n`);
}

export function build(getCtx: () => Context): Command {
  const auth = new Command('auth').description('Log in, show status, log out, print the token');
  auth.addCommand(
    examples(
      showGlobalFlags(new Command('login'), ['prompt'])
        .description('Check a token with GET /user and store it for the host (0600 config file)')
        .option('--token-stdin', 'read the token from standard input')
        .option('--oauth', 'the token is an OAuth token (sent as Authorization: Bearer)')
        .action((opts) => login(getCtx(), opts)),
      [
        'collab auth login --host https://gitlab.example.com',
        'collab auth login --host https://gitlab.example.com --token-stdin < token.txt',
      ],
    ),
  );
  auth.addCommand(
    examples(
      showGlobalFlags(new Command('status'), ['output'])
        .description('Show the host, the user and where the token comes from (exit 4 when not logged in)')
        .action(() => status(getCtx())),
      ['collab auth status', 'collab auth status -o json'],
    ),
  );
  auth.addCommand(
    examples(
      new Command('logout').description('Remove the stored token of the host').action(() => logout(getCtx())),
      ['collab auth logout --host https://gitlab.example.com'],
    ),
  );
  auth.addCommand(
    examples(
      new Command('token').description('Print the token in use (for scripts)').action(() => token(getCtx())),
      ['curl -H "PRIVATE-TOKEN: $(collab auth token)" https://gitlab.example.com/api/v4/user'],
    ),
  );
  return auth;
}
