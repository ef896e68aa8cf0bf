/**
 * An issue's description as a person sees it: the built binary's `issue view` in a pseudo-terminal
 * at 40, 80 and 160 columns, in colour and with NO_COLOR, against a small server. Hostile
 * descriptions render in at most twice their size plus the view's own frame.
 */
import stringWidth from 'string-width';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HostileServer, startHostileServer } from '../helpers/hostile.js';
import { plain, runInTerminal } from '../helpers/terminal.js';

const P = 'acme%2Fapi';
const LONG_CODE = 'git  commit  -m "keep  these  spaces"   # and a line long enough to run past forty columns and more';
const DESCRIPTION = [
  '## Steps',
  '',
  '1. first',
  '   1. sub a',
  '   2. sub b',
  '2. second',
  '',
  '- [ ] write the test',
  '- [x] find the bug',
  '',
  '```',
  LONG_CODE,
  '```',
  '',
  '| Where | What |',
  '|---|---|',
  '| login | fails with a colon in the password |',
  '',
  '<details>',
  '<summary>Logs</summary>',
  '',
  'Nothing **useful**.',
  '',
  '</details>',
  '',
  '![screen shot](/uploads/abc/shot.png)',
].join('\n');

const HOSTILE: Record<string, string> = {
  'a 41-byte nested list': `${'* '.repeat(20)}x`,
  'a 53-byte nested list': `${'* '.repeat(26)}x`,
  '2,000 nested quotes': `${'>'.repeat(2000)} x`,
  'a 200,000-character word': 'a'.repeat(200_000),
};

describe('issue view renders the description as Markdown, in a terminal', () => {
  let server: HostileServer;
  let env: Record<string, string>;
  const issue = (iid: number, description: string) => ({
    body: { id: iid, iid, title: `Issue ${iid}`, state: 'opened', description, web_url: `${server.url}/acme/api/-/issues/${iid}` },
  });
  beforeAll(async () => {
    const routes: Parameters<typeof startHostileServer>[0] = {
      [`GET /api/v4/projects/${P}/issues/1`]: () => issue(1, DESCRIPTION),
      [`GET /api/v4/projects/${P}/issues/20`]: () => issue(20, '.'),
    };
    Object.values(HOSTILE).forEach((text, k) => {
      routes[`GET /api/v4/projects/${P}/issues/${10 + k}`] = () => issue(10 + k, text);
    });
    server = await startHostileServer(routes);
    env = { COLLAB_HOST: server.url, COLLAB_TOKEN: 'glpat-markdown-0123456789', COLLAB_NO_INPUT: '1', COLLAB_PAGER: 'cat' };
  });
  afterAll(() => server?.close());

  for (const cols of [40, 80, 160]) {
    for (const colour of [true, false]) {
      it(
        `at ${cols} columns, ${colour ? 'in colour' : 'NO_COLOR'}: numbers, one checkbox, ` +
          `code as written, blocks apart, images absolute`,
        async () => {
          const r = await runInTerminal(['issue', 'view', '1', '-p', 'acme/api'], { cols, env: colour ? env : { ...env, NO_COLOR: '1' } });
          expect(r.code, r.screen).toBe(0);
          if (colour) expect(r.screen).toContain('\u001b[1m');
          else expect(r.screen).not.toContain('\u001b');
          const screen = plain(r.screen);
          const lines = screen.split('\n');
          const at = lines.indexOf('1. first');
          expect(lines.slice(at, at + 4)).toEqual(['1. first', '   1. sub a', '   2. sub b', '2. second']);
          expect(lines).toContain('[ ] write the test');
          expect(lines).toContain('[x] find the bug');
          expect(lines).toContain(`  ${LONG_CODE}`);
          expect(lines.slice(lines.indexOf('<details>') - 1, lines.indexOf('<details>') + 2)).toEqual([
            '',
            '<details>',
            '<summary>Logs</summary>',
          ]);
          expect(screen.replace(/\s+/g, ' ')).toContain(`Image: screen shot <${server.url}/acme/api/uploads/abc/shot.png>`);
          const table = lines.filter((l) => /^[┌│├└]/.test(l));
          expect(table.length).toBeGreaterThanOrEqual(5);
          for (const l of table) expect(stringWidth(l)).toBe(stringWidth(table[0]!));
          for (const l of lines) if (!l.includes(LONG_CODE) && !l.includes('://')) expect(stringWidth(l), l).toBeLessThanOrEqual(cols);
        },
      );
    }
  }

  /** The view's frame at a width: issue 20, whose description is one character (no dates: the same screen each time). */
  const frames = new Map<number, ReturnType<typeof runInTerminal>>();
  const frameAt = (cols: number) => {
    if (!frames.has(cols)) frames.set(cols, runInTerminal(['issue', 'view', '20', '-p', 'acme/api'], { cols, env }));
    return frames.get(cols)!;
  };

  for (const [k, [what, text]] of Object.entries(HOSTILE).entries()) {
    it(`${what}: at most twice its size beyond the view's frame, in colour, at 40 and 160 columns`, async () => {
      for (const cols of [40, 160]) {
        const frame = await frameAt(cols);
        const r = await runInTerminal(['issue', 'view', String(10 + k), '-p', 'acme/api'], { cols, env });
        expect(r.code, r.screen.slice(0, 500)).toBe(0);
        const extra = Buffer.byteLength(r.screen) - (Buffer.byteLength(frame.screen) - 1);
        expect(extra).toBeLessThanOrEqual(2 * Buffer.byteLength(text));
        for (const l of plain(r.screen).split('\n')) if (!l.includes('://')) expect(stringWidth(l), l).toBeLessThanOrEqual(cols);
      }
    });
  }
});
