/**
 * Where a description's links lead. GitLab writes an upload as `/uploads/<secret>/<file>`, relative
 * to the project: printed as written it leads nowhere, so it is made absolute against the project's
 * web URL; any other path from the root, against the server.
 */

/**
 * The web URL that a description's `/uploads/…` links are relative to: the project's, which is
 * the object's own `web_url` up to `/-/` (an issue's or merge request's), or all of it (a project's).
 */
export function webBase(item: unknown): string | undefined {
  const url = (item as { web_url?: unknown } | null)?.web_url;
  if (typeof url !== 'string' || !/^https?:\/\/[^/]/i.test(url)) return undefined;
  const cut = url.indexOf('/-/');
  return (cut >= 0 ? url.slice(0, cut) : url).replace(/\/+$/, '');
}

export function resolveLink(href: string, base: string | undefined): string {
  if (base === undefined || !href.startsWith('/') || href.startsWith('//')) return href;
  if (href.startsWith('/uploads/')) return base + href;
  try {
    return new URL(base).origin + href;
  } catch {
    return href;
  }
}

// Linear however hostile the HTML: a tag ends at the next `<` if not at `>`, an unclosed quote at the tag's end.
const IMG = /<img\b[^<>]*>/gi;
const ATTRIBUTE = /\s(src|alt)\s*=\s*(?:"([^"]*)"?|'([^']*)'?|([^\s"'>]+))/gi;

/** Each `<img>` tag in a piece of HTML, and what it shows: its alt text and address. */
export function htmlImages(html: string): { start: number; end: number; alt: string; src: string }[] {
  const found: { start: number; end: number; alt: string; src: string }[] = [];
  for (const m of html.matchAll(IMG)) {
    const attrs: Record<string, string> = {};
    for (const a of m[0].matchAll(ATTRIBUTE)) attrs[a[1]!.toLowerCase()] = a[2] ?? a[3] ?? a[4] ?? '';
    found.push({ start: m.index, end: m.index + m[0].length, alt: attrs.alt ?? '', src: attrs.src ?? '' });
  }
  return found;
}
