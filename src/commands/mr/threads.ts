/**
 * A merge request's threads (GitLab's discussions API, lib/api/discussions.rb): `notes` lists the
 * comments thread by thread, `discussions` the threads with their ids, `resolve` and `unresolve`
 * set a thread's state. Read whole (a thread's replies come with it), filtered here by state.
 */
import type { Context } from '../../context.js';
import type { FlagSpec, Values } from '../../executor/inputs.js';
import { defineCommand } from '../../executor/spec.js';
import { tableText } from '../../output/sanitize.js';
import type { ListOptions } from '../../output/summary.js';
import { shortId, type Thread, threadState } from '../../output/thread-shape.js';
import { ORDER_BY_CREATED_UPDATED } from '../../resources/issue.js';
import { noNotesApi } from '../../resources/notes.js';
import { sortFlag } from '../../resources/sort.js';
import { discussionColumns, inThread, threadNoteColumns } from '../../resources/thread-columns.js';
import { asThread, findThread, keptThreads, readThreads, resolvableThread, resolvedFlags, threadsPath } from '../../resources/threads.js';
import { iidArg, MERGE_REQUEST, MR_PATH, plainIidArg } from './shared.js';

const noSystem: FlagSpec = {
  name: 'no-system',
  param: false,
  type: 'bool',
  description: 'leave out system notes ("changed the description")',
};

/** What the list holds, for the lines under it and the one that says it is empty. */
function listed(v: Values, items: string): ListOptions {
  const filters = ['resolved', 'unresolved', 'no-system'].filter((f) => v.flags[f] === true).map((f) => `--${f}`);
  return { project: v.project, what: { items, filters, place: `merge request !${String(v.args.iid)}` } };
}

/** Threads newest first with --sort desc, by their last note with --order-by updated_at. */
function ordered(threads: Thread[], v: Values): Thread[] {
  const key = (t: Thread): string => {
    const note = v.flags['order-by'] === 'updated_at' ? t.notes[t.notes.length - 1] : t.notes[0];
    return String((v.flags['order-by'] === 'updated_at' ? note?.updated_at : note?.created_at) ?? '');
  };
  const sorted = threads.slice().sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  return v.flags.sort === 'asc' ? sorted : sorted.reverse();
}

async function listNotes(ctx: Context, v: Values): Promise<void> {
  const threads = ordered(keptThreads(await readThreads(ctx, MERGE_REQUEST, v), v), v);
  const notes: unknown[] = [];
  for (const thread of threads) for (const note of thread.notes) notes.push(inThread(note, thread));
  await ctx.printer().listPages(pagesOf(notes), threadNoteColumns, listed(v, 'comments'));
}

async function listThreads(ctx: Context, v: Values): Promise<void> {
  const threads = keptThreads(await readThreads(ctx, MERGE_REQUEST, v), v);
  const raw: unknown[] = [];
  for (const thread of threads) raw.push(thread.raw);
  await ctx.printer().listPages(pagesOf(raw), discussionColumns, listed(v, 'threads'));
}

async function* pagesOf(items: unknown[]): AsyncGenerator<unknown[]> {
  yield items;
}

export const notes = defineCommand({
  name: 'notes',
  aliases: ['comments'],
  summary: "List a merge request's comments, thread by thread",
  description:
    "List the notes of a merge request, thread by thread (GitLab's discussions API): a thread's " +
    "replies under it, its id (THREAD, ↳ for a reply), a diff comment's file and line (WHERE), " +
    'whether the thread is resolved, internal notes marked; system notes ("changed the ' +
    'description") are threads of their own. Threads oldest first with --sort asc (default: ' +
    "newest first, as GitLab lists notes). JSON: GitLab's notes as sent. A server that follows the " +
    'spec has no notes (exit 1).',
  examples: [
    'collab mr notes 3 -p acme/platform/api',
    'collab mr notes 3 --unresolved --sort asc',
    'collab mr notes 3 --no-system -o ndjson',
  ],
  args: [iidArg],
  project: 'required',
  flags: [
    {
      name: 'order-by',
      type: 'enum',
      choices: ORDER_BY_CREATED_UPDATED,
      description: 'order threads by their first note (created_at, the default) or their last (updated_at)',
    },
    { ...sortFlag('desc'), description: 'threads newest first (desc, the default) or oldest first (asc)' },
    ...resolvedFlags,
    noSystem,
    { name: 'all', param: false, type: 'bool', description: 'every note (always so: threads are read whole, every page)' },
  ],
  columns: threadNoteColumns,
  uses: ['output'],
  effect: 'read',
  run: listNotes,
});

