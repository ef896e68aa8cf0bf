/**
 * Text whose look changes along it, written with the fewest colour sequences: only where the look
 * changes, never a style wrapped around text that already holds styles. (chalk wraps: nested, it
 * repeats its codes at every level, and a colour reset nested in twenty list items became
 * a million resets.)
 */
import { sgr } from '../sgr.js';

export interface Look {
  bold?: boolean;
  dim?: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
  /** A foreground colour's SGR code (33 yellow, …). */
  fg?: number;
}

export const YELLOW = 33;
const BLUE = 34;
export const GREEN = 32;
export const MAGENTA = 35;
export const GRAY = 90;

export const URL_LOOK: Look = { fg: BLUE, underline: true };

const TOGGLES = [
  ['italic', 3, 23],
  ['underline', 4, 24],
  ['strike', 9, 29],
] as const;

/** The sequence that turns look `from` into look `to` ('' when they look the same). */
function change(from: Look, to: Look): string {
  const codes: number[] = [];
  // 22 turns off bold and dim together: what stays on is turned on again.
  const off = (from.bold && !to.bold) || (from.dim && !to.dim);
  if (off) codes.push(22);
  if (to.bold && (off || !from.bold)) codes.push(1);
  if (to.dim && (off || !from.dim)) codes.push(2);
  for (const [key, on, close] of TOGGLES) if (!from[key] !== !to[key]) codes.push(to[key] ? on : close);
  if (from.fg !== to.fg) codes.push(to.fg ?? 39);
  return codes.length ? sgr(codes.join(';')) : '';
}

/** Builds one text: each piece in its look; without colour, the text alone. */
export class Styled {
  private out = '';
  private last: Look = {};

  constructor(private readonly colour: boolean) {}

  write(text: string, look: Look = {}): void {
    if (text === '') return;
    if (this.colour) this.out += change(this.last, look);
    this.last = look;
    this.out += text;
  }

  /** The text, every look closed at its end. */
  done(): string {
    if (this.colour) this.out += change(this.last, {});
    this.last = {};
    return this.out;
  }
}

/** `text` in one look. */
export function styled(text: string, look: Look, colour: boolean): string {
  const s = new Styled(colour);
  s.write(text, look);
  return s.done();
}
