import { OUTPUT_FORMATS } from './output/format.js';

/** The global flags as commander parses them (`--no-input` → input: false). */
export interface GlobalOptions {
  host?: string;
  sudo?: string;
  output?: string;
  /** `true`: `--fields` without names (list them). */
  fields?: string | true;
  header?: boolean;
  input?: boolean;
  color?: boolean;
  pager?: boolean;
  debug?: boolean;
  timeout?: string;
}

export interface GlobalFlag {
  /** commander's flag syntax: `-o, --output <format>`. */
  flags: string;
  description: string;
  choices?: readonly string[];
}

/** Every global flag, once: the root command, the argv scan below and the help test read this. */
export const GLOBAL_FLAGS: readonly GlobalFlag[] = [
  { flags: '--host <url>', description: 'instance base URL (env COLLAB_HOST)' },
  { flags: '--sudo <user>', description: 'act as another user (id or username; administrators)' },
  { flags: '-o, --output <format>', description: 'output format (env COLLAB_OUTPUT)', choices: OUTPUT_FORMATS },
  { flags: '--fields [a,b]', description: 'columns (table/tsv) or keys (json/ndjson) to print; alone, lists the fields of the command' },
  { flags: '--header', description: 'print a header row in tsv output' },
  { flags: '--no-input', description: 'never prompt (env COLLAB_NO_INPUT)' },
  { flags: '--no-color', description: 'no colour (env NO_COLOR)' },
  { flags: '--no-pager', description: 'never page long output on a terminal (env COLLAB_PAGER, PAGER; default less -FRX)' },
  { flags: '--debug', description: 'log each HTTP exchange to stderr, secrets redacted (env COLLAB_DEBUG)' },
  { flags: '--timeout <seconds>', description: 'per-request timeout' },
];

const namesOf = (flags: readonly GlobalFlag[]): Set<string> => new Set(flags.flatMap((f) => f.flags.split(/[ ,]+/).filter((w) => w.startsWith('-'))));

/** The names (`-o`, `--output`) of the global flags that take a value. */
export const GLOBAL_VALUE_FLAGS: ReadonlySet<string> = namesOf(GLOBAL_FLAGS.filter((f) => /[<[]/.test(f.flags)));

/** Those whose value may be left out (`--fields` alone): commander takes the next word unless it is a flag. */
const OPTIONAL_VALUE_FLAGS: ReadonlySet<string> = namesOf(GLOBAL_FLAGS.filter((f) => f.flags.includes('[')));

/** The first positional word of argv (the noun, or after it the verb), without parsing. */
export function firstPositional(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') return argv[i + 1];
    if (a.startsWith('-')) {
      if (GLOBAL_VALUE_FLAGS.has(a) && !(OPTIONAL_VALUE_FLAGS.has(a) && argv[i + 1]?.startsWith('-'))) i++;
      continue;
    }
    return a;
  }
  return undefined;
}
