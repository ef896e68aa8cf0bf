/**
 * A view renders every Markdown text of a run (the description, then each comment of
 * `--comments`) with one markdown-it parser, built when the first text is rendered: building one
 * costs far more than parsing a comment, and a discussion can hold thousands. A list renders no
 * Markdown and never loads it. GitLab's `GET /projects/:id/issues/:issue_iid` and
 * `GET /projects/:id/issues/:noteable_id/notes` (lib/api/issues.rb, lib/api/notes.rb).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, mockApi, runCli } from '../helpers/harness.js';
import { issue } from './issue-fixtures.js';

/** How many markdown-it parsers were built (the real class, counted). */
const built = vi.hoisted(() => ({ count: 0 }));
vi.mock('markdown-it', async (importOriginal) => {
  const { default: MarkdownIt } = await importOriginal<typeof import('markdown-it')>();
  class Counted extends MarkdownIt {
    constructor(...args: ConstructorParameters<typeof MarkdownIt>) {
      super(...args);
      built.count++;
    }
  }
  return { default: Counted };
});

const P = 'acme/platform/api';
const I = `/api/v4/projects/${encodeURIComponent(P)}/issues`;
const note = (id: number) => ({
  id,
  body: `Comment **${id}**\n\n- one\n- two`,
  author: { id: 2, username: `u${id}`, name: 'U' },
  created_at: '2026-11-25T09:00:00.000Z',
  system: false,
});

describe('Markdown in a view', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it.each([true, false])('one parser renders the description and 300 comments (terminal: %s)', async (tty) => {
    built.count = 0;
    api = mockApi();
    api.pool.intercept({ path: `${I}/42`, method: 'GET' }).reply(200, ...jsonReply(issue(42, { description: 'The **body**' })));
    const notes = Array.from({ length: 300 }, (_, i) => note(i + 1));
    api.pool.intercept({ path: (p) => p.startsWith(`${I}/42/notes`), method: 'GET' }).reply(200, ...jsonReply(notes));
    const r = await runCli(['issue', 'view', '42', '-p', P, '--comments'], { transport: api.transport, tty, env: { PAGER: 'cat' } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Comment 1\n');
    expect(r.stdout).toContain('Comment 300\n');
    expect(built.count).toBe(1);
  });

  it('a list loads no Markdown parser', async () => {
    built.count = 0;
    api = mockApi();
    api.pool
      .intercept({ path: (p) => p.startsWith(`${I}?`), method: 'GET' })
      .reply(200, ...jsonReply([issue(1, { description: '**x**' })]));
    const r = await runCli(['issue', 'list', '-p', P], { transport: api.transport, tty: true });
    expect(r.code, r.stderr).toBe(0);
    expect(built.count).toBe(0);
  });
});
