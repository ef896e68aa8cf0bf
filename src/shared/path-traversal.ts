/**
 * GitLab's `file_path: true` parameter check (lib/api/validations/validators/file_path.rb →
 * Gitlab::PathTraversal#check_path_traversal!): the value is decoded once more (CGI.unescape via
 * Gitlab::Utils.decode_path, which refuses it when decoding again would change it: `%25xx`,
 * `%2B`), then refused for a `..` component (`/` or `\` separated), a lone `.`, or a line break.
 * Generic package paths are checked with it by `package upload|download` and by the sandbox.
 */

/** Ruby's CGI.unescape: `+` is a space, `%xx` a byte; the bytes read as UTF-8. */
export function cgiUnescape(s: string): string {
  const parts = s.split(/(%[0-9A-Fa-f]{2})/);
  const bytes = parts.map((p, i) => (i % 2 === 1 ? Buffer.from([Number.parseInt(p.slice(1), 16)]) : Buffer.from(p.replace(/\+/g, ' '))));
  return Buffer.concat(bytes).toString('utf8');
}

/** PathTraversal's PATH_TRAVERSAL_REGEX_WITH_NEWLINE. */
const TRAVERSAL = /^\.{1,2}$|^\.\.[/\\]|[/\\]\.\.$|[/\\]\.\.[/\\]|\n/;

/** Why GitLab refuses the path as a file path, or undefined when it takes it. */
export function pathTraversal(path: string): 'encoded twice' | 'traversal' | undefined {
  const decoded = cgiUnescape(path);
  if (cgiUnescape(decoded) !== decoded) return 'encoded twice';
  return TRAVERSAL.test(decoded) ? 'traversal' : undefined;
}
