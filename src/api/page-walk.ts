import { isObject } from '../shared/json.js';
import type { ApiResponse } from './answer.js';
import { asArray, intHeader, linkKey } from './page.js';

type Key = number | string;

/**
 * Empty pages followed in a row, each naming a next page, when the server states no page count: a
 * list GitLab emptied after paging (hidden notes) stays within it; a server that never ends does not.
 */
export const MAX_EMPTY_PAGES = 100;

/**
 * The walk's memory: what was read, what repeated, what changed. Items are told apart by their
 * `id` only when the list's items are known to carry unique ids (`unique`: collab's own resources);
 * otherwise (`collab api`: a repository tree gives identical files one id) nothing is left out, and
 * a page counts as read before only when all of it was.
 */
export class Walk<T> {
  private readonly ids = new Set<Key>();
  /** Without unique ids: the pages read, by a hash of their JSON. */
  private readonly pageHashes = new Set<string>();
  private readonly pages = new Set<number>();
  private readonly links = new Set<string>();
  private previous: string | undefined;
  private previousItems: unknown[] | undefined;
  private firstTotal: number | undefined;
  private lastTotal: number | undefined;
  private stale = 0;
  private emptyRun = 0;
  private duplicates = 0;
  /** The list is read again from its start (by keyset, after offset pagination was refused): items read already are expected. */
  private replaying = false;

  constructor(
    private readonly warn: (message: string) => void,
    private readonly unique: boolean,
  ) {}

  /**
   * The new items of a page answered for `asked`, or undefined when the walk must stop here (the
   * server repeated itself); notices say why.
   */
  accept(res: ApiResponse<unknown>, asked: number | undefined): T[] | undefined {
    const items = asArray<T>(res);
    const answered = intHeader(res, 'x-page');
    if (asked !== undefined && answered !== undefined && answered !== asked && items.length > 0) {
      this.warn(`the server answered page ${answered} when asked for page ${asked} (does it ignore the page parameter?); stopping`);
      return undefined;
    }
    const page = answered ?? asked;
    if (items.length > 0) this.emptyRun = 0;
    else if (intHeader(res, 'x-total-pages') === undefined && ++this.emptyRun > MAX_EMPTY_PAGES) {
      this.warn(`the server sent ${MAX_EMPTY_PAGES} empty pages in a row, each naming a next one (page ${page ?? '?'}); stopping`);
      return undefined;
    }
    // What makes a page the same page: its ids in order, or (ids unknown) a hash of its JSON.
    const fingerprint = items.length === 0 ? undefined : this.unique ? pageFingerprint(items) : String(stringHash(JSON.stringify(items)));
    if (this.repeated(res, items, page, fingerprint)) return undefined;
    if (page !== undefined) this.pages.add(page);
    this.links.add(linkKey(res.url));
    const total = intHeader(res, 'x-total');
    if (total !== undefined) {
      this.firstTotal ??= total;
      this.lastTotal = total;
    }
    const fresh = this.unique ? this.freshItems(items) : items;
    // Whatever the headers claim, two pages in a row of nothing new is a server going round in circles.
    const nothingNew = fingerprint !== undefined && (this.unique ? fresh.length === 0 : this.pageSeen(fingerprint));
    if (!nothingNew || this.replaying) this.stale = 0;
    else if (++this.stale >= 2) {
      this.warn(`the server sent only items already read, twice in a row (page ${page ?? '?'}); stopping`);
      return undefined;
    }
    return fresh;
  }

