import { ApiError } from '../errors.js';

/**
 * Projects renamed or transferred (GitLab 16.7+, lib/api/helpers.rb `find_project!`): a read by
 * the old path answers 301 to the same route with the numeric id (`url_with_project_id`); a write
 * answers 405 "Non GET methods are not allowed for moved projects". The client follows the 301
 * (same origin, under /api/v4: redirect.ts `apiRedirect`), resolves the project for a write and
 * sends it to the id; once a project is known to have moved, its later requests go to the id
 * directly. One instance per client: nothing outlives the run.
 */
export class MovedProjects {
  /** The old path's segment as sent (`acme%2Fold-web`) → the project's id. */
  private readonly ids = new Map<string, string>();
  private readonly told = new Set<string>();

  constructor(private readonly apiPrefix: string) {}

  /** `target` sent to the project's id when its path is known to have moved. */
  rewrite(target: string): string {
    const parts = this.projectOf(target);
    const id = parts && this.ids.get(parts.segment);
    return id === undefined || !parts ? target : `${this.apiPrefix}/projects/${id}${parts.rest}`;
  }

  /** A 301 followed from `from` to `to` (targets on our origin): a project's path for its id, when it is one. */
  redirected(from: string, to: string): void {
    const old = this.projectOf(from);
    const now = this.projectOf(to);
    if (!old || !now || !/^\d+$/.test(now.segment) || /^\d+$/.test(old.segment)) return;
    this.ids.set(old.segment, now.segment);
  }

  /** The moves not yet told: the old path (decoded) and the id. Each is told once a run. */
  untold(): { oldPath: string; id: string }[] {
    const out: { oldPath: string; id: string }[] = [];
    for (const [segment, id] of this.ids) {
      if (this.told.has(segment)) continue;
      this.told.add(segment);
      out.push({ oldPath: safeDecode(segment), id });
    }
    return out;
  }

  /** The project a write refused as moved was sent to by its path: that path's segment, to resolve by a read. */
  movedWrite(err: unknown, method: string, target: string): string | undefined {
    if (method === 'GET' || method === 'HEAD' || !isMovedWriteRefusal(err)) return undefined;
    const parts = this.projectOf(target);
    return parts && !/^\d+$/.test(parts.segment) && !this.ids.has(parts.segment) ? parts.segment : undefined;
  }

  /** Whether the path segment is known to have moved (resolved already). */
  known(segment: string): boolean {
    return this.ids.has(segment);
  }

  private projectOf(target: string): { segment: string; rest: string } | undefined {
    const prefix = `${this.apiPrefix}/projects/`;
    if (!target.startsWith(prefix)) return undefined;
    const tail = target.slice(prefix.length);
    const end = tail.search(/[/?]/);
    const segment = end === -1 ? tail : tail.slice(0, end);
    return segment === '' ? undefined : { segment, rest: end === -1 ? '' : tail.slice(end) };
  }
}

/** GitLab's 405 for a write by a moved project's old path (lib/api/helpers.rb `find_project!`). */
export function isMovedWriteRefusal(err: unknown): boolean {
  return err instanceof ApiError && err.status === 405 && /not allowed for moved projects/i.test(err.message);
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
