import type { AnswerShape } from '../api/answer-check.js';
import { errorMessage, statusLine } from '../api/error-body.js';
import { keysetQuery } from '../api/keyset.js';
import type { FilePart } from '../api/multipart.js';
import { type PageOptions, paginatePages } from '../api/paginate.js';
import type { QueryValue } from '../api/path.js';
import type { Context } from '../context.js';
import { ApiError } from '../errors.js';
import {
  dialectMatters,
  gitlabOnly,
  otherName,
  refusalIn,
  scalarAnswers,
  serverMethod,
  serverName,
  serverParams,
  showsInAnswer,
  specName,
  unchangedNotice,
} from '../shared/dialect.js';
import { FLAVORS, type Flavor } from '../shared/flavor.js';
import { type Answer, asAnswer } from './inputs.js';
import type { Method } from './spec.js';

/**
 * The dialect layer, between the executor and the client. Above it every parameter and field has
 * the spec's name; here a request is sent in the host's dialect (GitLab's names, GitLab's method
 * where they differ; the host is asked which it speaks only then), and an answer is handed back
 * readable under either dialect's name (`approvals_missing` and `approvals_left` alike), while
 * what prints it as JSON still sees the fields the server sent. The table itself: src/api/dialect.ts.
 */

/** A request as the executor names it: the spec's method, path and parameter names. */
export interface SpecRequest {
  method: Method;
  path: string;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  /** File parts: the body goes as multipart form data. */
  files: FilePart[];
  expect: AnswerShape;
  /** Follow a redirect (GET only), without credentials on another origin. */
  followRedirects?: boolean;
}

/** The dialect a request goes in, and the one its answer is read against (undefined: not known, and it did not matter). */
export interface RequestDialect {
  sendIn: Flavor;
  readAs: Flavor | undefined;
}

/** Which dialect this request must be sent in: the host is asked only when a name or the method differs. */
export async function dialectFor(ctx: Context, req: Pick<SpecRequest, 'method' | 'path' | 'query' | 'body'>): Promise<RequestDialect> {
  const matters = dialectMatters(req.method, req.path, [...Object.keys(req.query), ...Object.keys(req.body)]);
  if (!matters) return { sendIn: 'spec', readAs: ctx.settings.flavor() };
  const flavor = await ctx.flavor();
  return { sendIn: flavor, readAs: flavor };
}

/**
 * Sends the request in `flavor`. A failure that GitLab answers as a success (a service's
 * `{"status":"error"}`) is the error it carries; an answer that says nothing changed is `unchanged`.
 */
export async function sendIn(
  ctx: Context,
  req: SpecRequest,
  flavor: Flavor,
): Promise<{ status: number; data: unknown; unchanged?: string }> {
  const { method, path } = req;
  const body = serverParams(req.body, flavor);
  // Loaded for uploads only: multipart brings node:crypto, which would cost every start ~2 ms.
  const rawBody = req.files.length > 0 ? (await import('../api/multipart.js')).multipartBody(body, req.files) : undefined;
  const sendsBody = Object.keys(body).length > 0 || method === 'POST' || method === 'PUT';
  const res = await ctx.api().request({
    method: serverMethod(method, path, flavor),
    path,
    query: serverParams(req.query, flavor) as Record<string, QueryValue>,
    expect: { ...req.expect, scalars: scalarAnswers(method, path) },
    followRedirects: req.followRedirects,
    ...(rawBody ? { rawBody } : { body: sendsBody ? body : undefined }),
  });
  const refused = refusalIn(method, res.data);
  if (refused) throw new ApiError(statusLine(refused.status, errorMessage(refused, undefined, refused.status)), refused.status, res.data);
  return { status: res.status, data: eitherWay(res.data), unchanged: unchangedNotice(method, path, res.data) };
}

/** What decides, for one item of a list, whether it passes a filter the server was not sent. */
export type LocalFilter = (item: Answer, value: unknown) => boolean;

/**
 * A list's pages (GET, spec-named filters), each item readable under either dialect's names. A
 * filter only GitLab takes that `local` can apply is applied here, and not sent, on a host of the
 * spec's dialect (which would ignore it).
 */
