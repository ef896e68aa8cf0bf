import type { Context } from '../../context.js';
import { LocalError } from '../../errors.js';
import { defineCommand } from '../../executor/spec.js';
import type { ColorLevel } from '../../output/io.js';
import { painter } from '../../output/paint.js';
import { messageText } from '../../output/sanitize.js';
import { mrCommitColumns } from '../../resources/commit.js';
import { closesIssueColumns } from '../../resources/issue.js';
import { mrColumns } from '../../resources/mr.js';
import { type MrChange, mrChangeColumns } from '../../resources/mr-change.js';
import { mrVersionColumns } from '../../resources/mr-version.js';
import { type Changes, fetchChanges } from './diff-source.js';
import { diffStatText, nameOnly } from './diff-summary.js';
import { patchPath } from './git-quote.js';
import { checkPatchable } from './patch-check.js';
import { iidArg, MR_PATH, plainIidArg } from './shared.js';

/** `--- a/x y.txt`: git ends a name with a space by a tab, so that no date is read into it. */
const fileLine = (mark: string, prefix: string, name: string) => `${mark} ${patchPath(prefix, name)}${name.includes(' ') ? '\t' : ''}`;

const hasHunk = (diff: string) => /^@@ /m.test(diff);

/**
 * A change git can apply from its text: one with hunks, or one that only creates, deletes,
 * renames or changes the mode of a file.
 */
function applicable(c: MrChange): boolean {
  const diff = c.diff ?? '';
  if (hasHunk(diff)) return true;
  const modeChanged = Boolean(c.a_mode && c.b_mode && c.a_mode !== c.b_mode && !c.new_file && !c.deleted_file);
  return diff.trim() === '' && (c.new_file === true || c.deleted_file === true || c.renamed_file === true || modeChanged);
}

/** The git-style header of one changed file. */
function fileHeader(c: MrChange): string[] {
  const lines = [`diff --git ${patchPath('a/', c.old_path)} ${patchPath('b/', c.new_path)}`];
  if (c.new_file) lines.push(`new file mode ${c.b_mode ?? '100644'}`);
  else if (c.deleted_file) lines.push(`deleted file mode ${c.a_mode ?? '100644'}`);
  else if (c.a_mode && c.b_mode && c.a_mode !== c.b_mode) lines.push(`old mode ${c.a_mode}`, `new mode ${c.b_mode}`);
  if (c.renamed_file) lines.push(`rename from ${patchPath('', c.old_path)}`, `rename to ${patchPath('', c.new_path)}`);
  if (hasHunk(c.diff ?? ''))
    lines.push(
      c.new_file ? '--- /dev/null' : fileLine('---', 'a/', c.old_path),
      c.deleted_file ? '+++ /dev/null' : fileLine('+++', 'b/', c.new_path),
    );
  return lines;
}

/**
 * Why a change cannot be in a patch, or undefined when it can: GitLab sends no hunks for a file too
 * large to show or collapsed (flagged so), nor for a binary one (`Binary files … differ`), and a new
 * file in `withoutContent` came with an empty diff although it is not empty (see diff-source.ts).
 */
function noDiff(c: MrChange, withoutContent: ReadonlySet<MrChange>): string | undefined {
  if (c.too_large === true) return 'too large to show';
  if (c.collapsed === true) return 'collapsed';
  if (withoutContent.has(c)) return 'a new file sent without its content';
  if (applicable(c)) return undefined;
  return /^Binary files /.test(c.diff ?? '') ? 'binary' : 'binary, or too large to show';
}

/**
 * A unified diff of every changed file that `git apply` takes: `diff --git` headers from each
 * change's paths and modes, then its hunks byte for byte (`exact`, for a pipe or a file). For a
 * terminal (`exact` false) it is coloured when the terminal allows, server text is stripped of
 * control sequences and of bidi controls and zero-width characters, which could make the code read
 * differently from what it does (as in table mode), and a file without hunks is named with a note.
 */
