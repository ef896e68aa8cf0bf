import { type Flavor, serverName } from '../api/dialect.js';
import type { Store } from './store.js';

export type { Flavor } from '../api/dialect.js';

/** An object the views build with the spec's names, named as this sandbox's flavour names it. */
export function inDialect(store: Store, view: Record<string, unknown>): Record<string, unknown> {
  if (store.flavor === 'spec') return view;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(view)) out[serverName(name, store.flavor)] = value;
  return out;
}

/** The name a request parameter has in this sandbox's flavour (a server ignores the other name). */
export function paramName(store: Store, specName: string): string {
  return serverName(specName, store.flavor);
}

export const isFlavor = (value: unknown): value is Flavor => value === 'spec' || value === 'gitlab';
