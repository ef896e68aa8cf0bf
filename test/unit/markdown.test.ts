/**
 * Markdown for a terminal: what was written, at 40, 80 and 160 columns, in bounded time and size.
 * Fixtures are built here; hostile ones too. Work is counted through the measure the renderer is
 * given (no clock): twice the input must cost about twice the work.
 */
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { renderMarkdown, webBase } from '../../src/output/markdown.js';

const BASE = 'https://gitlab.example.com/acme/api';
const measure = (s: string) => stringWidth(s);
const render = (text: string, width: number, level: 0 | 1 | 2 | 3 = 0) => renderMarkdown(text, width, level, measure, BASE);
const SGR = /\u001b\[[0-9;]*m/g;
const plain = (s: string) => s.replace(SGR, '');
const lines = (s: string) => s.split('\n');
const bytes = (s: string) => Buffer.byteLength(s);

/** A measure that counts the code units it is given. */
function counting() {
  const work = { units: 0, longest: 0 };
  const m = (s: string) => {
    work.units += s.length;
    work.longest = Math.max(work.longest, s.length);
    return stringWidth(s);
  };
  return { work, measure: m };
}

describe('lists', () => {
  it('ordered lists keep their numbers at every depth, whatever numbers were written', async () => {
    for (const width of [40, 80, 160])
      expect(await render('1. first\n   1. sub a\n   2. sub b\n2. second', width)).toBe('1. first\n   1. sub a\n   2. sub b\n2. second');
    expect(await render('1. a\n1. b\n1. c', 40)).toBe('1. a\n2. b\n3. c');
    expect(await render('7) seven\n8) eight', 40)).toBe('7) seven\n8) eight');
  });

  it('nests lists of mixed kinds, text hanging under its marker', async () => {
    const md = [
      '1. first',
      '   1. sub a',
      '   2. sub b',
      '2. second',
      '   - bullet under second',
      '     1. ordered under bullet',
      '     2. and another item whose text is long enough to wrap at forty',
      '3. third',
    ].join('\n');
    expect(await render(md, 40)).toBe(
      [
        '1. first',
        '   1. sub a',
        '   2. sub b',
        '2. second',
        '   • bullet under second',
        '     1. ordered under bullet',
        '     2. and another item whose text is',
        '        long enough to wrap at forty',
        '3. third',
      ].join('\n'),
    );
    expect(lines(await render(md, 160))).toContain('     2. and another item whose text is long enough to wrap at forty');
  });

  it('loose lists keep their blank lines, tight ones none', async () => {
    expect(await render('- a\n\n- b\n  more\n\n  second paragraph\n- c', 40)).toBe('• a\n\n• b more\n\n  second paragraph\n\n• c');
    expect(await render('- a\n  - b\n- c', 40)).toBe('• a\n  ◦ b\n• c');
  });

  it('a task item has one checkbox, in place of its bullet', async () => {
    const md = ['- [ ] task', '- [x] done', '- [X] also done', '- [~] not applicable', '- plain', '', '1. [ ] first', '2. [x] second'].join(
      '\n',
    );
    const out = await render(md, 40);
    expect(out).toBe(
      ['[ ] task', '[x] done', '[x] also done', '[~] not applicable', '• plain', '', '1. [ ] first', '2. [x] second'].join('\n'),
    );
    expect(out).not.toMatch(/\[.\].*\[.\]/);
    // The tokens are not changed: a second rendering (as without colour, when colour would be too large) is the same.
    expect(await render(md, 40)).toBe(out);
  });
});

describe('code, HTML and tables stay blocks', () => {
  const CODE = [
    'Before:',
    '',
    '```sh',
    'git  commit -m "a message"   # two  spaces kept, and a line long enough to run past forty columns',
    '',
    '\tindented  by a tab',
    '```',
    '',
    'After.',
  ].join('\n');

  it('code is never reflowed: long lines run on, spaces and blank lines kept, tabs to the next stop', async () => {
    for (const width of [40, 80, 160])
      expect(await render(CODE, width)).toBe(
        [
          'Before:',
          '',
          '  git  commit -m "a message"   # two  spaces kept, and a line long enough to run past forty columns',
          '',
          '          indented  by a tab',
          '',
          'After.',
        ].join('\n'),
      );
  });

  it('an HTML block is kept apart from the paragraphs around it', async () => {
    const md = ['Para one.', '<details>', '<summary>Logs</summary>', '', 'Hidden **para**.', '', '</details>', '', 'Para two.'].join('\n');
    expect(await render(md, 40)).toBe(
      ['Para one.', '', '<details>', '<summary>Logs</summary>', '', 'Hidden para.', '', '</details>', '', 'Para two.'].join('\n'),
    );
  });

  const TABLE = [
    '| Name | Status | Notes |',
    '| :--- | :---: | ---: |',
    '| login | open | The login page fails when the password contains a colon |',
    '| search | fixed | - |',
  ].join('\n');

  it('a table as wide as its cells when it fits', async () => {
    const out = await render(TABLE, 160);
    expect(out).toBe(
      [
        '┌────────┬────────┬─────────────────────────────────────────────────────────┐',
        '│ Name   │ Status │                                                   Notes │',
        '├────────┼────────┼─────────────────────────────────────────────────────────┤',
        '│ login  │  open  │ The login page fails when the password contains a colon │',
        '│ search │ fixed  │                                                       - │',
        '└────────┴────────┴─────────────────────────────────────────────────────────┘',
      ].join('\n'),
    );
  });

  it('a wide table is fitted to the width, its cells wrapped and rows ruled apart, never cut mid-border', async () => {
    expect(await render(TABLE, 40)).toBe(
      [
        '┌────────┬────────┬────────────────────┐',
        '│ Name   │ Status │              Notes │',
        '├────────┼────────┼────────────────────┤',
        '│ login  │  open  │     The login page │',
        '│        │        │     fails when the │',
        '│        │        │  password contains │',
        '│        │        │            a colon │',
        '├────────┼────────┼────────────────────┤',
        '│ search │ fixed  │                  - │',
        '└────────┴────────┴────────────────────┘',
      ].join('\n'),
    );
    // A URL in a cell is broken inside its cell rather than pushing the border out.
    const url = 'https://gitlab.example.com/acme/api/-/issues/123456/a/very/long/path';
    for (const width of [40, 80]) {
      const out = lines(await render(`| Link | Note |\n|---|---|\n| ${url} | ok |`, width));
      const w = stringWidth(out[0]!);
      expect(w).toBeLessThanOrEqual(width);
      for (const l of out) {
        expect(stringWidth(l)).toBe(w);
        expect(l).toMatch(/^[┌│├└].*[┐│┤┘]$/);
      }
      expect(out.map((l) => l.split('│')[1]?.trim() ?? '').join('')).toContain(url);
    }
  });

  it('a table that cannot fit even with narrow columns is shown as its source', async () => {
    const md = [
      '| a | b | c | d | e | f | g |',
      '|---|---|:-:|---|---|---|--:|',
      '| one two three | four | five | six | seven | eight | nine |',
    ].join('\n');
    expect(await render(md, 40)).toBe(
      [
        '| a | b | c | d | e | f | g |',
        '| --- | --- | :---: | --- | --- | --- | ---: |',
        '| one two three | four | five | six | seven | eight | nine |',
      ].join('\n'),
    );
    expect(lines(await render(md, 80))[0]).toBe('┌───────────────┬──────┬──────┬─────┬───────┬───────┬──────┐');
  });
});

describe('links and images lead somewhere', () => {
  it('/uploads/ links are absolute against the project, other paths against the server; images are said to be', async () => {
    const md =
      'See ![screen shot](/uploads/abc/shot.png), <img src="/uploads/d/e.png" ' +
      'alt="diagram" width="300">, [the log](/uploads/f/log.txt), [an ' +
      'issue](/acme/web/-/issues/1) and <https://auto.example/x>.';
    expect((await render(md, 160)).replace(/\n/g, ' ')).toBe(
      `See Image: screen shot <${BASE}/uploads/abc/shot.png>, Image: diagram ` +
        `<${BASE}/uploads/d/e.png>, the log (${BASE}/uploads/f/log.txt), an issue ` +
        `(https://gitlab.example.com/acme/web/-/issues/1) and https://auto.example/x.`,
    );
    // A URL too long for the room is kept whole on its own line.
    expect(lines(await render(md, 40))).toContain(`<${BASE}/uploads/abc/shot.png>,`);
  });

  it("the base is the project's web URL, read off an issue's, a merge request's or a project's own", () => {
    expect(webBase({ web_url: 'https://gitlab.example.com/acme/api/-/issues/3' })).toBe(BASE);
    expect(webBase({ web_url: 'https://gitlab.example.com/acme/api/-/merge_requests/3' })).toBe(BASE);
    expect(webBase({ web_url: 'https://gitlab.example.com/acme/api' })).toBe(BASE);
    expect(webBase({ web_url: 'javascript:alert(1)' })).toBeUndefined();
    expect(webBase({})).toBeUndefined();
  });
});

describe('colour', () => {
  const md = '**bold** *it* ~~gone~~ `code` [docs](https://d.example) <https://auto.example>';

  it('styles change only where the look changes', async () => {
    expect(await render(md, 160, 3)).toBe(
      '\u001b[1mbold\u001b[22m \u001b[3mit\u001b[23m \u001b[9mgone\u001b[29m ' +
        '\u001b[33mcode\u001b[39m docs (\u001b[4;34mhttps://d.example\u001b[24;39m) ' +
        '\u001b[4;34mhttps://auto.example\u001b[24;39m',
    );
    expect(await render('# Title\n\n## Sub', 80, 3)).toBe('\u001b[1;35m# Title\u001b[22;39m\n\n\u001b[1;32m## Sub\u001b[22;39m');
  });

  it('without colour, no escape at all, and struck text and code keep their marks', async () => {
    const out = await render(md, 160, 0);
    expect(out).toBe('bold it ~~gone~~ `code` docs (https://d.example) https://auto.example');
  });

  it('each wrapped line closes its colours: the bar of a quote is never coloured', async () => {
    const out = await render('> **a bold sentence long enough to wrap at forty columns, twice over**', 40, 3);
    for (const l of lines(out)) {
      expect(l.startsWith('│ ')).toBe(true);
      expect(l.endsWith('\u001b[22m')).toBe(true);
    }
  });

  it('text the server sent cannot add escapes, even decoded from entities', async () => {
    const out = await render('a &#x202e;RLO &#x1b;[2J &#155;2J b `\u001b[31mx` <b>&#x1b;[8m</b>', 80, 3);
    expect(plain(out)).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/);
  });
});

