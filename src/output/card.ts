/**
 * The view people read on a terminal: one object as a card. A bold title and its reference, a
 * status line (state, author and when, comments), the fields that matter one a line, the Markdown
 * body, sections a command adds after it (the discussion), and `View it at <url>`. Every line fits
 * the width: a value too long is cut with `…`, a URL goes whole on a line of its own.
 */
import type { Measure } from './graphemes.js';
import type { ColorLevel } from './io.js';
import type { MarkdownRenderer } from './markdown.js';
import type { Painter, Tone } from './paint.js';
import { messageText, tableText } from './sanitize.js';
import { relativeTime } from './values.js';
import { truncate, wrapText } from './wrap.js';

/** A piece of a card's text and how it is painted. */
export interface Span {
  text: string;
  tone?: Tone;
  /** With the `state` tone: the state it names. */
  state?: string;
}

/** One field of the header: left out when its value is undefined or empty. */
export interface CardField {
  label: string;
  value: Span[] | undefined;
}

export interface Card {
  title: string;
  /** `acme/web#3`, `!7`, `job 19`: after the title, dimmed. */
  reference?: string;
  /** The line under the title, its parts apart by ` · `: state, draft, who and when, comments. */
  status: (Span[] | undefined)[];
  /** One a line, in this order: a list others extend (a command's facts, an auto-merge line). */
  fields: CardField[];
  /** Markdown below the fields (a description); `what` names it when it is empty. Absent: no body. */
  body?: { text: unknown; what: string };
  url?: unknown;
}

/** What the card of one kind of object shows, from the object and what its command read besides (`extra`). */
export interface CardLayout<T = any, X = any> {
  card(item: T, extra: X | undefined, now: Date): Card;
}

/** What a section after the body draws with. */
export interface CardFrame {
  width: number;
  colorLevel: ColorLevel;
  measure: Measure;
  paint: Painter;
  now: Date;
  /** The run's Markdown renderer (`Output.markdown`); absent: the body gets one of its own. */
  markdown?: () => Promise<MarkdownRenderer>;
}

/** A section printed after the body and before the link (the discussion): its lines. */
export type CardSection = (frame: CardFrame) => Promise<string[]>;

/** What a command adds to the card of its answer: facts the layout shows, sections after the body. */
export interface CardExtras {
  facts?: unknown;
  sections?: CardSection[];
}

export const span = (text: string, tone?: Tone, state?: string): Span[] => [{ text, tone, state }];

/** `alice opened 3 days ago`. */
export function whoWhen(who: unknown, verb: string, when: unknown, now: Date): Span[] | undefined {
  const name = personName(who);
  const at = typeof when === 'string' ? relativeTime(when, now) : undefined;
  if (name === undefined && at === undefined) return undefined;
  return [...(name ? span(name) : []), ...span(`${name ? ' ' : ''}${verb}${at ? ` ${at}` : ''}`, 'dim')];
}

/** `3 comments`, from GitLab's `user_notes_count`. */
export function comments(count: unknown): Span[] | undefined {
  return typeof count === 'number' ? span(`${count} comment${count === 1 ? '' : 's'}`, 'dim') : undefined;
}

/** `alice, bob` from users (or their usernames). */
export function people(list: unknown): Span[] | undefined {
  const names = (Array.isArray(list) ? list : list ? [list] : []).map(personName).filter((n) => n !== undefined);
  return names.length ? span(names.join(', ')) : undefined;
}

function personName(who: unknown): string | undefined {
  if (typeof who === 'string') return who;
  const o = who as { username?: unknown; name?: unknown } | null | undefined;
  const name = o?.username ?? o?.name;
  return typeof name === 'string' ? name : undefined;
}

/** A plain value as a field's text; nothing for null, empty and what is not text or a number. */
export function text(value: unknown, tone?: Tone): Span[] | undefined {
  if (typeof value === 'number') return span(String(value), tone);
  return typeof value === 'string' && value.trim() !== '' ? span(value, tone) : undefined;
}

