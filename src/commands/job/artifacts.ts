import path from 'node:path';
import type { Context } from '../../context.js';
import { downloadDestination, extractionTarget, Leftover, tempPathBeside } from '../../download/disk.js';
import { UsageError } from '../../errors.js';
import type { Values } from '../../executor/inputs.js';
import { defineCommand } from '../../executor/spec.js';
import { parseInteger } from '../../executor/validate.js';
import { destFlag, givenSha256 } from '../../resources/download-flags.js';
import { recordAsked, refuseRecordOnStdout } from '../../resources/saved-file.js';
import { ARCHIVE_RESULT, FILE_RESULT, reportSaved, type Saved } from './artifact-result.js';
import { fetchArtifact } from './fetch-artifact.js';
import { learnJob, resolveJob } from './find-job.js';
import { chooseJob, jobFlags, jobTokenFlag, type Source } from './which-job.js';

const DEFAULT_ARCHIVE = 'artifacts.zip';

/** GitLab's rule for --ref, and the way to the running pipeline's artifacts: said in both commands' help. */
const BY_REF_RULE =
  'By ref, GitLab takes the job of the latest *successful pipeline* of the ref: ' +
  "while a pipeline runs, its deploy job gets the previous pipeline's build (and a " +
  '404 when the latest successful pipeline skipped the job). For the artifacts of ' +
  'the same pipeline use --pipeline current, or needs: (with artifacts: true) in ' +
  '.gitlab-ci.yml.';

/**
 * The source with what can be learnt of a job downloaded by id (its name and pipeline), for the
 * record a script asked for: one more request, which a person's one-line result does without.
 */
async function learnt(ctx: Context, v: Values, s: Source): Promise<Source> {
  return 'id' in s.job && recordAsked(ctx) ? { ...s, job: await learnJob(ctx, v, s.project, s.job) } : s;
}

/** `--extract`: the archive checked and unzipped into `target`; the archive itself kept only with --dest. */
async function downloadAndExtract(ctx: Context, v: Values, s: Source, target: string, sha256: string | undefined): Promise<Saved> {
  const {
    dest: rawDest,
    'max-size': maxBytes,
    'max-entries': maxEntries,
  } = v.flags as { dest?: string; 'max-size'?: number; 'max-entries'?: number };
  if (rawDest === '-') throw new UsageError('--extract cannot be used with --dest -');
  // Without --dest the archive is only a temporary file beside the target directory.
  const zip = rawDest !== undefined ? downloadDestination(ctx.settings.cwd, rawDest, DEFAULT_ARCHIVE) : tempPathBeside(`${target}.zip`);
  const scratch = rawDest === undefined ? new Leftover(zip) : undefined;
  try {
    // A --sha256 mismatch fails the download itself: nothing reaches the extraction.
    const fetched = await fetchArtifact(ctx, s, v, zip, sha256);
    // yauzl is loaded only when extracting.
    const { extractZip } = await import('../../download/extract.js');
    const result = await extractZip(zip, target, { signal: ctx.signal, limits: { maxBytes, maxEntries } });
    return { ...fetched, path: rawDest === undefined ? undefined : zip, extracted: { dir: target, ...result } };
  } finally {
    await scratch?.remove();
  }
}

