import { fillPath } from '../api/path.js';
import type { Context } from '../context.js';
import { ApiError, AuthError } from '../errors.js';
import type { Column } from '../output/columns.js';
import type { ListOptions } from '../output/summary.js';
import { expectedAnswer, pathTemplate, pathValues } from './endpoint.js';
import { dialectFor, pagesIn, readIn, sendIn } from './host-dialect.js';
import { asAnswer, type Values } from './inputs.js';
import { describeRequest } from './list-description.js';
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

/** A list's pages, an error answer to any of them explained as the endpoint's would be (they are read as they are printed). */
async function* explainedPages(ctx: Context, spec: CommandSpec, v: Values, pages: AsyncIterable<unknown[]>): AsyncGenerator<unknown[]> {
  try {
    yield* pages;
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

async function callEndpoint(ctx: Context, spec: CommandSpec, v: Values, brief: boolean): Promise<Sent> {
  const template = pathTemplate(spec, v);
  const method = spec.method;
  if (!method || template === undefined) throw new Error(`command ${spec.name} declares neither run nor method/path`);
  const path = fillPath(template, pathValues(v));
  const params = { ...spec.fixed, ...v.params };
  const inQuery = method === 'GET' || method === 'DELETE';
  const req = { method, path, query: inQuery ? params : {}, body: inQuery ? {} : params, files: v.files };
  if (spec.list) {
    const stats = {};
    const expect = expectedAnswer(spec, 'GET', template);
    const pages = await pagesIn(ctx, { path, query: req.query, expect }, { ...v.page, stats, unique: true }, spec.filterLocally);
    const what = describeRequest(spec, template, v);
    return {
      kind: 'pages',
      pages: explainedPages(ctx, spec, v, pages),
      list: { crossProject: v.project === undefined, project: v.project, what, page: v.page.page, stats },
    };
  }
  if (spec.already && (spec.already.when?.(v, ctx) ?? true)) {
    const current = await alreadySo(ctx, spec, v, template);
    if (current) return current;
  }
  const dialect = await dialectFor(ctx, req);
  // Known before the answer: what an explanation of a refusal reads.
  v.flavor = dialect.readAs;
  const expect = expectedAnswer(spec, method, template);
  const res = await explaining(ctx, spec, v, () => sendIn(ctx, { ...req, expect, followRedirects: spec.followRedirects }, dialect.sendIn));
  if (res.status === 304) return notModified(ctx, spec, v, brief);
  if (res.unchanged) {
    ctx.notice(res.unchanged);
    return NOTHING;
  }
  return { kind: 'answer', data: res.data, status: res.status };
}

/** A state change that is no change: the current resource, after the notice that says so; undefined to go on. */
async function alreadySo(ctx: Context, spec: CommandSpec, v: Values, template: string): Promise<Sent | undefined> {
  const read = spec.already!.read ?? template;
  // Read already by `prepare` (what a change was worked out from): not read twice.
  const current = v.seen ?? (await readIn(ctx, fillPath(read, pathValues(v)), expectedAnswer({}, 'GET', read)));
  // What a `done` line may compare the answer with (the labels a replacement took away).
  v.seen = asAnswer(current);
  const notice = spec.already!.notice(v, asAnswer(current));
  if (notice === undefined) return undefined;
  ctx.notice(notice);
  return { kind: 'current', data: current, columns: spec.columns };
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
  const current = await readIn(ctx, fillPath(refetch, pathValues(v)), expectedAnswer({}, 'GET', refetch));
  return { kind: 'current', data: current, columns: spec.notModified.columns ?? spec.columns };
}
