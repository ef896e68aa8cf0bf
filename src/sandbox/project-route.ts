/**
 * What GitLab's `find_project!` (lib/api/helpers.rb) decides on every `/projects/:id/…` route
 * before the route runs, declared once for all route tables:
 * - a CI job token reaches its own project; on a route that takes it (`jobToken` in the route's
 *   options: GitLab's `job_token_allowed`) another project refuses it with
 *   `handle_job_token_failure!`'s 403, unless the route takes it for public projects too
 *   (`jobToken: 'public'`, the artifact downloads) and the project is public;
 * - a project renamed or transferred keeps its old path as a redirect route: a read by it answers
 *   301 to the same route by the project's id (`redirect!(url_with_project_id(project))`), a write
 *   405 "Non GET methods are not allowed for moved projects" (GitLab flavour).
 */
import { canReadProject } from './access.js';
import type { Caller } from './auth.js';
import { forbidden, HttpError } from './errors.js';
import type { Reply } from './reply.js';
import type { RouteOptions } from './router.js';
import type { Store } from './store.js';

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Refuses a job token that does not reach the project of the path (GitLab's allowlist 403). */
export function checkJobTokenReach(store: Store, caller: Caller, options: RouteOptions, segments: readonly string[]): void {
  const token = caller.jobToken;
  if (!token || segments[0] !== 'projects' || segments[1] === undefined) return;
  const project = store.findProject(safeDecode(segments[1]));
  if (!project || project.id === token.projectId) return;
  if (options.jobToken === 'public' && project.visibility === 'public') return;
  if (token.projectId !== undefined && store.jobTokenAllowlist.get(project.id)?.has(token.projectId)) return;
  const source = token.projectId === undefined ? undefined : store.projects.get(token.projectId);
  throw forbidden(`Authentication by CI/CD job token not allowed from ${source?.path ?? 'unknown'} to ${project.path}.`);
}

/** The answer for a moved project's old path, or undefined when the path is not one. */
export function movedProject(
  store: Store,
  caller: Caller,
  method: string,
  segments: readonly string[],
  rawQuery: string,
  origin: string,
): Reply | undefined {
  if (store.flavor !== 'gitlab' || segments[0] !== 'projects' || segments[1] === undefined) return undefined;
  const ref = safeDecode(segments[1]);
  if (/^\d+$/.test(ref) || store.findProject(ref)) return undefined;
  const id = store.redirectRoutes.get(ref.toLowerCase());
  const project = id === undefined ? undefined : store.projects.get(id);
  if (!project || !canReadProject(store, caller.user, project)) return undefined;
  if (method !== 'GET' && method !== 'HEAD') throw new HttpError(405, { message: 'Non GET methods are not allowed for moved projects' });
  const rest = segments
    .slice(2)
    .map((s) => `/${s}`)
    .join('');
  const location = `${origin}/api/v4/projects/${project.id}${rest}${rawQuery ? `?${rawQuery}` : ''}`;
  return {
    kind: 'bytes',
    status: 301,
    body: Buffer.from(`This resource has been moved permanently to ${location}`),
    contentType: 'text/plain',
    headers: { Location: location },
  };
}
