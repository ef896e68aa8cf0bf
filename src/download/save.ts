import fs from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { contentLength, header, type StreamResponse } from '../api/answer.js';
import type { ApiClient } from '../api/client.js';
import type { ApiRequest } from '../api/request.js';
import type { CollabError } from '../errors.js';
import { cellWidth } from '../output/graphemes.js';
import type { IO } from '../output/io.js';
import { TerminalLogFilter } from '../output/sanitize.js';
import { ForTerminal } from '../output/terminal-stream.js';
import { Sha256Check } from './checksum.js';
import { scratchDir } from './disk.js';
import { ProgressBar } from './progress.js';
import { download, type Observer, observers } from './receive.js';
import { dispositionFilename } from './response.js';

/**
 * Every download collab makes, to a file or to stdout: job artifacts, package files, release
 * assets, `collab api`. The file is written beside its destination and renamed into place when
 * complete (receive.ts: resumed when cut, redirects followed without credentials); a progress bar
 * shows on a terminal that stdout is not writing to; every byte is hashed, and checked against the
 * SHA-256 asked for and the one the server states, before anything is kept.
 */

/** What a download runs with: the client, the streams, Ctrl-C. */
export interface SaveDeps {
  api: ApiClient;
  io: IO;
  signal: AbortSignal;
}

export interface SaveOptions {
  /** What is downloaded, for messages and the progress bar: `the artifacts of job 12`. */
  what: string;
  /** The SHA-256 the bytes must have (`--sha256`). */
  sha256?: string;
  /** A header in which the server states the file's SHA-256 (GitLab's `X-Checksum-SHA256`): checked too. */
  checksumHeader?: string;
  /** On stdout's terminal: the refusal of binary data (text is shown as a log is). */
  binaryRefused: () => CollabError;
  /** The first answer, already open (`collab api` sent the request and saw what came back). */
  first?: StreamResponse;
}

/** What a download kept: its size, and its SHA-256 (every download is hashed: `-o json` says it). */
export interface Fetched {
  bytes: number;
  sha256: string;
}

/**
 * Where bytes for stdout go: on stdout's terminal a file is text, shown as `job trace` shows a log
 * (binary data is refused); piped, stdout itself. `finish` waits until all was written.
 */
function stdoutTarget(io: IO, binaryRefused: () => CollabError): { stream: Writable; finish(): Promise<void>; close(): void } {
  if (!io.stdoutIsTTY) return { stream: io.stdout, finish: async () => {}, close: () => {} };
  const text = new ForTerminal(new TerminalLogFilter(io.colorLevel > 0), binaryRefused);
  const shown = pipeline(text, io.stdout, { end: false });
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

/**
 * Streams one download to `dest`, a path (atomically) or `-` for stdout. With a SHA-256 to check,
 * bytes for stdout wait in a private temporary file until they are checked: nothing unchecked is
 * printed.
 */
export async function saveDownload(deps: SaveDeps, req: ApiRequest, dest: string, options: SaveOptions): Promise<Fetched> {
  if (dest === '-' && (options.sha256 !== undefined || options.checksumHeader !== undefined)) return viaScratch(deps, req, options);
  const { io } = deps;
  const out = dest === '-' ? stdoutTarget(io, options.binaryRefused) : undefined;
  const measure = io.stderrIsTTY && !(dest === '-' && io.stdoutIsTTY) ? await cellWidth() : undefined;
  const hash = new Sha256Check(options.sha256, options.what);
  let progress: ProgressBar | undefined;
  try {
    const bytes = await download(deps.api, req, out?.stream ?? dest, {
      what: options.what,
      signal: deps.signal,
      first: options.first,
      observe: (res) => {
        const stated = options.checksumHeader === undefined ? undefined : header(res.headers, options.checksumHeader);
        if (stated !== undefined) hash.alsoExpect(stated, `the SHA-256 the server states (${options.checksumHeader})`);
        const watchers: Observer[] = [hash];
        if (measure) {
          const name = dispositionFilename(header(res.headers, 'content-disposition'));
          const bar = new ProgressBar(io.stderr, name ?? (dest === '-' ? 'stdout' : path.basename(dest)), contentLength(res.headers), {
            columns: () => io.stderrColumns ?? io.columns,
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
  } finally {
    progress?.finish();
    out?.close();
  }
}

/** A checked download for stdout: into a private temporary file, checked, then printed. */
async function viaScratch(deps: SaveDeps, req: ApiRequest, options: SaveOptions): Promise<Fetched> {
  const scratch = await scratchDir();
  try {
    const file = path.join(scratch.path, 'download');
    const result = await saveDownload(deps, req, file, options);
    const out = stdoutTarget(deps.io, options.binaryRefused);
    try {
      await pipeline(fs.createReadStream(file), out.stream, { end: false, signal: deps.signal });
      await out.finish();
    } finally {
      out.close();
    }
    return result;
  } finally {
    await scratch.remove();
  }
}
