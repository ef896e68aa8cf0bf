import { ERROR_BODY_LIMIT, errorAnswer, header, readBody, type StreamResponse } from '../../api/answer.js';
import { readAnswer } from '../../api/answer-check.js';
import type { ApiRequest } from '../../api/request.js';
import type { Context } from '../../context.js';
import { downloadDestination } from '../../download/disk.js';
import { saveDownload } from '../../download/save.js';
import { ApiError, FilterError, UsageError } from '../../errors.js';
import { writeOut } from '../../output/io.js';
import type { Printer } from '../../output/printer.js';
import { cellText } from '../../output/sanitize.js';

/**
 * What `collab api` does with the answer. An error's body goes to stderr as every command's does
 * (one line: the status and the server's message), never to stdout or the file. A JSON answer is
 * read and printed (checked, any -o, --jq); anything else is a download: streamed to stdout, or
 * with --dest to a temporary file renamed into place, however large, through the one download
 * machinery (src/download/save.ts), memory flat.
 */

/** JSON answers are read whole (to print them in any -o) up to this size; other answers stream. */
const JSON_LIMIT = 500 * 1024 * 1024;

const isJson = (res: StreamResponse) => /[/+]json\b/i.test(header(res.headers, 'content-type') ?? '');
/** An HTML page where the API was asked: read, so that the check says "a sign-in page?". */
const isHtml = (res: StreamResponse) => /html/i.test(header(res.headers, 'content-type') ?? '');

/** `--include`: the status line and the headers (but cookies), before the body. */
async function printHead(ctx: Context, res: StreamResponse): Promise<void> {
  const lines = [`HTTP ${res.status}`];
  for (const [k, value] of Object.entries(res.headers)) {
    if (value === undefined || /^set-cookie$/i.test(k)) continue;
    // Header bytes beyond ASCII arrive as latin-1, C1 controls among them.
    lines.push(cellText(`${k}: ${Array.isArray(value) ? value.join(', ') : value}`));
  }
  await writeOut(ctx.io.stdout, `${lines.join('\n')}\n\n`);
}

/** `--dest`: checked before anything is sent. */
export function apiDestination(ctx: Context, raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  if (raw !== '-' && (ctx.settings.flags.jq !== undefined || ctx.settings.flags.output !== undefined))
    throw new UsageError('--dest writes the answer as the server sent it: -o and --jq do not apply');
  return downloadDestination(ctx.settings.cwd, raw, 'answer');
}

const REDIRECT_HINT =
  'an API call is not followed across a redirect (a sign-in proxy? check --host); a download ' +
  'redirected to object storage is, without credentials: give --dest <file>, or --dest - for stdout';

/**
 * Sends the request and prints, saves or refuses its answer. A download (--dest) follows
 * redirects (object storage), without credentials on another origin; an API call does not.
 */
export async function answer(
  ctx: Context,
  request: ApiRequest,
  options: { include?: boolean; dest?: string; printList(data: unknown[]): Promise<void>; printer: Printer },
): Promise<void> {
  const api = ctx.api();
  const { dest, printer } = options;
  const method = request.method.toUpperCase();
  const res = await api.send({ ...request, followRedirects: dest !== undefined && (method === 'GET' || method === 'HEAD') });
  if (options.include) await printHead(ctx, res);
  if (res.status >= 300 && res.status !== 304) {
    const err = api.statusError(errorAnswer(res, await readBody(res.body, ERROR_BODY_LIMIT, 'truncate')));
    throw res.status < 400 && method === 'GET' && err instanceof ApiError
      ? new ApiError(err.message, err.status, err.body, REDIRECT_HINT)
      : err;
  }
  if (dest === undefined && (isJson(res) || isHtml(res) || method === 'HEAD' || res.status === 304 || res.status === 204)) {
    const { data } = await readAnswer(res, JSON_LIMIT, 'any');
    if (data === undefined) return;
    if (Buffer.isBuffer(data)) await printer.bytes(data, `the answer (${header(res.headers, 'content-type') ?? 'no content type'})`);
    else if (Array.isArray(data)) await options.printList(data);
    else await printer.object(data);
    return;
  }
  const what = `the answer (${header(res.headers, 'content-type') ?? 'no content type'})`;
  if (dest === undefined && ctx.settings.flags.jq !== undefined) {
    res.body.destroy();
    throw new FilterError(`jq: ${what} is not JSON: --jq filters JSON only`);
  }
  await saveDownload({ api, io: ctx.io, signal: ctx.signal }, request, dest ?? '-', {
    what,
    first: res,
    binaryRefused: () => new UsageError(`refusing to write binary data to the terminal (${what}): use --dest <file> or pipe the output`),
  });
}
