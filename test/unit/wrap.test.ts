import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { fitColumns, fitSummary } from '../../src/output/format.js';
import { truncate, wrapText } from '../../src/output/wrap.js';

const measure = (s: string) => stringWidth(s);

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
    expect(fitColumns([3, 6, 60, 17, 11, 12], columns, 80, false).keep).toHaveLength(6);
  });

  it('drops a column of URLs rather than cutting them', () => {
    const cols = [{ key: 'id', kind: 'number' as const }, { key: 'name' }, { key: 'web_url' }];
    const { keep } = fitColumns([3, 20, 70], cols, 80, true, [false, false, true]);
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
