import fs from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { contentLength, header } from '../../api/answer.js';
import { fillPath } from '../../api/path.js';
import type { ApiRequest } from '../../api/request.js';
import type { Context } from '../../context.js';
import { Sha256Check } from '../../download/checksum.js';
import { scratchDir } from '../../download/disk.js';
import { ProgressBar } from '../../download/progress.js';
import { download as fetchTo, type Observer, observers } from '../../download/receive.js';
import { dispositionFilename } from '../../download/response.js';
import { UsageError } from '../../errors.js';
import type { Values } from '../../executor/inputs.js';
import { cellWidth } from '../../output/graphemes.js';
import { TerminalLogFilter } from '../../output/sanitize.js';
import { ForTerminal } from '../../output/terminal-stream.js';
import { explainNotFound } from './artifact-404.js';
import { authorized, describe, type Source } from './which-job.js';

/** The archive or the file a source names, by job id or (GitLab) by ref. */
function requestFor(ctx: Context, s: Source, v: Values): ApiRequest {
  const { job } = s;
  const values = { project: s.project, path: s.path, ...job };
  let req: ApiRequest;
  if ('id' in job)
    req = {
      method: 'GET',
      path: fillPath(
        s.path === undefined ? '/projects/:project/jobs/:id/artifacts' : '/projects/:project/jobs/:id/artifacts/*path',
        values,
      ),
    };
  // One file by ref: GitLab's `GET /projects/:id/jobs/artifacts/:ref_name/raw/*artifact_path?job=` (not in the spec's list).
  else
    req = {
      method: 'GET',
      path: fillPath(
        s.path === undefined ? '/projects/:project/jobs/artifacts/:ref/download' : '/projects/:project/jobs/artifacts/:ref/raw/*path',
        values,
      ),
      query: { job: job.name },
    };
  return authorized(ctx, v, req);
}

/**
 * Where bytes for stdout go: on stdout's terminal a file is text, shown as `job trace` shows a log
 * (binary data is refused); piped, stdout itself. `finish` waits until all was written.
 */
function stdoutTarget(ctx: Context, s: Source): { stream: Writable; finish(): Promise<void>; close(): void } {
  if (!ctx.io.stdoutIsTTY) return { stream: ctx.io.stdout, finish: async () => {}, close: () => {} };
  const text = new ForTerminal(
    new TerminalLogFilter(ctx.io.colorLevel > 0),
    () => new UsageError(`refusing to write binary data to the terminal (${describe(s)}): use --dest <file> or pipe the output`),
  );
  const shown = pipeline(text, ctx.io.stdout, { end: false });
  // Its failure is the download's: reported once, by whoever waits for it or meets it writing.
  shown.catch(() => undefined);
  return {
    stream: text,
    finish: async () => {
      text.end();
      await shown;
    },
    close: () => text.destroy(),
  };
}

/** What a download kept: its size, and its SHA-256 (every download is hashed: `-o json` says it). */
export interface Fetched {
  bytes: number;
  sha256: string;
}

/**
 * Streams one download to a file (atomically) or to stdout, with a progress bar on a terminal that
 * stdout is not writing to. With `sha256` the bytes are checked before they are kept: renamed into
 * place, or printed (for stdout they wait in a private temporary file until checked).
 */
export async function fetchArtifact(ctx: Context, s: Source, v: Values, dest: string, sha256?: string): Promise<Fetched> {
  if (dest === '-' && sha256 !== undefined) {
    const scratch = await scratchDir();
    try {
      const file = path.join(scratch.path, 'download');
      const result = await fetchArtifact(ctx, s, v, file, sha256);
      const out = stdoutTarget(ctx, s);
      try {
        await pipeline(fs.createReadStream(file), out.stream, { end: false, signal: ctx.signal });
        await out.finish();
      } finally {
        out.close();
      }
      return result;
    } finally {
      await scratch.remove();
    }
  }
  const out = dest === '-' ? stdoutTarget(ctx, s) : undefined;
  const measure = ctx.io.stderrIsTTY && !(dest === '-' && ctx.io.stdoutIsTTY) ? await cellWidth() : undefined;
  const hash = new Sha256Check(sha256, describe(s));
  let progress: ProgressBar | undefined;
  try {
    const bytes = await fetchTo(ctx.api(), requestFor(ctx, s, v), out?.stream ?? dest, {
      what: describe(s),
      signal: ctx.signal,
      observe: (res) => {
        const watchers: Observer[] = [hash];
        if (measure) {
          const name = dispositionFilename(header(res.headers, 'content-disposition'));
          const bar = new ProgressBar(ctx.io.stderr, name ?? (dest === '-' ? 'stdout' : path.basename(dest)), contentLength(res.headers), {
            columns: () => ctx.io.stderrColumns ?? ctx.io.columns,
            measure,
          });
          progress = bar;
          watchers.push({ data: (chunk) => bar.add(chunk.length), restart: () => bar.restart(), pause: () => bar.finish() });
        }
        return observers(watchers);
      },
    });
    await out?.finish();
    return { bytes, sha256: hash.digest ?? '' };
  } catch (err) {
    throw await explainNotFound(ctx, err, s, v);
  } finally {
    progress?.finish();
    out?.close();
  }
}
