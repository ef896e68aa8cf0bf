/**
 * Wrapping text to a width in terminal cells, colour sequences (SGR) kept and not counted, in time
 * linear in the text. Written here rather than taken from wrap-ansi or slice-ansi: on Node 20 both
 * grow faster than linearly on one long word (wrap-ansi hard-wrapping 200,000 CJK characters: 79 s;
 * slice-ansi near the end of a 200,000-character string: 143 s), and neither keeps a URL whole.
 */

import { graphemes, type Measure, textWidth } from './graphemes.js';
import { SgrState, sgrIndent, splitSgr, stripSgr, trimEndSgr } from './sgr.js';

/** A URL is never broken: it goes on a line of its own, whole, even when longer than the width. */
function isUrl(plain: string): boolean {
  return /^\(?<?[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(plain) || /^[\w.-]+@[\w.-]+:[\w./~-]+$/.test(plain);
}

// A list bullet or number at the start of a line: continuation lines hang under the text after it.
const MARKER = /^(?:[*+\u2022-]|\d{1,9}[.)])\s+(?:\[[ xX]\]\s+)?/;

/**
 * Wraps each line of `text` at spaces to `width` cells. Continuation lines keep the line's
 * indentation (under a list item's text); a word longer than the width is broken by characters,
 * except a URL, which stays whole. Colours open at a line's end are closed there and opened again
 * on the next line.
 */
export function wrapText(text: string, width: number, measure: Measure): string {
  const w = Math.max(1, width);
  const state = new SgrState();
  return text
    .split('\n')
    .map((line) => {
      const plain = stripSgr(line);
      const indent = plain.length - plain.trimStart().length;
      const marker = MARKER.exec(plain.slice(indent, indent + 32));
      const hang = Math.min(indent + (marker ? measure(marker[0]) : 0), Math.floor(w / 2));
      return fill(line, w, measure, state, { hang }).join('\n');
    })
    .join('\n');
}

interface FillOptions {
  /** Spaces that continuation lines start with (default none). */
  hang?: number;
  /** A URL wider than the line stays whole on a line of its own (default), or is broken like any word. */
  keepUrls?: boolean;
}

/**
 * Fills one line of text (no newline in it) into lines of at most `width` cells, cut at spaces;
 * runs of spaces inside a line are kept, those at a cut dropped. `state` holds the colours open
 * before the line and is left with those open after it; each line returned opens and closes its own.
 */
export function fill(line: string, width: number, measure: Measure, state: SgrState, options: FillOptions = {}): string[] {
  const { hang = 0, keepUrls = true } = options;
  const opening = state.opening;
  const plain = stripSgr(line);
  if (textWidth(plain, measure, width) <= width) {
    state.feed(line);
    return [opening + line + state.closing];
  }
  // The indentation (and any colour around it) starts the first line as it was.
  const lead = sgrIndent(line);
  state.feed(lead);
  const out: string[] = [];
  let current = opening + lead;
  let used = stripSgr(lead).length;
  let start = used;
  let spaces = 0;
  // A long word is measured a character at a time: each different one once.
  const cellsOf = remembered(measure);
  const flush = () => {
    out.push(trimEndSgr(current) + state.closing);
    current = ' '.repeat(hang) + state.opening;
    used = start = hang;
    spaces = 0;
  };
  const put = (text: string, cells: number) => {
    current += text;
    used += cells;
    state.feed(text);
  };
  for (const token of line.slice(lead.length).split(/( +)/)) {
    if (token === '') continue;
    if (token[0] === ' ') {
      if (used > start) spaces += token.length;
      continue;
    }
    const word = stripSgr(token);
    // Colours alone take no room: the spaces before them still wait for the next word.
    if (word === '') put(token, 0);
    else {
      const size = textWidth(word, measure, width);
      if (used + spaces + size <= width) put(' '.repeat(spaces) + token, spaces + size);
      else if (size <= width - hang || (keepUrls && isUrl(word))) {
        if (used > start) flush();
        put(token, size);
      } else {
        // Too long for any line: broken by whole characters.
        if (used + spaces < width) put(' '.repeat(spaces), spaces);
        for (const piece of splitWord(token)) {
          const cells = cellsOf(stripSgr(piece));
          if (used + cells > width && used > start) flush();
          put(piece, cells);
        }
      }
      spaces = 0;
    }
  }
  out.push(trimEndSgr(current) + state.closing);
  return out;
}

/** `measure`, remembering what it measured: each different text is measured once. */
function remembered(measure: Measure): Measure {
  const seen = new Map<string, number>();
  return (text) => {
    let cells = seen.get(text);
    if (cells === undefined) seen.set(text, (cells = measure(text)));
    return cells;
  };
}

/** Graphemes, each with the colour sequences before it. */
function splitWord(word: string): string[] {
  const pieces: string[] = [];
  let pending = '';
  for (const [i, part] of splitSgr(word).entries()) {
    if (i % 2 === 1) {
      pending += part;
      continue;
    }
    for (const g of graphemes(part)) {
      pieces.push(pending + g);
      pending = '';
    }
  }
  if (pending) {
    if (pieces.length) pieces[pieces.length - 1] += pending;
    else pieces.push(pending);
  }
  return pieces;
}

/** Cuts a text to `width` terminal cells from its start, keeping its end (`…artifacts.ts:12`). */
export function truncateStart(text: string, width: number, measure: Measure): string {
  const pieces = [...graphemes(text)];
  let used = 0;
  let from = pieces.length;
  while (from > 0 && used + measure(pieces[from - 1]!) <= width - 1) used += measure(pieces[--from]!);
  if (from === 0) return text;
  return width <= 1 ? (width === 1 ? '…' : '') : `…${pieces.slice(from).join('')}`;
}

/** Cuts a text to `width` terminal cells, whole characters only, marking the cut with `…`. */
export function truncate(text: string, width: number, measure: Measure): string {
  if (text.length * 2 <= width) return text;
  let used = 0;
  let length = 0;
  // Where the text is cut when it does not fit: the most that fits with `…` after it.
  let cut = 0;
  for (const g of graphemes(text)) {
    used += measure(g);
    if (used > width) return width <= 1 ? (width === 1 ? '…' : '') : `${text.slice(0, cut)}…`;
    length += g.length;
    if (used <= width - 1) cut = length;
  }
  return text;
}
