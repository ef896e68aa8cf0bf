/** How git writes a path it names: in a patch, and in --name-only and --stat lists. */

const ESCAPES: Record<string, string> = {
  '\u0007': 'a',
  '\b': 'b',
  '\t': 't',
  '\n': 'n',
  '\u000b': 'v',
  '\f': 'f',
  '\r': 'r',
  '"': '"',
  '\\': '\\',
};

/** A path as git writes it in a patch: C-quoted (`"a/t\tab"`) when it has a quote, backslash or control character. */
export function patchPath(prefix: string, name: string): string {
  if (!/[\u0000-\u001f"\\\u007f]/.test(name)) return `${prefix}${name}`;
  const quoted = [...`${prefix}${name}`]
    .map((c) => {
      if (ESCAPES[c] !== undefined) return `\\${ESCAPES[c]}`;
      const code = c.codePointAt(0)!;
      return code < 0x20 || code === 0x7f ? `\\${code.toString(8).padStart(3, '0')}` : c;
    })
    .join('');
  return `"${quoted}"`;
}
