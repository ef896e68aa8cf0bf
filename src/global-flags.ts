import type { Command, Option } from 'commander';

/** The `-o` formats, in the order help and messages list them (src/output/formats.ts has a writer for each). */
export const OUTPUT_FORMATS = ['table', 'tsv', 'json', 'ndjson'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export function isOutputFormat(name: string): name is OutputFormat {
  return (OUTPUT_FORMATS as readonly string[]).includes(name);
}

/** `--color <when>`: `auto` is the environment's choice (a terminal, NO_COLOR, FORCE_COLOR). */
export const COLOR_CHOICES = ['always', 'never', 'auto'] as const;
export type ColorChoice = (typeof COLOR_CHOICES)[number];

/** The global flags as commander parses them (`--no-input` → input: false). */
export interface GlobalOptions {
  host?: string;
  sudo?: string;
  output?: string;
  /** `true`: `--fields` without names (list them). */
  fields?: string | true;
  rawFields?: boolean;
  header?: boolean;
  input?: boolean;
  /** `--color <when>`, or false for `--no-color`. */
  color?: string | false;
  pager?: boolean;
  debug?: boolean;
  timeout?: string;
  retries?: string;
  jq?: string;
  raw?: boolean;
}

/** What a command does that a global flag changes: print data (`-o`, `--fields`), or ask (`--no-input`). */
export type FlagUse = 'output' | 'prompt' | 'wait';

interface GlobalFlag {
  /** commander's flag syntax: `-o, --output <format>`. */
  flags: string;
  description: string;
  choices?: readonly string[];
  /** Shown in the help of every command that does this (the root help shows every flag). */
  matters?: FlagUse;
}

/** Every global flag, once: the root command, the argv scan below and the help test read this. */
export const GLOBAL_FLAGS: readonly GlobalFlag[] = [
  { flags: '--host <url>', description: 'instance base URL (env COLLAB_HOST)' },
  { flags: '--sudo <user>', description: 'act as another user (id or username; administrators)' },
  { flags: '-o, --output <format>', description: 'output format (env COLLAB_OUTPUT)', choices: OUTPUT_FORMATS, matters: 'output' },
  {
    flags: '--fields [a,b]',
    description:
      'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command',
    matters: 'output',
  },
  {
    flags: '--raw-fields',
    description: "on a terminal, every field of the object (each key and its value) instead of the view's summary",
    matters: 'output',
  },
  { flags: '--header', description: 'print a header row in tsv output', matters: 'output' },
  { flags: '--no-input', description: 'never prompt (env COLLAB_NO_INPUT)', matters: 'prompt' },
  {
    flags: '--color <when>',
    description: 'colour: auto (a terminal, unless NO_COLOR), always (piped too, despite NO_COLOR), never',
    choices: COLOR_CHOICES,
  },
  { flags: '--no-color', description: 'no colour, as --color never (env NO_COLOR)' },
  {
    flags: '--no-pager',
    description: 'never page long output on a terminal (env COLLAB_PAGER, PAGER; default less -FRX)',
    matters: 'output',
  },
  { flags: '--debug', description: 'log each HTTP exchange to stderr, secrets redacted (env COLLAB_DEBUG)' },
  {
    flags: '--timeout <duration>',
    description:
      'one deadline per request, retries included (seconds or 90s, 10m, 1h; default 300); a waiting command stops waiting then (exit 124)',
    matters: 'wait',
  },
  {
    flags: '--retries <n>',
    description: 'how often a failed read, or a request the server throttled, is tried again (env COLLAB_RETRIES; default 4)',
  },
  { flags: '--jq <expr>', description: 'filter the JSON output with jq (implies -o json; -o ndjson: per item)', matters: 'output' },
  { flags: '-r, --raw', description: 'with --jq: print strings without quotes, as jq -r', matters: 'output' },
];

const namesOf = (flags: readonly GlobalFlag[]): Set<string> =>
  new Set(flags.flatMap((f) => f.flags.split(/[ ,]+/).filter((w) => w.startsWith('-'))));

/** Whether what a command does (as `showGlobalFlags` was told) is changed by flags of this use. */
export function usesFlag(cmd: Command, use: FlagUse): boolean {
  return (cmd as Command & { collabUses?: readonly FlagUse[] }).collabUses?.includes(use) === true;
}

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

/**
 * A command's help also lists the global flags that matter to what it does (`-o` and `--fields`
 * where it prints data, `--no-input` where it may ask), under "Global options". What it does is
 * kept on the command: `--jq` is refused where `-o` does not matter (see `usesFlag`).
 */
export function showGlobalFlags<C extends Command>(cmd: C, uses: readonly FlagUse[]): C {
  (cmd as Command & { collabUses?: readonly FlagUse[] }).collabUses = uses;
  const wanted = new Set(GLOBAL_FLAGS.filter((f) => f.matters !== undefined && uses.includes(f.matters)).map((f) => f.flags));
  if (wanted.size === 0) return cmd;
  cmd.configureHelp({
    showGlobalOptions: true,
    visibleGlobalOptions: (c: Command) => {
      const found: Option[] = [];
      for (let p = c.parent; p; p = p.parent) found.push(...p.options.filter((o) => !o.hidden && wanted.has(o.flags)));
      return found;
    },
    styleTitle: (title: string) => (title === 'Global Options:' ? 'Global options (every one: collab --help):' : title),
  });
  return cmd;
}
