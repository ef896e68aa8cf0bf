import { ApiError } from '../errors.js';
import { isObject } from '../shared/json.js';
import { type ApiResponse, contentLength, header, hostOf, readBody, type StreamResponse } from './answer.js';
import { BodyError, tooLarge } from './failures.js';
import { parseAnswerJson } from './json-depth.js';

/**
 * The JSON a command expects of a 2xx: an `object` (carrying `key`, the field the command reports:
 * `iid`, `id`; without a key, any but `{}`), a `list` of objects (an empty body is an empty page), or `optional`: nothing, or
 * an object (deletions, answers the spec does not show). `scalars` are accepted too (GitLab's
 * block answers `true`, or `null` — also an empty body — when it already was so).
 */
export interface AnswerShape {
  kind: 'object' | 'list' | 'optional';
  key?: string;
  scalars?: readonly (boolean | null)[];
  /**
   * A 202 object carrying this key answers too: GitLab's `NoteCommands` (`commands_changes`,
   * `summary`; lib/api/helpers/notes_helpers.rb `process_note_creation_result`) for a comment made
   * only of quick actions, which ran and saved no note.
   */
  accepted?: string;
}

/** What a 2xx body must be (ApiRequest.expect): `json`, `any` for the raw tool, or the JSON a command expects. */
export type Expect = 'json' | 'any' | AnswerShape;

/**
 * A 2xx answer read whole (at most `limit` bytes, decoded from any Content-Encoding left to the
 * reader) and checked: the JSON the caller expects, or with `any` a Buffer of another type.
 */
export async function readAnswer<T>(res: StreamResponse, limit: number, expect: Expect | undefined): Promise<ApiResponse<T>> {
  const where = hostOf(res.url);
  const length = contentLength(res.headers);
  if (length !== undefined && length > limit) {
    res.body.destroy();
    throw tooLarge(res.status, where, limit);
  }
  let raw = await readBody(res.body, limit, () => tooLarge(res.status, where, limit));
  if (res.codings) {
    const { decodeWhole } = await import('./decode.js');
    try {
      raw = decodeWhole(raw, res.codings, limit);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge(res.status, where, limit);
      throw err;
    }
  }
  const data = decodeData(raw, header(res.headers, 'content-type'), res.status, where, expect);
  if (typeof expect === 'object') checkShape(data, expect, res.status, where);
  return { status: res.status, headers: res.headers, data: data as T, url: res.url };
}

function isJsonType(contentType: string | undefined): boolean {
  return contentType !== undefined && /[/+]json\b/i.test(contentType);
}

function notJson(status: number, host: string, contentType: string | undefined, html: boolean): ApiError {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase().slice(0, 100) || 'no content type';
  const what = html ? `${type}: a sign-in page? check --host` : type;
  return new ApiError(`${status} from ${host} was not JSON (${what})`, status);
}

const HTML_START = /^(\xef\xbb\xbf)?\s*<(!doctype\s+html|html|head|body|title)\b/i;

/**
 * A 2xx body as data: JSON (checked, BOM tolerated, depth-limited), undefined when empty, a
 * Buffer for other types when the caller takes `any` — never an HTML page.
 */
function decodeData(raw: Buffer, contentType: string | undefined, status: number, host: string, expect: Expect | undefined): unknown {
  if (raw.length === 0) return undefined;
  const declared = isJsonType(contentType);
  const start = firstNonSpace(raw);
  const looksJson = start === 0x7b || start === 0x5b || start === 0x22; // { [ "
  // An empty Content-Type says as little as none.
  if (!declared && !(!contentType?.trim() && looksJson)) {
    const html = /html/i.test(contentType ?? '') || HTML_START.test(raw.subarray(0, 512).toString('latin1'));
    if (expect === 'any' && !html) return raw;
    throw notJson(status, host, contentType, html);
  }
  // Declared JSON but markup: a proxy's page under the wrong type, not a body cut short.
  if (start === 0x3c) throw notJson(status, host, contentType, true);
  let text = raw.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  try {
    return parseAnswerJson(text, status, host);
  } catch (err) {
    if (!(err instanceof SyntaxError)) throw err;
    throw new BodyError(`the ${status} answer from ${host} was cut short or is not valid JSON (${err.message})`);
  }
}

function firstNonSpace(raw: Buffer): number | undefined {
  for (let i = 0; i < raw.length && i < 1024; i++) {
    const c = raw[i]!;
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0xef && c !== 0xbb && c !== 0xbf) return c;
  }
  return undefined;
}

const isIdentifier = (v: unknown) => (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && v.trim() !== '');

/** What `shape` asks for, in words, when `data` is not it. */
function shapeMismatch(data: unknown, shape: AnswerShape): string | undefined {
  if (shape.scalars?.includes((data ?? null) as boolean | null)) return undefined;
  switch (shape.kind) {
    case 'list':
      if (data === undefined || (Array.isArray(data) && data.every(isObject))) return undefined;
      return 'a list of objects';
    case 'optional':
      return data === undefined || data === null || isObject(data) ? undefined : 'nothing or an object';
    default: {
      const key = shape.key;
      if (isObject(data) && (key === undefined ? Object.keys(data).length > 0 : isIdentifier(data[key]))) return undefined;
      return key === undefined ? 'a non-empty object' : `an object with "${key}"`;
    }
  }
}

/** A 2xx whose JSON is not what the command expects (`{}` for an issue, `"ok"`, `[]`): an error, not retried. */
function checkShape(data: unknown, shape: AnswerShape, status: number, host: string): void {
  if (status === 202 && shape.accepted !== undefined && isObject(data) && data[shape.accepted] !== undefined) return;
  const wanted = shapeMismatch(data, shape);
  if (wanted === undefined) return;
  let got = data === undefined ? 'an empty body' : JSON.stringify(data);
  if (got.length > 80) got = `${got.slice(0, 80)}…`;
  throw new ApiError(
    `${status} from ${host} was not the answer collab expects (${wanted}): got ${got}`,
    status,
    data,
    'another server or a proxy answering for the API? check --host',
  );
}
