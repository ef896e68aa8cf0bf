import { paginate } from '../../api/paginate.js';
import { fillPath } from '../../api/path.js';
import type { Context } from '../../context.js';
import { ApiError } from '../../errors.js';
import { pathValues } from '../../executor/endpoint.js';
import type { Values } from '../../executor/inputs.js';
import type { MrChange } from '../../resources/mr-change.js';
import { isObject } from '../../shared/json.js';
import { MR_PATH } from './shared.js';

/** A merge request's changes, as whole as the server gives them, and what of them is missing. */
export interface Changes {
  /** What -o json prints: the merge request with its `changes` (and `overflow`). */
  answer: Record<string, unknown>;
  changes: MrChange[];
  /** New files sent with an empty diff that are not empty (or not known to be). */
  withoutContent: Set<MrChange>;
  /** Why the list of files is not the whole change, when it is not. */
  incomplete?: string;
}

/**
 * The changes of a merge request. `/changes?access_raw_diffs=true` asks GitLab for the diffs from
 * the repository itself, without the limits that collapse a file's diff or end the list at 1,000
 * files (lib/api/entities/merge_request_changes.rb); the spec's servers ignore the parameter. When
 * the answer says `overflow` all the same (a server that ignores it), or has no /changes (404), the
 * paginated /diffs (GitLab 15.7+) lists every file GitLab stored, and the merge request's
 * `changes_count` says whether that is all of them.
 */
export async function fetchChanges(ctx: Context, v: Values): Promise<Changes> {
  const base = fillPath(MR_PATH, pathValues(v));
  let answer: Record<string, unknown> | undefined;
  let gone: ApiError | undefined;
  try {
    const res = await ctx.api().request({
      method: 'GET',
      path: `${base}/changes`,
      query: { access_raw_diffs: true },
      expect: { kind: 'object', key: 'iid' },
    });
    answer = res.data as Record<string, unknown>;
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 404)) throw err;
    gone = err;
  }
  const whole = answer && answer.overflow !== true ? { answer, changes: changesOf(answer) } : await storedDiffs(ctx, base, answer, gone);
  return { ...whole, withoutContent: await newFilesWithoutContent(ctx, v, whole.answer, whole.changes) };
}

/**
 * Every file of the merge request through the paginated /diffs, checked against its
 * `changes_count` (`1000+` when GitLab stored only part of them). Without /diffs (before GitLab
 * 15.7), the overflowing answer is what there is.
 */
async function storedDiffs(
  ctx: Context,
  base: string,
  overflowing: Record<string, unknown> | undefined,
  gone: ApiError | undefined,
): Promise<Omit<Changes, 'withoutContent'>> {
  let mr = overflowing;
  const diffs: MrChange[] = [];
  try {
    mr ??= (await ctx.api().request({ method: 'GET', path: base, expect: { kind: 'object', key: 'iid' } })).data as Record<string, unknown>;
    for await (const change of paginate<MrChange>(ctx.api(), { method: 'GET', path: `${base}/diffs` }, { all: true, perPage: 100 }))
      diffs.push(change);
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 404)) throw err;
    if (!overflowing) throw gone ?? err;
    const sent = changesOf(overflowing);
    return {
      answer: overflowing,
      changes: sent,
      incomplete: shortOf(sent.length, overflowing.changes_count) ?? 'the answer says it overflowed',
    };
  }
  const sent = overflowing ? changesOf(overflowing) : [];
  const changes = diffs.length >= sent.length ? diffs : sent;
  const incomplete = shortOf(changes.length, mr.changes_count);
  return { answer: { ...mr, changes, overflow: incomplete !== undefined }, changes, incomplete };
}

function changesOf(answer: Record<string, unknown>): MrChange[] {
  return Array.isArray(answer.changes) ? (answer.changes.filter(isObject) as unknown as MrChange[]) : [];
}

/** `N of the merge request's M changed files` when `count` (GitLab's `changes_count`: `1203`, `1000+`) says files are missing. */
function shortOf(have: number, count: unknown): string | undefined {
  const text = typeof count === 'number' ? String(count) : typeof count === 'string' ? count.trim() : '';
  if (!/^\d+\+?$/.test(text)) return undefined;
  if (!text.endsWith('+') && Number(text) <= have) return undefined;
  return `the server sent ${have} of the merge request's ${text} changed files`;
}

/**
 * New files sent with an empty diff and no flag: an empty file, or (GitLab before 18.4) one whose
 * diff GitLab collapsed without saying so. On GitLab the file's size at the head commit tells
 * which (HEAD /repository/files/:file_path, X-Gitlab-Size: lib/api/files.rb); a size that cannot
 * be read counts as content missing. The spec's servers do not collapse diffs: theirs are empty.
 */
async function newFilesWithoutContent(
  ctx: Context,
  v: Values,
  answer: Record<string, unknown>,
  changes: MrChange[],
): Promise<Set<MrChange>> {
  const suspects = changes.filter(
    (c) => c.new_file === true && (c.diff ?? '') === '' && c.too_large !== true && c.collapsed !== true && typeof c.new_path === 'string',
  );
  const missing = new Set<MrChange>();
  if (suspects.length === 0 || (await ctx.flavor()) !== 'gitlab') return missing;
  const refs = isObject(answer.diff_refs) ? answer.diff_refs : {};
  const head = typeof refs.head_sha === 'string' ? refs.head_sha : typeof answer.sha === 'string' ? answer.sha : undefined;
  for (const c of suspects) {
    if (head === undefined || (await sizeAt(ctx, v, c.new_path, head)) !== 0) missing.add(c);
  }
  return missing;
}

/** A file's size in bytes at `ref` (GitLab's X-Gitlab-Size), or undefined when it cannot be read. */
async function sizeAt(ctx: Context, v: Values, file: string, ref: string): Promise<number | undefined> {
  const path = fillPath('/projects/:project/repository/files/:file', { project: v.project, file });
  const res = await ctx.api().request({ method: 'HEAD', path, query: { ref }, expect: 'any', returnErrors: true });
  const size = res.status === 200 ? res.headers['x-gitlab-size'] : undefined;
  return typeof size === 'string' && /^\d+$/.test(size.trim()) ? Number(size) : undefined;
}
