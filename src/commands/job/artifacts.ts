import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type ApiRequest, header } from '../../api/client.js';
import { fillPath } from '../../api/path.js';
import type { Context } from '../../context.js';
import { describeKind, Leftover, lstatOrUndefined, notReplaceable, tempPathBeside } from '../../download/disk.js';
import { formatBytes, ProgressBar } from '../../download/progress.js';
import { download as fetchTo } from '../../download/receive.js';
import { contentLength, dispositionFilename } from '../../download/response.js';
import { ApiError, UsageError } from '../../errors.js';
import { TerminalLogFilter } from '../../output/sanitize.js';
import { ForTerminal } from '../../output/terminal-stream.js';
import { cellWidth } from '../../output/wrap.js';
import { type FlagSpec, type Values, defineCommand } from '../spec.js';

const DEFAULT_ARCHIVE = 'artifacts.zip';

/** What is downloaded, for requests, messages and 404 hints. */
type Source =
  | { kind: 'archive'; project: string; id: number }
  | { kind: 'by-ref'; project: string; ref: string; job: string }
  | { kind: 'file'; project: string; id: number; path: string };

function describe(s: Source): string {
  if (s.kind === 'archive') return `the artifacts of job ${s.id}`;
  if (s.kind === 'by-ref') return `the artifacts of the last successful "${s.job}" job on ${s.ref}`;
  return `${s.path} from the artifacts of job ${s.id}`;
}

function requestFor(ctx: Context, s: Source, v: Values): ApiRequest {
  let req: ApiRequest;
  if (s.kind === 'archive') req = { method: 'GET', path: fillPath('/projects/:project/jobs/:id/artifacts', s) };
  else if (s.kind === 'by-ref')
    req = { method: 'GET', path: fillPath('/projects/:project/jobs/artifacts/:ref/download', s), query: { job: s.job } };
  else req = { method: 'GET', path: fillPath('/projects/:project/jobs/:id/artifacts/*path', s) };
  if (v.flags['job-token'] === true) {
    const token = ctx.settings.jobToken();
    if (!token) throw new UsageError('--job-token needs the job token in CI_JOB_TOKEN');
    // Only the job token, even when a personal token is configured.
    return { ...req, auth: 'none', headers: { 'JOB-TOKEN': token } };
  }
  // The job token goes out only when there is no personal token (see ApiClient.buildHeaders).
  return { ...req, auth: 'job' };
}

type Missing = 'job' | 'artifacts' | 'file' | 'project';

function classify(message: string): Missing | undefined {
  if (/\bproject\b/i.test(message)) return 'project';
  if (/\b(job|build)s?\b/i.test(message)) return 'job';
  if (/artifact/i.test(message)) return 'artifacts';
  if (/\bfile\b/i.test(message)) return 'file';
  return undefined;
}

/** When the server's 404 does not say what is missing, ask for the job (personal token only). */
async function lookUpMissing(ctx: Context, s: Source, v: Values): Promise<Missing | undefined> {
  if (s.kind === 'by-ref' || v.flags['job-token'] === true || !ctx.api().hasToken) return undefined;
  try {
    const res = await ctx.api().request<{ artifacts_file?: unknown }>({ method: 'GET', path: fillPath('/projects/:project/jobs/:id', s) });
    if (!res.data?.artifacts_file) return 'artifacts';
    return s.kind === 'file' ? 'file' : 'artifacts';
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return classify(err.message) === 'project' ? 'project' : 'job';
    return undefined;
  }
}

function hintFor(missing: Missing | undefined, s: Source): string {
  const project = `project ${s.project}`;
  if (missing === 'project') return `${project} was not found (or is not visible with these credentials)`;
  if (s.kind === 'by-ref') {
    if (missing === 'artifacts') return `the last successful job named "${s.job}" on ref "${s.ref}" has no artifacts`;
    return `no successful job named "${s.job}" with artifacts on ref "${s.ref}" in ${project}`;
  }
  if (missing === 'job') return `job ${s.id} does not exist in ${project}`;
  if (missing === 'file') return `the artifacts of job ${s.id} have no file "${s.kind === 'file' ? s.path : ''}"`;
  if (missing === 'artifacts') return `job ${s.id} has no artifacts (none were uploaded, or they expired or were erased)`;
  return `job ${s.id}, its artifacts${s.kind === 'file' ? ` or the file "${s.path}"` : ''} could not be found in ${project}`;
}

async function explainNotFound(ctx: Context, err: unknown, s: Source, v: Values): Promise<unknown> {
  if (!(err instanceof ApiError) || err.status !== 404) return err;
  const missing = classify(err.message) ?? (await lookUpMissing(ctx, s, v));
  return new ApiError(err.message, 404, err.body, hintFor(missing, s));
}

/**
 * `--dest`: `-` for stdout, else a file path in a directory that exists. What is there already
 * may only be a regular file: a device, FIFO, socket, directory or link is never replaced (exit 2,
 * before anything is sent).
 */
