import fs from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { contentLength, header } from '../../api/answer.js';
import { paginate } from '../../api/paginate.js';
import { fillPath } from '../../api/path.js';
import type { ApiRequest } from '../../api/request.js';
import type { Context } from '../../context.js';
import { parseSha256, Sha256Check } from '../../download/checksum.js';
import { describeKind, Leftover, lstatOrUndefined, notReplaceable, scratchDir, tempPathBeside } from '../../download/disk.js';
import { formatBytes, ProgressBar } from '../../download/progress.js';
import { download as fetchTo, type Observer, observers } from '../../download/receive.js';
import { dispositionFilename } from '../../download/response.js';
import { ApiError, UsageError } from '../../errors.js';
import { defineCommand, type FlagSpec, type Values } from '../../executor/spec.js';
import { parseInteger } from '../../executor/validate.js';
import { TerminalLogFilter } from '../../output/sanitize.js';
import { ForTerminal } from '../../output/terminal-stream.js';
import { cellWidth } from '../../output/wrap.js';

const DEFAULT_ARCHIVE = 'artifacts.zip';

/**
 * Which job: one id (given, or found in a pipeline's job list: `label` says how), or the last
 * successful job of a name on a ref, which the server looks up.
 */
type Job = { id: number; label?: string } | { ref: string; name: string };

/** What is downloaded, for requests, messages and 404 hints: the job's archive, or one file of it. */
interface Source {
  project: string;
  job: Job;
  path?: string;
}

function describeJob(job: Job): string {
  if ('id' in job) return `job ${job.id}${job.label ? ` (${job.label})` : ''}`;
  return `the last successful "${job.name}" job on ${job.ref}`;
}

function describe(s: Source): string {
  return `${s.path === undefined ? '' : `${s.path} from `}the artifacts of ${describeJob(s.job)}`;
}

/** The request as `--job-token` wants it: only the job token; otherwise whatever token there is, the job token when there is none. */
function authorized(ctx: Context, v: Values, req: ApiRequest): ApiRequest {
  if (v.flags['job-token'] === true) {
    const token = ctx.settings.jobToken();
    if (!token) throw new UsageError('--job-token needs the job token in CI_JOB_TOKEN');
    // Only the job token, even when a personal token is configured.
    return { ...req, auth: 'none', headers: { ...req.headers, 'JOB-TOKEN': token } };
  }
  // GitLab accepts the job token here: it goes out when there is no other token, or when the other one is refused.
  return { ...req, auth: 'job' };
}

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
  if (!('id' in s.job) || v.flags['job-token'] === true || !ctx.api().hasToken) return undefined;
  try {
    const res = await ctx.api().request<{ artifacts_file?: unknown }>({
      method: 'GET',
      path: fillPath('/projects/:project/jobs/:id', { project: s.project, id: s.job.id }),
    });
    if (!res.data?.artifacts_file) return 'artifacts';
    return s.path !== undefined ? 'file' : 'artifacts';
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return classify(err.message) === 'project' ? 'project' : 'job';
    return undefined;
  }
}