export function renderDiff(
  changes: MrChange[],
  level: ColorLevel,
  exact = false,
  withoutContent: ReadonlySet<MrChange> = new Set(),
): string {
  const painted = painter(exact ? 0 : level);
  const paint = {
    meta: (l: string) => painted(l, 'diff-file'),
    hunk: (l: string) => painted(l, 'diff-hunk'),
    add: (l: string) => painted(l, 'diff-added'),
    del: (l: string) => painted(l, 'diff-removed'),
  };
  const text = exact ? (t: string) => t : messageText;
  const out: string[] = [];
  for (const change of changes) {
    const c = {
      ...change,
      old_path: text(change.old_path ?? change.new_path ?? ''),
      new_path: text(change.new_path ?? change.old_path ?? ''),
    };
    const why = noDiff(change, withoutContent);
    if (why !== undefined) {
      if (!exact)
        out.push(
          paint.meta(`diff --git ${patchPath('a/', c.old_path)} ${patchPath('b/', c.new_path)}`),
          paint.hunk(`(no diff from the server: ${why})`),
        );
      continue;
    }
    for (const line of fileHeader(c)) out.push(paint.meta(line));
    const body = text(c.diff ?? '').replace(/\n$/, '');
    if (body === '') continue;
    for (const line of body.split('\n')) {
      if (line.startsWith('@@')) out.push(paint.hunk(line));
      else if (line.startsWith('+')) out.push(paint.add(line));
      else if (line.startsWith('-')) out.push(paint.del(line));
      else out.push(line);
    }
  }
  return out.length > 0 ? `${out.join('\n')}\n` : '';
}

/**
 * A patch: coloured on a terminal, byte for byte when piped (`git apply` takes it); the answer
 * itself with -o json or --fields; one row per file only with -o tsv asked for. Piped, a patch that
 * lacks a file, or lacks files the server did not send, fails after it is written (exit 1): a
 * script must not take it for the merge request's change.
 */
async function printChanges(ctx: Context, got: Changes, view: { nameOnly?: boolean; stat?: boolean } = {}): Promise<void> {
  const printer = ctx.printer();
  // Fields named: they are the merge request's (with its `changes`), in every format.
  if (printer.json || ctx.settings.fields) {
    await printer.object(got.answer, ctx.settings.fields ? mrColumns : undefined);
    return;
  }
  const { changes, withoutContent, incomplete } = got;
  if (ctx.settings.output() === 'tsv') {
    await printer.list(changes, mrChangeColumns);
    return;
  }
  if (changes.length === 0) {
    ctx.notice('No changes');
    return;
  }
  if (view.nameOnly || view.stat) return printSummary(ctx, got, view.stat === true);
  // Piped it is a patch someone applies (unless --color always: for a pager); it carries only what a diff of a git tree can.
  const exact = !ctx.forPeople;
  if (exact) checkPatchable(changes, (c) => noDiff(c, withoutContent) === undefined);
  const diff = renderDiff(changes, ctx.io.colorLevel, exact, withoutContent);
  await (exact ? printer.text(diff) : printer.page(diff));
  const missing = changes.flatMap((c) => {
    const why = noDiff(c, withoutContent);
    return why === undefined ? [] : [`${messageText(c.new_path ?? c.old_path)} (${why})`];
  });
  const problems = [
    ...(missing.length > 0
      ? [`leaves out ${missing.join(', ')}: the server sent no diff for ${missing.length === 1 ? 'it' : 'them'}`]
      : []),
    ...(incomplete !== undefined ? [`is not the whole merge request: ${incomplete}`] : []),
  ];
  if (exact && problems.length > 0) throw new LocalError(`the patch ${problems.join('; it ')}`);
  if (incomplete !== undefined) ctx.notice(`collab: warning: the diff above ${problems.at(-1)!}`);
}

/**
 * `--name-only` or `--stat`: the files, or how much each changed (git's formats), 80 columns wide
 * when piped as git does. A list the server cut short is said on a terminal, exit 1 when piped.
 */
