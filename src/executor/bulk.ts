import type { Context } from '../context.js';
import { ApiError, AuthError, CancelError, CollabError } from '../errors.js';
import { answerFields, type Column, columnSet } from '../output/columns.js';
import { mark } from '../output/paint.js';
import { messageText } from '../output/sanitize.js';
import { batchConsent } from './confirm.js';
import { type ArgSpec, asAnswer, type BulkItem, type Values } from './inputs.js';
import { prepareValues, resolveLookups } from './prepare.js';
import { fieldsFirst, printSent } from './print.js';
import { send } from './send.js';
import type { CommandSpec } from './spec.js';

/**
 * Bulk verbs (a declaration's `bulk`): `collab issue close 4 5 6`, or the ids on standard input
 * with `--stdin`. Every id is checked before anything is sent; an irreversible verb is confirmed
 * once for the batch; the items then go `--concurrency` at once through the one API client, so
 * a 429 pauses them all; one result per item is printed, in the order given; exit 1 if any failed.
 */

interface Outcome {
  item: BulkItem;
  ok: boolean;
  /** What the item's run said last (its done line, an "already so" notice). */
  said?: string;
  /** What the server answered a success with. */
  answer?: unknown;
  status?: number;
  error?: string;
}

/** `issue #4`, `merge request !7`, `job 12`, `user 42`. */
function itemLabel(arg: ArgSpec, item: BulkItem, project: string | undefined): string {
  const value = String(item.value);
  const name =
    arg.url === 'issues'
      ? `issue #${value}`
      : arg.url === 'merge_requests'
        ? `merge request !${value}`
        : `${arg.description.replace(/ id$/, '').split(' ')[0]} ${value}`;
  return item.project !== undefined && item.project !== project ? `${name} (project ${item.project})` : name;
}

/** An item's values: the batch's, with its id (and its own project, when it has one). */
function itemValues(spec: CommandSpec, batch: Values, item: BulkItem): Values {
  return {
    ...batch,
    args: { ...batch.args, [spec.bulk!]: item.value },
    flags: { ...batch.flags },
    params: { ...batch.params },
    project: item.project ?? batch.project,
    // Confirmed (or --yes) for the whole batch.
    yes: true,
    seen: undefined,
    bulk: undefined,
  };
}

async function runItem(ctx: Context, spec: CommandSpec, batch: Values, item: BulkItem): Promise<Outcome> {
  const said: string[] = [];
  const itemCtx = ctx.forItem((message) => said.push(message));
  const v = itemValues(spec, batch, item);
  try {
    await resolveLookups(itemCtx, spec, v);
    const printer = itemCtx.printer();
    const sent = await send(itemCtx, spec, v, printer.brief);
    await printSent(itemCtx, spec, v, printer, sent);
    return { item, ok: true, said: said.at(-1), answer: sent.kind === 'answer' ? sent.data : undefined };
  } catch (err) {
    // Ctrl-C ends the batch; anything not an answer or a refusal is a bug.
    if (err instanceof CancelError || !(err instanceof CollabError)) throw err;
    const status = err instanceof ApiError ? err.status : err instanceof AuthError ? 401 : undefined;
    return { item, ok: false, status, error: messageText(err.message) };
  }
}

/** The columns of a result record (`-o json`, `-o ndjson`, `--fields`, `--jq`); with `bulkAnswer`, the answer's too. */
function resultColumns(spec: CommandSpec): Column[] {
  const keys = [spec.bulk!, 'ok', 'status', 'error'];
  const own = keys.map((k) => ({ key: k }));
  if (spec.bulkAnswer === undefined) return columnSet(own, { spec: keys });
  const answer = answerFields(spec.columns);
  return columnSet([...(spec.columns ?? []), ...own, { key: spec.bulkAnswer }], {
    spec: [...(answer?.spec ?? []), ...keys, spec.bulkAnswer],
    gitlab: answer?.gitlab,
  });
}

