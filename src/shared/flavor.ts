/**
 * Which dialect a host speaks: the spec's (shared/api) or GitLab's. What differs between them is
 * dialect.ts's; this module only names them. The client and the sandbox both read it.
 */
export const FLAVORS = ['spec', 'gitlab'] as const;
export type Flavor = (typeof FLAVORS)[number];

/** Whether a name (already trimmed and lower-cased) is a flavour's. */
export function isFlavor(value: string): value is Flavor {
  return (FLAVORS as readonly string[]).includes(value);
}
