/**
 * `view --comments` through the built binary (its own stack, not vitest's): a small server that
 * answers as GitLab's notes API does (lib/api/notes.rb: `GET /projects/:id/issues/:noteable_id/notes`,
 * one page here) with one 240 KB comment that renders to 160,000 lines. The card (`--color
 * always`, as a pager gets it) and the piped view both show it whole.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin } from '../helpers/e2e.js';
import { JSON_HEADERS } from '../helpers/json-answer.js';

const BODY = `first\n\n${'x\n\n'.repeat(80_000)}last`;

describe('view --comments with a comment of 160,000 lines', () => {
  let server: http.Server;
  let url: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const path = (req.url ?? '').split('?')[0];
      if (path === '/api/v4/projects/1/issues/42')
        res.writeHead(200, JSON_HEADERS).end(JSON.stringify({ id: 420, iid: 42, project_id: 1, title: 'Long talk', state: 'opened' }));
      else if (path === '/api/v4/projects/1/issues/42/notes')
        res
          .writeHead(200, JSON_HEADERS)
          .end(
            JSON.stringify([{ id: 1, body: BODY, author: { username: 'alice' }, created_at: '2026-11-25T09:00:00.000Z', system: false }]),
          );
      else res.writeHead(404, JSON_HEADERS).end('{"message":"404 Not Found"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it.each([
    ['the card (--color always)', ['--color', 'always']],
    ['piped', []],
  ])('%s: exit 0, every line shown', async (_name, color) => {
    const env = { COLLAB_HOST: url, COLLAB_TOKEN: 'glpat-test', COLLAB_FLAVOR: 'gitlab', PAGER: 'cat' };
    const r = await runBin(['issue', 'view', '42', '-p', '1', '--comments', ...color], env);
    expect(r.exitCode, r.stderr.slice(0, 500)).toBe(0);
    const plain = r.stdout.replace(/\u001b\[[0-9;]*m/g, '');
    expect(plain.split('\n').filter((l) => l === '  x')).toHaveLength(80_000);
    expect(plain).toMatch(/ {2}first\n[\s\S]* {2}last$/);
  });
});
