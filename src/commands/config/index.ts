import fs from 'node:fs';
import { parseFlavor } from '../../config/detect-flavor.js';
import { type ConfigData, checkKey, type HostEntry, SETTABLE_KEYS, type SettableKey } from '../../config/store.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { Values } from '../../executor/inputs.js';
import { defineCommand, defineNoun } from '../../executor/spec.js';
import { parseEnum, parseInteger } from '../../executor/validate.js';
import { OUTPUT_FORMATS } from '../../global-flags.js';
import { normalizeHost } from '../../host-url.js';
import { columnSet } from '../../output/columns.js';

const PER_HOST_ONLY: SettableKey[] = ['ca_file', 'flavor'];
const GLOBAL_ONLY: SettableKey[] = ['host', 'pager', 'editor', 'browser'];

function checkValue(ctx: Context, key: SettableKey, raw: string): string | number {
  switch (key) {
    case 'host':
      return normalizeHost(raw);
    case 'output':
      return parseEnum(raw, 'output', OUTPUT_FORMATS);
    case 'per_page':
      return parseInteger(raw, 'per_page', 1, 100);
    case 'project':
      return ctx.settings.requireProject(raw, 'project');
    case 'ca_file': {
      if (!fs.existsSync(raw)) throw new UsageError(`invalid value for ca_file: ${raw} does not exist`);
      return fs.realpathSync(raw);
    }
    case 'flavor':
      return parseFlavor(raw, 'flavor');
    case 'pager':
    case 'editor':
    case 'browser':
      // A command line, run as $PAGER, $EDITOR and $BROWSER are (`cat` pages nothing).
      return raw;
  }
}

function scopeHost(ctx: Context, key: SettableKey): string | undefined {
  const host = ctx.settings.flags.host;
  if (host && GLOBAL_ONLY.includes(key)) throw new UsageError(`"${key}" is not a per-host setting; drop --host`);
  if (!host && PER_HOST_ONLY.includes(key)) throw new UsageError(`"${key}" is a per-host setting: add --host <url>`);
  return host ? normalizeHost(host) : undefined;
}

function entryOf(data: ConfigData, host: string | undefined): Record<string, unknown> | undefined {
  return host ? (data.hosts?.[host] as Record<string, unknown> | undefined) : (data as Record<string, unknown>);
}

async function get(ctx: Context, v: Values): Promise<void> {
  const k = checkKey(String(v.args.key));
  const host = scopeHost(ctx, k);
  const value = entryOf(ctx.config().read(), host)?.[k];
  if (value !== undefined) ctx.io.stdout.write(`${String(value)}\n`);
}

async function set(ctx: Context, v: Values): Promise<void> {
  const k = checkKey(String(v.args.key));
  const host = scopeHost(ctx, k);
  const value = checkValue(ctx, k, String(v.args.value));
  await ctx.config().update((data) => {
    if (host) {
      data.hosts ??= {};
      const entry = (data.hosts[host] ??= {}) as Record<string, unknown>;
      entry[k] = value;
    } else (data as Record<string, unknown>)[k] = value;
  });
}

async function unset(ctx: Context, v: Values): Promise<void> {
  const k = checkKey(String(v.args.key));
  const host = scopeHost(ctx, k);
  await ctx.config().update((data) => {
    const target = entryOf(data, host);
    if (target) delete target[k];
  });
}

const LIST_COLUMNS = columnSet([{ key: 'host' }, { key: 'key' }, { key: 'value' }], { spec: ['host', 'key', 'value'] });

async function list(ctx: Context): Promise<void> {
  const data = ctx.config().read();
  const rows: { host: string; key: string; value: string }[] = [];
  for (const k of SETTABLE_KEYS) {
    const v = (data as Record<string, unknown>)[k];
    if (v !== undefined) rows.push({ host: '', key: k, value: String(v) });
  }
  for (const [host, entry] of Object.entries(data.hosts ?? {})) {
    for (const k of [...SETTABLE_KEYS, 'user'] as (keyof HostEntry)[]) {
      const v = entry[k];
      if (v !== undefined) rows.push({ host, key: k, value: String(v) });
    }
    if (entry.token) rows.push({ host, key: 'token', value: '(set; see `collab auth status`)' });
  }
  await ctx.printer().list(rows, LIST_COLUMNS);
}

const KEYS =
  `Keys: ${SETTABLE_KEYS.join(', ')}. With --host <url> the value applies to that host ` +
  `only (ca_file and flavor are per host; host, pager, editor and browser are global). ` +
  `flavor is spec or gitlab: the API dialect of the host, detected on first contact (GET ` +
  `/version) when not set. pager, editor and browser are command lines, used over ` +
  `$PAGER, $VISUAL/$EDITOR and $BROWSER (COLLAB_PAGER still wins; a pager of cat pages nothing).`;

const keyArg = { name: 'key', type: 'string', description: 'the key' } as const;

export const noun = defineNoun({
  name: 'config',
  summary: 'Get and set defaults (host, output, per_page, project)',
  commands: [
    defineCommand({ name: 'get', summary: 'Print a value', notes: KEYS, examples: ['collab config get output'], args: [keyArg], run: get }),
    defineCommand({
      name: 'set',
      summary: 'Set a value',
      notes: KEYS,
      examples: [
        'collab config set output json',
        'collab config set per_page 50 --host https://gitlab.example.com',
        'collab config set ca_file ./corp-ca.pem --host https://gitlab.corp',
        'collab config set flavor gitlab --host https://gitlab.example.com',
        "collab config set editor 'code --wait'",
        "collab config set pager 'less -R'",
      ],
      args: [keyArg, { name: 'value', type: 'string', description: 'the value' }],
      run: set,
    }),
    defineCommand({
      name: 'unset',
      summary: 'Remove a value',
      notes: KEYS,
      examples: ['collab config unset project'],
      args: [keyArg],
      run: unset,
    }),
    defineCommand({
      name: 'list',
      aliases: ['ls'],
      summary: 'List every value (tokens are not shown)',
      notes: KEYS,
      examples: ['collab config list'],
      columns: LIST_COLUMNS,
      run: list,
    }),
  ],
});
