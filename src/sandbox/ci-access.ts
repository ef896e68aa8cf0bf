import { canReadProject, projectAccess, requireProject, requireUser } from './access.js';
import type { Ctx } from './context.js';
import { forbidden } from './errors.js';
import { type Project, REPORTER, type User } from './model.js';

/**
 * Who may do what with a project's CI/CD, as GitLab's policies say (app/policies/project_policy.rb):
 * pipelines and jobs are read by reporters, or by anyone where the project and its jobs are public;
 * where the job token may go the server decides for every project route (project-route.ts).
 */

/** The project of the path. */
export function ciProject(ctx: Ctx): Project {
  return requireProject(ctx);
}

/** The caller's role on the project (admins count as owners). */
export function roleOn(ctx: Ctx, project: Project): number {
  if (!ctx.user) return 0;
  return ctx.user.admin ? 50 : projectAccess(ctx.store, ctx.user, project);
}

/** `read_pipeline`/`read_build`: reporters, or anyone where the project's jobs are public. */
export function requireBuildsReader(ctx: Ctx): Project {
  const project = ciProject(ctx);
  const open = project.features.public_jobs && project.visibility !== 'private' && canReadProject(ctx.store, ctx.user, project);
  if (!project.features.jobs_enabled || (roleOn(ctx, project) < REPORTER && !open)) throw forbidden();
  return project;
}

/** At least `level` on the project, else GitLab's 403 (401 without a user). */
export function requireRole(ctx: Ctx, project: Project, level: number): User {
  const user = requireUser(ctx);
  if (roleOn(ctx, project) < level) throw forbidden();
  return user;
}
