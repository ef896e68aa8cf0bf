import { paginate } from '../../api/paginate.js';
import { fillPath } from '../../api/path.js';
import { eachAtOnce } from '../../at-once.js';
import type { Context } from '../../context.js';
import { ApiError, UsageError } from '../../errors.js';
import { pagesIn } from '../../executor/host-dialect.js';
import { commandLine, type Values } from '../../executor/inputs.js';
import { defineCommand } from '../../executor/spec.js';
import { cellWidth } from '../../output/graphemes.js';
import { painter } from '../../output/paint.js';
import { tableText } from '../../output/sanitize.js';
import { boardIssueColumns } from '../../resources/board.js';
import { isObject } from '../../shared/json.js';
import { ShellLine, shellLine } from '../../shell-quote.js';
import { type BoardColumn, drawBoard } from './layout.js';

/**
 * `board view [id]`: a board as GitLab draws it — its open issues not in any list (Open), one
 * column per list (the open issues with its label), the closed ones (Closed) — each column one
 * request (`GET /projects/:id/issues`, doc/api/issues.md), a few at once. A board's scope
 * (GitLab's milestone, labels, assignee, weight: ee/lib/ee/api/entities/board.rb) narrows every
 * column; GitLab's `hide_backlog_list` and `hide_closed_list` leave those out.
 */

type Item = Record<string, unknown>;

/** Requests for the columns under way at once. */
const AT_ONCE = 4;

interface Column extends BoardColumn {
  list_id: number | null;
  label: string | null;
  query: Record<string, unknown>;
  /** Kept here, not sent, on a server of the spec's dialect (it has no negation). */
  notLabels?: string[];
}

const names = (labels: unknown): string[] =>
  (Array.isArray(labels) ? labels : []).map((l) => (isObject(l) ? l.name : l)).filter((n): n is string => typeof n === 'string');

/** The board's scope as issue filters: its milestone, labels, assignee and weight (GitLab's scoped boards). */
function scopeOf(board: Item): Record<string, unknown> {
  const scope: Record<string, unknown> = {};
  if (isObject(board.milestone) && typeof board.milestone.title === 'string') scope.milestone = board.milestone.title;
  const labels = names(board.labels);
  if (labels.length > 0) scope.labels = labels.join(',');
  if (isObject(board.assignee) && typeof board.assignee.id === 'number') scope.assignee_id = board.assignee.id;
  if (typeof board.weight === 'number') scope.weight = board.weight;
  return scope;
}

/** What each column shows, in the board's order: Open, its lists by position, Closed. */
function columnsOf(board: Item): Column[] {
  const scope = scopeOf(board);
  const lists = (Array.isArray(board.lists) ? board.lists.filter(isObject) : []).sort(
    (a, b) => Number(a.position ?? 0) - Number(b.position ?? 0),
  );
  const scoped = (labels: string[]) => [...names(board.labels), ...labels].join(',') || undefined;
  const columns: Column[] = lists.map((list) => {
    const label = isObject(list.label) && typeof list.label.name === 'string' ? list.label.name : null;
    const assignee = isObject(list.assignee) ? list.assignee : undefined;
    const milestone = isObject(list.milestone) ? list.milestone : undefined;
    const name = label ?? (assignee ? `@${String(assignee.username)}` : milestone ? String(milestone.title) : `list ${String(list.id)}`);
    const query = { ...scope, state: 'opened', labels: scoped(label ? [label] : []) };
    if (assignee) Object.assign(query, { assignee_id: assignee.id });
    if (milestone) Object.assign(query, { milestone: milestone.title });
    return { name, list_id: Number(list.id), label, issues: [], query };
  });
  const listed = columns.flatMap((c) => (c.label ? [c.label] : []));
  const open: Column = { name: 'Open', list_id: null, label: null, issues: [], query: { ...scope, state: 'opened' }, notLabels: listed };
  const closed: Column = { name: 'Closed', list_id: null, label: null, issues: [], query: { ...scope, state: 'closed' } };
  return [...(board.hide_backlog_list === true ? [] : [open]), ...columns, ...(board.hide_closed_list === true ? [] : [closed])];
}