export async function pagesIn(
  ctx: Context,
  req: Pick<SpecRequest, 'path' | 'query' | 'expect'>,
  options: PageOptions,
  local: Readonly<Record<string, LocalFilter>> = {},
): Promise<AsyncIterable<unknown[]>> {
  const { sendIn: flavor } = await dialectFor(ctx, { method: 'GET', body: {}, ...req });
  const sent = { ...req.query };
  const here: [LocalFilter, unknown][] = [];
  for (const [name, filter] of Object.entries(local))
    if (flavor === 'spec' && gitlabOnly(name) && sent[name] !== undefined) {
      here.push([filter, sent[name]]);
      delete sent[name];
    }
  const query = serverParams(sent, flavor) as Record<string, QueryValue>;
  const keep = here.length === 0 ? undefined : (item: unknown) => here.every(([filter, value]) => filter(asAnswer(eitherWay(item)), value));
  // Every page of a long GitLab list: by keyset where GitLab offers it (its offset pagination ends at 50,000).
  const keyset = options.all && options.page === undefined ? keysetQuery(req.path, query) : undefined;
  const paging = { ...options, keep, keyset: keyset && { query: keyset, first: ctx.settings.flavor() === 'gitlab' } };
  return readable(paginatePages(ctx.api(), { method: 'GET', path: req.path, query, expect: req.expect }, paging));
}

async function* readable(pages: AsyncIterable<unknown[]>): AsyncGenerator<unknown[]> {
  for await (const page of pages) yield page.map(eitherWay);
}

/** A GET whose answer is read under either dialect's names (the endpoints read here take no renamed parameter). */
export async function readIn(ctx: Context, path: string, expect?: AnswerShape): Promise<unknown> {
  return eitherWay((await ctx.api().request({ method: 'GET', path, expect })).data);
}

/**
 * An answer readable under either dialect's name: each renamed field (at any depth) gains the other
 * name as a property that JSON, the field/value view and `Object.keys` do not see.
 */
export function eitherWay<T>(data: T): T {
  if (data === null || typeof data !== 'object') return data;
  if (Array.isArray(data)) {
    for (const item of data) eitherWay(item);
    return data;
  }
  // Object.keys, not entries: this visits every field of every item of every page.
  const record = data as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const value = record[key];
    const other = otherName(key);
    if (other !== undefined && !Object.hasOwn(record, other))
      Object.defineProperty(record, other, { value, enumerable: false, writable: true, configurable: true });
    if (value !== null && typeof value === 'object') eitherWay(value);
  }
  return data;
}

/** A `--fields` name as the spec names it (GitLab's `skype` is `messenger`); below the first segment nothing is renamed. */
export function specField(field: string): string {
  const dot = field.indexOf('.');
  return dot < 0 ? specName(field) : specName(field.slice(0, dot)) + field.slice(dot);
}

/** The first of these parameters that only GitLab takes, when the host speaks the spec's dialect (it would ignore it). */
export async function onlyGitlabTakes(ctx: Context, params: readonly string[]): Promise<string | undefined> {
  const only = params.find(gitlabOnly);
  return only !== undefined && (await ctx.flavor()) === 'spec' ? only : undefined;
}

/**
 * Which parameters a write sent that its answer does not show under the name they went as (a
 * server drops what it does not know), leaving out those the server never shows; `speaks`: the
 * other dialect, and its names, when the answer shows them that way (the host's flavour is wrong).
 */
export function notShown(
  sent: readonly string[],
  answer: Record<string, unknown>,
  readAs: Flavor | undefined,
): { ignored: string[]; sentIn: Flavor; speaks?: { flavor: Flavor; names: string[] } } {
  const sentIn = readAs ?? 'spec';
  // The fields the server sent, not the names eitherWay added.
  const shown = new Set(Object.keys(answer));
  const ignored = sent.filter((name) => !shown.has(serverName(name, sentIn)) && showsInAnswer(name, readAs));
  const other = FLAVORS.find((f) => f !== sentIn)!;
  const misnamed = ignored.filter((name) => shown.has(otherName(serverName(name, sentIn)) ?? ''));
  if (misnamed.length === 0) return { ignored, sentIn };
  return { ignored, sentIn, speaks: { flavor: other, names: misnamed.map((n) => serverName(n, other)) } };
}
