import { dialectMatters, type Flavor, refusalIn, scalarAnswers, serverMethod, serverParams, unchangedNotice } from '../api/dialect.js';
import { errorMessage, statusLine } from '../api/error-body.js';
import { paginatePages } from '../api/paginate.js';
import { fillPath, type QueryValue } from '../api/path.js';
import type { Context } from '../context.js';
import { ApiError, AuthError } from '../errors.js';
import type { Column, ListOptions } from '../output/format.js';
import { expectedAnswer, pathTemplate, pathValues, resourceOf } from './endpoint.js';
import { asAnswer, type Values } from './inputs.js';
import type { CommandSpec } from './spec.js';

/**
 * The `send` stage: the declaration's `run`, or its endpoint called (a list's pages, an "already
 * so" read first, a 304 read again), every error answer explained by the declaration's `explain`.
 * What it leaves for the `print` stage is a `Sent`.
 */
export type Sent =
  /** Nothing to print: `run` printed itself, or a notice said it all. */
  | { kind: 'nothing' }
  /** A list, page by page as they come. */
  | { kind: 'pages'; pages: AsyncIterable<unknown[]>; list: ListOptions }
  /** It was already so (a notice said it): the resource as it is, printed unless the output is brief. */
  | { kind: 'current'; data: unknown; columns?: Column[] }
  /** The endpoint's answer. */
  | { kind: 'answer'; data: unknown; status: number };

const NOTHING: Sent = { kind: 'nothing' };

/** Sends the command (its `run`, or its endpoint) for values made ready. `brief`: a resource read again would not be printed. */
export async function send(ctx: Context, spec: CommandSpec, v: Values, brief: boolean): Promise<Sent> {
  if (!spec.run) return callEndpoint(ctx, spec, v, brief);
  await explaining(ctx, spec, v, () => spec.run!(ctx, v));
  return NOTHING;
}

/** What `request` does, its error answer explained by the declaration where it says something about that status. */
async function explaining<T>(ctx: Context, spec: CommandSpec, v: Values, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (err) {
    throw await explained(ctx, spec, v, err);
  }
}

async function explained(ctx: Context, spec: CommandSpec, v: Values, err: unknown): Promise<unknown> {
  if (!(err instanceof ApiError || err instanceof AuthError)) return err;
  const status = err instanceof ApiError ? err.status : 401;
  const explain = status === undefined ? undefined : spec.explain?.[status];
  if (!explain) return err;
  const better = await explain(ctx, v, err);
  if (better === undefined || better instanceof Error) return better ?? err;
  return err instanceof ApiError ? new ApiError(err.message, status, err.body, better) : new AuthError(err.message, better);
}

/** The flavour a request must be sent in: asked of the host only when a name or the method differs. */
async function flavorFor(ctx: Context, method: string, path: string, names: string[]): Promise<Flavor> {
  return dialectMatters(method, path, names) ? ctx.flavor() : 'spec';
}

