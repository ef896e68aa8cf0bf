/** The conversation of an issue or merge request, for people, below its view (`view --comments`). */
import { cellWidth, type Measure } from './graphemes.js';
import type { ColorLevel } from './io.js';
import type { MarkdownRenderer } from './markdown.js';
import { type Painter, painter } from './paint.js';
import { messageText, tableText } from './sanitize.js';
import { isInternal, type NoteShape, resolvedBy, shortId, type Thread, threadState, whereOf } from './thread-shape.js';
import { relativeTime } from './values.js';
import { wrapText } from './wrap.js';

/** Where and how the discussion is shown. */
export interface DiscussionStyle {
  columns: number;
  colorLevel: ColorLevel;
  now: Date;
  /** The project's web URL, which `/uploads/…` links in the comments are relative to. */
  base?: string;
  /** What to say when no thread is left to show (`No unresolved threads.`); default `No comments yet.`. */
  empty?: string;
  /** The run's Markdown renderer (`Printer.markdown`): built once, asked for at the first comment with a body. */
  markdown: () => Promise<MarkdownRenderer>;
}

/** A comment's text sits this far in from its heading; a reply's heading this far in from its thread's. */
const INDENT = '  ';

interface Frame extends DiscussionStyle {
  paint: Painter;
  measure: Measure;
}

/**
 * The threads, oldest first: a comment as its author and when (then where in the diff it sits,
 * whether it is resolved, internal, and its thread's id), its Markdown rendered below; the replies
 * under it, indented; a system note ("changed the description") as one dimmed line. `Comments`
 * heads them all, with the threads left to resolve. Built line by line: nothing the server sent is
 * spread, however long.
 */
export async function renderDiscussion(threads: readonly Thread[], style: DiscussionStyle): Promise<string> {
  const frame: Frame = { ...style, paint: painter(style.colorLevel), measure: await cellWidth() };
  let comments = 0;
  let open = 0;
  for (const t of threads) {
    for (const n of t.notes) if (n.system !== true) comments++;
    if (threadState(t) === 'unresolved') open++;
  }
  const toResolve = open > 0 ? frame.paint(` · ${open} thread${open === 1 ? '' : 's'} to resolve`, 'label') : '';
  const heading = `${frame.paint('Comments', 'header')} ${frame.paint(`(${comments})`, 'dim')}${toResolve}`;
  if (threads.length === 0) return `\n${heading}\n${frame.paint(style.empty ?? 'No comments yet.', 'dim')}\n`;
  const blocks: string[] = [];
  for (const thread of threads) blocks.push(await threadBlock(thread, frame));
  return `\n${heading}\n\n${blocks.join('\n\n')}\n`;
}

async function threadBlock(thread: Thread, frame: Frame): Promise<string> {
  const [first, ...replies] = thread.notes;
  if (!first) return '';
  if (first.system === true && replies.length === 0) return systemLine(first, frame);
  const parts: string[] = [await comment(first, threadTags(thread, first, frame), '', frame)];
  for (const reply of replies) parts.push(await comment(reply, noteTags(reply, frame), INDENT, frame, '↳ '));
  return parts.join('\n\n');
}

const authorOf = (note: NoteShape): string => {
  const username = note.author?.username;
  return typeof username === 'string' && username !== '' ? tableText(username) : 'someone';
};

const when = (note: NoteShape, now: Date): string => (typeof note.created_at === 'string' ? relativeTime(note.created_at, now) : '');

/** What is said of a note beside its author: internal. */
function noteTags(note: NoteShape, frame: Frame): string[] {
  return isInternal(note) ? [frame.paint('internal', 'failed')] : [];
}

/** What is said of a thread on its first note: where in the diff, resolved or not, internal, its id. */
function threadTags(thread: Thread, first: NoteShape, frame: Frame): string[] {
  const tags: string[] = [];
  const where = whereOf(first);
  if (where) tags.push(frame.paint(where, 'key'));
  const state = threadState(thread);
  if (state === 'resolved') {
    const by = resolvedBy(thread);
    tags.push(frame.paint(by ? `resolved by ${by}` : 'resolved', 'done'));
  } else if (state === 'unresolved') tags.push(frame.paint('unresolved', 'label'));
  for (const tag of noteTags(first, frame)) tags.push(tag);
  if (!thread.individual && thread.id) tags.push(frame.paint(shortId(thread.id), 'dim'));
  return tags;
}

/** A note's heading (`↳ alice · 2 hours ago · internal` for a reply) and its Markdown, indented under it. */
async function comment(note: NoteShape, tags: string[], indent: string, frame: Frame, mark = ''): Promise<string> {
  const time = when(note, frame.now);
  const head = [`${mark}${frame.paint(authorOf(note), 'key')}${time ? frame.paint(` · ${time}`, 'dim') : ''}`];
  for (const tag of tags) head.push(tag);
  const heading = wrapText(indent + head.join(frame.paint(' · ', 'dim')), Math.max(20, frame.columns), frame.measure);
  const body = typeof note.body === 'string' ? note.body : '';
  if (body.trim() === '') return heading;
  const inner = indent + INDENT;
  const width = Math.max(20, frame.columns - inner.length);
  const text = (await frame.markdown()).render(messageText(body), width, frame.colorLevel, frame.measure, frame.base);
  return `${heading}\n${text
    .split('\n')
    .map((line) => (line === '' ? line : inner + line))
    .join('\n')}`;
}

/** `• bob changed the description · 1 hour ago`, dimmed; wrapped, never cut. */
function systemLine(note: NoteShape, frame: Frame): string {
  const time = when(note, frame.now);
  const body = typeof note.body === 'string' ? tableText(note.body) : '';
  const line = `• ${authorOf(note)} ${body}${time ? ` · ${time}` : ''}`;
  return frame.paint(wrapText(line, Math.max(20, frame.columns), frame.measure), 'dim');
}
