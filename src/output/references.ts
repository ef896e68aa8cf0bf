/**
 * Lists that span projects: an issue's or merge request's number means nothing without its
 * project, so its `ref` column shows the full reference (`acme/web!3`) in table and tsv.
 */
import type { Column } from './columns.js';

interface Referable {
  references?: { full?: unknown };
  web_url?: unknown;
  iid?: unknown;
  project_id?: unknown;
}

const WEB_PATH = /^https?:\/\/[^/]+\/(.+?)\/(?:-\/)?(issues|merge_requests)\/\d+/;

/** `acme/web#3` from GitLab's `references.full`, else from the web URL's project path. */
export function fullReference(item: unknown): string | undefined {
  const o = item as Referable | null | undefined;
  if (typeof o?.references?.full === 'string') return o.references.full;
  if (typeof o?.web_url !== 'string' || o.iid === undefined) return undefined;
  const m = WEB_PATH.exec(o.web_url);
  return m ? `${m[1]}${m[2] === 'issues' ? '#' : '!'}${String(o.iid)}` : undefined;
}

/** The project path of an item, from its full reference. */
function projectPath(item: unknown): string | undefined {
  const ref = fullReference(item);
  const at = ref === undefined ? -1 : Math.max(ref.lastIndexOf('#'), ref.lastIndexOf('!'));
  return at > 0 ? ref!.slice(0, at) : undefined;
}

/**
 * Whether a list's items are shown by full reference: always when no one project was asked for
 * (`crossProject`: every project, or a group's), and when its items come from several projects or
 * from another project than the one asked for (issues a merge request closes elsewhere).
 */
export function spansProjects(items: readonly unknown[], list: { crossProject?: boolean; project?: string }): boolean {
  if (list.crossProject) return true;
  const asked = list.project ?? '';
  const byId = /^\d+$/.test(asked);
  const ids = new Set<string>();
  for (const item of items) {
    const id = (item as Referable | null)?.project_id;
    if (typeof id === 'number' || typeof id === 'string') ids.add(String(id));
    const path = projectPath(item)?.toLowerCase();
    if (asked && (byId ? id !== undefined && String(id) !== asked : path !== undefined && path !== asked.toLowerCase())) return true;
  }
  return ids.size > 1;
}

/** A `ref` column's cell in a list spanning projects: the item's full reference (undefined: the cell as it is). */
export function referenceCell(col: Column, item: unknown, crossProject: boolean): string | undefined {
  return col.kind === 'ref' && crossProject ? fullReference(item) : undefined;
}

/** A column's header: `ref` for a `ref` column in a list spanning projects. */
export function columnHeader(col: Column, crossProject: boolean): string {
  return col.kind === 'ref' && crossProject ? 'ref' : (col.header ?? col.key);
}
