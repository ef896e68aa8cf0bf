import type { Token } from 'markdown-it';
import { messageText } from '../sanitize.js';
import { htmlImages, resolveLink } from './links.js';
import { GRAY, type Look, Styled, URL_LOOK, YELLOW } from './style.js';

export interface InlineContext {
  colour: boolean;
  /** What `/uploads/…` links are relative to. */
  base?: string;
}

/** Server text for a terminal: nothing that moves the cursor, hides or reorders text; tabs as spaces. */
export function clean(text: string): string {
  return messageText(text).replace(/[\t\n]/g, ' ');
}

interface InlineOptions {
  /** The look of the whole text (a heading's). */
  look?: Look;
  /** Characters of the first token left out (a task item's checkbox, which is its marker). */
  skip?: number;
  /** Text before the first token, in the same look (a heading's `##`). */
  prefix?: string;
}

interface Link {
  href: string;
  /** What the label said, to tell whether the address must follow it. */
  label: string;
  /** An autolink shows its label as the address. */
  auto: boolean;
}

/**
 * A paragraph's (or heading's, or table cell's) inline tokens as one text, `\n` where the author
 * broke the line. markdown-it gives them flat (opening and closing tokens), so this is a loop, not
 * a recursion, whatever the nesting. Without colour, struck text and code keep their delimiters:
 * `~~no longer true~~` must not read as true.
 */
export function renderInline(tokens: Token[], ctx: InlineContext, options: InlineOptions = {}): string {
  const { look: base = {}, skip = 0, prefix = '' } = options;
  const out = new Styled(ctx.colour);
  out.write(prefix, base);
  let bold = 0;
  let italic = 0;
  let strike = 0;
  let link: Link | undefined;
  const look = (): Look => ({ ...base, bold: base.bold || bold > 0, italic: italic > 0, strike: strike > 0 });
  const text = (s: string, l: Look = look()) => {
    out.write(s, link?.auto ? { ...l, ...URL_LOOK } : l);
    if (link) link.label += s;
  };
  for (const [k, t] of tokens.entries()) {
    switch (t.type) {
      case 'text':
        // A task item's checkbox is its marker, not its text.
        text(clean(k === 0 ? t.content.slice(skip) : t.content));
        break;
      case 'strong_open':
      case 'strong_close':
      case 'em_open':
      case 'em_close':
        if (t.type.startsWith('strong')) bold += t.nesting;
        else italic += t.nesting;
        break;
      case 's_open':
      case 's_close':
        if (t.nesting > 0) strike++;
        if (!ctx.colour) text(t.markup);
        if (t.nesting < 0) strike--;
        break;
      case 'code_inline':
        if (ctx.colour) text(clean(t.content), { ...look(), fg: YELLOW });
        else text(`${t.markup}${clean(t.content)}${t.markup}`);
        break;
      case 'softbreak':
      case 'hardbreak':
        text(t.type === 'softbreak' ? ' ' : '\n');
        break;
      case 'link_open':
        link = { href: clean(resolveLink(String(t.attrGet('href') ?? ''), ctx.base)), label: '', auto: t.markup === 'autolink' };
        break;
      case 'link_close':
        if (link) closeLink(out, link);
        link = undefined;
        break;
      case 'image':
        image(text, t.content, String(t.attrGet('src') ?? ''), ctx);
        break;
      case 'html_inline':
        if (/^<br\s*\/?>$/i.test(t.content)) text('\n');
        else html(text, t.content, { ...look(), fg: GRAY }, ctx);
        break;
      default:
        text(clean(t.content));
    }
  }
  return out.done();
}

function closeLink(out: Styled, link: Link): void {
  if (link.auto || link.label === link.href || link.href === '') return;
  if (link.label.trim() === '') out.write(link.href, URL_LOOK);
  else {
    out.write(' (');
    out.write(link.href, URL_LOOK);
    out.write(')');
  }
}

type Write = (s: string, l?: Look) => void;

/** An image as what it is and where: `Image: alt <url>`. */
function image(write: Write, alt: string, src: string, ctx: InlineContext): void {
  write('Image:', { dim: true });
  write(alt.trim() ? ` ${clean(alt)} ` : ' ');
  write(`<${clean(resolveLink(src, ctx.base))}>`, URL_LOOK);
}

/** HTML as written, but an `<img>` tag shown as the image it is. */
export function html(write: Write, source: string, look: Look, ctx: InlineContext): void {
  let at = 0;
  for (const img of htmlImages(source)) {
    write(clean(source.slice(at, img.start)), look);
    image(write, img.alt, img.src, ctx);
    at = img.end;
  }
  write(clean(source.slice(at)), look);
}
