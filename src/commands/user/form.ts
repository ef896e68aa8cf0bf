import { randomBytes } from 'node:crypto';
import path from 'node:path';

const IMAGE_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.bmp': 'image/bmp',
  '.ico': 'image/x-icon',
  '.svg': 'image/svg+xml',
};

export interface FilePart {
  field: string;
  filename: string;
  data: Buffer;
}

/**
 * A multipart/form-data body: the API takes a file (`avatar`) only this way, so every other
 * parameter of the same request travels as a text field beside it.
 */
export function multipartBody(fields: Record<string, unknown>, file: FilePart): { data: Buffer; contentType: string } {
  const boundary = `----collab${randomBytes(12).toString('hex')}`;
  const parts: Buffer[] = [];
  const quote = (s: string) => s.replace(/["\r\n\\]/g, (c) => encodeURIComponent(c));
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    const values = Array.isArray(value) ? value.map(String) : [String(value)];
    const key = Array.isArray(value) ? `${name}[]` : name;
    for (const v of values) {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${quote(key)}"\r\n\r\n${v}\r\n`));
    }
  }
  const type = IMAGE_TYPES[path.extname(file.filename).toLowerCase()] ?? 'application/octet-stream';
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${quote(file.field)}"; filename="${quote(file.filename)}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { data: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
