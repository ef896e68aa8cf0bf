/**
 * Suggested commands (the lines a hint asks people to paste) with every word that is not collab's
 * own quoted for a POSIX shell: a branch named `fix$(id>x)` is pasted as a branch name, never run.
 * The one way a hint puts a server's (or anyone's) word into a command; a leaf, importing nothing.
 */

/**
 * Characters a word may hold and still be read back as itself by sh, bash, dash and zsh without
 * quotes. A leading `=` (zsh expands `=cmd` to its path) or `~` (the home directory) is quoted.
 */
const PLAIN = /^[\w@%+:,./-]+(?:=[\w@%+:,./-]*)*$/;

/** One word as a POSIX shell reads it back literally: as it is when plain, else single-quoted. */
export function shellWord(word: string | number): string {
  const text = String(word);
  if (PLAIN.test(text)) return text;
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A command line built by `shellLine`: its text is pasted as is (never quoted again when nested). */
export class ShellLine {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/** What a suggested command interpolates: a word to quote, or a line already built. */
export type ShellPart = string | number | ShellLine;

/**
 * A tagged template for a suggested command: the template's own text is written as collab's code
 * spells it, every substitution is one quoted word (a `ShellLine` goes in as it is). A substitution
 * inside a word (`--branch ${b}-mr3`) is quoted where it stands, as shells join adjacent pieces.
 */
export function shellLine(strings: TemplateStringsArray, ...parts: readonly ShellPart[]): ShellLine {
  let text = strings[0] ?? '';
  parts.forEach((part, i) => {
    text += (part instanceof ShellLine ? part.text : shellWord(part)) + (strings[i + 1] ?? '');
  });
  return new ShellLine(text);
}