function record(spec: CommandSpec, outcome: Outcome): Record<string, unknown> {
  const key = spec.bulk!;
  const value =
    typeof outcome.item.value === 'string' && /^\d+$/.test(outcome.item.value) ? Number(outcome.item.value) : outcome.item.value;
  const answer = asAnswer(outcome.answer);
  if (outcome.ok && spec.bulkAnswer !== undefined && answer) return { ...answer, ok: true, [spec.bulkAnswer]: value };
  if (outcome.ok) return { [key]: value, ok: true };
  return { [key]: value, ok: false, ...(outcome.status !== undefined ? { status: outcome.status } : {}), error: outcome.error };
}

/** Runs a batch: one confirmation, the items `concurrency` at once, the results in the order given. */
export async function executeBulk(ctx: Context, spec: CommandSpec, v: Values): Promise<void> {
  const { items, concurrency, fromStdin } = v.bulk!;
  const key = spec.bulk!;
  const arg = spec.args!.find((a) => a.name === key)!;
  const columns = resultColumns(spec);
  if (await fieldsFirst(ctx, columns)) return;
  const printer = ctx.printer();
  const asRecords = printer.json;
  if (items.length === 0) {
    ctx.notice(`No ${key}s on standard input: nothing to do`);
    if (printer.format === 'json') await printer.list([], columns);
    return;
  }
  if (spec.confirm)
    await batchConsent(
      ctx,
      spec.confirm,
      items.map((item) => itemValues(spec, v, item)),
      { yes: v.yes, fromStdin },
    );
  // File flags and `prepare` run once for the batch (standard input is read once), seeing the first id.
  v.args[key] = items[0]!.value;
  if (!(await prepareValues(ctx, spec, v))) return;
  // Names given for ids in flags (`--to acme/web`) are looked up once, not per item.
  await resolveLookups(ctx, spec, v);

  const pool = inOrder(items, concurrency, (item) => runItem(ctx, spec, v, item));
  let failed = 0;
  const counted = (async function* () {
    for await (const outcome of pool.results) {
      if (!outcome.ok) failed++;
      yield outcome;
    }
  })();
  try {
    if (asRecords) await printer.listPages(pagesOf(counted, spec), columns);
    else for await (const outcome of counted) report(ctx, arg, v.project, outcome);
  } finally {
    await pool.stop();
  }
  if (failed > 0)
    throw new ApiError(
      `${failed} of ${items.length} failed`,
      undefined,
      undefined,
      asRecords ? undefined : 'the lines above say which and why',
    );
}

/**
 * `run` over the items, `concurrency` at once; the results in the order of the items, each as
 * soon as it and those before it are done. A run that throws stops the others from starting.
 */
function inOrder<T, R>(
  items: T[],
  concurrency: number,
  run: (item: T) => Promise<R>,
): { results: AsyncGenerator<R>; stop(): Promise<void> } {
  const settled = items.map(() => deferred<R>());
  let next = 0;
  let stopped = false;
  const worker = async () => {
    while (!stopped && next < items.length) {
      const i = next++;
      try {
        settled[i]!.resolve(await run(items[i]!));
      } catch (err) {
        stopped = true;
        settled[i]!.reject(err);
      }
    }
  };
  const workers = Array.from({ length: Math.min(concurrency, items.length) }, worker);
  const results = (async function* () {
    for (const { promise } of settled) yield await promise;
  })();
  return {
    results,
    async stop() {
      stopped = true;
      await Promise.allSettled(workers);
    },
  };
}

async function* pagesOf(outcomes: AsyncIterable<Outcome>, spec: CommandSpec): AsyncGenerator<unknown[]> {
  for await (const outcome of outcomes) yield [record(spec, outcome)];
}

/** One line per item for people: `✓ closed issue #4`, `✗ issue #99: 404 Issue Not Found`. */
function report(ctx: Context, arg: ArgSpec, project: string | undefined, outcome: Outcome): void {
  const label = itemLabel(arg, outcome.item, project);
  if (outcome.ok) {
    ctx.success(outcome.said ?? `${label}: done`);
    return;
  }
  ctx.io.stderr.write(mark('failed', ctx.io));
  ctx.notice(`${ctx.io.stderrIsTTY ? '' : 'failed: '}${label}: ${outcome.error}`);
}

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (err: unknown) => void } {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A rejection is seen when the results reach it; an unreached one is not "unhandled".
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}
