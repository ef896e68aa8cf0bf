import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import type { Reply } from './reply.js';

type Body = Extract<Reply, { kind: 'bytes' | 'stream' }>;

/** The part of `length` bytes that `Range: bytes=a-b` (or `a-`, or `-n`) asks for; null when unsatisfiable. */
function parseRange(value: string, length: number): { first: number; last: number } | null | undefined {
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(value);
  if (!m || (m[1] === '' && m[2] === '')) return undefined; // several ranges or another unit: answered whole
  if (m[1] === '') {
    const n = Number(m[2]);
    return n === 0 ? null : { first: Math.max(0, length - n), last: length - 1 };
  }
  const first = Number(m[1]);
  const last = m[2] === '' ? length - 1 : Math.min(Number(m[2]), length - 1);
  return first >= length || last < first ? null : { first, last };
}

/** Bytes `first` to `last` of a stream. */
function slice(open: () => Readable, first: number, last: number): Readable {
  return Readable.from(
    (async function* () {
      let at = 0;
      for await (const chunk of open() as AsyncIterable<Buffer>) {
        const end = at + chunk.length;
        if (end > first) yield chunk.subarray(Math.max(0, first - at), Math.min(chunk.length, last + 1 - at));
        at = end;
        if (at > last) return;
      }
    })(),
  );
}

/**
 * Range requests, as GitLab's Workhorse and object storage answer them for artifact archives: a
 * reply with an `etag` offers `Accept-Ranges: bytes`; `Range` gets a 206 with `Content-Range`
 * (416 when unsatisfiable), unless `If-Range` names another version, which gets the whole file.
 */
export function withRanges(reply: Reply, headers: IncomingHttpHeaders): Reply {
  if ((reply.kind !== 'bytes' && reply.kind !== 'stream') || reply.etag === undefined || reply.status !== 200) return reply;
  const length = reply.kind === 'bytes' ? reply.body.length : reply.length;
  if (length === undefined) return reply;
  const offered: Body = { ...reply, headers: { ...reply.headers, 'Accept-Ranges': 'bytes', ETag: reply.etag } };
  const range = headers.range;
  const ifRange = headers['if-range'];
  if (typeof range !== 'string' || (typeof ifRange === 'string' && ifRange.trim() !== reply.etag)) return offered;
  const part = parseRange(range, length);
  if (part === undefined) return offered;
  if (part === null)
    return {
      kind: 'bytes',
      status: 416,
      body: Buffer.alloc(0),
      contentType: reply.contentType,
      headers: { 'Content-Range': `bytes */${length}` },
    };
  const partHeaders = { ...offered.headers, 'Content-Range': `bytes ${part.first}-${part.last}/${length}` };
  return reply.kind === 'bytes'
    ? { ...offered, kind: 'bytes', status: 206, body: reply.body.subarray(part.first, part.last + 1), headers: partHeaders }
    : {
        ...offered,
        kind: 'stream',
        status: 206,
        open: () => (reply.openRange ? reply.openRange(part.first, part.last) : slice(reply.open, part.first, part.last)),
        length: part.last - part.first + 1,
        headers: partHeaders,
      };
}
