import { fillPath } from '../api/path.js';
import type { Context } from '../context.js';
import { LocalError, UsageError } from '../errors.js';
import { messageText } from '../output/sanitize.js';
import { ShellLine, shellLine } from '../shell-quote.js';
import { bySource, sourceAndTarget } from './branch-source.js';
import { pagesIn } from './host-dialect.js';
import { type ArgSpec, type BranchKind, commandLine, type Values } from './inputs.js';
import type { CommandSpec } from './spec.js';
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

/**
 * The prepare stage's part: the branch given or checked out → the open object whose source
 * branch it is and whose source project is where the branch pushes (branch-source.ts), by one
 * request (`?source_branch=&state=opened`; matched here too, for a server that ignores the
 * filter). None at all is exit 1 with the way to open one; several, or only other projects'
 * (forks with a branch of that name), are listed, exit 2.
 */
export async function resolveBranchArg(ctx: Context, spec: CommandSpec, v: Values): Promise<void> {
  const standIn = v.branchOf;
  if (!standIn || typeof v.args[standIn.arg] !== 'string') return;
  const arg = spec.args!.find((a) => a.name === standIn.arg)!;
  const kind = KINDS[arg.fromBranch!];
  const { branch } = standIn;
  const path = fillPath(kind.path, { project: v.project });
  const found: Record<string, unknown>[] = [];
  const query = { source_branch: branch, state: 'opened' };
  const pages = await pagesIn(ctx, { path, query, expect: { kind: 'list' } }, { all: true, perPage: 100 });
  for await (const page of pages)
    for (const item of page as Record<string, unknown>[])
      if (item.source_branch === branch && (item.state === 'opened' || item.state === 'reopened')) found.push(item);
  const where = `${branch} in ${v.project}`;
  const create = new ShellLine(kind.create);
  if (found.length === 0)
    throw new LocalError(
      `no open ${kind.noun} for ${where}`,
      `open one with: ${commandLine(v, standIn.checkedOut ? create : shellLine`${create} --source ${branch}`)}`,
    );
  const { from, mine, others } = await bySource(ctx, String(v.project), branch, found);
  const pick = `give the ${arg.name} of the one you mean`;
  if (mine.length > 1)
    throw new UsageError(`${mine.length} open ${kind.noun}s for ${branch} from ${from} in ${v.project}: ${listed(kind, mine)}`, pick);
  if (mine.length === 0)
    throw new UsageError(
      `no open ${kind.noun} for ${branch} from ${from} in ${v.project}; ${others.length} from other projects: ${listed(kind, others)}`,
      `${pick}: another project's ${kind.noun} stands for the branch only when the branch pushes there`,
    );
  v.args[arg.name] = mine[0]!.iid as number;
}

/** `!3 (Title, by alice, from project 12)`, for each. */
function listed(kind: Kind, items: Record<string, unknown>[]): string {
  return items
    .map((o) => {
      const { source, target } = sourceAndTarget(o);
      const origin = source !== undefined && source !== target ? `, from project ${messageText(String(source))}` : '';
      return `${kind.sigil}${String(o.iid)} (${messageText(String(o.title ?? ''))}${authorOf(o)}${origin})`;
    })
    .join(', ');
}

const authorOf = (o: Record<string, unknown>) => {
  const username = (o.author as { username?: unknown } | null | undefined)?.username;
  return typeof username === 'string' ? `, by ${messageText(username)}` : '';
};
