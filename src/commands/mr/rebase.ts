/**
 * `mr rebase`: GitLab rebases the source branch onto the target (`PUT …/merge_requests/:iid/rebase`,
 * lib/api/merge_requests.rb; doc/api/merge_requests.md, "Rebase a merge request"). The rebase runs
 * in the background: collab polls the merge request with `include_rebase_in_progress=true` on the
 * one waiting loop (src/executor/poll.ts) until `rebase_in_progress` is false, then says whether it
 * succeeded (`merge_error` explained when it did not). The spec's API has no rebase.
 */
import { fillPath } from '../../api/path.js';
import type { Context } from '../../context.js';
import { ApiError, type CollabError, LocalError } from '../../errors.js';
import { pathValues } from '../../executor/endpoint.js';
import { commandLine, type Values } from '../../executor/inputs.js';
import { conditionalRead, pollUntil } from '../../executor/poll.js';
import { defineCommand } from '../../executor/spec.js';
import { mrColumns } from '../../resources/mr.js';
import { waitLine } from '../../resources/pipeline-wait.js';
import { shellLine } from '../../shell-quote.js';
import type { MrState } from './merge-blockers.js';
import { fetchMr } from './merge-errors.js';
import { iidArg, MR_PATH, plain, ref, shortSha } from './shared.js';

/** What a rebase's wait reads of the merge request. */
interface Rebasing extends MrState {
  rebase_in_progress?: boolean;
  merge_error?: string | null;
}

/** The wait between polls unless --interval says otherwise: a rebase takes seconds. */
const INTERVAL_MS = 1000;

const onto = (mr: MrState) => (mr.source_branch && mr.target_branch ? ` (${plain(mr.source_branch)} onto ${plain(mr.target_branch)})` : '');

/** Polls the merge request until the server says no rebase runs; a server that does not say ends the wait at once. */
async function waitForRebase(ctx: Context, v: Values): Promise<Rebasing> {
  const read = conditionalRead<Rebasing>(() => ctx.api(), {
    method: 'GET',
    path: fillPath(MR_PATH, pathValues(v)),
    query: { include_rebase_in_progress: true },
    expect: { kind: 'object', key: 'iid' },
  });
  return pollUntil(
    ctx,
    {
      read,
      settled: (mr) => mr.rebase_in_progress !== true,
      // The ending is the verdict's to name (a new head, or `merge_error`): the line says only that it ended.
      describe: (mr) => `${ref(v.args.iid)}${onto(mr)}: ${mr.rebase_in_progress === true ? 'rebasing' : 'rebase ended'}`,
    },
    {
      intervalMs: typeof v.flags.interval === 'number' ? Math.round(v.flags.interval * 1000) : INTERVAL_MS,
      timeoutMs: ctx.settings.givenTimeoutMs(),
      what: `the rebase of ${ref(v.args.iid)}`,
      timeoutHint: `it goes on on the server: ${commandLine(v, shellLine`mr view ${String(v.args.iid)}`)} shows how it ended`,
      status: await waitLine(ctx),
    },
  );
}

/** How the rebase ended: a new head (exit 0), none needed, or `merge_error` (exit 1, and what to do). */
function verdict(ctx: Context, v: Values, before: MrState, after: Rebasing): void {
  const iid = String(v.args.iid);
  const error = typeof after.merge_error === 'string' && after.merge_error !== '' ? after.merge_error : undefined;
  if (error !== undefined && after.sha === before.sha) {
    const conflicts = /conflict/i.test(error);
    throw new LocalError(
      `the rebase of ${ref(iid)}${onto(after)} failed: ${plain(error)}`,
      conflicts
        ? `rebase it where you can resolve the conflicts: ${commandLine(v, shellLine`mr checkout ${iid}`)}, ` +
            `git rebase onto ${plain(after.target_branch ?? 'the target')}, then git push --force-with-lease`
        : `${commandLine(v, shellLine`mr view ${iid}`)} shows the merge request as it is`,
    );
  }
  if (after.sha === before.sha) ctx.success(`${ref(iid)}${onto(after)} was up to date: nothing to rebase`);
  else ctx.success(`Rebased ${ref(iid)}${onto(after)}: its head is now ${shortSha(after.sha)}`);
}

