import type { Context } from '../context.js';
import { ApiError } from '../errors.js';
import { isObject } from '../shared/json.js';
import { readIn } from './host-dialect.js';

/**
 * Whose merge request a branch stands for. A fork can open one from a branch of the same name as
 * yours: the merge request of a branch is the one whose source project is the project the branch
 * pushes to (its push remote, as `git push` picks it), else the project itself. A fork's is taken
 * only when the branch pushes to that fork.
 */

type Item = Record<string, unknown>;

/** The open merge requests of a branch, split by where they come from. */
export interface BySource {
  /** For messages: the project (or the remote) the branch's merge request must come from. */
  from: string;
  /** Those that come from there. */
  mine: Item[];
  /** Those that come from other projects (forks with a branch of that name). */
  others: Item[];
}

/** The project a listed merge request comes from, and the one it targets (GitLab sends both; `project_id` is the target). */
export function sourceAndTarget(item: Item): { source: unknown; target: unknown } {
  const target = item.target_project_id ?? item.project_id;
  return { source: item.source_project_id ?? target, target };
}

/** The numeric id of a project given by path (one request); undefined when the server shows none. */
async function projectId(ctx: Context, path: string): Promise<unknown> {
  try {
    const project = await readIn(ctx, `/projects/${encodeURIComponent(path)}`);
    return isObject(project) ? project.id : undefined;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 403)) return undefined;
    throw err;
  }
}

/**
 * `found` (the open merge requests of `branch` in `project`) split by whether they come from
 * where the branch pushes. Git is asked where; when that is another project than `project`, its
 * id is read (one request, only when some merge request comes from elsewhere).
 */
export async function bySource(ctx: Context, project: string, branch: string, found: Item[]): Promise<BySource> {
  const pushed = ctx.settings.pushTarget(branch);
  const split = (from: string, isMine: (item: Item) => boolean): BySource => ({
    from,
    mine: found.filter(isMine),
    others: found.filter((item) => !isMine(item)),
  });
  const fromItself = (item: Item) => {
    const { source, target } = sourceAndTarget(item);
    return source !== undefined && source === target;
  };
  if (pushed === undefined || pushed.project?.toLowerCase() === project.toLowerCase()) return split(project, fromItself);
  if (pushed.project === undefined) return split(`the remote ${pushed.remote}`, () => false);
  const id = found.every(fromItself) && !/^\d+$/.test(project) ? undefined : await projectId(ctx, pushed.project);
  return split(pushed.project, (item) => id !== undefined && sourceAndTarget(item).source === id);
}
