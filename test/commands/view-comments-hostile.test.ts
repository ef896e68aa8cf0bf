/**
 * `view --comments` against what a server can send: one comment long enough to render past
 * 100,000 lines, thousands of ordinary ones, and author names and system notes (which quote titles
 * people typed) holding bidi overrides and zero-width characters. On a terminal (the card) and
 * piped; GitLab's notes API (lib/api/notes.rb, `GET /projects/:id/issues/:noteable_id/notes`).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { jsonReply, mockApi, runCli } from '../helpers/harness.js';
import { issue } from './issue-fixtures.js';

const P = 'acme/platform/api';
const I = `/api/v4/projects/${encodeURIComponent(P)}/issues/42`;
const AT = '2026-11-25T09:00:00.000Z';
const note = (id: number, body: string, extra: Record<string, unknown> = {}) => ({
  id,
  body,
  author: { id: 2, username: 'alice', name: 'Alice' },
  created_at: AT,
  system: false,
  ...extra,
});

/** Bidi embeddings, overrides and isolates, zero-width and other invisible format characters. */
const INVISIBLE = ['\u202e', '\u202d', '\u202a', '\u2066', '\u2067', '\u2068', '\u2069', '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff'];
const HIDDEN = new RegExp(`[${INVISIBLE.join('')}\\u202b\\u202c]`, 'u');

describe('view --comments', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  const view = async (notes: unknown[], tty: boolean) => {
    api = mockApi();
    api.pool.intercept({ path: I, method: 'GET' }).reply(200, ...jsonReply(issue(42, { description: 'The body' })));
    api.pool.intercept({ path: (p) => p.startsWith(`${I}/notes`), method: 'GET' }).reply(200, ...jsonReply(notes));
    return runCli(['issue', 'view', '42', '-p', P, '--comments'], { transport: api.transport, tty, env: { PAGER: 'cat' } });
  };

  it.each([true, false])(
    'one 240 KB comment rendering to 160,000 lines is shown whole (terminal: %s)',
    async (tty) => {
      const body = `first\n\n${'x\n\n'.repeat(80_000)}last`;
      const r = await view([note(1, body)], tty);
      expect(r.code, r.stderr).toBe(0);
      const lines = r.stdout.split('\n');
      expect(lines.length).toBeGreaterThan(160_000);
      expect(lines.filter((l) => l === '  x')).toHaveLength(80_000);
      expect(lines.indexOf('  last')).toBeGreaterThan(lines.indexOf('  first'));
    },
    120_000,
  );

  it('12,000 ordinary comments (past 150,000 lines) on a terminal: every one shown, in order', async () => {
    const body = (i: number) => `Comment ${i}\n\n- one\n- two\n- three\n- four\n\n\`\`\`\ncode ${i}\nmore code\n\`\`\`\n\nThanks!`;
    const notes = Array.from({ length: 12_000 }, (_, i) => note(i + 1, body(i + 1), { author: { username: `u${i + 1}` } }));
    const r = await view(notes, true);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n').length).toBeGreaterThan(150_000);
    expect(r.stdout).toContain('Comments (12000)');
    const order = [...r.stdout.matchAll(/^ {2}Comment (\d+)$/gm)].map((m) => Number(m[1]));
    expect(order).toEqual(notes.map((n) => n.id));
  }, 120_000);

  it.each([true, false])('author names and system notes lose bidi and zero-width characters as bodies do (terminal: %s)', async (tty) => {
    const sneaky = (word: string) => INVISIBLE.map((c, i) => (i % 2 ? `${c}${word}` : word)).join('');
    const notes = [
      note(1, `changed title from **${sneaky('old')}** to **${sneaky('new')}**`, { system: true, author: { username: sneaky('bob') } }),
      note(2, `Looks ${sneaky('fine')}`, { author: { username: `car\u202eol\u200b` } }),
    ];
    const r = await view(notes, tty);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toMatch(HIDDEN);
    expect(r.stdout).toContain(`• ${'bob'.repeat(INVISIBLE.length)} changed title from`);
    expect(r.stdout).toContain('carol');
  });
});
