import path from 'node:path';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';

/*
 * What every download and upload says it did: one line for people on stderr, and, when asked for
 * with -o (or --jq, --fields), a record on stdout for scripts (job artifacts, package and release
 * files).
 */

/** A record was asked for on the command line (-o, --jq, --fields): stdout then carries it. */
export function recordAsked(ctx: Context): boolean {
  const { output, jq } = ctx.settings.flags;
  return output !== undefined || jq !== undefined || ctx.settings.fields !== undefined;
}

/** `--dest -` writes the download to stdout: a record cannot go there too. */
export function refuseRecordOnStdout(ctx: Context, dest: string | undefined): void {
  if (dest === '-' && recordAsked(ctx))
    throw new UsageError(
      '-o, --jq and --fields print a record of what was saved on stdout, where --dest - writes the download: give --dest <file>',
    );
}

/** A saved file as people read it: relative to where collab runs when it is below it. */
export function shownPath(ctx: Context, file: string): string {
  const rel = path.relative(ctx.settings.cwd, file);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : file;
}