  /** Whether the page repeats the one before (the same ids, or without ids the same JSON), with a notice. */
  private repeated(res: ApiResponse<unknown>, items: T[], page: number | undefined, fingerprint: string | undefined): boolean {
    const total = intHeader(res, 'x-total');
    // A list that grew by exactly a page between two reads repeats a page too; its total says so.
    const grew = total !== undefined && this.lastTotal !== undefined && total !== this.lastTotal;
    const which = page ?? this.pages.size + 1;
    if (fingerprint !== undefined && fingerprint === this.previous && !grew) {
      this.warn(`the server repeated page ${which} (the same items as the page before); stopping`);
      return true;
    }
    // The same items under new ids: a server that ignores `page` and numbers what it sends.
    if (this.unique && fingerprint !== this.previous && this.previousItems !== undefined && sameContent(this.previousItems, items)) {
      this.warn(`the server repeated page ${which} (the same items as the page before, under other ids); stopping`);
      return true;
    }
    this.previous = fingerprint;
    this.previousItems = items;
    return false;
  }

  /** The items of a page not read before, by id. */
  private freshItems(items: T[]): T[] {
    let fresh = items;
    for (let i = 0; i < items.length; i++) {
      const id = idOf(items[i]);
      if (id === undefined) continue;
      if (this.ids.has(id)) {
        if (fresh === items) fresh = items.slice(0, i);
        if (!this.replaying) this.duplicates++;
        continue;
      }
      this.ids.add(id);
      if (fresh !== items) fresh.push(items[i]!);
    }
    return fresh;
  }

  /** Whether this very page was read before (its items are printed all the same: nothing is left out). */
  private pageSeen(fingerprint: string): boolean {
    const seen = this.pageHashes.has(fingerprint);
    this.pageHashes.add(fingerprint);
    return seen;
  }

  /**
   * The list is read again from its start, in another order (by keyset): the items read so far
   * are left out without counting as duplicates, and pages of nothing new do not stop the walk.
   */
  replay(): void {
    this.replaying = true;
    this.pages.clear();
    this.links.clear();
    this.previous = undefined;
    this.previousItems = undefined;
    this.stale = 0;
  }

  /** Whether X-Total moved since the first page. */
  get changed(): boolean {
    return this.firstTotal !== undefined && this.lastTotal !== this.firstTotal;
  }

  seenPage(page: number): boolean {
    return this.pages.has(page);
  }

  seenLink(url: string): boolean {
    return this.links.has(linkKey(url));
  }

  /** A notice when the list changed under the walk. */
  finish(): void {
    if (!this.changed && this.duplicates === 0) return;
    const how = this.changed ? ` (X-Total ${this.firstTotal} → ${this.lastTotal})` : '';
    const dups = this.duplicates > 0 ? `; ${this.duplicates} duplicate${this.duplicates === 1 ? '' : 's'} left out` : '';
    this.warn(`the list changed while it was read${how}${dups}; items added or removed meanwhile may be missing`);
  }
}

function idOf(item: unknown): Key | undefined {
  if (item === null || typeof item !== 'object') return undefined;
  const id = (item as { id?: unknown }).id;
  return typeof id === 'number' || typeof id === 'string' ? id : undefined;
}

/** A page of items with ids, as its ids in order (its JSON when some item has none). */
function pageFingerprint(items: unknown[]): string {
  const ids: Key[] = [];
  for (const item of items) {
    const id = idOf(item);
    if (id === undefined) return JSON.stringify(items);
    ids.push(id);
  }
  return JSON.stringify(ids);
}

/** Whether two non-empty pages hold the same objects but for their ids (`id`, `iid`); the first item decides most pages. */
function sameContent(a: unknown[], b: unknown[]): boolean {
  if (a.length === 0 || a.length !== b.length) return false;
  // An item with nothing but ids says nothing about its content.
  const withoutIds = (i: unknown) => {
    if (!isObject(i)) return undefined;
    const { id: _id, iid: _iid, ...rest } = i;
    return Object.keys(rest).length > 0 ? JSON.stringify(rest) : undefined;
  };
  for (let k = 0; k < a.length; k++) {
    const x = withoutIds(a[k]);
    if (x === undefined || x !== withoutIds(b[k])) return false;
  }
  return true;
}

/** A 53-bit hash of a string (cyrb53): pages compared without keeping their text. */
function stringHash(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
