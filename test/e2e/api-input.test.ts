/**
 * `collab api --input FILE` streams the file with its Content-Length, never holding it in memory:
 * a file past 2 GiB (which Node cannot read into one buffer) goes out whole. Standard input is
 * read first and sent with its length too. The server answers as GitLab's generic package
 * registry does (lib/api/generic_packages.rb: PUT of a raw body, 201 `{"message":"201 Created"}`).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runBin, tempDir } from '../helpers/e2e.js';
import { json } from '../helpers/json-answer.js';

const TOKEN = 'glpat-api-input-0123456789';
const PACKAGE = '/api/v4/projects/7/packages/generic/app/1.0.0/app.bin';

interface Received {
  method: string;
  url: string;
  contentLength?: string;
  transferEncoding?: string;
  contentType?: string;
  bytes: number;
  sha256: string;
}

let server: http.Server;
let url: string;
const received: Received[] = [];
/** Answers for the next requests, in order (then 201). */
const answers: { status: number; headers?: Record<string, string>; body: unknown }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const hash = createHash('sha256');
    let bytes = 0;
    // Bodies past 2 GiB are counted, not hashed: hashing them would cost more than sending them.
    const hashed = Number(req.headers['content-length'] ?? 0) < 2 ** 26;
    req.on('data', (c: Buffer) => {
      bytes += c.length;
      if (hashed) hash.update(c);
    });
    req.on('end', () => {
      received.push({
        method: req.method!,
        url: req.url!,
        contentLength: req.headers['content-length'],
        transferEncoding: req.headers['transfer-encoding'],
        contentType: req.headers['content-type'],
        bytes,
        sha256: hash.digest('hex'),
      });
      const a = answers.shift() ?? { status: 201, body: { message: '201 Created' } };
      json(res, a.status, a.body, a.headers);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received.length = 0;
  answers.length = 0;
});

const put = (input: string, options: { stdin?: Buffer } = {}) =>
  runBin(
    ['api', '-X', 'PUT', PACKAGE.replace('/api/v4', ''), '--input', input, '-H', 'Content-Type: application/octet-stream'],
    { COLLAB_HOST: url, COLLAB_TOKEN: TOKEN },
    options.stdin ? { input: options.stdin } : {},
  );

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('collab api --input', () => {
  it('a file past 2 GiB is streamed whole with its Content-Length, not chunked', async () => {
    const file = path.join(tempDir(), 'big.bin');
    const size = 2 ** 31 + 1;
    // Sparse: nothing written to disk but the last byte.
    const fd = fs.openSync(file, 'w');
    fs.writeSync(fd, Buffer.from([0x2a]), 0, 1, size - 1);
    fs.closeSync(fd);
    const r = await put(file);
    fs.rmSync(file);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ message: '201 Created' });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'PUT', url: PACKAGE, contentLength: String(size), bytes: size });
    expect(received[0]!.transferEncoding).toBeUndefined();
  }, 120_000);

  it('sends the file byte for byte, and whole again when a 429 asks for another attempt', async () => {
    const data = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7) % 256));
    const file = path.join(tempDir(), 'app.bin');
    fs.writeFileSync(file, data);
    answers.push({ status: 429, headers: { 'retry-after': '0' }, body: { message: '429 Too Many Requests' } });
    const r = await put(file);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(received).toHaveLength(2);
    for (const got of received)
      expect(got).toMatchObject({
        contentLength: String(data.length),
        contentType: 'application/octet-stream',
        bytes: data.length,
        sha256: sha(data),
      });
  });

  it('an empty file is an empty body with Content-Length 0', async () => {
    const file = path.join(tempDir(), 'empty.bin');
    fs.writeFileSync(file, '');
    const r = await put(file);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(received[0]).toMatchObject({ contentLength: '0', bytes: 0 });
  });

  it('standard input (-) is read first and sent with its length', async () => {
    const data = Buffer.from('raw bytes from a pipe\n'.repeat(1000));
    const r = await put('-', { stdin: data });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(received[0]).toMatchObject({ contentLength: String(data.length), bytes: data.length, sha256: sha(data) });
    expect(received[0]!.transferEncoding).toBeUndefined();
  });

  it('a missing file or a directory is exit 2, nothing sent', async () => {
    const dir = tempDir();
    for (const [input, why] of [
      [path.join(dir, 'nope.bin'), 'ENOENT'],
      [dir, 'it is a directory'],
    ] as const) {
      const r = await put(input);
      expect(r.exitCode, input).toBe(2);
      expect(r.stderr).toContain(`collab: cannot read --input file ${input}: ${why}`);
    }
    expect(received).toHaveLength(0);
  });
});