async function callEndpoint(ctx: Context, spec: CommandSpec, v: Values, brief: boolean): Promise<Sent> {
  const template = pathTemplate(spec, v);
  if (!spec.method || template === undefined) throw new Error(`command ${spec.name} declares neither run nor method/path`);
  const path = fillPath(template, pathValues(v));
  const params = { ...spec.fixed, ...v.params };
  if (spec.list) return listPages(ctx, spec, v, template, path, params);
  if (spec.already) {
    const current = await alreadySo(ctx, spec, v, template);
    if (current) return current;
  }
  const inQuery = spec.method === 'GET' || spec.method === 'DELETE';
  const query = inQuery ? params : {};
  const body = inQuery ? {} : params;
  const matters = dialectMatters(spec.method, path, [...Object.keys(query), ...Object.keys(body)]);
  const flavor = matters ? await ctx.flavor() : 'spec';
  // What the answer is read against: the flavour asked for, else one known without asking.
  v.flavor = matters ? flavor : ctx.settings.flavor();
  const sent = serverParams(body, flavor);
  // Loaded for uploads only: multipart brings node:crypto, which would cost every start ~2 ms.
  const rawBody = v.files.length > 0 ? (await import('../api/multipart.js')).multipartBody(sent, v.files) : undefined;
  const method = spec.method;
  const res = await explaining(ctx, spec, v, async () => {
    const res = await ctx.api().request({
      method: serverMethod(method, path, flavor),
      path,
      query: serverParams(query, flavor) as Record<string, QueryValue>,
      expect: { ...expectedAnswer(spec, method, template), scalars: scalarAnswers(method, path) },
      ...(rawBody ? { rawBody } : { body: Object.keys(body).length > 0 || method === 'POST' || method === 'PUT' ? sent : undefined }),
    });
    const refused = refusalIn(method, res.data);
    if (refused) throw new ApiError(statusLine(refused.status, errorMessage(refused, undefined, refused.status)), refused.status, res.data);
    return res;
  });
  if (res.status === 304) return notModified(ctx, spec, v, brief);
  const unchanged = unchangedNotice(spec.method, path, res.data);
  if (unchanged) {
    ctx.notice(unchanged);
    return NOTHING;
  }
  return { kind: 'answer', data: res.data, status: res.status };
}

async function listPages(
  ctx: Context,
  spec: CommandSpec,
  v: Values,
  template: string,
  path: string,
  params: Record<string, unknown>,
): Promise<Sent> {
  const query = spec.method === 'GET' || spec.method === 'DELETE' ? params : {};
  const listQuery = serverParams(query, await flavorFor(ctx, 'GET', path, Object.keys(query)));
  const stats = {};
  const request = { method: 'GET', path, query: listQuery as Record<string, QueryValue>, expect: expectedAnswer(spec, 'GET', template) };
  const pages = paginatePages(ctx.api(), request, { ...v.page, stats });
  return { kind: 'pages', pages, list: { crossProject: v.project === undefined, what: listDescription(template, v), stats } };
}

const STATE_WORDS: Record<string, string> = { opened: 'open', all: '' };

/** `open issues in acme/platform/api`: what a list holds, from its path and its filters. */
function listDescription(template: string, v: Values): string {
  const noun = (resourceOf(template) ?? 'items').replace(/_/g, ' ');
  const state = typeof v.flags.state === 'string' ? (STATE_WORDS[v.flags.state] ?? v.flags.state) : '';
  const where = v.project !== undefined ? ` in ${v.project}` : v.group !== undefined ? ` in ${v.group}` : '';
  return `${state ? `${state} ` : ''}${noun}${where}`;
}

/** A state change that is no change: the current resource, after the notice that says so; undefined to go on. */
async function alreadySo(ctx: Context, spec: CommandSpec, v: Values, template: string): Promise<Sent | undefined> {
  const read = spec.already!.read ?? template;
  const current = await ctx.api().request({ method: 'GET', path: fillPath(read, pathValues(v)), expect: expectedAnswer({}, 'GET', read) });
  const notice = spec.already!.notice(v, asAnswer(current.data));
  if (notice === undefined) return undefined;
  ctx.notice(notice);
  return { kind: 'current', data: current.data, columns: spec.columns };
}

/** A 304: "already so", said; the resource read again where the declaration says where (and it would be printed). */
async function notModified(ctx: Context, spec: CommandSpec, v: Values, brief: boolean): Promise<Sent> {
  if (!spec.notModified) {
    ctx.notice('Not modified: the resource was already in that state');
    return NOTHING;
  }
  ctx.notice(spec.notModified.notice(v));
  const refetch = spec.notModified.refetch;
  if (!refetch || brief) return NOTHING;
  const current = await ctx
    .api()
    .request({ method: 'GET', path: fillPath(refetch, pathValues(v)), expect: expectedAnswer({}, 'GET', refetch) });
  return { kind: 'current', data: current.data, columns: spec.notModified.columns ?? spec.columns };
}
