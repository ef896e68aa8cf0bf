import type { Context } from '../../context.js';
import { AuthError } from '../../errors.js';
import { defineCommand } from '../../executor/spec.js';
import { type Column, columnSet } from '../../output/columns.js';
import { isObject } from '../../shared/json.js';
import { jobTokenStatus } from './job-token-status.js';

function maskToken(token: string): string {
  return token.length >= 16 ? `****${token.slice(-4)}` : '****';
}

/** The fields of what `auth status` prints (collab's own object, so `--fields` is checked before the request). */
const STATUS_FIELDS = [
  'host',
  'host_source',
  'user',
  'name',
  'admin',
  'token_source',
  'token_type',
  'token',
  'scopes',
  'expires_at',
  'job_id',
  'pipeline_id',
  'reaches',
  'hosts',
];

/** Each as it is, the expiry too: the day the token stops working, not how far off that is. */
const STATUS_COLUMNS = columnSet(
  STATUS_FIELDS.map((key) => (key === 'expires_at' ? { key, kind: 'text' as const } : { key })),
  { spec: STATUS_FIELDS },
);

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

/** The status of the host in use (the token is masked already: its source and type are no secrets). */
async function printStatus(ctx: Context, status: Record<string, unknown>): Promise<void> {
  const hosts = hostRows(ctx, {
    host: String(status.host),
    user: (status.user as string | null | undefined) ?? null,
    token_source: String(status.token_source),
    token_type: status.token_type as string,
    token: status.token as string,
  });
  const printer = ctx.printer(undefined, { revealSecrets: true });
  // JSON: the host in use as before, and every host collab knows under `hosts`.
  await printer.object(printer.json ? { ...status, hosts } : status, STATUS_COLUMNS);
  await printHosts(ctx, hosts);
}

/** A token's scopes and expiry, where the server says them. */
interface TokenDetails {
  scopes: string[] | null;
  expires_at: string | null;
}

/**
 * GitLab's `GET /personal_access_tokens/self` (any scope may read it): the scopes and expiry of the
 * personal access token in use. A server that does not say (the spec's, an older GitLab, an OAuth
 * token) leaves them null: a status never fails for want of them.
 */
async function tokenDetails(ctx: Context): Promise<TokenDetails> {
  const unknown = { scopes: null, expires_at: null };
  try {
    const { data } = await ctx.api().request({ method: 'GET', path: '/personal_access_tokens/self', expect: { kind: 'object' } });
    if (!isObject(data)) return unknown;
    const scopes = Array.isArray(data.scopes) ? data.scopes.filter((s): s is string => typeof s === 'string') : null;
    return { scopes, expires_at: typeof data.expires_at === 'string' ? data.expires_at : null };
  } catch {
    // GET /user, asked beside it, reports what matters of a failure.
    return unknown;
  }
}

async function showStatus(ctx: Context): Promise<void> {
  const auth = ctx.settings.auth();
  const token = auth.credentials.token;
  // Only a CI job token: GitLab's GET /user refuses it; what it is and reaches is said instead.
  const jobToken = token?.kind === 'job' ? token.value : token ? undefined : auth.credentials.jobToken;
  if (jobToken !== undefined) return printStatus(ctx, await jobTokenStatus(ctx, auth, maskToken(jobToken)));
  if (!token) {
    await printHosts(ctx, hostRows(ctx, { host: auth.host, user: null, token_source: 'none', token_type: null, token: null }));
    throw new AuthError(`not logged in to ${auth.host}`);
  }
  let user: { username?: string; name?: string; is_admin?: boolean };
  // Only a personal access token (PRIVATE-TOKEN) has the details; asked beside GET /user.
  const details = token.kind === 'private' ? tokenDetails(ctx) : Promise.resolve({ scopes: null, expires_at: null });
  try {
    user = (await ctx.api().request<typeof user>({ method: 'GET', path: '/user', expect: { kind: 'object', key: 'username' } })).data;
  } catch (err) {
    if (err instanceof AuthError) throw new AuthError(`${err.message}: the token for ${auth.host} (from ${auth.tokenSource}) was rejected`);
    throw err;
  }
  await printStatus(ctx, {
    host: auth.host,
    host_source: auth.hostSource,
    user: user.username,
    name: user.name,
    admin: user.is_admin ?? null,
    token_source: auth.tokenSource,
    token_type: token.kind,
    token: maskToken(token.value),
    ...(await details),
  });
}

export const status = defineCommand({
  name: 'status',
  summary: 'Show the host, the user, where the token comes from, its scopes and expiry (exit 4 when not logged in)',
  examples: ['collab auth status', 'collab auth status -o json'],
  columns: STATUS_COLUMNS,
  run: showStatus,
});