/** A card drawn for a terminal `width` cells wide; `base` is the web URL `/uploads/…` links in the body are relative to. */
export async function drawCard(card: Card, frame: CardFrame, sections: readonly CardSection[], base?: string): Promise<string> {
  const { width, paint, measure } = frame;
  const lines = [...titleLines(card, frame), ...statusLines(card.status, frame), ...fieldLines(card.fields, frame)];
  if (card.body) lines.push('', await bodyText(card.body, frame, base));
  // A section is as long as the server makes it (a discussion): joined, never spread into a call.
  for (const section of sections) {
    const more = await section(frame);
    if (more.length) lines.push('', more.join('\n'));
  }
  const url = typeof card.url === 'string' && card.url !== '' ? tableText(card.url) : undefined;
  if (url) {
    const link = `View it at ${url}`;
    lines.push('', measure(link) <= width ? paint(link, 'dim') : `${paint('View it at', 'dim')}\n${url}`);
  }
  return `${lines.join('\n')}\n`;
}

function titleLines(card: Card, { width, paint, measure }: CardFrame): string[] {
  const title = paint(tableText(card.title || '(untitled)'), 'header');
  const reference = card.reference ? ` ${paint(tableText(card.reference), 'dim')}` : '';
  return wrapText(title + reference, width, measure).split('\n');
}

/** The status parts, apart by ` · `, as many on a line as fit; a part wider than the line is cut. */
function statusLines(parts: Card['status'], frame: CardFrame): string[] {
  const { width, measure } = frame;
  const lines: string[] = [];
  let line = '';
  let used = 0;
  for (const part of parts) {
    if (!part?.length) continue;
    const plainWidth = measure(plainOf(part));
    if (used > 0 && used + 3 + plainWidth <= width) {
      line += `${frame.paint(' · ', 'dim')}${paintSpans(part, width, frame)}`;
      used += 3 + plainWidth;
      continue;
    }
    if (used > 0) lines.push(line);
    line = paintSpans(part, width, frame);
    used = Math.min(plainWidth, width);
  }
  if (used > 0) lines.push(line);
  return lines;
}

/** A URL, or git's `user@host:path`: never cut, whole on a line of its own when it does not fit beside its label. */
const URL = /^(?:[a-z][a-z0-9+.-]*:\/\/\S+|[\w.-]+@[\w.-]+:[\w./~-]+)$/i;

/** `Label  value`, labels in a column; a value cut to the line, a URL that does not fit whole on the next line. */
function fieldLines(fields: readonly CardField[], frame: CardFrame): string[] {
  const { width, paint, measure } = frame;
  const shown = fields.filter((f) => f.value?.length && plainOf(f.value).trim() !== '');
  const labelWidth = shown.reduce((w, f) => Math.max(w, measure(f.label)), 0);
  const valueWidth = Math.max(1, width - labelWidth - 2);
  return shown.flatMap((f) => {
    const label = paint(f.label + ' '.repeat(labelWidth - measure(f.label)), 'key');
    const value = f.value!;
    const plain = plainOf(value);
    if (URL.test(plain) && measure(plain) > valueWidth) return [paint(f.label, 'key'), tableText(plain)];
    return [`${label}  ${paintSpans(value, valueWidth, frame)}`];
  });
}

async function bodyText(body: NonNullable<Card['body']>, frame: CardFrame, base: string | undefined): Promise<string> {
  const { width, paint, measure, colorLevel } = frame;
  if (typeof body.text !== 'string' || body.text.trim() === '') return paint(`No ${body.what} provided.`, 'dim');
  const markdown = frame.markdown ? await frame.markdown() : await (await import('./markdown.js')).markdownRenderer();
  return markdown.render(messageText(body.text), Math.max(20, width), colorLevel, measure, base);
}

const plainOf = (spans: readonly Span[]): string => spans.map((s) => tableText(s.text)).join('');

/** Spans painted, cut with `…` where they pass `width` cells. */
function paintSpans(spans: readonly Span[], width: number, { paint, measure }: CardFrame): string {
  const draw = (s: Span, t: string) => (s.tone ? paint(t, s.tone, s.state) : t);
  if (measure(plainOf(spans)) <= width) return spans.map((s) => draw(s, tableText(s.text))).join('');
  let room = width;
  let out = '';
  for (const s of spans) {
    const whole = tableText(s.text);
    if (measure(whole) < room) {
      out += draw(s, whole);
      room -= measure(whole);
      continue;
    }
    // More follows, so a piece that fills the rest exactly is cut too: the `…` takes its last cell.
    return out + draw(s, truncate(`${whole}…`, room, measure));
  }
  return out;
}
