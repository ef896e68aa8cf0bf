import { fillPath } from '../api/path.js';
import type { Context } from '../context.js';
import { ApiError, UsageError } from '../errors.js';
import { pathValues } from '../executor/endpoint.js';
import { pagesIn } from '../executor/host-dialect.js';
import type { FlagSpec, Values } from '../executor/inputs.js';
import type { Column } from '../output/columns.js';
import { webBase } from '../output/markdown/links.js';
import type { Issuable } from './issuable.js';
import { noNotesApi, notesPath } from './notes.js';

/**
 * `view --comments`: the discussion of an issue or merge request printed after its view (comments
 * and, unless `--no-system`, the system notes), through the same pager.
 */

export const discussionFlags: FlagSpec[] = [
  {
    name: 'comments',
    short: 'c',
    param: false,
    type: 'bool',
    description: "show the discussion after it: comments, and what happened (GitLab's notes API)",
  },
  { name: 'no-system', param: false, type: 'bool', description: 'with --comments: leave out system notes ("changed the description")' },
];

/** `--comments` is for people: JSON goes through `notes`; `--no-system` needs it. Exit 2 before anything is sent. */
export function checkDiscussionFlags(ctx: Context, kind: Issuable, v: Values): void {
  if (v.flags['no-system'] && !v.flags.comments) throw new UsageError('--no-system goes with --comments');
  if (v.flags.comments && (v.web || ctx.printer().json))
    throw new UsageError(
      `--comments shows the discussion to people: not with ${v.web ? '--web' : 'JSON output'}`,
      `for the notes as JSON: collab ${kind.command} notes ${String(v.args.iid)} --sort asc --all -o json`,
    );
}

/** Every note of the object, oldest first; a server without the notes API says so (it was just read: it exists). */
async function readNotes(ctx: Context, kind: Issuable, v: Values): Promise<unknown[]> {
  const path = fillPath(notesPath(kind), pathValues(v));
  const query = { sort: 'asc', order_by: 'created_at', ...(v.flags['no-system'] ? { activity_filter: 'only_comments' } : {}) };
  const notes: unknown[] = [];
  try {
    for await (const page of await pagesIn(ctx, { path, query, expect: { kind: 'list' } }, { all: true, perPage: 100 }))
      for (const note of page) notes.push(note);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw await noNotesApi(ctx, kind, v, err, true);
    throw err;
  }
  // A server that ignores activity_filter still shows no system note.
  return v.flags['no-system'] ? notes.filter((n) => !(n as { system?: unknown }).system) : notes;
}

/** With `--comments`, the discussion of `item` (the object just read) as text for the terminal; nothing without. */
async function discussionText(ctx: Context, kind: Issuable, v: Values, item: unknown): Promise<string | undefined> {
  if (!v.flags.comments) return undefined;
  const notes = await readNotes(ctx, kind, v);
  const { renderDiscussion } = await import('../output/discussion.js');
  const { columns, colorLevel } = ctx.io;
  return renderDiscussion(notes, { columns, colorLevel, now: ctx.now(), base: webBase(item) });
}

/** What a view's command reads besides the object for its card (a merge request's failed jobs). */
export type CardFacts = (ctx: Context, v: Values, item: unknown) => Promise<unknown>;

/**
 * A view's `print`, shown as one text: on a terminal the object's card (with what `facts` reads
 * for it) and, with `--comments`, its discussion after the description, before its link;
 * otherwise the object, then its discussion.
 */
export function withDiscussion(kind: Issuable, columns: Column[], facts?: CardFacts) {
  return async (ctx: Context, v: Values, data: unknown): Promise<void> => {
    const printer = ctx.printer();
    await printer.together(async () => {
      if (!printer.showsCard(columns)) {
        await printer.object(data, columns);
        const text = await discussionText(ctx, kind, v, data);
        if (text) await printer.page(text);
        return;
      }
      const [known, text] = await Promise.all([facts?.(ctx, v, data), discussionText(ctx, kind, v, data)]);
      const sections = text ? [async () => text.replace(/^\n+|\n+$/g, '').split('\n')] : [];
      await printer.object(data, columns, { facts: known, sections });
    });
  };
}
