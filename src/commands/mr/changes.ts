import type { Context } from '../../context.js';
import type { ColorLevel } from '../../output/io.js';
import { messageText } from '../../output/sanitize.js';
import { type MrChange, closesIssueColumns, mrChangeColumns, mrColumns, mrCommitColumns, mrVersionColumns } from '../../resources/mr.js';
import type { CommandSpec } from '../spec.js';
import { MR_PATH, iidArg } from './shared.js';

type Paint = (line: string) => string;

async function diffPainters(level: ColorLevel): Promise<{ meta: Paint; hunk: Paint; add: Paint; del: Paint }> {
  if (level === 0) {
    const same: Paint = (l) => l;
    return { meta: same, hunk: same, add: same, del: same };
  }
  const { Chalk } = await import('chalk');
  const c = new Chalk({ level });
  return { meta: (l) => c.bold(l), hunk: (l) => c.cyan(l), add: (l) => c.green(l), del: (l) => c.red(l) };
}

/** The git-style header of one changed file. */
function fileHeader(c: MrChange): string[] {
  const lines = [`diff --git a/${c.old_path} b/${c.new_path}`];
  if (c.new_file) lines.push(`new file mode ${c.b_mode ?? '100644'}`);
  else if (c.deleted_file) lines.push(`deleted file mode ${c.a_mode ?? '100644'}`);
  else if (c.a_mode && c.b_mode && c.a_mode !== c.b_mode) lines.push(`old mode ${c.a_mode}`, `new mode ${c.b_mode}`);
  if (c.renamed_file) lines.push(`rename from ${c.old_path}`, `rename to ${c.new_path}`);
  if (c.diff) lines.push(`--- ${c.new_file ? '/dev/null' : `a/${c.old_path}`}`, `+++ ${c.deleted_file ? '/dev/null' : `b/${c.new_path}`}`);
  return lines;
}

/**
 * A unified diff of every changed file, coloured when the terminal allows. Server text is stripped
 * of control sequences, and of bidi controls and zero-width characters, which could make the code
 * read differently from what it does (as in table mode).
 */
export async function renderDiff(changes: MrChange[], level: ColorLevel): Promise<string> {
  const paint = await diffPainters(level);
  const out: string[] = [];
  for (const change of changes) {
    const c = { ...change, old_path: messageText(change.old_path ?? ''), new_path: messageText(change.new_path ?? '') };
    for (const line of fileHeader(c)) out.push(paint.meta(line));
    const body = messageText(c.diff ?? '').replace(/\n$/, '');
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

/** A coloured unified diff on a terminal, one row per file in tsv, the answer itself in JSON. */
async function printChanges(ctx: Context, data: unknown): Promise<void> {
  const printer = ctx.printer();
  // Fields named: they are the merge request's (with its `changes`), in every format.
  if (printer.format === 'json' || printer.format === 'ndjson' || ctx.settings.fields) {
    await printer.object(data, ctx.settings.fields ? mrColumns : undefined);
    return;
  }
  const listed = (data as { changes?: unknown } | undefined)?.changes;
  const changes = Array.isArray(listed) ? (listed as MrChange[]) : [];
  if (printer.format === 'tsv') {
    await printer.list(changes, mrChangeColumns);
    return;
  }
  if (changes.length === 0) {
    ctx.notice('no changes');
    return;
  }
  await printer.text(await renderDiff(changes, ctx.io.colorLevel));
}

export const changes: CommandSpec = {
  name: 'changes',
  aliases: ['diff'],
  summary: 'Show the changes of a merge request as a diff',
  description:
    'Show what a merge request changes: a coloured unified diff on a terminal, one row per changed file with -o tsv (status, old path, new path, added and removed lines), the merge request with its `changes` with -o json.',
  examples: ['collab mr changes 3 -p acme/platform/api', 'collab mr changes 3 -o tsv', 'collab mr changes 3 -o json'],
  args: [iidArg],
  project: 'required',
  method: 'GET',
  path: `${MR_PATH}/changes`,
  columns: mrColumns,
  print: (ctx, _v, data) => printChanges(ctx, data),
};

export const commits: CommandSpec = {
  name: 'commits',
  summary: 'List the commits of a merge request',
  examples: ['collab mr commits 3 -p acme/platform/api', 'collab mr commits 3 --all -o ndjson'],
  args: [iidArg],
  project: 'required',
  method: 'GET',
  path: `${MR_PATH}/commits`,
  list: true,
  columns: mrCommitColumns,
};

export const closesIssues: CommandSpec = {
  name: 'closes-issues',
  summary: 'List the issues a merge request closes when merged',
  description: 'List the issues that merging closes: project issues, or {id, title} entries when the project uses an external issue tracker.',
  examples: ['collab mr closes-issues 3 -p acme/platform/api'],
  args: [iidArg],
  project: 'required',
  method: 'GET',
  path: `${MR_PATH}/closes_issues`,
  list: true,
  columns: closesIssueColumns,
};

export const versions: CommandSpec = {
  name: 'versions',
  summary: 'List the diff versions of a merge request',
  examples: ['collab mr versions 3 -p acme/platform/api'],
  args: [iidArg],
  project: 'required',
  method: 'GET',
  path: `${MR_PATH}/versions`,
  list: true,
  columns: mrVersionColumns,
};

export const version: CommandSpec = {
  name: 'version',
  summary: 'Show one diff version of a merge request',
  examples: ['collab mr version 3 12 -p acme/platform/api', 'collab mr version 3 12 -o json'],
  args: [iidArg, { name: 'version-id', type: 'id', description: 'diff version id (see collab mr versions)' }],
  project: 'required',
  method: 'GET',
  // The id is a validated positive integer, safe to place in the path as is.
  path: (v) => `${MR_PATH}/versions/${String(v.args['version-id'])}`,
  columns: mrVersionColumns,
};
