/**
 * Moving a project to another namespace (GitLab flavour; the spec has only the admin's
 * `POST /groups/:id/projects/:project_id`): `PUT /projects/:id/transfer` (lib/api/projects.rb,
 * app/services/projects/transfer_service.rb). As after a rename, the old full path stays a
 * redirect route (project-route.ts `movedProject`): 301 for reads, 405 for writes.
 */
import { groupAccess, projectAccess, requireProject, requireUser } from '../access.js';
import type { Ctx } from '../context.js';
import { PROJECT } from '../entities/projects.js';
import { show } from '../entity.js';
import { forbidden, HttpError, missingParam, notFound } from '../errors.js';
import { MAINTAINER, OWNER, type Project, type User } from '../model.js';
import { json, type Reply } from '../reply.js';
import type { RouteTable } from '../router.js';
import type { Store } from '../store.js';

/** Puts `project` in `namespaceId`, its old full path kept as a redirect route (GitLab's RedirectRoute). */
export function moveProject(store: Store, project: Project, namespaceId: number): void {
  if (namespaceId === project.namespaceId) return;
  store.redirectRoutes.set(store.projectFullPath(project).toLowerCase(), project.id);
  project.namespaceId = namespaceId;
  project.lastActivityAt = store.now();
}

/** Whether a project of the same path or name is in the namespace already (`transfer`'s first check). */
export function takenIn(store: Store, project: Project, namespaceId: number): boolean {
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  for (const p of store.projects.values())
    if (p !== project && p.namespaceId === namespaceId && (same(p.path, project.path) || same(p.name, project.name))) return true;
  return false;
}

/** `can?(current_user, :transfer_projects, namespace)`: a group's maintainers, or the user's own namespace. */
function mayTransferInto(store: Store, user: User, namespaceId: number): boolean {
  if (user.admin) return true;
  const group = store.groups.get(namespaceId);
  if (group) return groupAccess(store, user, group) >= MAINTAINER;
  return user.namespaceId === namespaceId;
}

/** TransferService's refusal as the route renders it: `Failed to transfer project #{errors.messages}` (Ruby's Hash#inspect). */
const refused = (message: string) =>
  new HttpError(400, { message: `Failed to transfer project {:new_namespace=>[${JSON.stringify(message)}]}` });

function transferProject(ctx: Ctx): Reply {
  const project = requireProject(ctx);
  const user = requireUser(ctx);
  // authorize! :change_namespace — the project's owners.
  if (!user.admin && projectAccess(ctx.store, user, project) < OWNER) throw forbidden();
  const ref = ctx.params.str('namespace');
  if (ref === undefined || ref === '') throw missingParam('namespace');
  const namespaceId = ctx.store.findNamespace(ref);
  if (namespaceId === undefined) throw notFound('Namespace');
  if (namespaceId === project.namespaceId) throw refused('Project is already in this namespace.');
  if (!mayTransferInto(ctx.store, user, namespaceId)) throw refused("You don't have permission to transfer projects into that namespace.");
  if (takenIn(ctx.store, project, namespaceId)) throw refused('Project with same name or path in target namespace already exists');
  moveProject(ctx.store, project, namespaceId);
  return json(show(ctx, PROJECT, project, { single: true }));
}

export const projectTransferRoutes: RouteTable = [
  { method: 'PUT', path: '/projects/:id/transfer', handler: transferProject, flavor: 'gitlab' },
];
