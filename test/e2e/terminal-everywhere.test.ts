/**
 * Server text reaches a terminal through more doors than tables: a description's HTML entities
 * the Markdown renderer decodes, JSON (which escapes C0 controls but leaves DEL, C1, bidi and
 * zero-width characters raw), `--jq` output, `collab api`'s raw bodies and headers, an upload's
 * link, and every error body shape. The built binary in a pseudo-terminal; piped output stays exact.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin, tempDir } from '../helpers/e2e.js';
import { type HostileServer, runInPty, startHostileServer, terminalSafe } from '../helpers/hostile.js';

// Clipboard write, an OSC 8 hyperlink, a DCS, 8-bit CSI and OSC (with 8-bit ST), DEL, CR, a
// right-to-left override, a zero-width space, an isolate.
const EVIL =
  '\u001b]52;c;cm0gLXJmIH4=\u0007\u001b]8;;https://evil.example\u001b\\L\u001b]8;;\u001b\\\u001bP1$r0m\u001b\\\u009b2J\u009d0;t\u009c\u007f\r\u202eRLO\u200bZW\u2066I\u2069';
const P = 'acme%2Fapi';
const TOKEN = 'glpat-terminal-0123456789';

describe('nothing from the server reaches a terminal raw, whatever the door', () => {
  let server: HostileServer;
  let env: Record<string, string>;
  beforeAll(async () => {
    server = await startHostileServer({
      // What the Markdown renderer would decode into bidi, zero-width and control characters.
      [`GET /api/v4/projects/${P}/issues/1`]: {
        body: { id: 1, iid: 1, title: 'T', description: 'a &#x202e;RLO &#8203;zw &#x2066;iso &#x1b;[2J &#155;2J &#x9d;0;t&#x9c; b' },
      },
      [`GET /api/v4/projects/${P}/issues/2`]: { body: { id: 2, iid: 2, title: `T${EVIL}`, [`k${EVIL}`]: 'v' } },
      [`GET /api/v4/projects/${P}/issues/3`]: { status: 422, body: { message: { [`title${EVIL}`]: [`bad${EVIL}`] } } },
      [`GET /api/v4/projects/${P}/issues/4`]: { status: 400, body: { message: [`one${EVIL}`, `two${EVIL}`] } },
      [`GET /api/v4/projects/${P}/issues/5`]: { status: 403, body: { error: `err${EVIL}`, error_description: `desc${EVIL}` } },
      [`GET /api/v4/projects/${P}/issues/6`]: { status: 500, headers: { 'content-type': 'text/plain' }, body: `plain${EVIL}` },
      [`GET /api/v4/projects/${P}/issues/7`]: { status: 302, headers: { location: `https://x.example/${encodeURIComponent(EVIL)}` } },
      // close reads the issue first (one already closed is not closed again).
      [`GET /api/v4/projects/${P}/issues/8`]: { body: { id: 8, iid: 8, title: `open${EVIL}`, state: 'opened' } },
      [`PUT /api/v4/projects/${P}/issues/8`]: { body: { id: 8, iid: 8, title: `closed${EVIL}`, state: 'closed' } },
      // A header value's bytes beyond ASCII arrive as latin-1: C1 controls among them.
      [`GET /api/v4/projects/${P}/issues`]: {
        headers: { 'x-next-page': '1\u009b2J\u009d0;t\u009c' },
        body: [{ id: 1, iid: 1, title: `a${EVIL}` }],
      },
      'GET /api/v4/user': { headers: { 'x-evil': 'v\u009b2J\u009d0;t\u009c' }, body: { id: 9, username: `u${EVIL}`, name: `n${EVIL}` } },
      'GET /api/v4/things': { body: [{ [`k${EVIL}`]: `v${EVIL}`, nested: { a: `x${EVIL}` } }, `s${EVIL}`, 5] },
      'GET /api/v4/text': { headers: { 'content-type': 'text/plain' }, body: `raw${EVIL}\n` },
      [`POST /api/v4/projects/${P}/uploads`]: { status: 201, body: { id: 1, alt: 'x', url: '/u/x', markdown: `![x${EVIL}](/u/x)` } },
    });
    env = { COLLAB_HOST: server.url, COLLAB_TOKEN: TOKEN, COLLAB_NO_INPUT: '1' };
  });
  afterAll(() => server?.close());

  const cases: [string, string[], number][] = [
    ['a description whose HTML entities decode to bidi, zero-width and control characters', ['issue', 'view', '1', '-p', 'acme/api'], 0],
    ['-o json (pretty on a terminal)', ['issue', 'view', '2', '-p', 'acme/api', '-o', 'json'], 0],
    ['-o ndjson', ['issue', 'view', '2', '-p', 'acme/api', '-o', 'ndjson'], 0],
    ['--jq', ['issue', 'view', '2', '-p', 'acme/api', '--jq', '.'], 0],
    ['--jq -r (raw strings)', ['issue', 'view', '2', '-p', 'acme/api', '--jq', '.title', '-r'], 0],
    ['an error whose message is an object', ['issue', 'view', '3', '-p', 'acme/api'], 1],
    ['an error whose message is a list', ['issue', 'view', '4', '-p', 'acme/api'], 1],
    ['an error with error and error_description', ['issue', 'view', '5', '-p', 'acme/api'], 1],
    ['a plain-text error', ['issue', 'view', '6', '-p', 'acme/api'], 1],
    ['a redirect Location', ['issue', 'view', '7', '-p', 'acme/api'], 1],
    ['the done notice quoting a title', ['issue', 'close', '8', '-p', 'acme/api'], 0],
    ['a pagination notice quoting a header', ['issue', 'list', '-p', 'acme/api', '--all'], 0],
    ['auth status', ['auth', 'status'], 0],
    ['collab api in table mode', ['api', '/things', '-o', 'table'], 0],
    ['collab api JSON', ['api', '/things'], 0],
    ['collab api, a text body', ['api', '/text'], 0],
    ['collab api -i, the headers', ['api', '/user', '-i'], 0],
  ];
  for (const [what, args, code] of cases) {
    it(what, async () => {
      const r = await runInPty(args, env);
      expect(r.exitCode, r.output).toBe(code);
      expect(terminalSafe(r.output), JSON.stringify(r.output)).toEqual([]);
    });
  }

  it("an upload's markdown link", async () => {
    const dir = tempDir();
    fs.writeFileSync(`${dir}/f.txt`, 'x');
    const r = await runInPty(['project', 'upload', `${dir}/f.txt`, '-p', 'acme/api'], env);
    expect(r.exitCode, r.output).toBe(0);
    expect(terminalSafe(r.output)).toEqual([]);
    expect(r.output).toContain('![xLRLOZWI](/u/x)');
  });

  it('piped, JSON is the same value with those characters escaped; raw bodies and jq -r stay byte for byte', async () => {
    const json = await runBin(['issue', 'view', '2', '-p', 'acme/api', '-o', 'json'], env);
    expect(json.exitCode, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout).title).toBe(`T${EVIL}`);
    expect(json.stdout).not.toMatch(/[\u007f-\u009f\u2028\u2029\p{Cf}]/u);
    const jq = await runBin(['issue', 'view', '2', '-p', 'acme/api', '--jq', '.'], env);
    expect(JSON.parse(jq.stdout).title).toBe(`T${EVIL}`);
    expect(jq.stdout).not.toMatch(/[\u007f-\u009f\u2028\u2029\p{Cf}]/u);
    const raw = await runBin(['issue', 'view', '2', '-p', 'acme/api', '--jq', '.title', '-r'], env);
    expect(raw.stdout).toBe(`T${EVIL}`);
    const text = await runBin(['api', '/text'], env);
    expect(text.stdout).toBe(`raw${EVIL}`);
  });
});
