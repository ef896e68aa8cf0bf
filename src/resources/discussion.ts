import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import type { FlagSpec, Values } from '../executor/inputs.js';
import type { Column } from '../output/columns.js';
import { webBase } from '../output/markdown/links.js';
import type { Thread } from '../output/thread-shape.js';
import type { Issuable } from './issuable.js';
import { keptThreads, readThreads, resolvedFlags } from './threads.js';

/**
 * `view --comments`: the discussion of an issue or merge request printed after its view (comments
 * and, unless `--no-system`, the system notes), through the same pager. A merge request's comments
 * are its threads (GitLab's discussions API): diff comments where they sit, replies under their
 * thread, resolved or not (`--resolved`, `--unresolved` keep those), internal notes marked.
 */

const commentFlags: FlagSpec[] = [
  {
    name: 'comments',
    short: 'c',
    param: false,
    type: 'bool',
    description: "show the discussion after it: comments, and what happened (GitLab's notes API)",
  },
  { name: 'no-system', param: false, type: 'bool', description: 'with --comments: leave out system notes ("changed the description")' },
];

/** `--comments`, `--no-system`, and where comments are threads `--resolved` and `--unresolved`. */
export function discussionFlags(kind: Issuable): FlagSpec[] {
  return kind.discussions ? [...commentFlags, ...resolvedFlags] : commentFlags;
}

/** `--comments` is for people: JSON goes through `notes`; `--no-system` needs it. Exit 2 before anything is sent. */
export function checkDiscussionFlags(ctx: Context, kind: Issuable, v: Values): void {
  for (const flag of ['no-system', 'resolved', 'unresolved'])
    if (v.flags[flag] && !v.flags.comments) throw new UsageError(`--${flag} goes with --comments`);
  if (v.flags.comments && (v.web || ctx.printer().json))
    throw new UsageError(
      `--comments shows the discussion to people: not with ${v.web ? '--web' : 'JSON output'}`,
      `for the notes as JSON: collab ${kind.command} notes ${String(v.args.iid)} --sort asc --all -o json`,
    );
}

/**
 * Every thread, oldest first; an issue's notes asked without system notes when `--no-system` says
 * so (GitLab's `activity_filter`), which `keptThreads` drops again where a server ignores it.
 */
function readAllThreads(ctx: Context, kind: Issuable, v: Values): Promise<Thread[]> {
  const query: Record<string, string> = kind.discussions ? {} : { sort: 'asc', order_by: 'created_at' };
  if (!kind.discussions && v.flags['no-system']) query.activity_filter = 'only_comments';
  return readThreads(ctx, kind, v, { query, exists: true });
}

/** With `--comments`, the discussion of `item` (the object just read) as text for the terminal; nothing without. */
async function discussionText(ctx: Context, kind: Issuable, v: Values, item: unknown): Promise<string | undefined> {
  if (!v.flags.comments) return undefined;
  const threads = keptThreads(await readAllThreads(ctx, kind, v), v);
  const { renderDiscussion } = await import('../output/discussion.js');
  const { columns, colorLevel } = ctx.io;
  const empty = v.flags.resolved ? 'No resolved threads.' : v.flags.unresolved ? 'No threads to resolve.' : undefined;
  const printer = ctx.printer();
  return renderDiscussion(threads, { columns, colorLevel, now: ctx.now(), base: webBase(item), empty, markdown: () => printer.markdown() });
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
