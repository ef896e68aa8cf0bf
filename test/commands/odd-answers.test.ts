/**
 * collab's entry, run in-process as the binary runs it (runInProcess), against servers that answer
 * oddly on purpose (one small node:http server per behaviour): a 2xx that is not JSON, bodies cut short, compressed answers, redirects, limits.
 * Each case asserts the exit code, stdout, stderr, and how many requests were sent.
 */
import type http from 'node:http';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { type BinResult, retriesIn, tempDir } from '../helpers/e2e.js';
import { runInProcess } from '../helpers/in-process.js';
import { JSON_HEADERS, json } from '../helpers/json-answer.js';
import { oddServers } from '../helpers/odd-server.js';

const TOKEN = 'odd-token-0123456789';
const ISSUE = { id: 501, iid: 5, title: 'Crash on save', state: 'opened', web_url: 'http://x/-/issues/5' };
const SIGN_IN = '<!DOCTYPE html><html><head><title>Sign in · SSO</title></head><body><form>…</form></body></html>';

const { serve, run } = oddServers(TOKEN, runInProcess);

/** One `collab: ` line (plus hints) after the `retrying in …` lines of any retries, no stack trace, no "unexpected error". */
function expectOneLine(r: BinResult, pattern: RegExp): void {
  const lines = retriesIn(r.stderr).rest.trimEnd().split('\n');
  expect(lines[0], r.stderr).toMatch(pattern);
  expect(lines[0]).toMatch(/^collab: /);
  expect(
    lines.slice(1).every((l) => l.startsWith('hint: ')),
    r.stderr,
  ).toBe(true);
  expect(r.stderr).not.toMatch(/unexpected error|^\s+at /m);
}

