import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import type { Answer, FlagSpec, Values } from '../executor/inputs.js';
import { tableText } from '../output/sanitize.js';

/**
 * The labels of an issue or merge request, changed without retyping them: GitLab's `add_labels`
 * and `remove_labels` (doc/api/issues.md "Edit an issue", doc/api/merge_requests.md "Update MR";
 * lib/api/issues.rb `params :issue_params` and lib/api/merge_requests.rb `params :optional_params`:
 * `optional :add_labels, type: Array[String], coerce_with: …CommaSeparatedToArray.coerce`), beside
 * `--labels`, which replaces them.
 */

const LIST = 'comma-separated; may be given again';

/** `--add-labels` and `--remove-labels`, under glab's and gh's names too. */
export const labelChangeFlags: FlagSpec[] = [
  {
    name: 'add-labels',
    param: 'add_labels',
    type: 'csv',
    repeatable: true,
    value: '<labels>',
    aliases: { label: 'glab', 'add-label': 'gh' },
    description: `add these labels, keeping the others (${LIST}; GitLab)`,
    conflicts: ['labels'],
  },
  {
    name: 'remove-labels',
    param: 'remove_labels',
    type: 'csv',
    repeatable: true,
    value: '<labels>',
    aliases: { unlabel: 'glab', 'remove-label': 'gh' },
    description: `remove these labels, keeping the others (${LIST}; GitLab)`,
    conflicts: ['labels'],
  },
];

/** `--labels` on an update: what it does, said in its help. */
export const REPLACE_LABELS = 'comma-separated label names: replaces every label (--add-labels and --remove-labels keep the others)';

const names = (value: unknown): string[] =>
  (Array.isArray(value) ? value : typeof value === 'string' ? [value] : [])
    .flatMap((v) => String(v).split(','))
    .map((l) => l.trim())
    .filter((l) => l !== '');

/**
 * The label changes made ready to send: each flag given several times is one list. A server of the
 * spec's dialect has only `labels`, which replaces them all; collab does not read and replace in its
 * place (a change made between the read and the write would be lost): exit 2, nothing sent.
 */
export async function prepareLabelChanges(ctx: Context, v: Values): Promise<void> {
  const given = labelChangeFlags.filter((f) => v.flags[f.name] !== undefined);
  if (given.length === 0) return;
  for (const flag of given) {
    const listed = names(v.flags[flag.name]);
    if (listed.length === 0)
      throw new UsageError(`--${v.givenAs?.[flag.name] ?? flag.name} names no label: give one or more, comma-separated`);
    v.params[flag.param as string] = listed.join(',');
  }
  if ((await ctx.flavor()) === 'spec')
    throw new UsageError(
      `--${v.givenAs?.[given[0]!.name] ?? given[0]!.name} needs GitLab: this server speaks the spec's API, whose only label parameter (--labels) replaces every label`,
      'give the whole set with --labels (it replaces the labels), or, if it is GitLab: collab config set flavor gitlab --host <url>',
    );
}

const labelsOf = (object: Answer): string[] | undefined => (Array.isArray(object?.labels) ? names(object.labels) : undefined);

/**
 * Whether `--labels` makes the object worth reading first (per item): alone, it may be so already;
 * on a terminal, the line that says what was done names the labels it took away.
 */
export const readBeforeReplacing = (v: Values, ctx: Context): boolean =>
  v.flags.labels !== undefined && (Object.keys(v.flags).length === 1 || ctx.io.stderrIsTTY);

/** `--labels` alone naming exactly the labels it has: nothing to send. */
export function labelsAlready(v: Values, current: Answer): boolean {
  const had = labelsOf(current);
  if (had === undefined || v.flags.labels === undefined || Object.keys(v.flags).length !== 1) return false;
  const wanted = names(v.flags.labels);
  return wanted.length === had.length && wanted.every((l) => had.includes(l));
}

const listed = (labels: string[]) => labels.map(tableText).join(', ');

/**
 * What a write did to the labels, for its one line: `; removed labels p1, triaged` where `--labels`
 * took some away (it was read first), `; added …` and `; removed …` for the changes asked for.
 */
export function labelsSaid(v: Values, answer: Answer): string {
  const parts: string[] = [];
  const had = labelsOf(v.seen);
  const now = labelsOf(answer) ?? names(v.flags.labels);
  if (v.flags.labels !== undefined && had !== undefined) {
    const removed = had.filter((l) => !now.includes(l));
    if (removed.length > 0) parts.push(`removed labels ${listed(removed)}`);
  }
  const added = names(v.flags['add-labels']);
  if (added.length > 0) parts.push(`added labels ${listed(added)}`);
  const taken = names(v.flags['remove-labels']);
  if (taken.length > 0) parts.push(`removed labels ${listed(taken)}`);
  return parts.map((p) => `; ${p}`).join('');
}
