import { fillPath } from '../../api/path.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';

/*
 * `collab api`'s placeholders, as glab's `api` reads them: `:id` (the project's numeric id),
 * `:fullpath` (its full path) and `:branch` (the branch), filled from the checkout and, inside a
 * CI job, from the variables the runner sets. In a path they are URL-encoded (`acme%2Fapp`); in a
 * `-F` value they are the plain text.
 */

const PLACEHOLDER = /(?<![\w:]):(id|fullpath|branch)(?![\w-])/g;

type Where = 'path' | 'value';

/** The project the run works on, or a usage error saying how to name one. */
function project(ctx: Context, name: string): string {
  const p = ctx.settings.project();
  if (p === undefined)
    throw new UsageError(`${name} needs a project: run inside a git checkout of it, set COLLAB_PROJECT, or run inside a CI job`);
  return p;
}

/** The project's numeric id and full path: from the CI job (CI_PROJECT_ID, CI_PROJECT_PATH) or the value itself, else asked once. */
async function projectIds(ctx: Context, p: string): Promise<{ id: string; fullpath: string }> {
  const [id, fullpath] = [ctx.settings.ciJob.projectId(), ctx.settings.ciJob.projectPath()];
  // The CI job's own project: the runner says both (its job token may not read the project).
  if (id !== undefined && fullpath !== undefined && (p === id || p === fullpath)) return { id, fullpath };
  return ctx.remember(`project ids ${p}`, async () => {
    const res = await ctx.api().request<{ id?: unknown; path_with_namespace?: unknown }>({
      method: 'GET',
      path: fillPath('/projects/:p', { p }),
      expect: { kind: 'object', key: 'id' },
    });
    const { id, path_with_namespace: fullpath } = res.data;
    return { id: String(id), fullpath: typeof fullpath === 'string' ? fullpath : p };
  });
}

async function placeholderValue(ctx: Context, name: string): Promise<string> {
  if (name === 'branch') {
    const branch = ctx.settings.gitBranch() ?? ctx.settings.ciJob.branch();
    if (branch === undefined)
      throw new UsageError(':branch needs a branch: run in a git checkout on a branch, or in a CI pipeline of one (not of a tag)');
    return branch;
  }
  const p = project(ctx, `:${name}`);
  // What the value already is needs no request: `-p`-style ids and paths name themselves.
  if (name === 'id' && /^\d+$/.test(p)) return p;
  if (name === 'fullpath' && !/^\d+$/.test(p)) return p;
  return (await projectIds(ctx, p))[name as 'id' | 'fullpath'];
}

/** `text` with its placeholders filled (each asked for once). */
export async function fillPlaceholders(ctx: Context, text: string, where: Where): Promise<string> {
  const names = new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!));
  if (names.size === 0) return text;
  const values = new Map<string, string>();
  for (const name of names) values.set(name, await placeholderValue(ctx, name));
  return text.replace(PLACEHOLDER, (_m, name: string) => {
    const value = values.get(name)!;
    return where === 'path' ? encodeURIComponent(value) : value;
  });
}
