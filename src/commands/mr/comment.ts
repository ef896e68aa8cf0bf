/**
 * `mr note`: a comment on a merge request (GitLab's notes API), an internal one (`--internal`), a
 * reply in a thread (`--reply`), a thread on a line of the diff (`--file`, `--line`), and a
 * thread resolved or reopened (`--resolve`, `--unresolve`), the comment first when there is one.
 * Threads are GitLab's discussions (lib/api/discussions.rb); a server that follows the spec has
 * neither notes nor threads (exit 1, said once).
 */
import { fillPath } from '../../api/path.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { pathValues } from '../../executor/endpoint.js';
import type { FlagSpec, Values } from '../../executor/inputs.js';
import { defineCommand } from '../../executor/spec.js';
import { shortId, type Thread, whereOf } from '../../output/thread-shape.js';
import {
  commentText,
  isNoteCommands,
  lockedDiscussion,
  noNotesApi,
  noteColumns,
  quickActionColumns,
  quickActionsDone,
  quickActionsRefused,
} from '../../resources/notes.js';
import { discussionColumns } from '../../resources/thread-columns.js';
import { findThread, readThreads, resolvableThread, threadsPath } from '../../resources/threads.js';
import { positionFor } from './diff-position.js';
import { iidArg, MERGE_REQUEST, MR_PATH } from './shared.js';

const THREAD = '<thread>';

const commentFlags = [
  { name: 'message', short: 'm', param: 'body', type: 'string', markdown: true, description: 'the comment (Markdown)' },
  {
    name: 'reply',
    param: false,
    type: 'string',
    value: THREAD,
    description: 'reply in this thread: its id, its first characters, or the id of one of its notes',
  },
  { name: 'file', param: false, type: 'string', value: '<path>', description: 'start a thread on a line of this file in the diff' },
  { name: 'line', param: false, type: 'int', min: 1, description: 'with --file: the line, as the new file numbers it' },
  { name: 'old-line', param: false, type: 'bool', description: 'with --line: the line as the old file numbers it (a removed line)' },
  {
    name: 'internal',
    param: false,
    type: 'bool',
    description: 'an internal note: only members from Reporter up see it',
    conflicts: ['reply', 'file'],
  },
  { name: 'resolve', param: false, type: 'string', value: THREAD, description: 'resolve this thread (after the comment, if any)' },
  {
    name: 'unresolve',
    param: false,
    type: 'string',
    value: THREAD,
    description: 'reopen this resolved thread (after the comment, if any)',
    conflicts: ['resolve'],
  },
] as const satisfies readonly FlagSpec[];

type CommentValues = Values<typeof commentFlags>;

const settling = (v: CommentValues): string | undefined => v.flags.resolve ?? v.flags.unresolve;

/** A comment goes unless the command only resolves (or unresolves) a thread. */
const comments = (v: CommentValues): boolean =>
  settling(v) === undefined ||
  v.params.body !== undefined ||
  v.flags.reply !== undefined ||
  v.flags.file !== undefined ||
  v.flags.internal === true;

/** The flags that go together, then the comment's text: exit 2 before anything is sent. */
async function prepareComment(ctx: Context, v: CommentValues): Promise<void> {
  const { file, line } = v.flags;
  if ((file === undefined) !== (line === undefined)) throw new UsageError('--file and --line go together: the file, and the line in it');
  if (v.flags['old-line'] && line === undefined) throw new UsageError('--old-line goes with --line');
  if (v.flags.reply !== undefined && file !== undefined)
    throw new UsageError('--reply and --file cannot be used together: a reply stays where its thread is');
  if (comments(v)) await commentText(ctx, v);
}

/** The merge request's threads, read once, for the references given. */
async function threadsFor(ctx: Context, v: CommentValues): Promise<(ref: string) => Thread> {
  if (v.flags.reply === undefined && settling(v) === undefined) return () => ({ individual: true, notes: [] });
  const threads = await readThreads(ctx, MERGE_REQUEST, v);
  return (ref) => findThread(threads, ref, MERGE_REQUEST, v);
}

const threadLabel = (t: Thread) => `the thread ${shortId(t.id)}${whereOf(t.notes[0]) ? ` on ${whereOf(t.notes[0])}` : ''}`;

