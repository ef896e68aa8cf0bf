/**
 * `mr note --file <path> --line <n> [--old-line]`: where a diff comment goes, as GitLab's
 * discussions API wants it (doc/api/discussions.md, "Create a new thread in the merge request
 * diff"; `Gitlab::Diff::Position`): the merge request's `diff_refs`, both paths of the file, and
 * the line's numbers as the diff has them — an added line its new number, a removed one its old
 * number, an unchanged one both (GitLab refuses an unchanged line given one number).
 */
import type { Context } from '../../context.js';
import { LocalError, UsageError } from '../../errors.js';
import type { Values } from '../../executor/inputs.js';
import type { MrChange } from '../../resources/mr-change.js';
import { type DiffLine, diffLines } from '../../shared/diff-lines.js';
import { isObject } from '../../shared/json.js';
import { fetchChanges } from './diff-source.js';
import { plain, ref } from './shared.js';

export interface TextPosition {
  position_type: 'text';
  base_sha: string;
  start_sha: string;
  head_sha: string;
  old_path: string;
  new_path: string;
  old_line?: number;
  new_line?: number;
}

/** `2-3, 7`: the lines of one side the diff shows, for the message that names none of them. */
function shown(lines: readonly DiffLine[], side: 'old' | 'new'): string {
  const numbers = lines.map((l) => l[side]).filter((n): n is number => n !== null);
  const runs: string[] = [];
  for (let i = 0; i < numbers.length; i++) {
    const start = numbers[i]!;
    while (i + 1 < numbers.length && numbers[i + 1] === numbers[i]! + 1) i++;
    runs.push(start === numbers[i] ? String(start) : `${start}-${numbers[i]}`);
  }
  return runs.length > 0 ? runs.join(', ') : 'none';
}

/** `src/a.ts, README.md and 3 more`. */
function filesOf(changes: readonly MrChange[]): string {
  const names = changes.slice(0, 5).map((c) => plain(c.new_path));
  return changes.length > 5 ? `${names.join(', ')} and ${changes.length - 5} more` : names.join(', ') || 'none';
}

function diffRefsOf(answer: Record<string, unknown>, v: Values): Pick<TextPosition, 'base_sha' | 'start_sha' | 'head_sha'> {
  const refs = isObject(answer.diff_refs) ? answer.diff_refs : undefined;
  const [base, start, head] = [refs?.base_sha, refs?.start_sha, refs?.head_sha];
  if (typeof base !== 'string' || typeof start !== 'string' || typeof head !== 'string')
    throw new LocalError(`merge request ${ref(v.args.iid)} shows no diff_refs: a diff comment needs them (GitLab's)`);
  return { base_sha: base, start_sha: start, head_sha: head };
}

/** The position of line `line` of `file` in the merge request's diff; exit 2 for a file or line the diff does not show. */
export async function positionFor(ctx: Context, v: Values, file: string, line: number, oldSide: boolean): Promise<TextPosition> {
  const { answer, changes } = await fetchChanges(ctx, v);
  const refs = diffRefsOf(answer, v);
  const change = changes.find((c: MrChange) => c.new_path === file) ?? changes.find((c: MrChange) => c.old_path === file);
  if (!change)
    throw new UsageError(
      `${plain(file)} is not in the diff of ${ref(v.args.iid)}`,
      `a diff comment goes on a file it changes: ${filesOf(changes)}`,
    );
  if (typeof change.diff !== 'string' || change.diff === '')
    throw new LocalError(
      `the server sends no diff of ${plain(file)} in ${ref(v.args.iid)} (too large, or collapsed): nothing to comment on`,
    );
  const lines = diffLines(change.diff);
  const side = oldSide ? 'old' : 'new';
  const found = lines.find((l) => l[side] === line);
  if (!found)
    throw new UsageError(
      `line ${line} of ${plain(file)} is not in the diff of ${ref(v.args.iid)} (${oldSide ? 'old' : 'new'} lines shown: ${shown(lines, side)})`,
      oldSide ? 'without --old-line, --line is a line of the new file' : 'a removed line is one of the old file: add --old-line',
    );
  return {
    position_type: 'text',
    ...refs,
    old_path: change.old_path,
    new_path: change.new_path,
    ...(found.old !== null ? { old_line: found.old } : {}),
    ...(found.new !== null ? { new_line: found.new } : {}),
  };
}
