import path from 'node:path';
import type { Context } from './context.js';
import { UsageError } from './errors.js';
import { writeOut } from './output/io.js';
import { listPackageFiles, readPackageFile } from './shipped-files.js';

/**
 * `collab help man [command]`: a manual page (roff) as shipped with collab, also from the single
 * file and the executable, which have no man/ folder beside them (`collab help man issue | man -l -`).
 */
export async function printManual(ctx: Context, noun: string | undefined): Promise<void> {
  const page = noun === undefined ? 'collab' : `collab-${noun}`;
  const text = readPackageFile(`man/${page}.1`);
  if (text === undefined) {
    const pages = listPackageFiles('man').map((f) => path.basename(f, '.1'));
    throw new UsageError(`no manual page ${page}(1)${pages.length ? `; pages: ${pages.join(', ')}` : ' in this installation'}`);
  }
  await writeOut(ctx.io.stdout, text);
}
