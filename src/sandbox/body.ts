import type { IncomingMessage } from 'node:http';
import { isObject } from '../shared/json.js';
import { HttpError } from './errors.js';
import type { Params } from './params.js';

const MAX_BODY_BYTES = 64 * 1024 * 1024;

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, { message: '413 Request Entity Too Large' });
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Fills `params` from a request body according to its content type. */
export function parseBodyInto(params: Params, body: Buffer, contentType: string | undefined): void {
  if (body.length === 0) return;
  const type = (contentType ?? '').toLowerCase();
  if (type.includes('multipart/form-data')) {
    const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType ?? '');
    if (!boundary) throw new HttpError(400, { message: '400 Bad request - multipart boundary missing' });
    parseMultipart(params, body, boundary[1] ?? boundary[2].trim());
    return;
  }
  if (type.includes('application/x-www-form-urlencoded')) {
    params.addPairs(new URLSearchParams(body.toString('utf8')));
    return;
  }
  const text = body.toString('utf8').trim();
  if (text === '') return;
  if (type.includes('json') || text.startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new HttpError(400, { error: "The provided content-type 'application/json' is not supported." });
    }
    if (isObject(parsed)) params.addObject(parsed);
    return;
  }
  params.addPairs(new URLSearchParams(text));
}

function parseMultipart(params: Params, body: Buffer, boundary: string): void {
  const delimiter = Buffer.from(`--${boundary}`);
  let position = body.indexOf(delimiter);
  while (position !== -1) {
    const partStart = position + delimiter.length;
    if (body.subarray(partStart, partStart + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, partStart);
    if (next === -1) break;
    // part = CRLF headers CRLF CRLF data CRLF
    const part = body.subarray(partStart + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd !== -1) {
      const headers = part.subarray(0, headerEnd).toString('utf8');
      const data = part.subarray(headerEnd + 4);
      const disposition = /content-disposition:([^\r\n]*)/i.exec(headers)?.[1] ?? '';
      const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
      const filename = /\bfilename\*?=(?:"([^"]*)"|([^;\s]+))/i.exec(disposition);
      const contentType = /content-type:\s*([^\r\n]*)/i.exec(headers)?.[1]?.trim() ?? 'application/octet-stream';
      if (name !== undefined) {
        if (filename) {
          params.addFile(name, {
            filename: filename[1] ?? decodeURIComponent(filename[2].replace(/^utf-8''/i, '')),
            contentType,
            data: Buffer.from(data),
          });
        } else {
          params.addPairs([[name, data.toString('utf8')]]);
        }
      }
    }
    position = next;
  }
}
