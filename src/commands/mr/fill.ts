import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { FlagSpec, Values } from '../../executor/inputs.js';
import { shellLine } from '../../output/shell-quote.js';

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
  return { title: humanize(source), description: described ? undefined : commits.map((c) => `- ${c.subject}`).join('\n') };
}

export const fillFlag: FlagSpec = {
  name: 'fill',
  param: false,
  type: 'bool',
  fill: fromCommits,
  description:
    "title and description from the branch's commits (one commit: its message; several: the branch name and a list); asks nothing",
};
