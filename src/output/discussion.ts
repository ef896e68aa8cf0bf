/** The conversation of an issue or merge request, for people, below its view (`view --comments`). */
import { cellWidth } from './graphemes.js';
import type { ColorLevel } from './io.js';
import { painter } from './paint.js';
import { messageText, tableText } from './sanitize.js';
import { relativeTime } from './values.js';
import { wrapText } from './wrap.js';

/** Where and how the discussion is shown. */
export interface DiscussionStyle {
  columns: number;
  colorLevel: ColorLevel;
  now: Date;
  /** The project's web URL, which `/uploads/…` links in the comments are relative to. */
  base?: string;
}

/** A note as the server sent it: only what is shown is read, and nothing of it is trusted to be there. */
interface NoteShape {
  author?: { username?: unknown; name?: unknown } | null;
  created_at?: unknown;
  body?: unknown;
  system?: unknown;
}

/** A comment's text sits this far in from its heading. */
const INDENT = '  ';

/**
 * The notes, oldest first: a comment as its author and when, then its Markdown rendered below;
 * a system note ("changed the description") as one dimmed line. `Comments` heads them all.
 */
export async function renderDiscussion(notes: readonly unknown[], style: DiscussionStyle): Promise<string> {
  const paint = painter(style.colorLevel);
  const comments = notes.filter((n) => !(n as NoteShape).system).length;
  const heading = `${paint('Comments', 'header')} ${paint(`(${comments})`, 'dim')}`;
  if (notes.length === 0) return `\n${heading}\n${paint('No comments yet.', 'dim')}\n`;
  const blocks: string[] = [];
  for (const note of notes as NoteShape[]) blocks.push(note.system ? await systemLine(note, style) : await comment(note, style));
  return `\n${heading}\n\n${blocks.join('\n\n')}\n`;
}

const authorOf = (note: NoteShape): string => {
  const username = note.author?.username;
  return typeof username === 'string' && username !== '' ? tableText(username) : 'someone';
};

const when = (note: NoteShape, now: Date): string => (typeof note.created_at === 'string' ? relativeTime(note.created_at, now) : '');

async function comment(note: NoteShape, style: DiscussionStyle): Promise<string> {
  const paint = painter(style.colorLevel);
  const time = when(note, style.now);
  const heading = `${paint(authorOf(note), 'key')}${time ? paint(` · ${time}`, 'dim') : ''}`;
  const body = typeof note.body === 'string' ? note.body : '';
  if (body.trim() === '') return heading;
  const measure = await cellWidth();
  const { renderMarkdown } = await import('./markdown.js');
  const width = Math.max(20, style.columns - INDENT.length);
  const text = await renderMarkdown(messageText(body), width, style.colorLevel, measure, style.base);
  return `${heading}\n${text
    .split('\n')
    .map((line) => (line === '' ? line : INDENT + line))
    .join('\n')}`;
}

/** `• bob changed the description · 1 hour ago`, dimmed; wrapped, never cut. */
async function systemLine(note: NoteShape, style: DiscussionStyle): Promise<string> {
  const time = when(note, style.now);
  const body = typeof note.body === 'string' ? tableText(note.body) : '';
  const line = `• ${authorOf(note)} ${body}${time ? ` · ${time}` : ''}`;
  return painter(style.colorLevel)(wrapText(line, Math.max(20, style.columns), await cellWidth()), 'dim');
}
