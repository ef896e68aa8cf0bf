import type { ColorLevel } from './io.js';
import { colouredText } from './sanitize.js';
import { type Measure, stripSgr, wrapText } from './wrap.js';

/**
 * Markdown from the server (an issue's or merge request's description) for a terminal: headings,
 * lists, emphasis, quotes and code blocks as blocks, wrapped to `width` cells. The only escape
 * sequences in the result are the colours added here, and none at colour level 0; what marked
 * decodes from HTML entities (`&#x202e;`, `&#x1b;`) is sanitised like the rest. marked is loaded on
 * first use.
 */
export async function renderMarkdown(text: string, width: number, level: ColorLevel, measure: Measure): Promise<string> {
  const [{ Marked }, { markedTerminal }, { Chalk }] = await Promise.all([import('marked'), import('marked-terminal'), import('chalk')]);
  const c = new Chalk({ level });
  const marked = new Marked();
  marked.use(
    markedTerminal({
      code: c.yellow,
      blockquote: c.gray.italic,
      html: c.gray,
      heading: c.green.bold,
      firstHeading: c.magenta.bold,
      hr: c.reset,
      listitem: c.reset,
      table: c.reset,
      paragraph: c.reset,
      strong: c.bold,
      em: c.italic,
      codespan: c.yellow,
      del: c.dim.strikethrough,
      link: c.blue,
      href: c.blue.underline,
      // Wrapping is done below, by cells and without cutting URLs.
      reflowText: false,
      width: Number.MAX_SAFE_INTEGER,
      emoji: false,
      tab: 2,
    }),
    {
      // A link shows its text and its URL; never a terminal hyperlink sequence that hides the URL.
      renderer: {
        // A tight list item's text holds inline tokens (emphasis, code): rendered, not shown as written.
        text(token) {
          return 'tokens' in token && token.tokens ? this.parser.parseInline(token.tokens) : false;
        },
        link(token) {
          const label = this.parser.parseInline(token.tokens);
          const href = c.blue.underline(token.href);
          return stripSgr(label) === token.href || label === '' ? href : `${label} (${href})`;
        },
      },
    },
  );
  const rendered = await marked.parse(text, { async: true });
  // Code blocks are highlighted by marked-terminal through the process-wide chalk: at level 0
  // nothing of that may stay.
  const out = colouredText(level === 0 ? stripSgr(rendered) : rendered);
  return wrapText(out.replace(/\n{3,}/g, '\n\n').trim(), width, measure);
}