/** Sends the comment where it goes; what it answered, and the line that says it. */
async function sendComment(ctx: Context, v: CommentValues, thread: (ref: string) => Thread) {
  const base = fillPath(MR_PATH, pathValues(v));
  const iid = `!${String(v.args.iid)}`;
  const body = String(v.params.body);
  if (v.flags.reply !== undefined) {
    const t = thread(v.flags.reply);
    const res = await ctx
      .api()
      .request({ method: 'POST', path: `${base}/discussions/${encodeURIComponent(String(t.id))}/notes`, body: { body } });
    return { ...res, columns: noteColumns, said: `Replied in ${threadLabel(t)} of ${iid}` };
  }
  if (v.flags.file !== undefined && v.flags.line !== undefined) {
    const position = await positionFor(ctx, v, v.flags.file, v.flags.line, v.flags['old-line'] === true);
    const res = await ctx.api().request({ method: 'POST', path: `${base}/discussions`, body: { body, position } });
    const where = whereOf({ position });
    return { ...res, columns: discussionColumns, said: `Started a thread on ${where ?? v.flags.file} of ${iid}` };
  }
  const res = await ctx
    .api()
    .request({ method: 'POST', path: `${base}/notes`, body: v.flags.internal ? { body, internal: true } : { body } });
  const said = isNoteCommands(res.status, res.data)
    ? quickActionsDone(MERGE_REQUEST, v, res.data)
    : `Commented on merge request ${iid}${v.flags.internal ? ' (internal: members from Reporter up see it)' : ''}`;
  return { ...res, columns: isNoteCommands(res.status, res.data) ? quickActionColumns : noteColumns, said };
}

async function runComment(ctx: Context, v: CommentValues): Promise<void> {
  const thread = await threadsFor(ctx, v);
  const ref = settling(v);
  // Checked before the comment goes: a reply is not sent when the resolve cannot follow it.
  const named = ref === undefined ? undefined : thread(ref);
  const settled = named && resolvableThread(named, threadLabel(named), MERGE_REQUEST, v);
  const printer = ctx.printer();
  if (comments(v)) {
    const sent = await sendComment(ctx, v, thread);
    if (!printer.brief) await printer.object(sent.data, sent.columns);
    ctx.success(sent.said);
  }
  if (settled === undefined) return;
  const t = settled;
  const resolved = v.flags.resolve !== undefined;
  const path = `${fillPath(MR_PATH, pathValues(v))}/discussions/${encodeURIComponent(String(t.id))}`;
  const res = await ctx.api().request({ method: 'PUT', path, body: { resolved }, expect: { kind: 'object', key: 'id' } });
  if (!printer.brief && !comments(v)) await printer.object(res.data, discussionColumns);
  ctx.success(`${resolved ? 'Resolved' : 'Unresolved'} ${threadLabel(t)} of !${String(v.args.iid)}`);
}

export const note = defineCommand({
  name: 'note',
  aliases: ['comment'],
  summary: 'Comment on a merge request, reply in a thread, comment on a line, resolve',
  description:
    "Add a comment to a merge request (GitLab's notes API; a server that follows the spec has none: " +
    'exit 1): -m, the editor (--editor, offered on a terminal), or standard input when it is piped; ' +
    'never empty (exit 2). --internal makes it an internal note. --reply <thread> puts it in a ' +
    "thread (its id, its first characters as `mr discussions` shows them, or a note's id); a reply " +
    'to an internal thread is internal. --file <path> --line <n> starts a thread on that line of ' +
    "the diff (--old-line: a removed line, numbered as the old file), positioned at the merge request's " +
    'diff_refs. --resolve or --unresolve <thread> then settles a thread; alone, that is all it does.',
  examples: [
    "collab mr note 3 -p acme/platform/api -m 'Looks good to me'",
    "collab mr note 3 --reply 6c268146 -m 'Done in the last push' --resolve 6c268146",
    "collab mr note 3 --file src/app.ts --line 12 -m 'Could this be a constant?'",
    "collab mr note 3 --internal -m 'The customer asked for this'",
    'collab mr note 3 --resolve 6c268146',
    'git log -1 --format=%B | collab mr comment 3',
  ],
  args: [iidArg],
  project: 'required',
  flags: commentFlags,
  columns: noteColumns,
  uses: ['output'],
  prepare: prepareComment,
  run: runComment,
  explain: {
    400: (_ctx, v, err) => quickActionsRefused(MERGE_REQUEST, v, err),
    403: (ctx, v) => lockedDiscussion(ctx, MERGE_REQUEST, v),
    // Said already where the threads were read (readThreads); otherwise the route the comment went to.
    404: (ctx, v, err) =>
      err.message.startsWith('this server has no notes API')
        ? undefined
        : noNotesApi(ctx, MERGE_REQUEST, v, err, false, v.flags.file === undefined ? undefined : threadsPath(MERGE_REQUEST)),
  },
});