function resolveDest(ctx: Context, raw: string | undefined, defaultName: string): string {
  if (raw === '-') return '-';
  if (raw !== undefined && raw.trim() === '') throw new UsageError('invalid value for --dest: empty (use - for stdout)');
  const dest = path.resolve(ctx.settings.cwd, raw ?? defaultName);
  if (raw !== undefined && /[/\\]$/.test(raw))
    throw new UsageError(`invalid value for --dest: ${raw} names a directory; give a file path`, `give a file path, for example --dest ${path.join(raw, defaultName)}`);
  const dir = path.dirname(dest);
  if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory())
    throw new UsageError(`invalid value for --dest: the directory ${dir} does not exist`);
  const refused = notReplaceable(dest);
  if (refused) {
    const hint = /^\/dev\/(stdout|fd\/1)$/.test(dest)
      ? 'use --dest - to write to stdout'
      : lstatOrUndefined(dest)?.isDirectory()
        ? `give a file path, for example --dest ${path.join(raw ?? '.', defaultName)}`
        : undefined;
    throw new UsageError(`invalid value for --dest: ${refused}`, hint);
  }
  return dest;
}

/** `--extract`: the directory must be a directory (or not exist yet, in a directory that does). */
function resolveExtractTarget(ctx: Context, raw: string): string {
  if (raw.trim() === '') throw new UsageError('invalid value for --extract: empty');
  const target = path.resolve(ctx.settings.cwd, raw);
  const parent = path.dirname(target);
  if (!fs.statSync(parent, { throwIfNoEntry: false })?.isDirectory())
    throw new UsageError(`invalid value for --extract: the directory ${parent} does not exist`);
  const existing = lstatOrUndefined(target);
  if (existing && !existing.isDirectory())
    throw new UsageError(`invalid value for --extract: ${target} is a ${describeKind(existing)}, not a directory`);
  return target;
}

function shown(ctx: Context, file: string): string {
  const rel = path.relative(ctx.settings.cwd, file);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : file;
}

/**
 * Streams one download to a file (atomically) or to stdout, with a progress bar on a terminal that
 * stdout is not writing to. On stdout's terminal a file is text, shown as `job trace` shows a log;
 * binary data is refused.
 */
async function download(ctx: Context, s: Source, v: Values, dest: string): Promise<{ bytes: number }> {
  const toTerminal = dest === '-' && ctx.io.stdoutIsTTY;
  const measure = ctx.io.stderrIsTTY && !toTerminal ? await cellWidth() : undefined;
  const text = toTerminal
    ? new ForTerminal(
        new TerminalLogFilter(ctx.io.colorLevel > 0),
        () => new UsageError(`refusing to write binary data to the terminal (${describe(s)}): use --dest <file> or pipe the output`),
      )
    : undefined;
  const shownText = text ? pipeline(text, ctx.io.stdout, { end: false }) : undefined;
  // Its failure is the download's: reported once, below or by the write that meets it.
  shownText?.catch(() => undefined);
  let progress: ProgressBar | undefined;
  try {
    const bytes = await fetchTo(ctx.api(), requestFor(ctx, s, v), text ?? (dest === '-' ? ctx.io.stdout : dest), {
      what: describe(s),
      signal: ctx.signal,
      observe: (res) => {
        if (!measure) return undefined;
        const name = dispositionFilename(header(res.headers, 'content-disposition'));
        const bar = new ProgressBar(ctx.io.stderr, name ?? (dest === '-' ? 'stdout' : path.basename(dest)), contentLength(res), {
          columns: () => ctx.io.stderrColumns ?? ctx.io.columns,
          measure,
        });
        progress = bar;
        return { data: (chunk) => bar.add(chunk.length), restart: () => bar.restart(), pause: () => bar.finish() };
      },
    });
    if (text) {
      text.end();
      await shownText;
    }
    return { bytes };
  } catch (err) {
    throw await explainNotFound(ctx, err, s, v);
  } finally {
    progress?.finish();
    text?.destroy();
  }
}

const jobTokenFlag = {
  name: 'job-token',
  param: false,
  type: 'bool',
  description: 'authenticate with the CI job token from CI_JOB_TOKEN, even when a personal token is set',
} as const satisfies FlagSpec;

