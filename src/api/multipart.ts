import { randomBytes } from 'node:crypto';
import path from 'node:path';

export interface FilePart {
  name: string;
  filename: string;
  data: Buffer;
  contentType?: string;
}

const TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.bmp': 'image/bmp',
  '.ico': 'image/x-icon',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain',
  '.md': 'text/markdown',
  '.log': 'text/plain',
  '.csv': 'text/csv',
  '.json': 'application/json',
  '.zip': 'application/zip',
  '.gz': 'application/gzip',
};

export function contentTypeFor(filename: string): string {
  return TYPES[path.extname(filename).toLowerCase()] ?? 'application/octet-stream';
}

/** A quoted header parameter: quotes escaped and line breaks dropped, as browsers send them. */
function quoted(value: string): string {
  return `"${value.replace(/[\r\n]/g, '').replace(/"/g, '%22')}"`;
}

function fieldEntries(fields: Record<string, unknown>): [string, string][] {
  const out: [string, string][] = [];
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) out.push([`${key}[]`, String(item)]);
    else out.push([key, String(value)]);
  }
  return out;
}

/**
 * A multipart/form-data body: text fields (lists as `name[]` entries, booleans as true/false)
 * and file parts. The boundary is random unless given (tests).
 */
export function multipartBody(
  fields: Record<string, unknown>,
  files: FilePart[],
  boundary = `----collab${randomBytes(12).toString('hex')}`,
): { data: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const [name, value] of fieldEntries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name=${quoted(name)}\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    const type = file.contentType ?? contentTypeFor(file.filename);
    const disposition = `form-data; name=${quoted(file.name)}; filename=${quoted(file.filename)}`;
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: ${type}\r\n\r\n`),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { data: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
