import http from 'node:http';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { negotiateEncoding } from '../../src/sandbox/encoding.js';
import { ADMIN, API_PROJECT, useSandbox } from './helpers.js';

/** A raw GET (node:http decodes nothing), returning the bytes as sent. */
function rawGet(
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { method, headers: { 'PRIVATE-TOKEN': ADMIN, ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject)
      .end();
  });
}

const DECODE = { gzip: zlib.gunzipSync, deflate: zlib.inflateSync, br: zlib.brotliDecompressSync } as const;

describe('sandbox: compressed answers when asked', () => {
  const sandbox = useSandbox({ seed: 300 });
  const list = () => `${sandbox().url}/api/v4/projects/${API_PROJECT}/issues?per_page=100`;

  it('answers gzip, deflate or br as asked; the bytes decode to the identity answer', async () => {
    const plain = await rawGet(list());
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    const items = JSON.parse(plain.body.toString('utf8'));
    expect(items).toHaveLength(100);
    for (const coding of ['gzip', 'deflate', 'br'] as const) {
      const res = await rawGet(list(), { 'Accept-Encoding': coding });
      expect(res.headers['content-encoding']).toBe(coding);
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(res.body.length).toBeLessThan(plain.body.length / 4);
      expect(JSON.parse(DECODE[coding](res.body).toString('utf8'))).toEqual(items);
      // Pagination headers are the same whatever the coding.
      expect(res.headers['x-total']).toBe(plain.headers['x-total']);
    }
  });

  it('honours q-values and refusals; bodies under 1 KiB are sent as they are', async () => {
    expect((await rawGet(list(), { 'Accept-Encoding': 'gzip;q=0.5, br' })).headers['content-encoding']).toBe('br');
    expect((await rawGet(list(), { 'Accept-Encoding': 'gzip;q=0, *' })).headers['content-encoding']).toBe('br');
    expect((await rawGet(list(), { 'Accept-Encoding': 'identity' })).headers['content-encoding']).toBeUndefined();
    const missing = await rawGet(`${sandbox().url}/api/v4/projects/999999`, { 'Accept-Encoding': 'gzip' });
    expect(missing.status).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(missing.body.toString('utf8'))).toEqual({ message: '404 Project Not Found' });
  });

  it('sends archives as they are, and HEAD without a body', async () => {
    const zip = await rawGet(`${sandbox().url}/api/v4/projects/${API_PROJECT}/jobs/artifacts/main/download?job=package`, {
      'Accept-Encoding': 'gzip',
    });
    expect(zip.status).toBe(200);
    expect(zip.headers['content-encoding']).toBeUndefined();
    expect(zip.body.subarray(0, 2).toString('latin1')).toBe('PK');
    const head = await rawGet(list(), { 'Accept-Encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it('negotiates like RFC 9110: highest q wins, ties go to gzip, nothing acceptable is identity', () => {
    expect(negotiateEncoding(undefined)).toBeUndefined();
    expect(negotiateEncoding('gzip, deflate, br')).toBe('gzip');
    expect(negotiateEncoding('br, deflate')).toBe('br');
    expect(negotiateEncoding('deflate')).toBe('deflate');
    expect(negotiateEncoding('GZIP;Q=0.1, Deflate;q=0.2')).toBe('deflate');
    expect(negotiateEncoding('*;q=0')).toBeUndefined();
    expect(negotiateEncoding('compress, identity')).toBeUndefined();
    expect(negotiateEncoding(['gzip;q=0', 'br;q=0.3'])).toBe('br');
  });
});
