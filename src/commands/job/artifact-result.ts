import type { Context } from '../../context.js';
import { formatBytes } from '../../download/progress.js';
import { type Column, columnSet } from '../../output/columns.js';
import { recordAsked, shownPath } from '../../resources/saved-file.js';
import { describe, type Source } from './which-job.js';

/*
 * What `job artifacts` and `job artifact` say they took: one line for people (the job and its
 * pipeline where they are known, else GitLab's rule), and with -o (or --jq, --fields) a record
 * on stdout for scripts.
 */

/** What a download left: where (none when only extracted), its size and SHA-256, what was extracted. */
export interface Saved {
  path?: string;
  bytes: number;
  sha256: string;
  extracted?: { dir: string; files: number; bytes: number };
}

const JOB_KEYS = ['job_id', 'job_name', 'pipeline_id', 'ref'];

/** The record's fields: `job artifacts` (the archive, and its extraction) and `job artifact` (one file). */
export const ARCHIVE_RESULT: Column[] = columnSet([], { spec: ['path', 'size', 'sha256', ...JOB_KEYS, 'extracted_to', 'files'] });
export const FILE_RESULT: Column[] = columnSet([], { spec: ['path', 'artifact_path', 'size', 'sha256', ...JOB_KEYS] });

function record(s: Source, saved: Saved): Record<string, unknown> {
  const { job } = s;
  const byId = 'id' in job;
  const base = {
    path: saved.path ?? null,
    ...(s.path === undefined ? {} : { artifact_path: s.path }),
    size: saved.bytes,
    sha256: saved.sha256,
    job_id: byId ? job.id : null,
    job_name: job.name ?? null,
    pipeline_id: byId ? (job.pipeline ?? null) : null,
    ref: job.ref ?? null,
  };
  if (s.path !== undefined) return base;
  return { ...base, extracted_to: saved.extracted?.dir ?? null, files: saved.extracted?.files ?? null };
}

/**
 * Says what was taken: the record on stdout when asked for, the one-line result on stderr, and,
 * when a CI job took artifacts by its own ref, that GitLab's by-ref rule never takes the running
 * pipeline (the trap of a deploy job that gets the previous pipeline's build).
 */
export async function reportSaved(ctx: Context, s: Source, saved: Saved): Promise<void> {
  if (recordAsked(ctx)) await ctx.printer('json').object(record(s, saved), s.path === undefined ? ARCHIVE_RESULT : FILE_RESULT);
  const size = formatBytes(saved.bytes);
  if (saved.extracted)
    ctx.success(
      `Extracted ${saved.extracted.files} files (${formatBytes(saved.extracted.bytes)}) of ` +
        `${describe(s)} (archive ${size}) into ${shownPath(ctx, saved.extracted.dir)}`,
    );
  else if (saved.path !== undefined) ctx.success(`Saved ${describe(s)} to ${shownPath(ctx, saved.path)} (${size})`);
  const running = ctx.settings.ciJob.pipeline();
  if (!('id' in s.job) && s.job.refFrom !== undefined && running !== undefined)
    ctx.notice(
      `note: by ref, GitLab takes the latest successful pipeline on ${s.job.ref} ` +
        `(${s.job.refFrom}), never this running one (${running}): --pipeline current takes ` +
        `this pipeline's "${s.job.name}"`,
    );
}
