import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { FlagSpec, Values } from '../../executor/inputs.js';
import { shellLine } from '../../shell-quote.js';

/**
 * `mr create --fill`: the title and description from the commits of the source branch that the
 * target lacks, as gh and glab fill them. One commit: its subject and body. Several: the branch
 * name made readable as the title, and the commits' subjects as a list, oldest first.
 */

/** `fix/login-crash_ios` → `fix/login crash ios` (gh's and glab's humanize). */
const humanize = (branch: string) => branch.replace(/[-_]/g, ' ');

async function fromCommits(ctx: Context, v: Values): Promise<Record<string, string | undefined>> {
  const source = String(v.flags.source ?? '');
  const target = String(v.flags.target ?? '');
  const commits = ctx.settings.gitCommits(target, source);
  if (commits === undefined)
    throw new UsageError(
      `--fill reads the commits of ${source} that ${target} lacks, and git knows no such branches here`,
      `run it in a checkout with both branches (${shellLine`git fetch origin ${target}`})`,
    );
  if (commits.length === 0) throw new UsageError(`--fill: ${source} has no commits that ${target} lacks`);
  // A description given otherwise (--description-file) is kept.
  const described = v.flags['description-file'] !== undefined;
  if (commits.length === 1) {
    const [{ subject, body }] = commits as [{ subject: string; body: string }];
    return { title: subject, description: body === '' || described ? undefined : body };
  }
  const bodies = v.flags['fill-commit-body'] === true || v.flags['fill-verbose'] === true;
  const list = bodies ? commits.map(withBody).join('\n\n') : commits.map((c) => `- ${c.subject}`).join('\n');
  return { title: humanize(source), description: described ? undefined : list };
}

/** `- subject`, the body below it indented, so Markdown keeps it inside the item. */
function withBody(c: { subject: string; body: string }): string {
  const body = c.body
    .split('\n')
    .map((line) => (line === '' ? '' : `  ${line}`))
    .join('\n');
  return body.trim() === '' ? `- ${c.subject}` : `- ${c.subject}\n\n${body}`;
}

export const fillCommitBodyFlag: FlagSpec = {
  name: 'fill-commit-body',
  param: false,
  type: 'bool',
  description: "with --fill and several commits: each commit's body below its subject in the description",
};

/** glab's newer name of --fill-commit-body. */
export const fillVerboseFlag: FlagSpec = { ...fillCommitBodyFlag, name: 'fill-verbose', description: 'the same as --fill-commit-body' };

/** --fill-commit-body and --fill-verbose need --fill (exit 2 before anything is sent); --fill-verbose is --fill-commit-body. */
export function checkFillFlags(v: Values): void {
  const named = v.flags['fill-verbose'] ? '--fill-verbose' : v.flags['fill-commit-body'] ? '--fill-commit-body' : undefined;
  if (named && !v.flags.fill) throw new UsageError(`${named} goes with --fill`);
}

export const fillFlag: FlagSpec = {
  name: 'fill',
  param: false,
  type: 'bool',
  fill: fromCommits,
  description:
    "title and description from the branch's commits (one commit: its message; several: the branch name and a list); asks nothing",
};