describe('a 2xx that is not the JSON the command expects is an error', () => {
  const signIn = (_req: http.IncomingMessage, res: http.ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(SIGN_IN);
  };

  for (const args of [
    ['issue', 'close', '5', '-p', 'acme/api'],
    ['issue', 'create', '-p', 'acme/api', '--title', 'x'],
    ['issue', 'view', '5', '-p', 'acme/api', '-o', 'json'],
    ['mr', 'list', '-p', 'acme/api', '--all'],
    ['user', 'me'],
    ['api', '/user'],
  ]) {
    it(`a sign-in page (200 text/html): ${args.slice(0, 2).join(' ')} exits 1 and reports nothing as done`, async () => {
      const s = await serve(signIn);
      const r = await run(s, args);
      expect(r.exitCode, r.stderr).toBe(1);
      expect(r.stdout).toBe('');
      expectOneLine(
        r,
        new RegExp(`^collab: 200 from ${s.host.replace(/\./g, '\\.')} was not JSON \\(text/html: a sign-in page\\? check --host\\)$`),
      );
      expect(r.stderr).not.toMatch(/closed|created|#undefined/);
      // Not retried: a page is an answer, not a failure of the network.
      expect(s.seen).toHaveLength(1);
    });
  }

  it('other content types are named; a JSON type carrying markup is not JSON either', async () => {
    const types: [string, string, RegExp][] = [
      ['text/plain', 'OK', /was not JSON \(text\/plain\)$/],
      ['application/octet-stream', '\u0000\u0001', /was not JSON \(application\/octet-stream\)$/],
      ['application/json', SIGN_IN, /was not JSON \(application\/json: a sign-in page\? check --host\)$/],
    ];
    for (const [type, body, pattern] of types) {
      const s = await serve((_req, res) => {
        res.writeHead(201, { 'content-type': type });
        res.end(body);
      });
      const r = await run(s, ['issue', 'create', '-p', 'acme/api', '--title', 'x', '-o', 'json']);
      expect(r.exitCode, r.stderr).toBe(1);
      expect(r.stdout).toBe('');
      expectOneLine(r, pattern);
      expect(r.stderr).toMatch(/^collab: 201 from /);
    }
  });

  it('a 204 with no body stays success', async () => {
    const s = await serve((_req, res) => {
      res.writeHead(204);
      res.end();
    });
    const r = await run(s, ['issue', 'delete', '5', '-p', 'acme/api', '--yes']);
    expect(r.exitCode, r.stderr).toBe(0);
  });

  it('collab api prints other bodies as they are, but never a sign-in page as success', async () => {
    const s = await serve((req, res) => {
      if (req.url?.includes('raw')) {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('line 1\nline 2\n');
      } else signIn(req, res);
    });
    const raw = await run(s, ['api', '/projects/1/repository/files/README/raw']);
    expect(raw.exitCode, raw.stderr).toBe(0);
    expect(raw.stdout).toBe('line 1\nline 2'); // runInProcess strips the final newline, as execa does
    const page = await run(s, ['api', '/projects', '-i']);
    expect(page.exitCode).toBe(1);
    expect(page.stderr).toMatch(/was not JSON \(text\/html: a sign-in page/);
  });
});

describe('bodies cut short', () => {
  /** The first `cuts` answers declare the whole length but stop half-way and close the connection. */
  const cutThenWhole =
    (body: unknown, cuts = 1) =>
    (_req: http.IncomingMessage, res: http.ServerResponse, n: number) => {
      const text = JSON.stringify(body);
      res.writeHead(200, { ...JSON_HEADERS, 'content-length': Buffer.byteLength(text) });
      if (n <= cuts) {
        res.write(text.slice(0, text.length >> 1));
        setTimeout(() => res.socket?.destroy(), 20);
      } else res.end(text);
    };

  it('a GET whose body is cut mid-way is retried and succeeds', async () => {
    const s = await serve(cutThenWhole(ISSUE, 2));
    const r = await run(s, ['issue', 'view', '5', '-p', 'acme/api', '-o', 'json']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(ISSUE);
    expect(s.seen).toHaveLength(3);
  });

  it('JSON truncated inside a well-framed body (no length, connection closed) is retried on GET', async () => {
    const text = JSON.stringify(ISSUE);
    const s = await serve((_req, res, n) => {
      res.writeHead(200, { ...JSON_HEADERS, connection: 'close' });
      res.end(n === 1 ? text.slice(0, 20) : text);
    });
    const r = await run(s, ['issue', 'view', '5', '-p', 'acme/api', '-o', 'json', '--debug']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(ISSUE);
    expect(r.stderr).toMatch(/cut short or is not valid JSON.*retrying/);
    expect(s.seen).toHaveLength(2);
  });

  it('a write whose answer is cut short is not sent again: exit 1, one request', async () => {
    const s = await serve(cutThenWhole(ISSUE, 5));
    const r = await run(s, ['issue', 'create', '-p', 'acme/api', '--title', 'x']);
    expect(r.exitCode).toBe(1);
    expectOneLine(r, /^collab: the 200 answer from .* was cut short/);
    expect(s.seen).toHaveLength(1);
  });

  it('a GET cut short every time fails after the bounded attempts with one line', async () => {
    const s = await serve(cutThenWhole(ISSUE, 100));
    const r = await run(s, ['issue', 'view', '5', '-p', 'acme/api']);
    expect(r.exitCode).toBe(1);
    expectOneLine(r, /was cut short/);
    expect(s.seen).toHaveLength(5);
  });

  it('a list page reset mid-body is retried alone; the list is whole', async () => {
    const all = Array.from({ length: 6 }, (_, i) => ({ id: i + 1, iid: i + 1, title: `t${i + 1}` }));
    let cut = false;
    const s = await serve((req, res) => {
      const u = new URL(req.url!, 'http://x');
      const page = Number(u.searchParams.get('page') ?? 1);
      const text = JSON.stringify(all.slice((page - 1) * 2, page * 2));
      res.writeHead(200, {
        ...JSON_HEADERS,
        'content-length': Buffer.byteLength(text),
        'x-page': String(page),
        'x-per-page': '2',
        'x-total': '6',
        'x-total-pages': '3',
        'x-next-page': page < 3 ? String(page + 1) : '',
      });
      if (page === 2 && !cut) {
        cut = true;
        res.write(text.slice(0, 5));
        setTimeout(() => res.socket?.destroy(), 20);
        return;
      }
      res.end(text);
    });
    for (const concurrency of ['1', '4']) {
      cut = false;
      s.seen.length = 0;
      const r = await run(s, ['issue', 'list', '-p', 'acme/api', '--all', '--per-page', '2', '--concurrency', concurrency, '-o', 'ndjson']);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(
        r.stdout
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l).id),
      ).toEqual([1, 2, 3, 4, 5, 6]);
      expect(s.seen.filter((q) => /[?&]page=2(&|$)/.test(q.url))).toHaveLength(2);
      expect(s.seen).toHaveLength(4);
    }
  });
});

describe('compressed answers', () => {
  const encoders: Record<string, (b: Buffer) => Buffer> = {
    gzip: (b) => zlib.gzipSync(b),
    deflate: (b) => zlib.deflateSync(b),
    br: (b) => zlib.brotliCompressSync(b),
  };

  /** Answers with the coding the test names, whatever the client asked for (the check is on what it asked). */
  const compressed =
    (coding: string, body: unknown, extra: http.OutgoingHttpHeaders = {}) =>
    (_req: http.IncomingMessage, res: http.ServerResponse) => {
      const raw = Buffer.from(JSON.stringify(body));
      const data =
        coding === 'deflate-raw'
          ? zlib.deflateRawSync(raw)
          : coding === 'gzip, br'
            ? zlib.brotliCompressSync(zlib.gzipSync(raw))
            : encoders[coding]!(raw);
      res.writeHead(200, {
        ...JSON_HEADERS,
        'content-encoding': coding === 'deflate-raw' ? 'deflate' : coding,
        'content-length': data.length,
        ...extra,
      });
      res.end(data);
    };

  for (const coding of ['gzip', 'deflate', 'br', 'deflate-raw', 'gzip, br']) {
    it(`asks for gzip, deflate and br, and decodes ${coding}`, async () => {
      const s = await serve(compressed(coding, ISSUE));
      const r = await run(s, ['issue', 'view', '5', '-p', 'acme/api', '-o', 'json']);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual(ISSUE);
      expect(s.seen[0]!.headers['accept-encoding']).toBe('gzip, deflate, br');
    });
  }

  it('a compressed list through the paginator, and through collab api', async () => {
    const items = Array.from({ length: 50 }, (_, i) => ({ id: i + 1, title: `issue ${i + 1} `.repeat(20) }));
    const s = await serve(compressed('gzip', items, { 'x-page': '1', 'x-total-pages': '1', 'x-next-page': '' }));
    const list = await run(s, ['issue', 'list', '-p', 'acme/api', '--all', '-o', 'json']);
    expect(list.exitCode, list.stderr).toBe(0);
    expect(JSON.parse(list.stdout)).toEqual(items);
    const api = await run(s, ['api', '/projects/1/issues']);
    expect(api.exitCode, api.stderr).toBe(0);
    expect(JSON.parse(api.stdout)).toEqual(items);
  });

  it('an error body compressed is read as its message', async () => {
    const s = await serve((_req, res) => {
      const data = zlib.gzipSync(JSON.stringify({ message: '404 Project Not Found' }));
      res.writeHead(404, { ...JSON_HEADERS, 'content-encoding': 'gzip' });
      res.end(data);
    });
    const r = await run(s, ['issue', 'view', '5', '-p', 'acme/api']);
    expect(r.exitCode).toBe(1);
    expectOneLine(r, /^collab: 404 Project Not Found$/);
  });

  it('a corrupt or truncated compressed body is retried on GET, then a clean error', async () => {
    const good = zlib.gzipSync(JSON.stringify(ISSUE));
    const s = await serve((_req, res, n) => {
      const data = n === 1 ? good.subarray(0, good.length - 8) : n === 2 ? Buffer.from('not gzip at all') : good;
      res.writeHead(200, { ...JSON_HEADERS, 'content-encoding': 'gzip', 'content-length': data.length });
      res.end(data);
    });
    const r = await run(s, ['issue', 'view', '5', '-p', 'acme/api', '-o', 'json']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(ISSUE);
    expect(s.seen).toHaveLength(3);

    const bad = await serve((_req, res) => {
      res.writeHead(200, { ...JSON_HEADERS, 'content-encoding': 'gzip' });
      res.end('never gzip');
    });
    const r2 = await run(bad, ['issue', 'view', '5', '-p', 'acme/api']);
    expect(r2.exitCode).toBe(1);
    expectOneLine(r2, /could not be decoded/);
  });

  it('an encoding collab does not know is a clean error', async () => {
    const s = await serve((_req, res) => {
      res.writeHead(200, { ...JSON_HEADERS, 'content-encoding': 'zstd' });
      res.end('(zstd bytes)');
    });
    const r = await run(s, ['issue', 'view', '5', '-p', 'acme/api']);
    expect(r.exitCode).toBe(1);
    expectOneLine(r, /unsupported Content-Encoding "zstd"/);
  });

  it('downloads ask for identity (Range offsets count file bytes), and decode an archive compressed anyway', async () => {
    const archive = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(4096, 7)]);
    const s = await serve((req, res) => {
      if (req.url?.endsWith('/artifacts')) {
        const data = zlib.gzipSync(archive);
        res.writeHead(200, { 'content-type': 'application/zip', 'content-encoding': 'gzip', 'content-length': data.length });
        res.end(data);
      } else json(res, 200, { id: 7, status: 'success', artifacts_file: { filename: 'artifacts.zip', size: archive.length } });
    });
    const dir = tempDir();
    const r = await runInProcess(['job', 'artifacts', '7', '-p', 'acme/api', '--dest', `${dir}/a.zip`], {
      COLLAB_HOST: s.url,
      COLLAB_TOKEN: TOKEN,
      COLLAB_CONFIG_DIR: tempDir(),
    });
    expect(r.exitCode, r.stderr).toBe(0);
    const download = s.seen.find((q) => q.url.endsWith('/artifacts'))!;
    expect(download.headers['accept-encoding']).toBe('identity');
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(`${dir}/a.zip`).equals(archive)).toBe(true);
  });
});

