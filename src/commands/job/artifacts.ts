import fs from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { contentLength, header } from '../../api/answer.js';
import { fillPath } from '../../api/path.js';
import type { ApiRequest } from '../../api/request.js';
import type { Context } from '../../context.js';
import { parseSha256, Sha256Check } from '../../download/checksum.js';
import { downloadDestination, extractionTarget, Leftover, scratchDir, tempPathBeside } from '../../download/disk.js';
import { formatBytes, ProgressBar } from '../../download/progress.js';
import { download as fetchTo, type Observer, observers } from '../../download/receive.js';
import { dispositionFilename } from '../../download/response.js';
import { UsageError } from '../../errors.js';
import type { Values } from '../../executor/inputs.js';
import { defineCommand } from '../../executor/spec.js';
import { parseInteger } from '../../executor/validate.js';
import { cellWidth } from '../../output/graphemes.js';
import { TerminalLogFilter } from '../../output/sanitize.js';
import { ForTerminal } from '../../output/terminal-stream.js';
import { explainNotFound } from './artifact-404.js';
import { authorized, chooseJob, describe, jobFlags, jobTokenFlag, resolveJob, type Source } from './which-job.js';

const DEFAULT_ARCHIVE = 'artifacts.zip';

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

function shown(ctx: Context, file: string): string {
  const rel = path.relative(ctx.settings.cwd, file);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : file;
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

/**
 * Streams one download to a file (atomically) or to stdout, with a progress bar on a terminal that
 * stdout is not writing to. With `sha256` the bytes are checked before they are kept: renamed into
 * place, or printed (for stdout they wait in a private temporary file until checked).
 */
async function download(ctx: Context, s: Source, v: Values, dest: string, sha256?: string): Promise<{ bytes: number }> {
  if (dest === '-' && sha256 !== undefined) {
    const scratch = await scratchDir();
    try {
      const file = path.join(scratch.path, 'download');
      const result = await download(ctx, s, v, file, sha256);
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
  let progress: ProgressBar | undefined;
  try {
    const bytes = await fetchTo(ctx.api(), requestFor(ctx, s, v), out?.stream ?? dest, {
      what: describe(s),
      signal: ctx.signal,
      observe: (res) => {
        const watchers: Observer[] = sha256 === undefined ? [] : [new Sha256Check(sha256, describe(s))];
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
    return { bytes };
  } catch (err) {
    throw await explainNotFound(ctx, err, s, v);
  } finally {
    progress?.finish();
    out?.close();
  }
}

export const artifacts = defineCommand({
  name: 'artifacts',
  summary: "Download a job's artifacts archive (by job id, or by job name on a ref or in a pipeline)",
  description:
    "Download a job's artifacts archive: by job id, as the last successful job of a name on a ref (--job with --ref), or as the job of a name in a pipeline (--job with --pipeline). The file is written to a temporary file beside the destination and renamed into place when complete; --sha256 checks it first. Inside a CI job, the server, project and job token come from the CI environment, --ref defaults to the job's own ref (CI_COMMIT_REF_NAME) and --pipeline current is its pipeline (CI_PIPELINE_ID).",
  examples: [
    'collab job artifacts 1234 -p acme/platform/api',
    'collab job artifacts --ref main --job build --extract dist/',
    'collab job artifacts --job build --pipeline current --extract dist/   # inside a CI job',
    'collab job artifacts --ref v1.2.0 --job package --sha256 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    'collab job artifacts --ref feature/x --job test --dest - | bsdtar -xf -',
  ],
  args: [{ name: 'id', type: 'id', description: 'job id (or name the job with --job)', optional: true, url: 'jobs' }],
  project: 'required',
  flags: [
    ...jobFlags,
    {
      name: 'dest',
      short: 'd',
      param: false,
      type: 'string',
      description: 'where to write the archive (default ./artifacts.zip; - for stdout); replaces only a regular file',
      value: '<path>',
    },
    {
      name: 'extract',
      short: 'x',
      param: false,
      type: 'string',
      description: 'unzip into this directory, checked first: nothing may lead outside it or replace what it holds by another kind',
      value: '<dir>',
    },
    {
      name: 'max-size',
      param: false,
      type: 'bytes',
      description:
        "with --extract: the most the archive's files may add up to (default 200 times the archive, at least 100 MiB, at most 8 GiB)",
      value: '<bytes|GiB>',
    },
    {
      name: 'max-entries',
      param: false,
      type: 'int',
      min: 1,
      description: 'with --extract: the most entries the archive may hold (default 100000)',
      value: '<n>',
    },
    jobTokenFlag,
  ],
  run: async (ctx, v) => {
    const project = String(v.project);
    const { dest: rawDest, extract: extractTo } = v.flags;
    const chosen = chooseJob(ctx, v, v.args.id);
    const sha256 = v.flags.sha256 === undefined ? undefined : parseSha256(v.flags.sha256);
    const { 'max-size': maxBytes, 'max-entries': maxEntries } = v.flags;
    if (extractTo === undefined && (maxBytes !== undefined || maxEntries !== undefined))
      throw new UsageError(`--${maxBytes !== undefined ? 'max-size' : 'max-entries'} applies to --extract`);
    if (extractTo !== undefined) {
      if (rawDest === '-') throw new UsageError('--extract cannot be used with --dest -');
      const target = extractionTarget(ctx.settings.cwd, extractTo);
      // Without --dest the archive is only a temporary file beside the target directory.
      const zip = rawDest !== undefined ? downloadDestination(ctx.settings.cwd, rawDest, DEFAULT_ARCHIVE) : tempPathBeside(`${target}.zip`);
      const scratch = rawDest === undefined ? new Leftover(zip) : undefined;
      try {
        const source: Source = { project, job: await resolveJob(ctx, v, project, chosen) };
        // A --sha256 mismatch fails the download itself: nothing reaches the extraction.
        const { bytes } = await download(ctx, source, v, zip, sha256);
        // yauzl is loaded only when extracting.
        const { extractZip } = await import('../../download/extract.js');
        const result = await extractZip(zip, target, { signal: ctx.signal, limits: { maxBytes, maxEntries } });
        ctx.success(
          `Extracted ${result.files} files (${formatBytes(result.bytes)}, archive ${formatBytes(bytes)}) into ${shown(ctx, target)}`,
        );
      } finally {
        await scratch?.remove();
      }
      return;
    }
    const dest = downloadDestination(ctx.settings.cwd, rawDest, DEFAULT_ARCHIVE);
    if (dest === '-' && ctx.io.stdoutIsTTY)
      throw new UsageError('refusing to write a zip archive to the terminal: use --dest <file> or pipe the output');
    const source: Source = { project, job: await resolveJob(ctx, v, project, chosen) };
    const { bytes } = await download(ctx, source, v, dest, sha256);
    if (dest !== '-') ctx.success(`Saved ${describe(source)} to ${shown(ctx, dest)} (${formatBytes(bytes)})`);
  },
});

/** A path inside the archive: a file (not a directory), no `..`; leading slashes dropped. */
function archivePath(raw: string): string {
  const p = raw.replace(/^\/+/, '');
  if (p.split('/').some((s) => s === '..')) throw new UsageError('invalid value for <path>: ".." is not allowed');
  if (p === '' || p.endsWith('/')) throw new UsageError('invalid value for <path>: give the path of a file inside the archive');
  return p;
}

export const artifact = defineCommand({
  name: 'artifact',
  summary: "Print one file of a job's artifacts (or save it with --dest)",
  description:
    "Print one file of a job's artifacts, or save it with --dest: `artifact <id> <path>`, or with the job named instead of its id, `artifact --job <name> <path>` on --ref (the last successful job of that name) or in --pipeline. --sha256 checks the file before anything is printed or saved. Inside a CI job --ref defaults to the job's own ref (CI_COMMIT_REF_NAME), --pipeline current is its pipeline, and the job token is enough.",
  examples: [
    'collab job artifact 1234 reports/junit.xml -p acme/platform/api',
    'collab job artifact --ref main --job build reports/junit.xml',
    'collab job artifact --job build dist/app.tar.gz --dest app.tar.gz   # inside a CI job: its own ref',
    'collab job artifact --job build --pipeline current dist/version.txt',
  ],
  args: [
    {
      name: 'id',
      type: 'string',
      description: 'job id (with --job, leave it out: the only argument is the path)',
      optional: true,
      url: 'jobs',
    },
    { name: 'path', type: 'path', description: 'path of the file inside the archive', optional: true },
  ],
  project: 'required',
  flags: [
    ...jobFlags,
    {
      name: 'dest',
      short: 'd',
      param: false,
      type: 'string',
      description: 'write the file here instead of stdout; replaces only a regular file',
      value: '<path>',
    },
    jobTokenFlag,
  ],
  run: async (ctx, v) => {
    const project = String(v.project);
    const [first, second] = [v.args.id, v.args.path];
    const named = v.flags.job !== undefined || v.flags.ref !== undefined || v.flags.pipeline !== undefined;
    let id: number | undefined;
    let filePath: string;
    if (second !== undefined) {
      if (first !== undefined) id = typeof first === 'number' ? first : parseInteger(first, '<id>', 1);
      filePath = archivePath(second);
    } else if (first !== undefined && named) filePath = archivePath(String(first));
    else throw new UsageError('missing argument <path>: the file inside the archive (give <id> <path>, or --job <name> <path>)');
    const chosen = chooseJob(ctx, v, id);
    const sha256 = v.flags.sha256 === undefined ? undefined : parseSha256(v.flags.sha256);
    const rawDest = v.flags.dest;
    const dest = rawDest === undefined ? '-' : downloadDestination(ctx.settings.cwd, rawDest, path.posix.basename(filePath));
    const source: Source = { project, job: await resolveJob(ctx, v, project, chosen), path: filePath };
    const { bytes } = await download(ctx, source, v, dest, sha256);
    if (dest !== '-') ctx.success(`Saved ${describe(source)} to ${shown(ctx, dest)} (${formatBytes(bytes)})`);
  },
});
