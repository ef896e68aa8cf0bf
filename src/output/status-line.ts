import type { Writable } from 'node:stream';
import type { Measure } from './graphemes.js';
import { tableText } from './sanitize.js';
import { truncate } from './wrap.js';

/** Erase the line the cursor is on and go back to its start. */
const REDRAW = '\r\u001b[2K';

/**
 * What a wait shows while it waits, on stderr. On a terminal: one line, redrawn in place at every
 * poll (never wider than the terminal: a line that wraps leaves a copy at every redraw), kept once
 * the wait ends. Anywhere else (a pipe, a CI log): one plain line per change, each said once, no
 * escape sequence at all.
 */
export class StatusLine {
  private last: string | undefined;
  private drawn = false;

  constructor(
    private readonly stream: Writable,
    private readonly options: {
      /** Redraw in place: stderr is a terminal. */
      inPlace: boolean;
      /** The terminal's width now (read at each redraw: the window may be resized). */
      columns: () => number;
      measure: Measure;
    },
  ) {}

  /**
   * Shows the state: `text` is what changes are told by (said once each), `extra` what a terminal
   * also shows and a pipe leaves out (the time it has waited, which changes at every poll).
   */
  show(text: string, extra = ''): void {
    const changed = text !== this.last;
    this.last = text;
    if (!this.options.inPlace) {
      if (changed) this.stream.write(`${tableText(text)}\n`);
      return;
    }
    const line = truncate(tableText(`${text}${extra}`), Math.max(1, this.options.columns() - 1), this.options.measure);
    this.stream.write(`${REDRAW}${line}`);
    this.drawn = true;
  }

  /** The wait is over: the line drawn in place stays, the cursor on the next line. */
  end(): void {
    if (this.drawn) this.stream.write('\n');
    this.drawn = false;
  }
}