describe('limits and redirects: one line, never "unexpected error"', () => {
  it('deeply nested JSON', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const s = await serve((_req, res) => {
      res.writeHead(200, JSON_HEADERS);
      res.end(deep);
    });
    for (const args of [
      ['issue', 'view', '5', '-p', 'acme/api', '-o', 'json'],
      ['api', '/user', '-o', 'tsv'],
    ]) {
      const r = await run(s, args);
      expect(r.exitCode).toBe(1);
      expectOneLine(r, /nested more than 512 levels/);
    }
    // Nesting a real API uses is fine.
    const ok = await serve((_req, res) => json(res, 200, { id: 1, a: { b: { c: { d: [[[{ e: 1 }]]] } } } }));
    expect((await run(ok, ['api', '/user'])).exitCode).toBe(0);
  });

  it('a body too large to hold is refused before it is read', async () => {
    const s = await serve((_req, res) => {
      res.writeHead(200, { ...JSON_HEADERS, 'content-length': String(600 * 1024 * 1024) });
      res.write('[');
      // never finished: collab must not wait for 600 MB
    });
    const r = await run(s, ['issue', 'list', '-p', 'acme/api']);
    expect(r.exitCode).toBe(1);
    expectOneLine(r, /larger than 500 MB/);
  });

  it('a 3xx on an API call shows its Location', async () => {
    const s = await serve((_req, res) => {
      res.writeHead(302, { location: 'https://sso.example.com/login?return_to=%2Fapi%2Fv4%2Fuser' });
      res.end();
    });
    for (const args of [
      ['user', 'me'],
      ['issue', 'close', '5', '-p', 'acme/api'],
      ['api', '/user'],
    ]) {
      const r = await run(s, args);
      expect(r.exitCode).toBe(1);
      expectOneLine(
        r,
        /^collab: 302 from 127\.0\.0\.1:\d+: redirected to https:\/\/sso\.example\.com\/login\?return_to=%2Fapi%2Fv4%2Fuser$/,
      );
    }
    // Nothing was followed.
    expect(s.seen.every((q) => q.url.startsWith('/api/v4/'))).toBe(true);
  });

  it('a download redirected to a non-http(s) scheme is refused by name', async () => {
    const s = await serve((req, res) => {
      if (req.url?.endsWith('/artifacts')) {
        res.writeHead(302, { location: 'file:///etc/passwd' });
        res.end();
      } else json(res, 200, { id: 7, status: 'success', artifacts_file: { filename: 'artifacts.zip', size: 10 } });
    });
    const dir = tempDir();
    const r = await runInProcess(['job', 'artifacts', '7', '-p', 'acme/api', '--dest', `${dir}/a.zip`], {
      COLLAB_HOST: s.url,
      COLLAB_TOKEN: TOKEN,
      COLLAB_CONFIG_DIR: tempDir(),
    });
    expect(r.exitCode).toBe(1);
    expectOneLine(r, /^collab: 302 redirect to a file: URL refused \(file:\/\/\/etc\/passwd\): only http and https are followed$/);
  });
});

