/** Wrapping text to a width in terminal cells, colour sequences (SGR) kept and not counted. */

export type Measure = (text: string) => number;

/** Terminal cells of a text (CJK and most emoji take two), loaded when something is drawn. */
export async function cellWidth(): Promise<Measure> {
  const { default: stringWidth } = await import('string-width');
  return (text) => stringWidth(text);
}

const SGR = /\u001b\[[0-9;]*m/g;

export function stripSgr(text: string): string {
  return text.replace(SGR, '');
}

/** A URL is never broken: it goes on a line of its own, whole, even when longer than the width. */
function isUrl(word: string): boolean {
  const w = stripSgr(word);
  return /^\(?<?[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(w) || /^[\w.-]+@[\w.-]+:[\w./~-]+$/.test(w);
}

// A list bullet or number at the start of a line: continuation lines hang under the text after it.
const MARKER = /^(?:[*+\u2022-]|\d{1,9}[.)])\s+(?:\[[ xX]\]\s+)?/;

/**
 * Wraps each line of `text` at spaces to `width` cells. Continuation lines keep the line's
 * indentation (under a list item's text); a word longer than the width is broken by characters,
 * except a URL, which stays whole.
 */
export function wrapText(text: string, width: number, measure: Measure): string {
  const w = Math.max(1, width);
  return text
    .split('\n')
    .map((line) => wrapLine(line, w, measure))
    .join('\n');
}

function wrapLine(line: string, width: number, measure: Measure): string {
  const plain = stripSgr(line);
  if (measure(plain) <= width) return line;
  const indentWidth = plain.length - plain.trimStart().length;
  const marker = MARKER.exec(plain.slice(indentWidth));
  const hang = Math.min(indentWidth + (marker ? measure(marker[0]) : 0), Math.floor(width / 2));
  const pad = ' '.repeat(hang);
  // The indentation (and any colour around it) starts the first line as it was.
  const lead = /^(?:\u001b\[[0-9;]*m| )*/.exec(line)![0];
  const words = line
    .slice(lead.length)
    .split(/ +/)
    .filter((word) => word !== '');
  const out: string[] = [];
  let current = lead;
  let used = indentWidth;
  let start = indentWidth;
  const flush = () => {
    out.push(current);
    current = pad;
    used = hang;
    start = hang;
  };
  for (const word of words) {
    const size = measure(stripSgr(word));
    const sep = used > start ? 1 : 0;
    if (used + sep + size <= width) {
      current += (sep ? ' ' : '') + word;
      used += sep + size;
    } else if (size <= width - hang || isUrl(word)) {
      if (used > start) flush();
      current += word;
      used += size;
    } else {
      // Too long for any line: broken by whole characters.
      if (sep) {
        current += ' ';
        used += 1;
      }
      for (const piece of splitWord(word)) {
        const pw = measure(stripSgr(piece));
        if (used + pw > width && used > start) flush();
        current += piece;
        used += pw;
      }
    }
  }
  out.push(current);
  return out.map((l) => l.trimEnd()).join('\n');
}

/** Graphemes, each with the colour sequences before it. */
function splitWord(word: string): string[] {
  const pieces: string[] = [];
  let pending = '';
  const parts = word.split(/(\u001b\[[0-9;]*m)/);
  for (const part of parts) {
    if (part === '') continue;
    if (part.startsWith('\u001b[')) {
      pending += part;
      continue;
    }
    for (const { segment } of new Intl.Segmenter().segment(part)) {
      pieces.push(pending + segment);
      pending = '';
    }
  }
  if (pending) {
    if (pieces.length) pieces[pieces.length - 1] += pending;
    else pieces.push(pending);
  }
  return pieces;
}

/** Cuts a text to `width` terminal cells, whole characters only, marking the cut with `…`. */
export function truncate(text: string, width: number, measure: Measure): string {
  if (measure(text) <= width) return text;
  if (width <= 1) return width === 1 ? '…' : '';
  let out = '';
  let used = 0;
  for (const { segment } of new Intl.Segmenter().segment(text)) {
    const w = measure(segment);
    if (used + w > width - 1) break;
    out += segment;
    used += w;
  }
  return `${out}…`;
}
