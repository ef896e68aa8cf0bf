import type { Ctx } from './context.js';

const MAX_ENTRIES = 64;

/**
 * Remembers the filtered, sorted result of a list request for the pages that follow, so paging
 * through a 10,000-item list does not filter and sort every item again on every page. Any write
 * request (the store's `version`) makes every entry stale.
 */
export class ListCache {
  private readonly entries = new Map<string, { version: number; items: readonly unknown[] }>();

  get<T>(ctx: Ctx, compute: () => T[]): T[] {
    const key = cacheKey(ctx);
    const hit = this.entries.get(key);
    if (hit && hit.version === ctx.store.version) return hit.items as T[];
    const items = compute();
    this.entries.delete(key);
    this.entries.set(key, { version: ctx.store.version, items });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    return items;
  }
}

/** Caller, path and query without the page parameters. */
function cacheKey(ctx: Ctx): string {
  const query = new URLSearchParams(ctx.rawQuery);
  query.delete('page');
  query.delete('per_page');
  query.sort();
  return `${ctx.user?.id ?? 'anonymous'} ${ctx.rawPath}?${query.toString()}`;
}
