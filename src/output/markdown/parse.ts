import type { StateBlock, Token } from 'markdown-it';

/**
 * Quotes and list items nest at most this deep; what is deeper is one `deep` token holding its
 * source as written. markdown-it's own guard (maxNesting) silently drops what lies past it.
 */
export const MAX_DEPTH = 8;

interface DepthEnv {
  /** Quotes and list items open where the tokens end, counted up to `scanned`. */
  depth: number;
  scanned: number;
}

/**
 * A block rule that runs before all others: past MAX_DEPTH it takes the rest of the container (the
 * lines indented as deep as its content, and the blank ones between) as one `deep` token. The depth
 * is counted from the tokens pushed so far, each looked at once.
 */
function deep(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const env = state.env as unknown as DepthEnv;
  for (; env.scanned < state.tokens.length; env.scanned++) {
    const type = state.tokens[env.scanned]!.type;
    if (type === 'blockquote_open' || type === 'list_item_open') env.depth++;
    else if (type === 'blockquote_close' || type === 'list_item_close') env.depth--;
  }
  if (env.depth < MAX_DEPTH || silent) return false;
  let end = startLine + 1;
  for (let line = startLine + 1; line < endLine; line++) {
    if (state.isEmpty(line)) continue;
    if (state.sCount[line]! < state.blkIndent) break;
    end = line + 1;
  }
  const token = state.push('deep', '', 0);
  token.content = state.getLines(startLine, end, state.blkIndent, false);
  token.map = [startLine, end];
  state.line = end;
  return true;
}

/** Markdown text to markdown-it's flat token list. */
export type MarkdownParser = (text: string) => Token[];

/**
 * Markdown as GitLab writes it (CommonMark with tables, strikethrough and HTML), as markdown-it's
 * flat token list. markdown-it rather than marked: on the same hostile inputs marked's lexer
 * overflows the stack (2,000 nested quotes, nested emphasis) and takes time quadratic in unmatched
 * emphasis (`a_a_a_…`: 1 s at 20,000 characters, 11 s at 80,000), where markdown-it stays linear.
 * Loaded when first asked for. Building the parser costs far more than parsing a comment, so one
 * parser serves every text of a run; each parse has its own depth count.
 */
export async function markdownParser(): Promise<MarkdownParser> {
  const { default: MarkdownIt } = await import('markdown-it');
  const md = new MarkdownIt('default', { html: true, linkify: false, typographer: false });
  md.block.ruler.before('table', 'deep', deep);
  return (text) => {
    const env: DepthEnv = { depth: 0, scanned: 0 };
    return md.parse(text, env as unknown as Parameters<typeof md.parse>[1]);
  };
}
