import type { Writable } from 'node:stream';
import { tableText } from '../output/sanitize.js';

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

/**
 * A one-line download progress bar redrawn in place with `\r`, at most every `intervalMs`.
 * Only ever created for a terminal on stderr; `add` is cheap between redraws.
 */
export class ProgressBar {
  private bytes = 0;
  private lastDraw = 0;
  private readonly started: number;
  private drawn = false;
  private readonly label: string;

  constructor(
    private readonly stream: Writable,
    /** Often the server's file name (Content-Disposition): drawn on the terminal only once sanitised. */
    label: string,
    private readonly total: number | undefined,
    private readonly now: () => number = Date.now,
    private readonly intervalMs = 100,
  ) {
    this.label = tableText(label);
    this.started = now();
  }

  add(n: number): void {
    this.bytes += n;
    const t = this.now();
    if (t - this.lastDraw >= this.intervalMs) {
      this.lastDraw = t;
      this.draw(t);
    }
  }

  /** The download starts over from zero. */
  restart(): void {
    this.bytes = 0;
  }

  line(t = this.now()): string {
    const seconds = Math.max((t - this.started) / 1000, 0.001);
    const rate = `${formatBytes(Math.round(this.bytes / seconds))}/s`;
    if (this.total !== undefined && this.total > 0) {
      const pct = Math.min(100, Math.floor((this.bytes / this.total) * 100));
      const width = 20;
      const filled = Math.round((pct / 100) * width);
      const bar = `${'#'.repeat(filled)}${'-'.repeat(width - filled)}`;
      return `${this.label} [${bar}] ${String(pct).padStart(3)}%  ${formatBytes(this.bytes)} / ${formatBytes(this.total)}  ${rate}`;
    }
    return `${this.label}  ${formatBytes(this.bytes)}  ${rate}`;
  }

  private draw(t: number): void {
    this.drawn = true;
    this.stream.write(`\r${this.line(t)}\u001b[K`);
  }

  /** Erases the bar so the next message starts on a clean line. */
  finish(): void {
    if (this.drawn) this.stream.write('\r\u001b[K');
  }
}
