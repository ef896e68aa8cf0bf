import type { Token } from 'markdown-it';
import type { Measure } from '../graphemes.js';
import { textWidth } from '../graphemes.js';
import { messageText } from '../sanitize.js';
import { SgrState } from '../sgr.js';
import { fill } from '../wrap.js';
import { html, type InlineContext, renderInline } from './inline.js';
import { GRAY, GREEN, type Look, MAGENTA, Styled, styled, YELLOW } from './style.js';
import { renderTable } from './table.js';

interface BlockContext extends InlineContext {
  width: number;
  measure: Measure;
}

const BULLETS = ['•', '◦', '▪'];
/** Text keeps at least this many cells, however deep the quotes and lists around it. */
const MIN_ROOM = 10;
const TAB_STOP = 8;

/** A quote's bar, or a list item's marker (on its first line) and the indentation under it. */
type Frame = { quote: true } | { quote: false; marker: string; pad: string; pending: boolean; task?: Token; box?: number };

interface List {
  ordered: boolean;
  next: number;
  delim: string;
  bullet: string;
  items: number;
  /** Known from the first item's paragraph: markdown-it hides the paragraphs of a tight list. */
  loose?: boolean;
}

/**
 * Markdown's blocks, from markdown-it's flat token list, as lines for a terminal `width` cells wide.
 * Each block's lines are fitted to the room left by the quotes and list items around it and then
 * prefixed with their bars and markers. One pass over the tokens, no recursion.
 */
export class BlockRenderer {
  private readonly lines: string[] = [];
  private readonly frames: Frame[] = [];
  private readonly lists: List[] = [];
  /** Whether the next block is set apart by a blank line. */
  private blank = false;
  /** Bytes of the tables drawn: borders and padding make a table larger than its source. */
  tableBytes = 0;

  constructor(private readonly ctx: BlockContext) {}

  render(tokens: Token[]): string[] {
    for (let i = 0; i < tokens.length; i++) i = this.token(tokens, i);
    return this.lines;
  }

  /** Renders the token at `i` (and those it takes with it); the index of the last one taken. */
  private token(tokens: Token[], i: number): number {
    const t = tokens[i]!;
    switch (t.type) {
      case 'blockquote_open':
        // The blank line before a quote is outside it.
        this.separate();
        this.frames.push({ quote: true });
        return i;
      case 'bullet_list_open':
      case 'ordered_list_open':
        this.openList(t);
        return i;
      case 'list_item_open':
        this.openItem(tokens, i);
        return i;
      case 'list_item_close':
        this.closeItem();
        return i;
      case 'blockquote_close':
      case 'bullet_list_close':
      case 'ordered_list_close':
        if (t.type === 'blockquote_close') this.frames.pop();
        else this.lists.pop();
        this.blank = true;
        return i;
      case 'paragraph_open':
        return this.paragraph(tokens, i);
      case 'heading_open': {
        const depth = Number(t.tag.slice(1));
        const look: Look = { bold: true, fg: depth === 1 ? MAGENTA : GREEN };
        this.block(this.wrap(renderInline(tokens[i + 1]!.children ?? [], this.ctx, { look, prefix: `${'#'.repeat(depth)} ` }), depth + 1));
        return i + 2;
      }
      case 'table_open': {
        let end = i;
        while (end < tokens.length && tokens[end]!.type !== 'table_close') end++;
        const table = renderTable(tokens.slice(i, end + 1), this.room(), this.ctx);
        for (const line of table) this.tableBytes += Buffer.byteLength(line);
        this.block(table);
        return end;
      }
      case 'fence':
      case 'code_block':
        this.block(this.code(t.content));
        return i;
      case 'hr':
        this.block(['─'.repeat(this.room())]);
        return i;
      case 'html_block':
        this.block(this.html(t.content));
        return i;
      case 'deep':
        this.block(this.deep(t.content));
        return i;
      default:
        return i;
    }
  }

  private openList(t: Token): void {
    const bullets = this.lists.filter((l) => !l.ordered).length;
    const start = Number(t.attrGet('start') ?? 1);
    this.lists.push({
      ordered: t.type === 'ordered_list_open',
      next: Number.isSafeInteger(start) ? start : 1,
      delim: t.markup === ')' ? ')' : '.',
      bullet: BULLETS[bullets % BULLETS.length]!,
      items: 0,
    });
  }

