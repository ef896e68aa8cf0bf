import type { ColorLevel, IO } from './io.js';
import { sgr } from './sgr.js';

/**
 * What a piece of text is to people; its colour follows (a state: by the state it names). A diff's
 * lines are coloured as git colours them: file headers bold, hunk headers cyan, removed lines red,
 * added lines green.
 */
export type Tone =
  | 'header'
  | 'key'
  | 'dim'
  | 'label'
  | 'state'
  | 'done'
  | 'failed'
  | 'diff-file'
  | 'diff-hunk'
  | 'diff-removed'
  | 'diff-added';

export type Painter = (text: string, tone: Tone, state?: string) => string;

/** The sequences that open a style and close it again. */
type Style = readonly [open: number, close: number];

const BOLD: Style = [1, 22];
const DIM: Style = [2, 22];
const RED: Style = [31, 39];
const GREEN: Style = [32, 39];
const YELLOW: Style = [33, 39];
const MAGENTA: Style = [35, 39];
const CYAN: Style = [36, 39];

const TONES: Record<Exclude<Tone, 'state'>, Style> = {
  header: BOLD,
  key: CYAN,
  dim: DIM,
  label: YELLOW,
  done: GREEN,
  failed: RED,
  'diff-file': BOLD,
  'diff-hunk': CYAN,
  'diff-removed': RED,
  'diff-added': GREEN,
};

const STATES: Readonly<Record<string, Style>> = {
  opened: GREEN,
  active: GREEN,
  success: GREEN,
  running: GREEN,
  merged: MAGENTA,
  closed: RED,
  failed: RED,
  blocked: RED,
  canceled: RED,
};

/**
 * The one place that colours what collab writes for people. The basic colours are the same
 * sequences at every level, written as chalk writes them: a style closed inside the text is
 * opened again, and each line break closes and reopens it.
 */
export function painter(level: ColorLevel): Painter {
  if (level === 0) return (text) => text;
  return (text, tone, state) => {
    if (text === '') return text;
    const style = tone === 'state' ? (Object.hasOwn(STATES, state ?? '') ? STATES[state!]! : YELLOW) : TONES[tone];
    const [open, close] = style.map(sgr) as [string, string];
    const body = text.replaceAll(close, close + open).replace(/\r?\n/g, (newline) => close + newline + open);
    return open + body + close;
  };
}

/**
 * `✓ ` before a line saying what a write did, `✗ ` before one saying what failed: on a terminal
 * only, in colour when stdout has colours.
 */
export function mark(outcome: 'done' | 'failed', io: Pick<IO, 'stderrIsTTY' | 'colorLevel'>): string {
  if (!io.stderrIsTTY) return '';
  return `${painter(io.colorLevel)(outcome === 'done' ? '✓' : '✗', outcome)} `;
}
