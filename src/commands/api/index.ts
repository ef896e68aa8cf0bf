import { paginatePages } from '../../api/paginate.js';
import type { ApiRequest } from '../../api/request.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { FlagSpec, Values } from '../../executor/inputs.js';
import { bodyArg, readTextArg } from '../../executor/read-input.js';
import { defineCommand } from '../../executor/spec.js';
import { parseHeader } from '../../http-header.js';
import type { Column } from '../../output/columns.js';
import type { Printer } from '../../output/printer.js';
import { isObject } from '../../shared/json.js';
import { answer, apiDestination } from './answer.js';
import { EMPTY_ARRAY, jsonBody, queryString } from './fields.js';
import { fillPlaceholders } from './placeholders.js';

const apiFlags = [
  {
    name: 'method',
    short: 'X',
    type: 'string',
    value: '<method>',
    description: 'HTTP method (default GET, or POST when fields are given)',
  },
  { name: 'raw-field', short: 'f', type: 'string', repeatable: true, value: '<key=value>', description: 'a string parameter (repeatable)' },
  {
    name: 'field',
    short: 'F',
    type: 'string',
    repeatable: true,
    value: '<key=value>',
    description: 'a typed parameter: numbers, true/false, null, @file (repeatable)',
  },
  // Short form only: the global --header (tsv header row) owns the long name.
  { name: 'H', type: 'string', repeatable: true, value: '<name: value>', description: 'an extra request header (repeatable)' },
  {
    name: 'input',
    type: 'string',
    value: '<file>',
    description: 'the request body from a file (streamed, with its Content-Length), or - for stdin (read whole first)',
  },
  {
    name: 'dest',
    type: 'string',
    value: '<file>',
    description: 'write the answer to this file (temporary file, renamed when complete; - for stdout), however large',
  },
  { name: 'paginate', type: 'bool', description: 'fetch every page of a list (one JSON array, or NDJSON with -o ndjson)' },
  { name: 'include', short: 'i', type: 'bool', description: 'print the status line and response headers first' },
] as const satisfies readonly FlagSpec[];

const pathArg = {
  name: 'path',
  type: 'string',
  description: 'path below /api/v4 (e.g. /projects/acme%2Fapi/issues, /projects/:id/issues), or a URL on the configured host',
} as const;

type ApiValues = Values<typeof apiFlags, readonly [typeof pathArg]>;

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'];

/** `key=value`; `key[]` alone is an empty array (gh's spelling). */
function splitField(raw: string, flag: string): [string, string | typeof EMPTY_ARRAY] {
  const i = raw.indexOf('=');
  if (i < 0 && raw.endsWith('[]') && raw.length > 2) return [raw, EMPTY_ARRAY];
  if (i <= 0) throw new UsageError(`invalid value for ${flag}: "${raw}" is not key=value`);
  return [raw.slice(0, i), raw.slice(i + 1)];
}

/** `-F` values: numbers, booleans and null typed; `@file` (or `@-`) read as text; placeholders (`:branch`) filled. */
async function typedValue(ctx: Context, raw: string): Promise<unknown> {
  if (raw.startsWith('@')) return readTextArg(ctx, raw.slice(1), '-F');
  const value = await fillPlaceholders(ctx, raw, 'value');
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (value === 'null') return null;
  if (/^-?\d+(\.\d+)?$/.test(value) && Number.isFinite(Number(value))) return Number(value);
  return value;
}

type Field = readonly [name: string, value: unknown, flag: string];

/** Every -f and -F, in the order given (commander keeps each flag's own order: -f first, then -F). */
async function fieldsOf(ctx: Context, v: ApiValues): Promise<Field[]> {
  const fields: Field[] = [];
  for (const raw of v.flags['raw-field'] ?? []) {
    const [name, value] = splitField(raw, '-f');
    fields.push([name, value, '-f']);
  }
  for (const raw of v.flags.field ?? []) {
    const [name, value] = splitField(raw, '-F');
    fields.push([name, value === EMPTY_ARRAY ? value : await typedValue(ctx, value), '-F']);
  }
  return fields;
}