describe('collab api prints data in every mode', () => {
  const answers: Record<string, unknown> = {
    '/api/v4/issues': [
      { id: 1, title: 'A\tb', author: { id: 3, username: 'ann' }, labels: ['x', 'y'], closed_at: null },
      { id: 2, title: 'B', extra: true },
    ],
    '/api/v4/tags': ['v1', 'v2'],
    '/api/v4/user': { id: 3, username: 'ann' },
  };
  const serveAll = () => serve((req, res) => json(res, 200, answers[req.url!.split('?')[0]!], { 'x-next-page': '' }));

  it('tsv: objects as rows of their top-level fields (nested values as JSON), scalars as themselves', async () => {
    const s = await serveAll();
    for (const extra of [[], ['--paginate']]) {
      const r = await run(s, ['api', '/issues', '-o', 'tsv', '--header', ...extra]);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stdout.split('\n')).toEqual([
        'id\ttitle\tauthor\tlabels\tclosed_at\textra',
        '1\tA b\t{"id":3,"username":"ann"}\t["x","y"]\t\t',
        '2\tB\t\t\t\ttrue',
      ]);
    }
    const tags = await run(s, ['api', '/tags', '-o', 'tsv']);
    expect(tags.stdout).toBe('v1\nv2');
    const one = await run(s, ['api', '/user', '-o', 'tsv']);
    expect(one.stdout).toBe('id\t3\nusername\tann');
  });

  it('table: the same rows with a header', async () => {
    const s = await serveAll();
    const r = await run(s, ['api', '/issues', '-o', 'table']);
    expect(r.exitCode, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^ID\s+TITLE\s+AUTHOR\s+LABELS\s+CLOSED_AT\s+EXTRA$/);
    expect(lines[1]).toMatch(/^1\s+A b\s+\{"id":3,"username":"ann"\}\s+\["x","y"\]/);
    expect(lines[2]).toMatch(/^2\s+B\s+.*true$/);
  });
});
