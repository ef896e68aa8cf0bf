import fs from 'node:fs';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';

/** All of standard input as text (refused when stdin is a terminal nobody is typing into). */
export async function readStdin(ctx: Context): Promise<string> {
  if (ctx.io.stdinIsTTY && !ctx.canPrompt) throw new UsageError('expected data on standard input');
  const { text } = await import('node:stream/consumers');
  return text(ctx.io.stdin);
}

/** Text from a file path, or from stdin for `-`. */
export async function readTextArg(ctx: Context, pathOrDash: string, flag: string): Promise<string> {
  if (pathOrDash === '-') return readStdin(ctx);
  try {
    return fs.readFileSync(pathOrDash, 'utf8');
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
    return fs.readFileSync(pathOrDash);
  } catch (err) {
    throw new UsageError(`cannot read ${flag} file ${pathOrDash}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
}