/** The method `collab api` sends: -X, else POST with fields or a body, else GET; checked before anything is asked. */
function methodOf(v: ApiValues): string {
  const f = v.flags;
  const method = (f.method ?? (f.field?.length || f['raw-field']?.length || f.input ? 'POST' : 'GET')).toUpperCase();
  if (!METHODS.includes(method)) throw new UsageError(`invalid value for -X: "${f.method}" is not one of ${METHODS.join(', ')}`);
  if (v.flags.paginate && method !== 'GET') throw new UsageError('--paginate works with GET requests only');
  return method;
}

/** The request `collab api` sends: the method, the fields (query or JSON body), headers and a raw body. */
async function requestOf(ctx: Context, path: string, v: ApiValues): Promise<ApiRequest> {
  const f = v.flags;
  const method = methodOf(v);
  const headers: Record<string, string> = {};
  for (const h of f.H ?? []) {
    const [name, value] = parseHeader(h, '-H');
    headers[name] = value;
  }
  const fields = await fieldsOf(ctx, v);
  let rawBody: ApiRequest['rawBody'];
  if (f.input !== undefined) {
    const data = await bodyArg(ctx, f.input, '--input');
    const ct = Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? 'application/json';
    rawBody = { data, contentType: ct };
  }
  const inQuery = method === 'GET' || method === 'HEAD' || rawBody !== undefined;
  if (!inQuery) return { method, path, body: fields.length > 0 ? jsonBody(fields) : undefined, headers };
  const query = queryString(fields);
  return { method, path: query === '' ? path : `${path}${path.includes('?') ? '&' : '?'}${query}`, rawBody, headers };
}

async function runApi(ctx: Context, v: ApiValues): Promise<void> {
  const api = ctx.api();
  const raw = v.args.path;
  if (/^https?:\/\//i.test(raw) && new URL(raw).origin !== api.origin)
    throw new UsageError(`refusing to send credentials to ${new URL(raw).origin}: collab api only talks to ${api.origin}`);
  if (!/^https?:\/\//i.test(raw) && !raw.startsWith('/') && raw.trim() === '') throw new UsageError('missing <path>');
  methodOf(v);
  const path = await fillPlaceholders(ctx, raw, 'path');
  const dest = apiDestination(ctx, v.flags.dest);
  if (dest !== undefined && v.flags.paginate) throw new UsageError('--dest saves one answer: --paginate prints every page as JSON');
  const request = await requestOf(ctx, path, v);
  const printer = ctx.printer('json');
  if (v.flags.paginate) {
    const { path: first, headers } = request;
    await printList(printer, paginatePages(api, { method: 'GET', path: first, headers }, { all: true, perPage: 100 }));
    return;
  }
  await answer(ctx, request, { include: v.flags.include, dest, printer, printList: (data) => printList(printer, [data]) });
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
function rowColumns(items: unknown[]): Column[] {
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

export const command = defineCommand({
  name: 'api',
  summary: 'Send any request to the API (same auth, paginator and output)',
  description:
    'Send any request to the API, with the same credentials, paginator and output as ' +
    'every command. In the path and in -F values, :id and :fullpath are the project ' +
    "(COLLAB_PROJECT, else the CI job's project, the configured default, the git " +
    'remote on the host in use) and :branch the branch checked out (inside a CI job, ' +
    "the pipeline's), as glab's api fills them. Bracketed field names build nested JSON " +
    "(labels[]=a, assets[links][][name]=x), as gh's api does. An error answer is one line on " +
    'stderr; a JSON answer is printed as JSON; anything else streams to stdout, or to --dest ' +
    '(renamed into place when complete). Inside a CI job the job token goes where GitLab takes it.',
  examples: [
    'collab api /user',
    'collab api /projects/:id/repository/branches/:branch   # the project and branch of the checkout',
    'collab api /projects/:fullpath/releases -o json          # inside a CI job: its project, with the job token',
    'collab api /projects/acme%2Fapi/issues -f state=opened --paginate -o ndjson',
    'collab api -X PUT /projects/7/issues/3 -F weight=3 -f state_event=close',
    "collab api /projects/7/uploads -X POST -H 'Content-Type: multipart/form-data; boundary=x' --input body.bin",
    "collab api /projects/:id/pipeline -f ref=main -f 'variables[][key]=DEPLOY' -f 'variables[][value]=yes'",
    'collab api /projects/:id/packages/generic/tool/1.2.3/tool-linux --dest tool-linux',
  ],
  args: [pathArg],
  flags: apiFlags,
  uses: ['output'],
  run: runApi,
});
