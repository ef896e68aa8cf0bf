import { isObject } from '../json.js';
import type { ApiResponse } from './answer.js';
import { asArray, intHeader, linkKey } from './page.js';

type Key = number | string;

/** The walk's memory: what was read, what repeated, what changed. */
export class Walk<T> {
  private readonly ids = new Set<Key>();
  private readonly pages = new Set<number>();
  private readonly links = new Set<string>();
  private previous: string | undefined;
  private previousItems: unknown[] | undefined;
  private firstTotal: number | undefined;
  private lastTotal: number | undefined;
  private stale = 0;
  private duplicates = 0;

  constructor(private readonly warn: (message: string) => void) {}

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
    const total = intHeader(res, 'x-total');
    // A list that grew by exactly a page between two reads repeats a page too; its total says so.
    const grew = total !== undefined && this.lastTotal !== undefined && total !== this.lastTotal;
    const fingerprint = items.length > 0 ? pageFingerprint(items) : undefined;
    if (fingerprint !== undefined && fingerprint === this.previous && !grew) {
      this.warn(`the server repeated page ${page ?? this.pages.size + 1} (the same items as the page before); stopping`);
      return undefined;
    }
    // The same items under new ids: a server that ignores `page` and numbers what it sends.
    if (fingerprint !== this.previous && this.previousItems !== undefined && sameContent(this.previousItems, items)) {
      this.warn(`the server repeated page ${page ?? this.pages.size + 1} (the same items as the page before, under other ids); stopping`);
      return undefined;
    }
    this.previous = fingerprint;
    this.previousItems = items;
    if (page !== undefined) this.pages.add(page);
    this.links.add(linkKey(res.url));
    if (total !== undefined) {
      this.firstTotal ??= total;
      this.lastTotal = total;
    }
    let fresh = items;
    for (let i = 0; i < items.length; i++) {
      const id = idOf(items[i]);
      if (id === undefined) continue;
      if (this.ids.has(id)) {
        if (fresh === items) fresh = items.slice(0, i);
        this.duplicates++;
        continue;
      }
      this.ids.add(id);
      if (fresh !== items) fresh.push(items[i]!);
    }
    // Whatever the headers claim, two pages in a row of nothing new is a server going round in circles.
    if (items.length > 0 && fresh.length === 0) {
      if (++this.stale >= 2) {
        this.warn(`the server sent only items already read, twice in a row (page ${page ?? '?'}); stopping`);
        return undefined;
      }
    } else this.stale = 0;
    return fresh;
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

/** What makes a page the same page: its ids in order (its JSON when items have no ids). */
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
