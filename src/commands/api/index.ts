import { Command } from 'commander';
import { header } from '../../api/answer.js';
import { parseHeader } from '../../api/header.js';
import { paginatePages } from '../../api/paginate.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { readBytesArg, readTextArg } from '../../executor/read-input.js';
import { showGlobalFlags } from '../../global-flags.js';
import { isObject } from '../../json.js';
import type { Column, Printer } from '../../output/format.js';
import { writeOut } from '../../output/io.js';
import { cellText, jsonText } from '../../output/sanitize.js';

interface ApiOptions {
  method?: string;
  rawField: string[];
  field: string[];
  H: string[];
  input?: string;
  paginate?: boolean;
  include?: boolean;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'];

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function splitField(raw: string, flag: string): [string, string] {
  const i = raw.indexOf('=');
  if (i <= 0) throw new UsageError(`invalid value for ${flag}: "${raw}" is not key=value`);
  return [raw.slice(0, i), raw.slice(i + 1)];
}

/** `-F` values: numbers, booleans and null typed; `@file` (or `@-`) read as text. */
async function typedValue(ctx: Context, value: string): Promise<unknown> {
  if (value.startsWith('@')) return readTextArg(ctx, value.slice(1), '-F');
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (value === 'null') return null;
  if (/^-?\d+(\.\d+)?$/.test(value) && Number.isFinite(Number(value))) return Number(value);
  return value;
}

function addParam(params: Record<string, unknown>, key: string, value: unknown): void {
  if (key.endsWith('[]')) {
    const k = key.slice(0, -2);
    const arr = (params[k] as unknown[] | undefined) ?? [];
    arr.push(value);
    params[k] = arr;
  } else params[key] = value;
}

async function apiCommand(ctx: Context, path: string, opts: ApiOptions): Promise<void> {
  const method = (opts.method ?? (opts.field.length || opts.rawField.length || opts.input ? 'POST' : 'GET')).toUpperCase();
  if (!METHODS.includes(method)) throw new UsageError(`invalid value for -X: "${opts.method}" is not one of ${METHODS.join(', ')}`);
  const api = ctx.api();
  if (/^https?:\/\//i.test(path) && new URL(path).origin !== api.origin)
    throw new UsageError(`refusing to send credentials to ${new URL(path).origin}: collab api only talks to ${api.origin}`);
  if (!/^https?:\/\//i.test(path) && !path.startsWith('/') && path.trim() === '') throw new UsageError('missing <path>');

  const headers: Record<string, string> = {};
  for (const h of opts.H) {
    const [name, value] = parseHeader(h, '-H');
    headers[name] = value;
  }
  const params: Record<string, unknown> = {};
  for (const f of opts.rawField) {
    const [k, v] = splitField(f, '-f');
    addParam(params, k, v);
  }
  for (const f of opts.field) {
    const [k, v] = splitField(f, '-F');
    addParam(params, k, await typedValue(ctx, v));
  }
  let rawBody: { data: Buffer; contentType: string } | undefined;
  if (opts.input !== undefined) {
    const data = await readBytesArg(ctx, opts.input, '--input');
    const ct = Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? 'application/json';
    rawBody = { data, contentType: ct };
  }
  const inQuery = method === 'GET' || method === 'HEAD' || rawBody !== undefined;
  const query = inQuery ? (params as Record<string, never>) : undefined;
  const body = !inQuery && Object.keys(params).length > 0 ? params : undefined;

  const printer = ctx.printer('json');
  if (opts.paginate) {
    if (method !== 'GET') throw new UsageError('--paginate works with GET requests only');
    await printList(printer, paginatePages(api, { method: 'GET', path, query, headers }, { all: true, perPage: 100 }));
    return;
  }
  // The raw tool: any body but an HTML page is printed (JSON checked and formatted, others as they are).
  const res = await api.request({ method, path, query, body, rawBody, headers, expect: 'any', returnErrors: true });
  if (opts.include) {
    const lines = [`HTTP ${res.status}`];
    for (const [k, v] of Object.entries(res.headers)) {
      if (v === undefined || /^set-cookie$/i.test(k)) continue;
      // Header bytes beyond ASCII arrive as latin-1, C1 controls among them.
      lines.push(cellText(`${k}: ${Array.isArray(v) ? v.join(', ') : v}`));
    }
    await writeOut(ctx.io.stdout, `${lines.join('\n')}\n\n`);
  }
  if (res.status >= 300 && res.status !== 304) {
    if (res.data !== null && typeof res.data === 'object') await writeOut(ctx.io.stdout, `${jsonText(JSON.stringify(res.data))}\n`);
    throw api.statusError(res);
  }
  const data = res.data;
  if (data === undefined) return;
  if (Buffer.isBuffer(data)) {
    await printer.bytes(data, `the answer (${header(res.headers, 'content-type') ?? 'no content type'})`);
    return;
  }
  if (Array.isArray(data)) await printList(printer, [data]);
  else await printer.object(data);
}

/** Lists as rows: json/ndjson stream; table/tsv columns are the items' own top-level fields. */
async function printList(printer: Printer, pages: AsyncIterable<unknown[]> | Iterable<unknown[]>): Promise<void> {
  if (printer.json) {
    await printer.listPages(toAsync(pages), []);
    return;
  }
  const all: unknown[] = [];
  for await (const page of pages) for (const item of page) all.push(item);
  await printer.list(all, rowColumns(all));
}

async function* toAsync(pages: AsyncIterable<unknown[]> | Iterable<unknown[]>): AsyncGenerator<unknown[]> {
  for await (const page of pages) yield page;
}

/**
 * Columns for items nobody declared: each top-level field in order of first appearance, nested
 * values as JSON; scalar items (a list of strings) in one `value` column.
 */
export function rowColumns(items: unknown[]): Column[] {
  const keys = new Set<string>();
  let scalars = false;
  for (const item of items) {
    if (isObject(item)) for (const k of Object.keys(item)) keys.add(k);
    else scalars = true;
  }
  const asText = (v: unknown) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : v);
  const columns: Column[] = [...keys].map((key) => ({
    key,
    get: (item: unknown) => (isObject(item) ? asText(item[key]) : undefined),
  }));
  if (scalars)
    columns.push({
      key: 'value',
      get: (item: unknown) => (isObject(item) ? undefined : asText(item)),
    });
  return columns;
}

export function build(getCtx: () => Context): Command {
  return (
    showGlobalFlags(new Command('api'), ['output'])
      .description('Send any request to the API (same auth, paginator and output)')
      .argument('<path>', 'path below /api/v4 (e.g. /projects/acme%2Fapi/issues), or a URL on the configured host')
      .option('-X, --method <method>', 'HTTP method (default GET, or POST when fields are given)')
      .option('-f, --raw-field <key=value>', 'a string parameter (repeatable)', collect, [])
      .option('-F, --field <key=value>', 'a typed parameter: numbers, true/false, null, @file (repeatable)', collect, [])
      // Short form only: the global --header (tsv header row) owns the long name.
      .option('-H <name: value>', 'an extra request header (repeatable)', collect, [])
      .option('--input <file>', 'the request body from a file, or - for stdin')
      .option('--paginate', 'fetch every page of a list (one JSON array, or NDJSON with -o ndjson)')
      .option('-i, --include', 'print the status line and response headers first')
      .addHelpText(
        'after',
        `\nExamples:\n  $ collab api /user\n  $ collab api /projects/acme%2Fapi/issues -f state=opened --paginate -o ndjson\n  $ collab api -X PUT /projects/7/issues/3 -F weight=3 -f state_event=close\n  $ collab api /projects/7/uploads -X POST -H 'Content-Type: multipart/form-data; boundary=x' --input body.bin\n`,
      )
      .action((path: string, opts: ApiOptions) => apiCommand(getCtx(), path, opts))
  );
}
