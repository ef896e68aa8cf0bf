import type { Measure } from './graphemes.js';
import type { ColorLevel } from './io.js';
import { BlockRenderer } from './markdown/blocks.js';
import { type MarkdownParser, markdownParser } from './markdown/parse.js';
import { colouredText } from './sanitize.js';
import { SgrState } from './sgr.js';
import { fill } from './wrap.js';

export { webBase } from './markdown/links.js';

/** Renders Markdown for a terminal; its parser is built once, so one renderer serves a whole run. */
export interface MarkdownRenderer {
  render(text: string, width: number, level: ColorLevel, measure: Measure, base?: string): string;
}

/** A renderer with a parser of its own: a run gets its one through the printer (`Output.markdown`). */
export async function markdownRenderer(): Promise<MarkdownRenderer> {
  const parse = await markdownParser();
  return { render: (text, width, level, measure, base) => rendered(parse, text, width, level, measure, base) };
}

/** One text, with a renderer built for it (see `rendered`). */
export async function renderMarkdown(text: string, width: number, level: ColorLevel, measure: Measure, base?: string): Promise<string> {
  return (await markdownRenderer()).render(text, width, level, measure, base);
}

/**
 * Markdown from the server (an issue's or merge request's description) for a terminal `width`
 * cells wide: paragraphs wrapped; code blocks, HTML blocks and tables kept as blocks; lists
 * numbered and nested as written. `base` is the project's web URL, which `/uploads/…` links are
 * relative to. The only escape sequences in the result are the colours added here (none at colour
 * level 0). Bounded whatever the text: nesting (MAX_DEPTH), time (linear), and size — the result
 * is at most twice the text plus three lines (tables aside), in bytes; a text that would render
 * larger (dense emphasis in colour, quotes nested deeper than a narrow terminal has room for) is
 * shown without colour, and failing that as written.
 */
function rendered(parse: MarkdownParser, text: string, width: number, level: ColorLevel, measure: Measure, base?: string): string {
  const tokens = parse(text);
  const size = Buffer.byteLength(text);
  const render = (colour: boolean) => {
    const blocks = new BlockRenderer({ width, measure, colour, base });
    const out = colouredText(blocks.render(tokens).join('\n'));
    // In bytes, as a terminal (or a pager, or a log) receives them. Beyond twice the text: three lines
    // of box drawing (3 bytes a character), and what tables take (borders, padding) up to twice again.
    const budget = 2 * size + 9 * width + Math.min(blocks.tableBytes, 2 * size);
    return Buffer.byteLength(out) <= budget ? out : undefined;
  };
  return (level > 0 ? render(true) : undefined) ?? render(false) ?? asWritten(text, width, measure);
}

/** The text as written, each line cut to the width: never larger than the text and its line breaks. */
function asWritten(text: string, width: number, measure: Measure): string {
  const state = new SgrState();
  return text
    .split('\n')
    .flatMap((line) => fill(line, width, measure, state, { keepUrls: false }))
    .join('\n');
}