async function printSummary(ctx: Context, got: Changes, stat: boolean): Promise<void> {
  const people = ctx.forPeople;
  const width = people ? ctx.io.columns : 80;
  const text = stat
    ? diffStatText(got.changes, width, people ? ctx.io.colorLevel : 0, (c) => noDiff(c, got.withoutContent) === undefined, people)
    : nameOnly(got.changes, people);
  await (people ? ctx.printer().page(text) : ctx.printer().text(text));
  if (got.incomplete === undefined) return;
  if (!people) throw new LocalError(`the list is not the whole merge request: ${got.incomplete}`);
  ctx.notice(`collab: warning: the list above is not the whole merge request: ${got.incomplete}`);
}

export const changes = defineCommand({
  name: 'changes',
  aliases: ['diff'],
  summary: 'Show the changes of a merge request as a diff',
  description:
    'Show what a merge request changes as a unified diff with `diff --git` headers, ' +
    "from GitLab's raw diffs (access_raw_diffs: no size limits): coloured on a " +
    'terminal, through the pager when longer than the screen (and in a pipe with ' +
    '--color always, for less -R or delta); piped, a patch `git apply` takes, byte ' +
    'for byte. A file the server sent no diff for (binary, too large to show, ' +
    'collapsed, a new file sent without its content) is left out and named, as is a ' +
    'list of files the server cut short (overflow): piped, either is exit 1. One row ' +
    'per changed file with -o tsv (status, old path, new path, added and removed ' +
    'lines), the merge request with its `changes` with -o json. --name-only lists the ' +
    "changed files' paths, --stat how much each changed, as git writes them.",
  examples: [
    'collab mr diff 3 -p acme/platform/api',
    'collab mr diff 3 | git apply',
    'collab mr diff 3 --stat',
    'collab mr diff --name-only | xargs npx eslint',
    'collab mr changes 3 -o tsv',
    'collab mr changes 3 -o json',
  ],
  args: [iidArg],
  project: 'required',
  flags: [
    {
      name: 'name-only',
      param: false,
      type: 'bool',
      description: 'only the paths of the changed files, one a line (git diff --name-only)',
      conflicts: ['stat'],
    },
    { name: 'stat', param: false, type: 'bool', description: 'how many lines each file gains and loses, and the total (git diff --stat)' },
  ],
  columns: mrColumns,
  effect: 'read',
  run: async (ctx, v) => printChanges(ctx, await fetchChanges(ctx, v), { nameOnly: v.flags['name-only'], stat: v.flags.stat }),
});

export const commits = defineCommand({
  name: 'commits',
  summary: 'List the commits of a merge request',
  examples: ['collab mr commits 3 -p acme/platform/api', 'collab mr commits 3 --all -o ndjson'],
  args: [iidArg],
  project: 'required',
  method: 'GET',
  path: `${MR_PATH}/commits`,
  list: true,
  columns: mrCommitColumns,
});

export const closesIssues = defineCommand({
  name: 'closes-issues',
  summary: 'List the issues a merge request closes when merged',
  description:
    'List the issues that merging closes: project issues, or {id, title} entries when the project uses an external issue tracker.',
  examples: ['collab mr closes-issues 3 -p acme/platform/api'],
  args: [iidArg],
  project: 'required',
  method: 'GET',
  path: `${MR_PATH}/closes_issues`,
  list: true,
  listNoun: 'issues this merge request closes',
  columns: closesIssueColumns,
});

export const versions = defineCommand({
  name: 'versions',
  summary: 'List the diff versions of a merge request',
  examples: ['collab mr versions 3 -p acme/platform/api'],
  args: [iidArg],
  project: 'required',
  method: 'GET',
  path: `${MR_PATH}/versions`,
  list: true,
  columns: mrVersionColumns,
});

export const version = defineCommand({
  name: 'version',
  summary: 'Show one diff version of a merge request',
  examples: ['collab mr version 3 12 -p acme/platform/api', 'collab mr version 3 12 -o json'],
  args: [plainIidArg, { name: 'version-id', type: 'id', description: 'diff version id (see collab mr versions)' }],
  project: 'required',
  method: 'GET',
  // The id is a validated positive integer, safe to place in the path as is.
  path: (v) => `${MR_PATH}/versions/${String(v.args['version-id'])}`,
  columns: mrVersionColumns,
});
