import { NOUNS, nounWords } from './commands/index.js';
import { excerpt, UsageError } from './errors.js';
import { closest } from './suggest.js';

/**
 * What people used to gh and glab type at the top level, and where it leads in collab: the nouns
 * they name otherwise, and the closest command to a slip. Nothing here runs a command for them.
 */

/** gh's and glab's nouns for what collab names otherwise. */
const OTHER_NOUNS: Readonly<Record<string, string>> = {
  pr: 'mr',
  prs: 'mr',
  ci: 'job',
  pipeline: 'job',
  pipelines: 'job',
  run: 'job',
  runs: 'job',
  repo: 'project',
  repos: 'project',
  org: 'group',
  orgs: 'group',
};

/** The words collab's own top-level commands answer to (a plural stands for its noun). */
function ownWords(): Map<string, string> {
  const words = new Map<string, string>();
  for (const entry of NOUNS) for (const w of nounWords(entry)) words.set(w, entry.name);
  words.set('help', 'help');
  return words;
}

/**
 * The usage error for an unknown top-level word: gh's or glab's name of a collab noun says which
 * (with the command line to type), a slip says the closest command.
 */
export function unknownCommand(operands: readonly string[]): UsageError {
  const [given = '', ...rest] = operands;
  const typed = excerpt(given);
  const ours = OTHER_NOUNS[given.toLowerCase()];
  if (ours !== undefined) {
    const line = ['collab', ours, ...rest.filter((w) => /^[\w./@-]+$/.test(w))].join(' ');
    return new UsageError(`unknown command "${typed}": collab calls it "${ours}"`, `try: ${line}`);
  }
  const words = ownWords();
  const match = closest(given, [...words.keys()]);
  const named = match === undefined ? undefined : words.get(match);
  const hint = named === undefined ? '' : `; did you mean "${named}"?`;
  return new UsageError(`unknown command "${typed}"${hint}`, 'collab --help lists the commands');
}

/** gh's `--json a,b`: collab's way to say it, one line (exit 2, nothing sent). */
export function jsonFlag(fields: unknown): UsageError {
  const named = typeof fields === 'string' && fields.trim() !== '' ? ` --fields ${excerpt(fields.trim())}` : '';
  return new UsageError(`--json is gh's flag: use -o json${named}`);
}