export const discussions = defineCommand({
  name: 'discussions',
  aliases: ['threads'],
  summary: "List a merge request's threads with their ids",
  description:
    "List a merge request's threads (GitLab's discussions API), oldest first: each one's id (what " +
    '`mr note --reply` and `mr resolve` take, whole or its first characters), its state (resolved, ' +
    'unresolved; comment or system for what nobody resolves), the file and line of a diff comment, ' +
    'who started it, how many notes it has. JSON: the threads as GitLab sends them, notes included.',
  examples: [
    'collab mr discussions 3 -p acme/platform/api',
    'collab mr discussions 3 --unresolved',
    "collab mr discussions 3 -o json --jq '.[] | select(.notes[0].resolvable) | .id'",
  ],
  args: [iidArg],
  project: 'required',
  flags: [...resolvedFlags, noSystem],
  columns: discussionColumns,
  uses: ['output'],
  effect: 'read',
  run: listThreads,
});

/** The thread the argument names (an id, its first characters, or one of its notes' ids), found in the thread list. */
async function findNamedThread(ctx: Context, v: Values): Promise<void> {
  const found = findThread(await readThreads(ctx, MERGE_REQUEST, v), String(v.args.discussion_id), MERGE_REQUEST, v);
  const thread = resolvableThread(found, threadName(found), MERGE_REQUEST, v);
  v.args.discussion_id = thread.id ?? String(v.args.discussion_id);
  v.seen = thread.raw as Values['seen'];
}

/** `the thread 6c268146 (carol: "Should this stay…")`. */
function threadName(thread: Thread): string {
  const author = thread.notes[0]?.author?.username;
  const body = thread.notes[0]?.body;
  const text = typeof body === 'string' ? tableText(body) : '';
  const said = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  const who = typeof author === 'string' ? `${tableText(author)}: ` : '';
  return `the thread ${shortId(thread.id)}${said || who ? ` (${who}"${said}")` : ''}`;
}

function resolveVerb(resolved: boolean) {
  const [verb, past, state] = resolved ? ['resolve', 'Resolved', 'resolved'] : ['unresolve', 'Unresolved', 'unresolved'];
  return defineCommand({
    name: verb,
    summary: resolved ? 'Resolve a thread of a merge request' : 'Reopen a resolved thread of a merge request',
    description:
      `${resolved ? 'Resolve' : 'Unresolve'} a thread of a merge request (GitLab's ` +
      '`PUT …/discussions/:id`), named by its id, its first characters (`collab mr discussions` ' +
      'lists them) or the id of one of its notes. A thread already so is said and not sent; one ' +
      'nobody resolves (a comment on its own, a system note) is exit 1, nothing sent (GitLab: 403). The ' +
      "merge request's author and Developers may.",
    examples: [`collab mr ${verb} 3 6c268146 -p acme/platform/api`, `collab mr ${verb} 3 1936   # the thread of note 1936`],
    args: [plainIidArg, { name: 'discussion_id', type: 'string', description: 'the thread: its id, its first characters, or a note id' }],
    project: 'required',
    method: 'PUT',
    path: `${MR_PATH}/discussions/:discussion_id`,
    fixed: { resolved },
    answer: { kind: 'object', key: 'id' },
    columns: discussionColumns,
    prepare: findNamedThread,
    already: {
      notice: (v, current) => {
        const thread = asThread(current);
        return threadState(thread) === (resolved ? 'resolved' : 'unresolved')
          ? `${capital(threadName(thread))} on !${String(v.args.iid)} is already ${state}: nothing changed`
          : undefined;
      },
    },
    explain: { 404: (ctx, v, err) => noNotesApi(ctx, MERGE_REQUEST, v, err, false, threadsPath(MERGE_REQUEST)) },
    // The thread as answered; an answer that is no thread (a proxy's, a partial one) leaves the one found.
    done: (v, answer) => {
      const answered = asThread(answer);
      return `${past} ${threadName(answered.id === undefined ? asThread(v.seen) : answered)} on !${String(v.args.iid)}`;
    },
  });
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export const resolve = resolveVerb(true);
export const unresolve = resolveVerb(false);
