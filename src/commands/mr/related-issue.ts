/**
 * `mr create --related-issue <iid>` (glab's flag): a merge request for an issue of the project.
 * Its description says `Closes #<iid>` (GitLab closes the issue when it merges), its title is the
 * issue's unless one is given, and with `--copy-issue-labels` it takes the issue's labels and
 * milestone.
 */
import { fillPath } from '../../api/path.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { readIn } from '../../executor/host-dialect.js';
import type { FlagSpec, Values } from '../../executor/inputs.js';
import { isObject } from '../../shared/json.js';

export const relatedIssueFlags: FlagSpec[] = [
  {
    name: 'related-issue',
    short: 'i',
    param: false,
    type: 'int',
    min: 1,
    value: '<iid>',
    description: 'open it for this issue: "Closes #<iid>" in the description, the issue\'s title unless --title is given',
  },
  {
    name: 'copy-issue-labels',
    param: false,
    type: 'bool',
    description: "with --related-issue: the issue's labels (beside --labels) and its milestone (unless one is given)",
  },
];

interface RelatedIssue {
  iid?: unknown;
  title?: unknown;
  labels?: unknown;
  milestone?: { id?: unknown } | null;
}

/** The issue of --related-issue, read in the merge request's project (a missing one is its 404, nothing opened). */
async function readIssue(ctx: Context, v: Values): Promise<RelatedIssue> {
  const path = fillPath('/projects/:project/issues/:iid', { project: String(v.project), iid: String(v.flags['related-issue']) });
  const issue = await readIn(ctx, path, { kind: 'object', key: 'iid' });
  return isObject(issue) ? (issue as RelatedIssue) : {};
}

/** The title `--title` would be asked for with: the related issue's. */
export async function issueTitle(ctx: Context, v: Values): Promise<string | undefined> {
  if (v.flags['related-issue'] === undefined) return undefined;
  const title = (await readIssue(ctx, v)).title;
  return typeof title === 'string' && title.trim() !== '' ? title : undefined;
}

/** The description with `Closes #<iid>` after it, unless it says so already. */
export function withCloses(description: unknown, iid: number): string {
  const text = typeof description === 'string' ? description.trimEnd() : '';
  if (new RegExp(`\\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?)\\s+#${iid}\\b`, 'i').test(text)) return text;
  return text === '' ? `Closes #${iid}` : `${text}\n\nCloses #${iid}`;
}

/** In `prepare`: `Closes #<iid>` in the description, and with --copy-issue-labels the issue's labels and milestone. */
export async function relateIssue(ctx: Context, v: Values): Promise<void> {
  const iid = v.flags['related-issue'];
  if (iid === undefined) {
    if (v.flags['copy-issue-labels']) throw new UsageError('--copy-issue-labels goes with --related-issue <iid>');
    return;
  }
  const issue = await readIssue(ctx, v);
  v.params.description = withCloses(v.params.description, Number(iid));
  if (!v.flags['copy-issue-labels']) return;
  const labels = Array.isArray(issue.labels) ? issue.labels.filter((l): l is string => typeof l === 'string') : [];
  const given = typeof v.params.labels === 'string' && v.params.labels !== '' ? v.params.labels.split(',') : [];
  const all = [...new Set([...given, ...labels])];
  if (all.length > 0) v.params.labels = all.join(',');
  const milestone = issue.milestone?.id;
  if (typeof milestone === 'number' && v.flags.milestone === undefined && v.flags['milestone-id'] === undefined)
    v.params.milestone_id = milestone;
}