describe('hostile descriptions: bounded depth, size and work', () => {
  it('20 levels of nesting: 8 drawn, the rest flattened after a marker', async () => {
    const md = Array.from({ length: 20 }, (_, i) => `${' '.repeat(2 * i)}- level ${i + 1}`).join('\n');
    const drawn = [
      '• level 1',
      '  ◦ level 2',
      '    ▪ level 3',
      '      • level 4',
      '        ◦ level 5',
      '          ▪ level 6',
      '            • level 7',
    ];
    const flat = Array.from({ length: 12 }, (_, i) => `                - level ${i + 9}`);
    for (const width of [40, 80, 160]) expect(await render(md, width)).toBe([...drawn, '              ◦ … level 8', ...flat].join('\n'));
  });

  it('a 41-byte nested list prints a line, not megabytes, in colour', async () => {
    const md = `${'* '.repeat(20)}x`;
    expect(md).toHaveLength(41);
    const out = await render(md, 80, 3);
    expect(out).toBe('• ◦ ▪ • ◦ ▪ • ◦ … * * * * * * * * * * * * x');
    const longer = `${'* '.repeat(26)}x`;
    expect(longer).toHaveLength(53);
    for (const width of [40, 80, 160]) {
      expect(bytes(await render(md, width, 3))).toBeLessThanOrEqual(2 * 41);
      expect(bytes(await render(longer, width, 3))).toBeLessThanOrEqual(2 * 53);
    }
  });

  it('2,000 nested quotes: no crash, 8 bars, the rest as written, at most twice the size', async () => {
    const md = `${'>'.repeat(2000)} x`;
    for (const width of [80, 160]) {
      for (const level of [0, 3] as const) {
        const out = await render(md, width, level);
        const ls = lines(plain(out));
        expect(ls[0]).toMatch(/^(│ ){8}… >{10}/);
        for (const l of ls) expect(stringWidth(l)).toBeLessThanOrEqual(width);
        expect(ls.join('').replace(/[│ …]/g, '')).toBe(`${'>'.repeat(1992)}x`);
        expect(bytes(out)).toBeLessThanOrEqual(2 * bytes(md));
      }
    }
    // At 40 columns the bars would take more room than the text: it is shown as written.
    const narrow = await render(md, 40, 3);
    expect(lines(narrow)).toEqual([...Array.from({ length: 50 }, () => '>'.repeat(40)), 'x']);
  });

  it('a 200,000-character word: wrapped, whole, its size kept, the work linear', async () => {
    const runs = [];
    for (const n of [100_000, 200_000]) {
      const { work, measure: m } = counting();
      const word = 'a'.repeat(n);
      const out = await renderMarkdown(word, 80, 3, m, BASE);
      const ls = lines(out);
      expect(ls.every((l) => l.length === 80 || l === ls.at(-1))).toBe(true);
      expect(ls.join('')).toBe(word);
      expect(bytes(out)).toBeLessThan(2 * n);
      expect(work.longest).toBeLessThanOrEqual(256);
      runs.push(work.units);
    }
    expect(runs[1]! / runs[0]!).toBeLessThan(2.2);
  });

  it('nested quotes, lists and tables: twice the input is about twice the work', async () => {
    const inputs = [
      (n: number) => `${'> '.repeat(n)}x`,
      (n: number) => `${'- '.repeat(n)}x`,
      (n: number) => `| a | b |\n|---|---|\n${'| some words | more words here |\n'.repeat(n)}`,
      (n: number) => `${'**a '.repeat(n)}b${' c**'.repeat(n)}`,
    ];
    for (const make of inputs) {
      const units = [];
      for (const n of [1000, 2000]) {
        const { work, measure: m } = counting();
        const md = make(n);
        const out = await renderMarkdown(md, 80, 3, m, BASE);
        expect(bytes(out)).toBeLessThanOrEqual(2 * bytes(md) + 9 * 80);
        units.push(work.units);
      }
      expect(units[1]! / units[0]!, make(2)).toBeLessThan(2.3);
    }
  });

  it('what would render larger than twice the text is shown without colour, and failing that as written', async () => {
    const dense = '*a* '.repeat(5000);
    const out = await render(dense, 80, 3);
    expect(out).not.toContain('\u001b');
    expect(bytes(out)).toBeLessThanOrEqual(2 * bytes(dense) + 9 * 80);
    // 1,000 nested items at 40 columns: the flattened rest would sit under 24 columns of indentation.
    const deep = `${'1. '.repeat(1000)}x`;
    const written = await render(deep, 40, 3);
    expect(bytes(written)).toBeLessThanOrEqual(2 * bytes(deep) + 9 * 40);
    expect(written.replace(/\s+/g, ' ')).toBe(deep);
  });
});