export const artifacts = defineCommand({
  name: 'artifacts',
  summary: "Download a job's artifacts archive (by job id, or by ref and job name)",
  description:
    "Download a job's artifacts archive, by job id or as the last successful job of a name on a ref. The file is written to a temporary file beside the destination and renamed into place when complete. Inside a CI job, the server, project and job token come from the CI environment.",
  examples: [
    'collab job artifacts 1234 -p acme/platform/api',
    'collab job artifacts --ref main --job build --extract dist/',
    'collab job artifacts --ref feature/x --job test --dest - | bsdtar -xf -',
  ],
  args: [{ name: 'id', type: 'id', description: 'job id (or use --ref and --job)', optional: true, url: 'jobs' }],
  project: 'required',
  flags: [
    { name: 'ref', param: false, type: 'string', description: 'branch or tag: the last successful job on it (with --job)', value: '<ref>' },
    { name: 'job', param: false, type: 'string', description: 'job name (with --ref)', value: '<name>' },
    { name: 'dest', short: 'd', param: false, type: 'string', description: 'where to write the archive (default ./artifacts.zip; - for stdout); replaces only a regular file', value: '<path>' },
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
      description: "with --extract: the most the archive's files may add up to (default 200 times the archive, at least 100 MiB, at most 8 GiB)",
      value: '<bytes|GiB>',
    },
    { name: 'max-entries', param: false, type: 'int', min: 1, description: 'with --extract: the most entries the archive may hold (default 100000)', value: '<n>' },
    jobTokenFlag,
  ],
  run: async (ctx, v) => {
    const project = String(v.project);
    const { ref, job: jobName, dest: rawDest, extract: extractTo } = v.flags;
    const id = v.args.id;
    let source: Source;
    if (id !== undefined) {
      if (ref !== undefined || jobName !== undefined) throw new UsageError('give either a job id or --ref with --job, not both');
      source = { kind: 'archive', project, id };
    } else {
      if (ref === undefined || jobName === undefined)
        throw new UsageError('missing job: give a job id, or --ref <branch|tag> with --job <name>');
      if (ref.trim() === '' || jobName.trim() === '') throw new UsageError('--ref and --job cannot be empty');
      source = { kind: 'by-ref', project, ref, job: jobName };
    }
    const { 'max-size': maxBytes, 'max-entries': maxEntries } = v.flags;
    if (extractTo === undefined && (maxBytes !== undefined || maxEntries !== undefined))
      throw new UsageError(`--${maxBytes !== undefined ? 'max-size' : 'max-entries'} applies to --extract`);
    if (extractTo !== undefined) {
      if (rawDest === '-') throw new UsageError('--extract cannot be used with --dest -');
      const target = resolveExtractTarget(ctx, extractTo);
      // Without --dest the archive is only a temporary file beside the target directory.
      const zip = rawDest !== undefined ? resolveDest(ctx, rawDest, DEFAULT_ARCHIVE) : tempPathBeside(`${target}.zip`);
      const scratch = rawDest === undefined ? new Leftover(zip) : undefined;
      try {
        const { bytes } = await download(ctx, source, v, zip);
        // yauzl is loaded only when extracting.
        const { extractZip } = await import('../../download/extract.js');
        const result = await extractZip(zip, target, { signal: ctx.signal, limits: { maxBytes, maxEntries } });
        ctx.notice(`extracted ${result.files} files (${formatBytes(result.bytes)}, archive ${formatBytes(bytes)}) into ${shown(ctx, target)}`);
      } finally {
        await scratch?.remove();
      }
      return;
    }
    const dest = resolveDest(ctx, rawDest, DEFAULT_ARCHIVE);
    if (dest === '-' && ctx.io.stdoutIsTTY)
      throw new UsageError('refusing to write a zip archive to the terminal: use --dest <file> or pipe the output');
    const { bytes } = await download(ctx, source, v, dest);
    if (dest !== '-') ctx.notice(`saved ${describe(source)} to ${shown(ctx, dest)} (${formatBytes(bytes)})`);
  },
});

export const artifact = defineCommand({
  name: 'artifact',
  summary: "Print one file of a job's artifacts (or save it with --dest)",
  examples: [
    'collab job artifact 1234 reports/junit.xml -p acme/platform/api',
    'collab job artifact 1234 dist/app.tar.gz --dest app.tar.gz',
  ],
  args: [
    { name: 'id', type: 'id', description: 'job id', url: 'jobs' },
    { name: 'path', type: 'path', description: 'path of the file inside the archive' },
  ],
  project: 'required',
  flags: [
    { name: 'dest', short: 'd', param: false, type: 'string', description: 'write the file here instead of stdout; replaces only a regular file', value: '<path>' },
    jobTokenFlag,
  ],
  run: async (ctx, v) => {
    const filePath = v.args.path;
    if (filePath === '' || filePath.endsWith('/')) throw new UsageError('invalid value for <path>: give the path of a file inside the archive');
    const source: Source = { kind: 'file', project: String(v.project), id: v.args.id, path: filePath };
    const rawDest = v.flags.dest;
    const dest = rawDest === undefined ? '-' : resolveDest(ctx, rawDest, path.posix.basename(filePath));
    const { bytes } = await download(ctx, source, v, dest);
    if (dest !== '-') ctx.notice(`saved ${filePath} of job ${source.id} to ${shown(ctx, dest)} (${formatBytes(bytes)})`);
  },
});
