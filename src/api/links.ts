/** Parses an RFC 8288 `Link` header into rel → URL. */
export function parseLinkHeader(header: string | undefined): Record<string, string> {
  const links: Record<string, string> = {};
  if (!header) return links;
  for (const part of header.split(/,(?=\s*<)/)) {
    const m = /<([^>]*)>\s*(.*)/.exec(part.trim());
    if (!m) continue;
    const rel = /rel="?([^";]+)"?/i.exec(m[2] ?? '')?.[1];
    if (!rel) continue;
    for (const r of rel.trim().split(/\s+/)) links[r] = m[1]!;
  }
  return links;
}
