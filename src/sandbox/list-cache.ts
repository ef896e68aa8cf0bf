const MAX_ENTRIES = 64;

/**
 * Remembers the filtered, sorted result of a list request for the pages that follow, so paging
 * through a 10,000-item list does not filter and sort every item again on every page. Any write
 * request (the store's `version`) makes every entry stale.
 */
export class ListCache {
  private readonly entries = new Map<string, { version: number; items: readonly unknown[] }>();

  /** The items remembered under `key` at this `version`, or those `compute` makes now. */
  get<T>(key: string, version: number, compute: () => T[]): T[] {
    const hit = this.entries.get(key);
    if (hit && hit.version === version) return hit.items as T[];
    const items = compute();
    this.entries.delete(key);
    this.entries.set(key, { version, items });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    return items;
  }
}

/** The key of a list request: caller, path and query without the page parameters. */
export function listKey(callerId: number | null, rawPath: string, rawQuery: string): string {
  const query = new URLSearchParams(rawQuery);
  for (const name of ['page', 'per_page', 'id_after', 'id_before']) query.delete(name);
  query.sort();
  return `${callerId ?? 'anonymous'} ${rawPath}?${query.toString()}`;
}
