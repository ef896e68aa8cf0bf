import type { Writable } from 'node:stream';
import type { Measure } from '../output/graphemes.js';
import { tableText } from '../output/sanitize.js';
import { truncate } from '../output/wrap.js';

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

/** `1536` → `1.5 KiB`. */
export function formatBytes(n: number): string {
  let value = n;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(value < 10 ? 2 : 1)} ${UNITS[unit]}`;
}

/** `42s`, `3m05s`, `1h02m`. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

export interface ProgressOptions {
  /** The terminal's width now (read at each redraw: the window may be resized). */
  columns: () => number;
  /** Terminal cells of a text. */
  measure: Measure;
  now?: () => number;
  intervalMs?: number;
}

/** The widest and narrowest bar drawn; below the narrowest the bar is left out. */
const BAR_MAX = 30;
const BAR_MIN = 10;

/**
 * A one-line download progress bar redrawn in place with `\r`, at most every `intervalMs`, never
 * wider than the terminal (a line that wraps leaves a copy of itself at every redraw). Only ever
 * created for a terminal on stderr that stdout is not writing to; `add` is cheap between redraws.
 */
export class ProgressBar {
  private bytes = 0;
  private lastDraw = 0;
  private started: number;
  private drawn = false;
  private readonly label: string;
  private readonly now: () => number;
  private readonly intervalMs: number;

  constructor(
    private readonly stream: Writable,
    /** Often the server's file name (Content-Disposition): drawn on the terminal only once sanitised. */
    label: string,
    private readonly total: number | undefined,
    private readonly options: ProgressOptions,
  ) {
    this.label = tableText(label);
    this.now = options.now ?? Date.now;
    this.intervalMs = options.intervalMs ?? 100;
    this.started = this.now();
  }

  add(n: number): void {
    this.bytes += n;
    const t = this.now();
    if (t - this.lastDraw >= this.intervalMs) {
      this.lastDraw = t;
      this.draw(t);
    }
  }

  /** The download starts over from zero (its rate too). */
  restart(): void {
    this.bytes = 0;
    this.started = this.now();
  }

  /**
   * The line at time `t`, at most one cell narrower than the terminal. What gives way first: the
   * bar's length, then the file name, then the bar, then the name, the sizes and the rate.
   */
  line(t = this.now()): string {
    const { measure } = this.options;
    const width = Math.max(1, this.options.columns() - 1);
    const seconds = Math.max((t - this.started) / 1000, 0.001);
    const perSecond = this.bytes / seconds;
    // Sizes padded to their widest (`1023.9 KiB`), so that the line does not jitter as they change.
    const size = (n: number) => formatBytes(n).padStart(10);
    const rate = `${size(Math.round(perSecond))}/s`;
    const fits = (text: string) => measure(text) <= width;
    // The name (cut to the room left, at least 8 cells of it) before `tail`.
    const named = (tail: string, gap: string): string | undefined => {
      const room = width - measure(tail) - measure(gap);
      return room >= Math.min(8, measure(this.label)) ? `${truncate(this.label, room, measure)}${gap}${tail}` : undefined;
    };
    if (this.total === undefined || this.total <= 0) {
      const tail = `${size(this.bytes)}  ${rate}`;
      return named(tail, '  ') ?? [tail, rate].find(fits) ?? truncate(rate, width, measure);
    }
    const fraction = Math.min(1, this.bytes / this.total);
    const pct = `${String(Math.floor(fraction * 100)).padStart(3)}%`;
    const left = this.bytes >= this.total ? 0 : perSecond > 0 ? (this.total - this.bytes) / perSecond : undefined;
    const eta = `ETA ${left === undefined ? '--' : formatDuration(left)}`;
    const tail = `${pct} ${size(this.bytes)} / ${formatBytes(this.total)} ${rate}  ${eta}`;
    const bar = (cells: number) => {
      const filled = Math.round(fraction * cells);
      return `[${'#'.repeat(filled)}${'-'.repeat(cells - filled)}]`;
    };
    const barCells = Math.min(BAR_MAX, width - measure(this.label) - measure(tail) - 4);
    if (barCells >= BAR_MIN) return `${this.label} ${bar(barCells)} ${tail}`;
    return (
      named(`${bar(BAR_MIN)} ${tail}`, ' ') ??
      named(tail, '  ') ??
      [tail, `${pct} ${rate}  ${eta}`, `${pct}  ${eta}`].find(fits) ??
      truncate(pct.trim(), width, measure)
    );
  }

  private draw(t: number): void {
    this.drawn = true;
    this.stream.write(`\r${this.line(t)}\u001b[K`);
  }

  /** Erases the bar so the next message starts on a clean line (the next `add` draws it again). */
  finish(): void {
    if (this.drawn) this.stream.write('\r\u001b[K');
    this.drawn = false;
  }
}
