import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { chunks, graphemes, textWidth } from '../../src/output/graphemes.js';
import { SgrState } from '../../src/output/sgr.js';
import { fitSummary } from '../../src/output/summary.js';
import { fitColumns } from '../../src/output/table-fit.js';
import { fill, truncate, truncateStart, wrapText } from '../../src/output/wrap.js';

const measure = (s: string) => stringWidth(s);

/** A measure that counts its work: the calls and the code units it was given, and the longest. */
function counting() {
  const work = { calls: 0, units: 0, longest: 0 };
  const m = (s: string) => {
    work.calls++;
    work.units += s.length;
    work.longest = Math.max(work.longest, s.length);
    return stringWidth(s);
  };
  return { work, measure: m };
}

describe('wrapText', () => {
  it('wraps at spaces to the width in cells, never cutting a URL', () => {
    const url = 'https://gitlab.example.com/acme/platform/api/-/issues/1234567890/a/very/long/path/that/goes/on';
    const out = wrapText(`See ${url} for the details of this report, which is long`, 30, measure).split('\n');
    expect(out).toContain(url);
    for (const line of out.filter((l) => l !== url)) expect(measure(line)).toBeLessThanOrEqual(30);
    expect(out.join(' ')).toBe(`See ${url} for the details of this report, which is long`);
  });

  it('hangs continuation lines under a list item and keeps the indentation', () => {
    const out = wrapText('  1. Open the settings page and enable the feature', 24, measure).split('\n');
    expect(out[0]).toBe('  1. Open the settings');
    for (const l of out.slice(1)) expect(l.startsWith('     ')).toBe(true);
  });

  it('measures wide characters in cells and breaks a word longer than the line', () => {
    const cjk = '我的笔记本电脑的钥匙和更多的中文字符';
    const out = wrapText(cjk, 10, measure).split('\n');
    expect(out.length).toBeGreaterThan(1);
    for (const l of out) expect(measure(l)).toBeLessThanOrEqual(10);
    expect(out.join('')).toBe(cjk);
  });

  it('does not count colour sequences', () => {
    const red = '\u001b[31mred\u001b[39m';
    expect(wrapText(`${red} ${red} ${red}`, 11, measure)).toBe(`${red} ${red} ${red}`);
    expect(truncate('abcdef', 4, measure)).toBe('abc…');
  });

  it('truncateStart keeps the end, where a file:line has its line', () => {
    expect(truncateStart('src/security_artifacts.ts:12', 12, measure)).toBe('…facts.ts:12');
    expect(truncateStart('a.ts:1', 12, measure)).toBe('a.ts:1');
    expect(truncateStart('我我我我我', 5, measure)).toBe('…我我');
    expect(truncateStart('abc', 1, measure)).toBe('…');
  });
});

describe('wrapping is linear in the text', () => {
  // Intl.Segmenter and string-width grow quadratically with the string they are given on Node 20:
  // neither may ever see a long one. Work is counted, at two sizes: double the text, double the work.
  for (const [what, unit] of [
    ['ASCII', 'a'],
    ['CJK', '我'],
    ['CJK, no two alike', Array.from({ length: 20_000 }, (_, i) => String.fromCodePoint(0x4e00 + i)).join('')],
    ['emoji', '👍🏽'],
    ['combining marks', 'e\u0301'],
  ] as const) {
    it(`a word of ${what}: the measure sees short pieces only, and twice the text is twice the work`, () => {
      const runs = [40_000, 80_000].map((n) => {
        const { work, measure: m } = counting();
        const text = unit.repeat(n / unit.length);
        const out = wrapText(text, 80, m);
        for (const line of out.split('\n')) expect(stringWidth(line)).toBeLessThanOrEqual(80);
        expect(out.replace(/\n/g, '')).toBe(text);
        return work;
      });
      for (const w of runs) expect(w.longest).toBeLessThanOrEqual(256);
      expect(runs[1]!.units / runs[0]!.units).toBeLessThan(2.2);
      expect(runs[1]!.calls / runs[0]!.calls).toBeLessThan(2.2);
    });
  }

  it('truncating a long text measures only what is kept', () => {
    const { work, measure: m } = counting();
    expect(truncate('我'.repeat(200_000), 10, m)).toBe('我我我我…');
    expect(work.units).toBeLessThan(600);
  });
});

describe('graphemes and widths in chunks', () => {
  const segmenter = new Intl.Segmenter();
  const whole = (text: string) => [...segmenter.segment(text)].map((s) => s.segment);

  it('cuts only where a cluster ends, whatever sits across a chunk boundary', () => {
    const family = '👨‍👩‍👧‍👦';
    const flags = '🇫🇷🇩🇪';
    for (let pad = 240; pad < 262; pad++) {
      for (const cluster of [family, flags, 'e\u0301\u0302', '\r\n', '👍🏽', '각']) {
        const text = 'x'.repeat(pad) + cluster.repeat(3) + 'y'.repeat(300) + cluster;
        expect([...graphemes(text)]).toEqual(whole(text));
        for (const c of chunks(text)) expect(c.length).toBeLessThanOrEqual(256);
        expect([...chunks(text)].join('')).toBe(text);
        expect(textWidth(text, measure)).toBe(stringWidth(text));
      }
    }
  });

  it('an odd number of regional indicators before a boundary pairs as the whole text does', () => {
    const text = '🇫'.repeat(301);
    expect([...graphemes(text)]).toEqual(whole(text));
  });
});

