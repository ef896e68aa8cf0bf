import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import type { ColorLevel } from '../../src/output/io.js';
import { mark, painter, type Tone } from '../../src/output/paint.js';

const TEXTS = ['opened', 'IID', '', 'two\nlines', 'crlf\r\nend', 'inner \u001b[39mclose', 'bold \u001b[22m again'];
const STATES = ['opened', 'active', 'success', 'running', 'merged', 'closed', 'failed', 'blocked', 'canceled', 'pending', 'toString'];

describe('the painter', () => {
  it('writes what chalk writes for each tone, at every colour level, whatever the text holds', () => {
    for (const level of [1, 2, 3] as ColorLevel[]) {
      const c = new Chalk({ level });
      const paint = painter(level);
      const tones: [Tone, (t: string) => string][] = [
        ['header', c.bold],
        ['key', c.cyan],
        ['dim', c.dim],
        ['label', c.yellow],
        ['done', c.green],
        ['failed', c.red],
        // A diff as git colours it.
        ['diff-file', c.bold],
        ['diff-hunk', c.cyan],
        ['diff-removed', c.red],
        ['diff-added', c.green],
      ];
      for (const text of TEXTS) for (const [tone, style] of tones) expect(paint(text, tone), `${tone} ${text}`).toBe(style(text));
      const state = (s: string) =>
        ['opened', 'active', 'success', 'running'].includes(s)
          ? c.green
          : s === 'merged'
            ? c.magenta
            : ['closed', 'failed', 'blocked', 'canceled'].includes(s)
              ? c.red
              : c.yellow;
      for (const s of STATES) expect(paint(s.toUpperCase(), 'state', s), s).toBe(state(s)(s.toUpperCase()));
    }
  });

  it('leaves text as it is without colours', () => {
    const paint = painter(0);
    for (const text of TEXTS) expect(paint(text, 'failed')).toBe(text);
  });

  it('marks a line on a terminal only: green ✓ for done, red ✗ for failed, plain without colours', () => {
    expect(mark('done', { stderrIsTTY: true, colorLevel: 1 })).toBe('\u001b[32m✓\u001b[39m ');
    expect(mark('failed', { stderrIsTTY: true, colorLevel: 3 })).toBe('\u001b[31m✗\u001b[39m ');
    expect(mark('done', { stderrIsTTY: true, colorLevel: 0 })).toBe('✓ ');
    expect(mark('failed', { stderrIsTTY: false, colorLevel: 2 })).toBe('');
  });
});