/** One column's issues: its first page of `perList`, and the total the server gives. */
async function fill(ctx: Context, project: string, column: Column, perList: number): Promise<void> {
  const stats: { total?: number; more?: boolean } = {};
  const query = Object.fromEntries(Object.entries(column.query).filter(([, value]) => value !== undefined));
  if (column.notLabels && column.notLabels.length > 0) query['not[labels]'] = column.notLabels.join(',');
  const unwanted = new Set(column.notLabels ?? []);
  // GitLab leaves those out itself; a server of the spec's dialect is sent no not[labels], and collab keeps them out.
  const local = { 'not[labels]': (item: Item | undefined) => !names(item?.labels).some((l) => unwanted.has(l)) };
  const path = fillPath('/projects/:project/issues', { project });
  const pages = await pagesIn(ctx, { path, query, expect: { kind: 'list' } }, { perPage: perList, limit: perList, stats }, local);
  for await (const page of pages) for (const item of page as Item[]) column.issues.push(item);
  // A total counted before collab's own filter says nothing of what it kept.
  column.total = column.notLabels && (await ctx.flavor()) === 'spec' ? undefined : stats.total;
  column.more = stats.more === true;
}

/** The board asked for, or the project's only one; a usage error naming them when there are several. */
async function findBoard(ctx: Context, v: Values): Promise<Item> {
  const boards: Item[] = [];
  const path = fillPath('/projects/:project/boards', { project: v.project });
  for await (const board of paginate<Item>(ctx.api(), { method: 'GET', path }, { all: true, perPage: 100 })) boards.push(board);
  const wanted = v.args.board_id;
  if (wanted !== undefined) {
    const found = boards.find((b) => b.id === wanted);
    if (!found)
      throw new ApiError(
        `404 no board ${String(wanted)} in ${v.project}`,
        404,
        undefined,
        `list them with: ${commandLine(v, shellLine`board list`)}`,
      );
    return found;
  }
  if (boards.length === 1) return boards[0]!;
  if (boards.length === 0) throw new ApiError(`404 ${v.project} has no issue board`, 404);
  const listed = boards.map((b) => `${String(b.id)}${typeof b.name === 'string' ? ` (${tableText(b.name)})` : ''}`).join(', ');
  throw new UsageError(
    `${v.project} has ${boards.length} boards: ${listed}`,
    `give the id of the one to view: ${commandLine(v, new ShellLine('board view <id>'))}`,
  );
}

async function viewBoard(ctx: Context, v: Values): Promise<void> {
  const perList = Number(v.flags['per-list'] ?? 20);
  const board = await findBoard(ctx, v);
  const columns = columnsOf(board);
  await eachAtOnce(columns, AT_ONCE, (column) => fill(ctx, String(v.project), column, perList));
  const printer = ctx.printer();
  if (printer.format === 'table' && !ctx.settings.fields) {
    const frame = { width: Math.max(20, ctx.io.columns), measure: await cellWidth(), paint: painter(ctx.io.colorLevel) };
    await printer.page(drawBoard(columns, frame));
    return;
  }
  // For scripts, an issue a record, after the column it is in (its list's id: null for Open and Closed).
  const rows = columns.flatMap((c) => c.issues.map((issue) => ({ list: c.name, list_id: c.list_id, ...issue })));
  await printer.list(rows, boardIssueColumns);
}

export const view = defineCommand({
  name: 'view',
  aliases: ['show'],
  summary: 'Show a board: its columns with their issues, fitted to the width',
  description:
    'Show an issue board as GitLab draws it: Open (open issues in none of its lists), a column per ' +
    'list (the open issues with its label), Closed; a scoped board (milestone, labels, assignee, ' +
    'weight) shows only its issues. Each column is one request, a few at once, its first ' +
    '--per-list issues with how many it holds. On a terminal the columns side by side, as wide as the ' +
    'terminal allows (those that do not fit go below); piped, one line per issue with its column ' +
    '(list, iid, title, assignees); -o json the issues, each with its `list` and `list_id`. Without ' +
    "an id, the project's only board.",
  examples: ['collab board view -p acme/platform/api', 'collab board view 1 --per-list 5', 'collab board view 1 -o json'],
  args: [{ name: 'board_id', type: 'id', optional: true, description: 'board id (none: the project has one board)' }],
  project: 'required',
  flags: [{ name: 'per-list', param: false, type: 'int', min: 1, max: 100, description: 'issues shown per column, 1-100 (default 20)' }],
  columns: boardIssueColumns,
  uses: ['output'],
  effect: 'read',
  run: viewBoard,
});