function hintFor(missing: Missing | undefined, s: Source): string {
  const project = `project ${s.project}`;
  const { job } = s;
  if (missing === 'project') return `${project} was not found (or is not visible with these credentials)`;
  if (!('id' in job)) {
    if (missing === 'artifacts') return `the last successful job named "${job.name}" on ref "${job.ref}" has no artifacts`;
    if (missing === 'file' && s.path !== undefined)
      return `the artifacts of the last successful "${job.name}" job on ref "${job.ref}" have no file "${s.path}"`;
    return `no successful job named "${job.name}" with artifacts on ref "${job.ref}" in ${project}`;
  }
  const which = describeJob(job);
  if (missing === 'job') return `job ${job.id} does not exist in ${project}`;
  if (missing === 'file') return `the artifacts of ${which} have no file "${s.path ?? ''}"`;
  if (missing === 'artifacts') return `${which} has no artifacts (none were uploaded, or they expired or were erased)`;
  return `${which}, its artifacts${s.path !== undefined ? ` or the file "${s.path}"` : ''} could not be found in ${project}`;
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
    throw new UsageError(
      `invalid value for --dest: ${raw} names a directory; give a file path`,
      `give a file path, for example --dest ${path.join(raw, defaultName)}`,
    );
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

/** `--pipeline`: a pipeline id, or `current` (the CI job's own pipeline, CI_PIPELINE_ID). */
function pipelineId(ctx: Context, raw: string): number {
  if (raw.trim() === 'current') {
    const current = ctx.settings.ciPipeline();
    if (current === undefined)
      throw new UsageError(
        '--pipeline current needs a CI job: CI_PIPELINE_ID is not set',
        'outside CI give the pipeline id: --pipeline <id>',
      );
    return parseInteger(current, 'CI_PIPELINE_ID', 1);
  }
  if (!/^\s*\d+\s*$/.test(raw)) throw new UsageError(`invalid value for --pipeline: "${raw}" is neither a pipeline id nor current`);
  return parseInteger(raw.trim(), '--pipeline', 1);
}

interface PipelineJob {
  id: number;
  name: string;
  status: string;
}

/**
 * The job named `name` in a pipeline, through the pipeline's job list: the newest successful one,
 * else the newest of any status (a failed job may have uploaded artifacts too).
 */
async function jobInPipeline(ctx: Context, v: Values, project: string, pipelineNo: number, name: string): Promise<Job> {
  const named: PipelineJob[] = [];
  const others = new Set<string>();
  const req = authorized(ctx, v, {
    method: 'GET',
    path: fillPath('/projects/:project/pipelines/:pipeline/jobs', { project, pipeline: pipelineNo }),
  });
  try {
    for await (const job of paginate<PipelineJob>(ctx.api(), req, { all: true, perPage: 100 })) {
      if (job?.name === name) named.push(job);
      else if (typeof job?.name === 'string') others.add(job.name);
    }
  } catch (err) {
    if (err instanceof ApiError && err.status === 404)
      throw new ApiError(
        err.message,
        404,
        err.body,
        `pipeline ${pipelineNo} was not found in project ${project} (or is not visible with these credentials)`,
      );
    throw err;
  }
  const newest = (jobs: PipelineJob[]) =>
    jobs.reduce<PipelineJob | undefined>((a, b) => (a === undefined || b.id > a.id ? b : a), undefined);
  const job = newest(named.filter((j) => j.status === 'success')) ?? newest(named);
  if (!job)
    throw new ApiError(
      `pipeline ${pipelineNo} has no job named "${name}"`,
      undefined,
      undefined,
      others.size > 0 ? `its jobs: ${[...others].join(', ')}` : 'the pipeline has no jobs',
    );
  return { id: job.id, label: `"${name}" of pipeline ${pipelineNo}, ${job.status}` };
}

/**
 * The job the arguments name, every usage error found before anything is sent: a job id, or
 * `--job` with `--pipeline`, or `--job` on `--ref` (inside a CI job, the job's own ref).
 */
function chooseJob(
  ctx: Context,
  v: Values,
  id: number | undefined,
): { id: number } | { pipeline: number; name: string } | { ref: string; name: string } {
  const { ref, job: name, pipeline: inPipeline } = v.flags as { ref?: string; job?: string; pipeline?: string };
  if (id !== undefined) {
    if (ref !== undefined || name !== undefined || inPipeline !== undefined)
      throw new UsageError('give either a job id or --job (with --ref or --pipeline), not both');
    return { id };
  }
  if (name === undefined) {
    const other = ref !== undefined ? '--ref' : inPipeline !== undefined ? '--pipeline' : undefined;
    if (other) throw new UsageError(`${other} needs --job <name>: the name of the job whose artifacts to take`);
    throw new UsageError('missing job: give a job id, or --job <name> with --ref <branch|tag> or --pipeline <id>');
  }
  if (name.trim() === '') throw new UsageError('invalid value for --job: empty');
  if (inPipeline !== undefined) return { pipeline: pipelineId(ctx, inPipeline), name };
  const onRef = ref ?? ctx.settings.ciRef();
  if (onRef === undefined)
    throw new UsageError(
      '--job needs --ref <branch|tag> or --pipeline <id|current>',
      "inside a CI job --ref defaults to the job's own ref (CI_COMMIT_REF_NAME)",
    );
  if (onRef.trim() === '') throw new UsageError('invalid value for --ref: empty');
  return { ref: onRef, name };
}

async function resolveJob(ctx: Context, v: Values, project: string, chosen: ReturnType<typeof chooseJob>): Promise<Job> {
  return 'pipeline' in chosen ? jobInPipeline(ctx, v, project, chosen.pipeline, chosen.name) : chosen;
}

/** How the job is named without its id (both commands). */
const jobFlags = [
  {
    name: 'ref',
    param: false,
    type: 'string',
    description: "branch or tag: the last successful job named --job on it (inside CI: default the job's own ref, CI_COMMIT_REF_NAME)",
    value: '<ref>',
    conflicts: ['pipeline'],
  },
  { name: 'job', param: false, type: 'string', description: 'job name: that job on --ref, or in --pipeline', value: '<name>' },
  {
    name: 'pipeline',
    param: false,
    type: 'string',
    description: "take the job named --job from this pipeline (current: the CI job's own, CI_PIPELINE_ID)",
    value: '<id|current>',
  },
  {
    name: 'sha256',
    param: false,
    type: 'string',
    description: 'the SHA-256 the download must have: on a mismatch nothing is kept (saved, extracted or printed)',
    value: '<hex>',
  },
] as const satisfies readonly FlagSpec[];

const jobTokenFlag = {
  name: 'job-token',
  param: false,
  type: 'bool',
  description: 'authenticate with the CI job token from CI_JOB_TOKEN, even when a personal token is set',
} as const satisfies FlagSpec;

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
      const target = resolveExtractTarget(ctx, extractTo);
      // Without --dest the archive is only a temporary file beside the target directory.
      const zip = rawDest !== undefined ? resolveDest(ctx, rawDest, DEFAULT_ARCHIVE) : tempPathBeside(`${target}.zip`);
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
    const dest = resolveDest(ctx, rawDest, DEFAULT_ARCHIVE);
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
    const dest = rawDest === undefined ? '-' : resolveDest(ctx, rawDest, path.posix.basename(filePath));
    const source: Source = { project, job: await resolveJob(ctx, v, project, chosen), path: filePath };
    const { bytes } = await download(ctx, source, v, dest, sha256);
    if (dest !== '-') ctx.success(`Saved ${describe(source)} to ${shown(ctx, dest)} (${formatBytes(bytes)})`);
  },
});
