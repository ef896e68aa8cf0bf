/** Global options that take a value: skipped when looking for the command words in argv. */
const VALUE_OPTIONS = new Set(['--host', '--sudo', '-o', '--output', '--fields', '--timeout']);

/** The first positional word of argv (the noun, or after it the verb), without parsing. */
export function firstPositional(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') return argv[i + 1];
    if (a.startsWith('-')) {
      if (VALUE_OPTIONS.has(a)) i++;
      continue;
    }
    return a;
  }
  return undefined;
}
