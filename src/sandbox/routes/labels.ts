import { requireProject, requireUser } from '../access.js';
import type { Ctx } from '../context.js';
import { PROJECT_LABEL } from '../entities/labels.js';
import { show } from '../entity.js';
import { paginate } from '../pagination.js';
import type { Reply } from '../reply.js';
import type { RouteTable } from '../router.js';

/** A project's labels by name; `search` keeps those whose name contains it (lib/api/labels.rb). */
function listProjectLabels(ctx: Ctx): Reply {
  requireUser(ctx);
  const project = requireProject(ctx);
  const search = ctx.params.str('search')?.toLowerCase();
  const labels = ctx.store
    .projectLabels(project.id)
    .filter((l) => search === undefined || l.name.toLowerCase().includes(search))
    .sort((a, b) => a.name.localeCompare(b.name));
  return paginate(ctx, labels, (l) => show(ctx, PROJECT_LABEL, l));
}

/**
 * `GET /projects/:id/labels`: not in the spec's endpoint list, but real servers have it, board lists
 * need label ids from it (both flavours serve it), and `collab project labels` lists it.
 */
export const labelRoutes: RouteTable = [{ method: 'GET', path: '/projects/:id/labels', handler: listProjectLabels }];
