import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import type { FlagSpec, Values } from '../executor/inputs.js';

/**
 * `--search` and `--in` on the issue and merge request lists: GitLab's `search` and `in`
 * (doc/api/issues.md and doc/api/merge_requests.md, "List …": `in` is "title, description, or a
 * string joining them with comma", default both). The spec takes `search` on issue lists only
 * (part 1 §4.1; part 2 §4.3 has no such filter) and `in` nowhere (src/shared/dialect.ts).
 */
export function searchFlags(kind: 'issues' | 'merge requests'): FlagSpec[] {
  return [
    { name: 'search', type: 'string', description: `match title and description${kind === 'issues' ? '' : ' (GitLab)'}` },
    {
      name: 'in',
      type: 'csv',
      choices: ['title', 'description'],
      value: '<fields>',
      description: 'where --search looks: title, description or title,description (GitLab; default both)',
    },
  ];
}

/** `--in` only says where `--search` looks; a merge request list is searched by GitLab only. */
export async function checkSearch(ctx: Context, v: Values, kind: 'issues' | 'merge requests'): Promise<void> {
  if (v.flags.in !== undefined && v.flags.search === undefined) throw new UsageError('--in says where --search looks: add --search <text>');
  if (kind === 'merge requests' && v.flags.search !== undefined && (await ctx.flavor()) === 'spec')
    throw new UsageError(
      "--search needs GitLab: this server speaks the spec's API, whose merge request lists have no search",
      'if it is GitLab: collab config set flavor gitlab --host <url>',
    );
}
