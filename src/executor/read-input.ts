import fs from 'node:fs';
import path from 'node:path';
import type { FileBody } from '../api/file-body.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';

/** All of standard input as text (refused when stdin is a terminal nobody is typing into). */
export async function readStdin(ctx: Context): Promise<string> {
  if (ctx.io.stdinIsTTY && !ctx.canPrompt) throw new UsageError('expected data on standard input');
  const { text } = await import('node:stream/consumers');
  return text(ctx.io.stdin);
}

/** A path as the user gave it, from the directory the command runs in (not the process's: `mcp serve` runs tools elsewhere). */
const fromCwd = (ctx: Context, file: string): string => path.resolve(ctx.settings.cwd, file);

/** Text from a file path, or from stdin for `-`. */
export async function readTextArg(ctx: Context, pathOrDash: string, flag: string): Promise<string> {
  if (pathOrDash === '-') return readStdin(ctx);
  try {
    return fs.readFileSync(fromCwd(ctx, pathOrDash), 'utf8');
  } catch (err) {
    throw new UsageError(`cannot read ${flag} file ${pathOrDash}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
}

/** Bytes from a file path, or from stdin for `-`. */
export async function readBytesArg(ctx: Context, pathOrDash: string, flag: string): Promise<Buffer> {
  if (pathOrDash === '-') {
    const chunks: Buffer[] = [];
    for await (const c of ctx.io.stdin) chunks.push(Buffer.from(c as Buffer));
    return Buffer.concat(chunks);
  }
  try {
    return fs.readFileSync(fromCwd(ctx, pathOrDash));
  } catch (err) {
    throw new UsageError(`cannot read ${flag} file ${pathOrDash}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
}

/** Standard input is held in memory to be sent (and sent again after a 429); this much at most. */
const STDIN_BODY_LIMIT = 2 ** 31 - 1;

/**
 * A request body: a regular file streamed as it is read, with its size as the Content-Length; stdin
 * (`-`) or another kind of file (a pipe, a device) read whole into memory first, up to 2 GiB.
 */
export async function bodyArg(ctx: Context, pathOrDash: string, flag: string): Promise<Buffer | FileBody> {
  const file = pathOrDash === '-' ? pathOrDash : fromCwd(ctx, pathOrDash);
  if (file !== '-') {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
      fs.accessSync(file, fs.constants.R_OK);
    } catch (err) {
      throw new UsageError(`cannot read ${flag} file ${pathOrDash}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
    if (stat.isDirectory()) throw new UsageError(`cannot read ${flag} file ${pathOrDash}: it is a directory`);
    if (stat.isFile()) return { path: file, name: pathOrDash, size: stat.size, mtimeMs: stat.mtimeMs };
  }
  const source = file === '-' ? ctx.io.stdin : fs.createReadStream(file);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of source) {
    size += (c as Buffer).length;
    if (size > STDIN_BODY_LIMIT)
      throw new UsageError(
        `${flag} ${pathOrDash === '-' ? 'standard input' : pathOrDash} holds more than 2 GiB, which collab would have to hold in memory`,
        'write it to a file and give its path: a file is streamed',
      );
    chunks.push(Buffer.from(c as Buffer));
  }
  return Buffer.concat(chunks, size);
}
