import { fillPath } from '../api/path.js';
import type { Context } from '../context.js';
import { LocalError, UsageError } from '../errors.js';
import { messageText } from '../output/sanitize.js';
import { ShellLine, shellLine } from '../shell-quote.js';
import { bySource, sourceAndTarget } from './branch-source.js';
import { pagesIn } from './host-dialect.js';
import { type ArgSpec, type BranchKind, commandLine, type Values } from './inputs.js';
import { type CommandSpec, effectOf } from './spec.js';
import { branchNameProblem } from './validate.js';

/**
 * An argument a branch may stand for (`ArgSpec.fromBranch`): inside a git checkout `collab mr
 * view` means the open merge request of the branch checked out, and `collab mr view
 * feature/login` the one of that branch, as gh and glab read them. The values stage takes the
 * branch (a name given in the argument's place, else the one checked out: none, on a detached
 * HEAD or outside a checkout, is exit 2 and nothing is sent); the prepare stage finds its object
 * with one request, before any hook reads the argument.
 */

interface Kind {
  /** The collection searched by source branch. */
  path: string;
  noun: string;
  /** `!`: how one is referenced. */
  sigil: string;
  /** The command that opens one (the hint when there is none). */
  create: string;
}

const KINDS: Record<BranchKind, Kind> = {
  merge_requests: { path: '/projects/:project/merge_requests', noun: 'merge request', sigil: '!', create: 'mr create' },
};

/** The argument's value once parsed: an id, or a branch that stands for one (looked up in the prepare stage). */
export function branchOrId(raw: string, label: string): { branch: string } | undefined {
  if (/^\d+$/.test(raw)) return undefined;
  const why = branchNameProblem(raw);
  if (why) throw new UsageError(`invalid value for ${label}: "${messageText(raw)}" is neither an id nor a branch name (${why})`);
  return { branch: raw };
}

/** The branch checked out, standing for a missing argument; a usage error naming the argument when there is none. */
export function checkedOutBranch(ctx: Context, arg: ArgSpec): string {
  const head = ctx.settings.checkout.head();
  if ('branch' in head) return head.branch;
  const kind = KINDS[arg.fromBranch!];
  const why = 'detached' in head ? 'HEAD is detached' : head.none;
  throw new UsageError(
    `missing argument <${arg.name}>: ${why}, so no branch checked out stands for the ${kind.noun}`,
    `give the ${kind.noun}'s ${arg.name} or its source branch`,
  );
}

type Item = Record<string, unknown>;

/** The merge requests of `branch` in a state (`opened`, or `all`, newest first), matched here too, for a server that ignores the filter. */
async function ofBranch(ctx: Context, path: string, branch: string, state: 'opened' | 'all'): Promise<Item[]> {
  const query = { source_branch: branch, state, ...(state === 'all' ? { order_by: 'created_at', sort: 'desc' } : {}) };
  const options = state === 'all' ? { perPage: 20, limit: 20 } : { all: true, perPage: 100 };
  const found: Item[] = [];
  for await (const page of await pagesIn(ctx, { path, query, expect: { kind: 'list' } }, options))
    for (const item of page as Item[])
      if (item.source_branch === branch && (state === 'all' || item.state === 'opened' || item.state === 'reopened')) found.push(item);
  return found;
}

/**
 * The prepare stage's part: the branch given or checked out → the open object whose source
 * branch it is and whose source project is where the branch pushes (branch-source.ts), by one
 * request. Several, or only other projects' (forks with a branch of that name), are listed, exit 2.
 * With none open at all, a command that only reads (`mr view`: "did it merge?", `mr diff`) takes the
 * branch's newest in any state, and says so; any other is exit 1 naming that one, with the way to
 * open one.
 */
export async function resolveBranchArg(ctx: Context, spec: CommandSpec, v: Values): Promise<void> {
  const standIn = v.branchOf;
  if (!standIn || typeof v.args[standIn.arg] !== 'string') return;
  const arg = spec.args!.find((a) => a.name === standIn.arg)!;
  const kind = KINDS[arg.fromBranch!];
  const { branch } = standIn;
  const project = String(v.project);
  const path = fillPath(kind.path, { project });
  const open = await ofBranch(ctx, path, branch, 'opened');
  const { from, mine, others } = await bySource(ctx, project, branch, open);
  const pick = `give the ${arg.name} of the one you mean`;
  if (mine.length > 1)
    throw new UsageError(`${mine.length} open ${kind.noun}s for ${branch} from ${from} in ${project}: ${listed(kind, mine)}`, pick);
  if (mine.length === 1) {
    v.args[arg.name] = mine[0]!.iid as number;
    return;
  }
  if (others.length > 0)
    throw new UsageError(
      `no open ${kind.noun} for ${branch} from ${from} in ${project}; ${others.length} from other projects: ${listed(kind, others)}`,
      `${pick}: another project's ${kind.noun} stands for the branch only when the branch pushes there`,
    );
  const newest = (await bySource(ctx, project, branch, await ofBranch(ctx, path, branch, 'all'))).mine[0];
  if (newest !== undefined && effectOf(spec) === 'read') {
    ctx.notice(`${branch} has no open ${kind.noun}: its newest is ${kind.sigil}${String(newest.iid)}, ${stateOf(newest)}`);
    v.args[arg.name] = newest.iid as number;
    return;
  }
  throw noneOpen(kind, spec, v, newest);
}

/** `merged`, `closed`: how a merge request that is not open ended. */
const stateOf = (item: Item): string => messageText(String(item.state ?? 'not open'));

/** No open one: the way to open one, and the newest of the branch, named, when there is one. */
function noneOpen(kind: Kind, spec: CommandSpec, v: Values, newest: Item | undefined): LocalError {
  const standIn = v.branchOf!;
  const where = `${standIn.branch} in ${v.project}`;
  const create = new ShellLine(kind.create);
  const open = `open one with: ${commandLine(v, standIn.checkedOut ? create : shellLine`${create} --source ${standIn.branch}`)}`;
  if (newest === undefined) return new LocalError(`no open ${kind.noun} for ${where}`, open);
  const verb = new ShellLine(`${kind.create.split(' ')[0]} ${spec.name}`);
  return new LocalError(
    `no open ${kind.noun} for ${where}; its newest, ${listed(kind, [newest])}, is ${stateOf(newest)}`,
    `to act on that one: ${commandLine(v, shellLine`${verb} ${String(newest.iid)}`)}; or ${open}`,
  );
}

/** `!3 (Title, by alice, from project 12)`, for each. */
function listed(kind: Kind, items: Item[]): string {
  return items
    .map((o) => {
      const { source, target } = sourceAndTarget(o);
      const origin = source !== undefined && source !== target ? `, from project ${messageText(String(source))}` : '';
      return `${kind.sigil}${String(o.iid)} (${messageText(String(o.title ?? ''))}${authorOf(o)}${origin})`;
    })
    .join(', ');
}

const authorOf = (o: Item) => {
  const username = (o.author as { username?: unknown } | null | undefined)?.username;
  return typeof username === 'string' ? `, by ${messageText(username)}` : '';
};