export const artifacts = defineCommand({
  name: 'artifacts',
  summary: "Download a job's artifacts archive (by job id, or by job name on a ref or in a pipeline)",
  description:
    `Download a job's artifacts archive: by job id, as the last successful job of a name ` +
    `on a ref (--job with --ref), or as the job of a name in a pipeline (--job with ` +
    `--pipeline). The file is written to a temporary file beside the destination and ` +
    `renamed into place when complete; --sha256 checks it first. It says which job it took ` +
    `(its id and pipeline where they can be learnt); with -o json it prints the saved ` +
    `path, size, SHA-256, job and pipeline. Exit 3: there are no such artifacts. In a ` +
    `checkout --ref defaults to the branch checked out. Inside a ` +
    `CI job, the server, project and job token come from the CI environment, --ref ` +
    `defaults to the ref the job's pipeline runs for (CI_COMMIT_REF_NAME; ` +
    `refs/merge-requests/<iid>/head in a merge request pipeline) and --pipeline current is ` +
    `its pipeline (CI_PIPELINE_ID). ${BY_REF_RULE}`,
  examples: [
    'collab job artifacts 1234 -p acme/platform/api',
    'collab job artifacts --ref main --job build --extract dist/',
    'collab job artifacts build --extract dist/   # in a checkout: the last successful build of its branch',
    "collab job artifacts --job build --pipeline current --extract dist/   # inside a CI job: this pipeline's build",
    'collab job artifacts --ref v1.2.0 --job package --sha256 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    'collab job artifacts --ref main --job build -o json | jq -r .sha256',
    'collab job artifacts --ref feature/x --job test --dest - | bsdtar -xf -',
  ],
  args: [{ name: 'id', type: 'string', description: 'job id, or job name (as --job takes it)', optional: true, url: 'jobs' }],
  project: 'required',
  columns: ARCHIVE_RESULT,
  flags: [
    ...jobFlags,
    destFlag('where to write the archive (default ./artifacts.zip; - for stdout); replaces only a regular file', 'write'),
    {
      name: 'extract',
      short: 'x',
      param: false,
      type: 'string',
      disk: 'dir',
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
  effect: 'read',
  run: async (ctx, v) => {
    const project = String(v.project);
    const { dest: rawDest, extract: extractTo } = v.flags;
    const chosen = chooseJob(ctx, v, v.args.id);
    const sha256 = givenSha256(v.flags);
    const { 'max-size': maxBytes, 'max-entries': maxEntries } = v.flags;
    if (extractTo === undefined && (maxBytes !== undefined || maxEntries !== undefined))
      throw new UsageError(`--${maxBytes !== undefined ? 'max-size' : 'max-entries'} applies to --extract`);
    refuseRecordOnStdout(ctx, rawDest);
    if (extractTo !== undefined) {
      // Checked before the job is looked up: a bad --extract sends nothing.
      const target = extractionTarget(ctx.settings.cwd, extractTo);
      const source: Source = { project, job: await resolveJob(ctx, v, project, chosen) };
      const saved = await downloadAndExtract(ctx, v, source, target, sha256);
      await reportSaved(ctx, await learnt(ctx, v, source), saved);
      return;
    }
    const dest = downloadDestination(ctx.settings.cwd, rawDest, DEFAULT_ARCHIVE);
    if (dest === '-' && ctx.io.stdoutIsTTY)
      throw new UsageError('refusing to write a zip archive to the terminal: use --dest <file> or pipe the output');
    const source: Source = { project, job: await resolveJob(ctx, v, project, chosen) };
    const fetched = await fetchArtifact(ctx, source, v, dest, sha256);
    await reportSaved(ctx, dest === '-' ? source : await learnt(ctx, v, source), { ...fetched, path: dest === '-' ? undefined : dest });
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
    `Print one file of a job's artifacts, or save it with --dest: \`artifact <id> ` +
    `<path>\`, or with the job named instead of its id, \`artifact --job <name> <path>\` ` +
    `on --ref (the last successful job of that name) or in --pipeline. --sha256 checks the ` +
    `file before anything is printed or saved; with --dest and -o json it prints the saved ` +
    `path, size, SHA-256, job and pipeline. Exit 3: there is no such file or job. Inside a ` +
    `CI job --ref defaults to the ref the job's pipeline runs for, --pipeline current is ` +
    `its pipeline, and the job token is enough. On a server without GitLab's ` +
    `one-file-by-ref route (one that follows the spec) the job is found in the project's ` +
    `job list first. ${BY_REF_RULE}`,
  examples: [
    'collab job artifact 1234 reports/junit.xml -p acme/platform/api',
    'collab job artifact --ref main --job build reports/junit.xml',
    "collab job artifact --job build dist/app.tar.gz --dest app.tar.gz   # inside a CI job: its pipeline's ref",
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
  columns: FILE_RESULT,
  flags: [...jobFlags, destFlag('write the file here instead of stdout; replaces only a regular file', 'write-or-stdout'), jobTokenFlag],
  effect: 'read',
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
    const sha256 = givenSha256(v.flags);
    const rawDest = v.flags.dest;
    refuseRecordOnStdout(ctx, rawDest ?? '-');
    const dest = rawDest === undefined ? '-' : downloadDestination(ctx.settings.cwd, rawDest, path.posix.basename(filePath));
    const source: Source = { project, job: await resolveJob(ctx, v, project, chosen, true), path: filePath };
    const fetched = await fetchArtifact(ctx, source, v, dest, sha256);
    await reportSaved(ctx, dest === '-' ? source : await learnt(ctx, v, source), { ...fetched, path: dest === '-' ? undefined : dest });
  },
});