describe('fill', () => {
  it('closes the colours open at the end of each line and opens them again on the next', () => {
    const text = 'plain \u001b[1mbold words that go \u001b[34mon and on and\u001b[39m past\u001b[22m end';
    const lines = fill(text, 12, measure, new SgrState());
    expect(lines).toEqual([
      'plain \u001b[1mbold\u001b[22m',
      '\u001b[1mwords that\u001b[22m',
      '\u001b[1mgo \u001b[34mon and on\u001b[22;39m',
      '\u001b[1;34mand\u001b[39m past\u001b[22m end',
    ]);
  });

  it('keeps runs of spaces inside a line, drops them at a cut', () => {
    expect(fill('a  b   c    d', 8, measure, new SgrState())).toEqual(['a  b   c', 'd']);
  });

  it('breaks a URL like any word when asked (inside a table cell)', () => {
    const url = 'https://example.com/a/long/path';
    expect(fill(url, 12, measure, new SgrState())).toEqual([url]);
    expect(fill(url, 12, measure, new SgrState(), { keepUrls: false })).toEqual(['https://exam', 'ple.com/a/lo', 'ng/path']);
  });
});

describe('fitColumns', () => {
  const columns = [
    { key: 'iid', kind: 'ref' as const },
    { key: 'state', kind: 'state' as const },
    { key: 'title', kind: 'title' as const },
    { key: 'labels', kind: 'labels' as const },
    { key: 'assignees', kind: 'users' as const, priority: 3 },
    { key: 'updated', kind: 'date' as const },
  ];

  it('gives the title the room at 80 columns: the least useful columns go first', () => {
    const { keep, widths } = fitColumns([3, 6, 60, 17, 11, 12], columns, 80);
    expect(keep).toEqual([0, 1, 2, 3, 5]);
    const title = widths[2]!;
    expect(title).toBeGreaterThan(35);
    expect(widths.reduce((a, b) => a + b, 0) + 2 * (widths.length - 1)).toBeLessThanOrEqual(80);
  });

  it('keeps every column when the terminal is wide enough, and none is dropped when asked for by name', () => {
    expect(fitColumns([3, 6, 60, 17, 11, 12], columns, 140).keep).toHaveLength(6);
    expect(fitColumns([3, 6, 60, 17, 11, 12], columns, 80, { mayDrop: false }).keep).toHaveLength(6);
  });

  it('drops a column of URLs rather than cutting them', () => {
    const cols = [{ key: 'id', kind: 'number' as const }, { key: 'name' }, { key: 'web_url' }];
    const { keep } = fitColumns([3, 20, 70], cols, 80, { whole: [false, false, true] });
    expect(keep).toEqual([0, 1]);
  });
});

describe('fitSummary', () => {
  const head = 'Showing 20 of 142';
  const what = 'open issues in acme/platform/api';
  it('keeps the whole line where it fits, then shortens the hint, then drops it', () => {
    expect(fitSummary(head, what, '', 79, stringWidth)).toBe('Showing 20 of 142 open issues in acme/platform/api · --all for every page');
    expect(fitSummary(head, what, '', 59, stringWidth)).toBe('Showing 20 of 142 open issues in acme/platform/api · --all');
    expect(fitSummary(head, what, '', 52, stringWidth)).toBe('Showing 20 of 142 open issues in acme/platform/api');
  });

  it('then cuts what the list holds, never the counts or "more available"', () => {
    const at40 = fitSummary(head, what, '', 39, stringWidth);
    expect(at40).toBe('Showing 20 of 142 open issues in acme/…');
    expect(stringWidth(at40)).toBe(39);
    const untold = fitSummary('Showing 20', what, '; more available', 39, stringWidth);
    expect(untold).toBe('Showing 20 open issues…; more available');
    expect(stringWidth(untold)).toBeLessThanOrEqual(39);
    // Wide characters are measured in cells.
    const wide = fitSummary(head, '未解決の課題 in アクメ/プラットフォーム', '', 39, stringWidth);
    expect(stringWidth(wide)).toBeLessThanOrEqual(39);
    expect(wide.startsWith('Showing 20 of 142 ')).toBe(true);
  });

  it('cuts the line itself only when not even the counts fit', () => {
    expect(fitSummary(head, what, '', 12, stringWidth)).toBe('Showing 20 …');
    expect(stringWidth(fitSummary(head, what, '', 1, stringWidth))).toBeLessThanOrEqual(1);
  });
});