  /** A list item: its number or bullet, or its one checkbox for a task (`[ ]`, `[x]`, GitLab's `[~]`). */
  private openItem(tokens: Token[], i: number): void {
    const list = this.lists.at(-1)!;
    if (list.items++ > 0) this.blank = list.loose === true;
    let marker = list.ordered ? `${list.next++}${list.delim} ` : `${list.bullet} `;
    const inline = tokens[i + 1]?.type === 'paragraph_open' ? tokens[i + 2] : undefined;
    const first = inline?.children?.[0];
    const task = first?.type === 'text' ? /^\[([ xX~])\](?:[ \t]+|$)/.exec(first.content) : null;
    if (task) {
      const box = `[${task[1]!.toLowerCase()}] `;
      marker = list.ordered ? marker + box : box;
    }
    const cells = this.ctx.measure(marker);
    // The item's text then starts after the box as written (the tokens are not changed: they may be rendered twice).
    this.frames.push({
      quote: false,
      marker,
      pad: ' '.repeat(cells),
      pending: true,
      task: task ? first : undefined,
      box: task?.[0].length,
    });
  }

  private closeItem(): void {
    const item = this.frames.at(-1);
    // An empty item still shows its marker.
    if (item && !item.quote && item.pending) this.put(['']);
    this.frames.pop();
  }

  private paragraph(tokens: Token[], i: number): number {
    const open = tokens[i]!;
    const list = this.lists.at(-1);
    const item = this.frames.at(-1);
    if (list && list.loose === undefined && item && !item.quote) list.loose = !open.hidden;
    const children = tokens[i + 1]!.children ?? [];
    const skip = item && !item.quote && item.task === children[0] ? item.box : 0;
    this.put(this.wrap(renderInline(children, this.ctx, { skip })));
    this.blank = !open.hidden;
    return i + 2;
  }

  /** Cells left for text after the bars and markers of the quotes and items around it. */
  private room(): number {
    let used = 0;
    for (const f of this.frames) used += f.quote ? 2 : f.pad.length;
    return Math.max(this.ctx.width - used, Math.min(MIN_ROOM, this.ctx.width));
  }

  /** Text (lines cut at `\n`) wrapped to the room, colours closed and opened again at each cut. */
  private wrap(text: string, hang = 0, keepUrls = true): string[] {
    const state = new SgrState();
    const room = this.room();
    return text.split('\n').flatMap((line) => fill(line, room, this.ctx.measure, state, { hang, keepUrls }));
  }

  /** A code block as written: never wrapped (a line longer than the room runs past it), tabs as spaces. */
  private code(content: string): string[] {
    return content
      .replace(/\n$/, '')
      .split('\n')
      .map((line) => (line === '' ? '' : `  ${styled(this.expandTabs(messageText(line)), { fg: YELLOW }, this.ctx.colour)}`));
  }

  private expandTabs(line: string): string {
    if (!line.includes('\t')) return line;
    let out = '';
    let cells = 0;
    for (const [k, part] of line.split('\t').entries()) {
      if (k > 0) {
        const pad = TAB_STOP - (cells % TAB_STOP);
        out += ' '.repeat(pad);
        cells += pad;
      }
      out += part;
      cells += textWidth(part, this.ctx.measure);
    }
    return out;
  }

  /** An HTML block stays a block: its lines as written (wrapped), an `<img>` shown as the image. */
  private html(content: string): string[] {
    return content
      .replace(/\n+$/, '')
      .split('\n')
      .flatMap((line) => {
        const out = new Styled(this.ctx.colour);
        html((s, l) => out.write(s, l), line, { fg: GRAY }, this.ctx);
        return this.wrap(out.done());
      });
  }

  /** What lies past MAX_DEPTH, flattened: its lines as written but not indented, after a marker. */
  private deep(content: string): string[] {
    const marker = '…';
    const lines = content.replace(/\n+$/, '').split('\n');
    return lines.flatMap((line, k) => {
      const text = messageText(line).trimStart();
      return this.wrap(k === 0 ? `${marker} ${text}` : text);
    });
  }

  /** Lines of a block under the current bars and markers, a blank line before it when it is set apart. */
  private put(block: string[]): void {
    this.separate();
    for (const line of block) this.lines.push(line === '' ? this.prefix(true).trimEnd() : this.prefix(true) + line);
  }

  /** A block set apart from the next by a blank line. */
  private block(lines: string[]): void {
    this.put(lines);
    this.blank = true;
  }

  /** The blank line that sets the next block apart, if it is. */
  private separate(): void {
    if (this.blank && this.lines.length > 0) this.lines.push(this.prefix(false).trimEnd());
    this.blank = false;
  }

  /** The bars and indentation of a line; the first line of an item carries its marker (`first`). */
  private prefix(first: boolean): string {
    let out = '';
    for (const f of this.frames) {
      if (f.quote) out += '│ ';
      else if (first && f.pending) {
        out += f.marker;
        f.pending = false;
      } else out += f.pad;
    }
    return out;
  }
}
