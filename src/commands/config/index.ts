import fs from 'node:fs';
import { Command } from 'commander';
import { parseFlavor } from '../../api/dialect.js';
import { normalizeHost } from '../../api/request.js';
import { type ConfigData, checkKey, type HostEntry, SETTABLE_KEYS, type SettableKey } from '../../config/store.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { fieldsFirst } from '../../executor/print.js';
import { parseEnum, parseInteger } from '../../executor/validate.js';
import { showGlobalFlags } from '../../global-flags.js';
import { columnSet, OUTPUT_FORMATS } from '../../output/format.js';

const PER_HOST_ONLY: SettableKey[] = ['ca_file', 'flavor'];
const GLOBAL_ONLY: SettableKey[] = ['host'];

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

async function get(ctx: Context, key: string): Promise<void> {
  const k = checkKey(key);
  const host = scopeHost(ctx, k);
  const v = entryOf(ctx.config().read(), host)?.[k];
  if (v !== undefined) ctx.io.stdout.write(`${String(v)}\n`);
}

async function set(ctx: Context, key: string, raw: string): Promise<void> {
  const k = checkKey(key);
  const host = scopeHost(ctx, k);
  const value = checkValue(ctx, k, raw);
  await ctx.config().update((data) => {
    if (host) {
      data.hosts ??= {};
      const entry = (data.hosts[host] ??= {}) as Record<string, unknown>;
      entry[k] = value;
    } else (data as Record<string, unknown>)[k] = value;
  });
}

async function unset(ctx: Context, key: string): Promise<void> {
  const k = checkKey(key);
  const host = scopeHost(ctx, k);
  await ctx.config().update((data) => {
    const target = entryOf(data, host);
    if (target) delete target[k];
  });
}

const LIST_COLUMNS = columnSet([{ key: 'host' }, { key: 'key' }, { key: 'value' }], { spec: ['host', 'key', 'value'] });

async function list(ctx: Context): Promise<void> {
  if (await fieldsFirst(ctx, LIST_COLUMNS)) return;
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

export function build(getCtx: () => Context): Command {
  const keys = `Keys: ${SETTABLE_KEYS.join(', ')}. With --host <url> the value applies to that host only (ca_file and flavor are per host; host is global). flavor is spec or gitlab: the API dialect of the host, detected on first contact (GET /version) when not set.`;
  const config = new Command('config').description('Get and set defaults (host, output, per_page, project)');
  const ex = (c: Command, lines: string[]) =>
    c.addHelpText('after', `\n${keys}\n\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`);
  config.addCommand(
    ex(
      new Command('get')
        .description('Print a value')
        .argument('<key>', 'the key')
        .action((k) => get(getCtx(), k)),
      ['collab config get output'],
    ),
  );
  config.addCommand(
    ex(
      new Command('set')
        .description('Set a value')
        .argument('<key>', 'the key')
        .argument('<value>', 'the value')
        .action((k, v) => set(getCtx(), k, v)),
      [
        'collab config set output json',
        'collab config set per_page 50 --host https://gitlab.example.com',
        'collab config set ca_file ./corp-ca.pem --host https://gitlab.corp',
        'collab config set flavor gitlab --host https://gitlab.example.com',
      ],
    ),
  );
  config.addCommand(
    ex(
      new Command('unset')
        .description('Remove a value')
        .argument('<key>', 'the key')
        .action((k) => unset(getCtx(), k)),
      ['collab config unset project'],
    ),
  );
  config.addCommand(
    ex(
      showGlobalFlags(new Command('list'), ['output'])
        .alias('ls')
        .description('List every value (tokens are not shown)')
        .action(() => list(getCtx())),
      ['collab config list'],
    ),
  );
  return config;
}