/**
 * GitLab rebases an open merge request only: for another, `rebase_async` raises StaleObjectError,
 * which its lock turns into the 409 "Failed to enqueue the rebase operation …" (app/models/
 * merge_request.rb, `rebase_async`, `with_retried_nowait_lock`) that reads as a rebase under way.
 */
function refuseUnlessOpen(v: Values, mr: MrState): void {
  const state = typeof mr.state === 'string' ? mr.state : undefined;
  if (state === undefined || state === 'opened' || state === 'locked') return;
  throw new LocalError(
    `${ref(v.args.iid)}${onto(mr)} is ${plain(state)}: GitLab rebases only an open merge request`,
    state === 'closed' ? `reopen it first: ${commandLine(v, shellLine`mr reopen ${String(v.args.iid)}`)}` : undefined,
  );
}

async function runRebase(ctx: Context, v: Values): Promise<void> {
  const before = await fetchMr(ctx, v);
  refuseUnlessOpen(v, before);
  const body = v.flags['skip-ci'] === true ? { skip_ci: true } : {};
  await ctx.api().request({ method: 'PUT', path: `${fillPath(MR_PATH, pathValues(v))}/rebase`, body, expect: { kind: 'object' } });
  const after = await waitForRebase(ctx, v);
  const printer = ctx.printer();
  if (printer.json || ctx.settings.flags.fields !== undefined) await printer.object(after, mrColumns);
  verdict(ctx, v, before, after);
}

/** A 404 for a merge request that exists (read again: a missing one is its own 404): a server without rebase (the spec's). */
async function noRebase(ctx: Context, v: Values, err: CollabError): Promise<Error> {
  await fetchMr(ctx, v);
  return new ApiError(
    `this server has no rebase: merge request ${ref(v.args.iid)} exists, but PUT /projects/<project>/merge_requests/<iid>/rebase answered 404`,
    err instanceof ApiError ? err.status : 404,
    err instanceof ApiError ? err.body : undefined,
    "rebasing on the server is GitLab's; rebase it yourself: " +
      `${commandLine(v, shellLine`mr checkout ${String(v.args.iid)}`)}, git rebase, git push --force-with-lease`,
  );
}

export const rebase = defineCommand({
  name: 'rebase',
  summary: "Rebase a merge request's source branch onto its target, on the server",
  description:
    "GitLab rebases the merge request's source branch onto its target branch (PUT …/rebase), " +
    'in the background: collab waits until it has ended (rebase_in_progress false), then says ' +
    'whether it succeeded — the new head — or why not (merge_error: conflicts are resolved in a ' +
    'checkout). --skip-ci: no pipeline for the new head. Exit 0 rebased (or nothing to do), 1 ' +
    "failed, 124 on --timeout. Rebasing needs push access to the source branch (403). The spec's " +
    'API has no rebase (exit 1).',
  examples: ['collab mr rebase 3 -p acme/platform/api', 'collab mr rebase --skip-ci   # the merge request of the branch checked out'],
  args: [iidArg],
  project: 'required',
  flags: [
    { name: 'skip-ci', param: false, type: 'bool', description: 'create no pipeline for the rebased head' },
    {
      name: 'interval',
      param: false,
      type: 'number',
      min: 0,
      max: 3600,
      value: '<seconds>',
      description: 'seconds between polls at first (default 1); the wait grows while nothing changes',
    },
  ],
  columns: mrColumns,
  uses: ['output', 'wait'],
  run: runRebase,
  explain: {
    403: () => 'rebasing needs push access to the source branch (Developer, or more on a protected branch)',
    404: noRebase,
    409: () => 'a rebase of it may be under way already: wait a moment and look again (collab mr view)',
  },
});
