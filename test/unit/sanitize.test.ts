import { describe, expect, it } from 'vitest';
import { cellText, colouredText, jsonText, messageText, TerminalLogFilter, tableText } from '../../src/output/sanitize.js';
import { wrapText } from '../../src/output/wrap.js';

describe('the sanitiser', () => {
  it.each([
    ['OSC 52 clipboard (BEL)', 'a\u001b]52;c;aGVsbG8=\u0007b', 'ab'],
    ['OSC 0 title (ST)', 'a\u001b]0;title\u001b\\b', 'ab'],
    ['OSC 8 hyperlink, unterminated', 'a\u001b]8;;https://x', 'a'],
    ['clear screen', 'x\u001b[2Jy', 'xy'],
    ['cursor position report', 'x\u001b[6ny', 'xy'],
    ['8-bit CSI', 'x\u009b2Jy', 'xy'],
    ['8-bit OSC with 8-bit ST', 'x\u009d0;t\u009cy', 'xy'],
    ['DCS', 'x\u001bPq#0\u001b\\y', 'xy'],
    ['charset designation', 'x\u001b(By', 'xy'],
    ['BEL, backspace, DEL, CR', 'a\u0007b\bc\u007fd\re', 'abcde'],
  ])('removes %s everywhere', (_, input, expected) => {
    expect(cellText(input)).toBe(expected);
    expect(tableText(input)).toBe(expected);
    expect(messageText(input)).toBe(expected);
  });

  it('neutralises bidi controls and zero-width characters in table mode and on stderr, keeps them in tsv', () => {
    const text = 'invoice\u202eexe.pdf\u2066x\u2069\u200b\u200c\u2060\ufeffz\u00ad';
    expect(tableText(text)).toBe('invoiceexe.pdfxz');
    expect(messageText(text)).toBe('invoiceexe.pdfxz');
    expect(cellText(text)).toBe(text);
  });

  it('keeps emoji joined with a zero-width joiner, and lines in messages', () => {
    expect(tableText('👩🏽‍💻 👨‍👩‍👧')).toBe('👩🏽‍💻 👨‍👩‍👧');
    expect(tableText('a\u200db')).toBe('ab');
    expect(messageText('one\n\ttwo')).toBe('one\n\ttwo');
    expect(cellText('one\n\ttwo')).toBe('one two');
  });
});

describe('a CI log on a terminal', () => {
  const log =
    'section_start:1700000000:build\r\u001b[0K\u001b[1;36mbuild\u001b[0m\n\u001b]52;c;eA==\u0007copy\n\u001b[2J\u001b[Hcleared\u009b6n\n50%\r100%\n\u001b]8;;http://e\u001b\\link\u001b]8;;\u001b\\\nsection_end:1700000001:build\r\u001b[0Kend';

  function run(chunks: Uint8Array[], colors: boolean): string {
    const f = new TerminalLogFilter(colors);
    return chunks.map((c) => f.write(c)).join('') + f.flush();
  }

  it('keeps colours, \\r and text; drops OSC, cursor and screen sequences and erased section markers', () => {
    expect(run([Buffer.from(log)], true)).toBe('\u001b[1;36mbuild\u001b[0m\ncopy\ncleared\n50%\r100%\nlink\nend');
    expect(run([Buffer.from(log)], false)).toBe('build\ncopy\ncleared\n50%\r100%\nlink\nend');
  });

  it('gives the same answer however the bytes are cut (sequences and UTF-8 across chunks)', () => {
    const bytes = Buffer.from(`${log} — ünïcödé \u001b[31mred\u001b[0m`);
    const whole = run([bytes], true);
    const byByte = run(
      [...bytes].map((b) => Uint8Array.of(b)),
      true,
    );
    expect(byByte).toBe(whole);
    expect(whole).toContain('ünïcödé \u001b[31mred\u001b[0m');
  });
});

describe('JSON and rendered text on a terminal', () => {
  it(
    'JSON text escapes what JSON.stringify leaves raw (DEL, C1, bidi, zero-width, ' +
      'separators): the same value, nothing a terminal acts on',
    () => {
      const value = { t: 'a\u007fb\u009b2J\u009d0;x\u009c\u202eRLO\u2066\u200b\u2028\u{e0041}z', k: 'plain ✓ 👩‍💻' };
      const text = jsonText(JSON.stringify(value));
      expect(JSON.parse(text)).toEqual(value);
      expect(text).not.toMatch(/[\u007f-\u009f\u2028\u2029\p{Cf}]/u);
      expect(text).toContain('\\u009b2J');
      expect(jsonText('{"a":"b"}')).toBe('{"a":"b"}');
    },
  );

  it('rendered text keeps its own colours and loses every other sequence, control and invisible character', () => {
    expect(colouredText('\u001b[1mbold\u001b[22m \u202eRLO \u200bzw \u009b2J \u001b]0;t\u0007x\u001b[0m')).toBe(
      '\u001b[1mbold\u001b[22m RLO zw  x\u001b[0m',
    );
  });

  it('a colour is one rule: what a CI log keeps, a rendered text keeps, and neither counts towards its width', () => {
    const colours = '\u001b[38:5:208mamber\u001b[4:3m curly\u001b[0m';
    const log = new TerminalLogFilter(true);
    expect(log.write(Buffer.from(`${colours}\n`))).toBe(`${colours}\n`);
    expect(colouredText(colours)).toBe(colours);
    expect(wrapText(`${colours} ${colours}`, 12, (t) => t.length)).toBe(`${colours}\n${colours}`);
  });
});

describe('a CI log or raw body on a terminal', () => {
  it('loses bidi controls and zero-width characters too, keeps colours and emoji', () => {
    const log = new TerminalLogFilter(true);
    const out = log.write(Buffer.from('\u001b[32mok\u001b[0m if (a \u202e\u2066// admin\u2069\u2066) \u200b👨‍👩‍👧\n')) + log.flush();
    expect(out).toBe('\u001b[32mok\u001b[0m if (a // admin) 👨‍👩‍👧\n');
  });
});
