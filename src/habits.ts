import { findNoun, NOUNS, nounWords } from './commands/index.js';
import { excerpt, UsageError } from './errors.js';
import { GLOBAL_VALUE_FLAGS } from './global-flags.js';
import { GIT_CLONE, HABITS, type Habit } from './habits-table.js';
import { shellLine, shellWord } from './shell-quote.js';
import { closest } from './suggest.js';

/**
 * What people used to gh and glab type, and where it leads in collab: their verbs (the table in
 * src/habits-table.ts), the nouns they name otherwise, and the closest command to a slip. A hint
 * names a command that exists and parses with the words given, `-p` kept; where collab has no
 * equivalent it says so. Nothing here runs a command for them.
 */

/** gh's and glab's nouns for what collab names otherwise (their verbs not in the table keep their name). */
const OTHER_NOUNS: Readonly<Record<string, string>> = {
  pr: 'mr',
  prs: 'mr',
  run: 'pipeline',
  runs: 'pipeline',
  repo: 'project',
  repos: 'project',
  org: 'group',
  orgs: 'group',
};

/** What was typed after the noun and verb: the words, the project (`-p`, or gh's `-R/--repo`), collab's flags for the habit's. */
interface Typed {
  words: string[];
  project?: string;
  flags: string[];
}

const PROJECT_FLAGS = new Set(['-p', '--project', '-R', '--repo']);

/**
 * The words typed after the first `skip` words of argv, the project flag's value, and collab's
 * flags for the habit's (`flags`, from the habit's table entry). Other flags are left out, and so
 * is every word after a flag collab does not know (it may be that flag's value).
 */
function typedAfter(argv: readonly string[], skip: number, flags: Readonly<Record<string, string>> = {}): Typed {
  const typed: Typed = { words: [], flags: [] };
  let seen = 0;
  let unsure = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const [name, inline] =
      a.startsWith('--') && a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    if (PROJECT_FLAGS.has(name)) {
      typed.project = inline ?? argv[++i];
      continue;
    }
    const ours = Object.hasOwn(flags, name) ? flags[name] : undefined;
    if (ours !== undefined) {
      const value = ours.endsWith(' <v>') ? (inline ?? argv[++i]) : undefined;
      if (ours.endsWith(' <v>') && value !== undefined) typed.flags.push(`${ours.slice(0, -4)} ${shellWord(value)}`);
      else if (ours !== '' && !ours.endsWith(' <v>')) typed.flags.push(ours);
      continue;
    }
    if (a.startsWith('-')) {
      if (inline === undefined && GLOBAL_VALUE_FLAGS.has(a)) i++;
      else if (seen > skip) unsure = true;
      continue;
    }
    if (seen++ >= skip && !unsure) typed.words.push(a);
  }
  return typed;
}

/** The habit for what was typed (`ci trace`, `runs list`, `pipelines artifact`: a plural or collab's `ci` noun read as glab's). */
function habitFor(noun: string, verb: string | undefined): Habit | undefined {
  const n = noun.toLowerCase();
  const nouns = findNoun(n)?.name === 'pipeline' ? ['ci'] : [n, n.replace(/s$/, '')];
  for (const name of nouns) {
    const habit = HABITS.find((h) => h.words === `${name} ${verb?.toLowerCase()}` || h.words === name);
    if (habit) return habit;
  }
  return undefined;
}

/** One of the habit's command lines with the typed words in place (a missing one left out, with the flag before it). */
function fill(line: string, typed: Typed, host: string | undefined, takesProject: boolean): string {
  const out: string[] = [];
  for (const token of line.split(' ')) {
    const at = /^<(\d)>$/.exec(token);
    if (!at) out.push(token);
    else if (typed.words[Number(at[1]) - 1] !== undefined) out.push(shellWord(typed.words[Number(at[1]) - 1]!));
    else if (out.at(-1)?.startsWith('-')) out.pop();
  }
  if (out[0] === GIT_CLONE) return gitClone(out[1], host);
  const project = typed.project !== undefined && takesProject ? ` -p ${shellWord(typed.project)}` : '';
  return `collab ${[...out, ...new Set(typed.flags)].join(' ')}${project}`;
}

/** `git clone <url>` of a project given by its path on the host in use; a numeric id is looked up by collab. */
function gitClone(project: string | undefined, host: string | undefined): string {
  if (project === undefined) return 'collab project view --fields http_url_to_repo';
  const path = project.replace(/^'|'$/g, '');
  if (/^\d+$/.test(path) || host === undefined) return `${shellLine`collab project view ${path} --fields http_url_to_repo`}`;
  return `${shellLine`git clone ${`${host}/${path}.git`}`}`;
}

/** The usage error for a habit: its command lines to try, or that collab has none. */
function habitError(typedWords: string, habit: Habit, typed: Typed, host: string | undefined): UsageError {
  const said = `unknown command "${excerpt(typedWords)}"`;
  if (!habit.collab) return new UsageError(`${said}: collab has no equivalent`, habit.none);
  const lines = habit.collab.map((line) => fill(line, typed, host, habit.project !== false));
  if (habit.collab[0]!.startsWith(GIT_CLONE)) return new UsageError(`${said}: cloning is git's`, `try: ${lines.join('; ')}`);
  const ours = [...new Set(habit.collab.map((line) => line.split(' <')[0]!.split(' -')[0]!))].join('" and "');
  return new UsageError(`${said}: collab calls it "${ours}"`, `try: ${lines.join('; ')}`);
}

/** The words collab's own top-level commands answer to (a plural stands for its noun). */
function ownWords(): Map<string, string> {
  const words = new Map<string, string>();
  for (const entry of NOUNS) for (const w of nounWords(entry)) words.set(w, entry.name);
  words.set('help', 'help');
  return words;
}

/**
 * The usage error for an unknown top-level word: gh's or glab's words say collab's command (with
 * the line to type, `-p` kept), a slip says the closest command. `host`: the host in use, for a
 * `git clone` URL.
 */
export function unknownCommand(argv: readonly string[], host?: string): UsageError {
  const first = typedAfter(argv, 0);
  const [given = '', verb] = first.words;
  const habit = habitFor(given, verb);
  const typed = habit?.flags ? typedAfter(argv, 0, habit.flags) : first;
  const rest = { ...typed, words: typed.words.slice(habit?.words.includes(' ') ? 2 : 1) };
  if (habit) return habitError(habit.words.includes(' ') ? `${given} ${verb}` : given, habit, rest, host);
  const ours = OTHER_NOUNS[given.toLowerCase()];
  if (ours !== undefined) {
    const line = `collab ${[ours, ...typed.words.slice(1)].map(shellWord).join(' ')}${typed.project !== undefined ? ` -p ${shellWord(typed.project)}` : ''}`;
    return new UsageError(`unknown command "${excerpt(given)}": collab calls it "${ours}"`, `try: ${line}`);
  }
  const words = ownWords();
  const match = closest(given, [...words.keys()]);
  const named = match === undefined ? undefined : words.get(match);
  const hint = named === undefined ? '' : `; did you mean "${named}"?`;
  return new UsageError(`unknown command "${excerpt(given)}"${hint}`, 'collab --help lists the commands');
}

/**
 * The usage error for an unknown verb of a known noun (`path`: the noun's words, `collab mr`):
 * another tool's verb says collab's command; a slip the closest verb; anything else says plainly
 * that the noun has no such verb, never an edit-distance guess that means something else.
 */
export function unknownVerb(path: readonly string[], verbs: readonly string[], argv: readonly string[], host?: string): UsageError {
  const first = typedAfter(argv, path.length);
  const typedNoun = typedAfter(argv, 0).words[0] ?? path[0]!;
  const verb = first.words[0] ?? '';
  const habit = path.length === 1 ? habitFor(typedNoun, verb) : undefined;
  if (habit) {
    const typed = habit.flags ? typedAfter(argv, path.length, habit.flags) : first;
    return habitError(`${typedNoun} ${verb}`, habit, { ...typed, words: typed.words.slice(1) }, host);
  }
  const said = `unknown command "${excerpt([...path, verb].join(' '))}"`;
  const match = closest(verb, verbs);
  if (match !== undefined) return new UsageError(`${said}; did you mean "${path.join(' ')} ${match}"?`);
  return new UsageError(`${said}: collab ${path.join(' ')} has no such verb`, `collab ${path.join(' ')} --help lists them`);
}

/** gh's `--json a,b`: collab's way to say it, one line (exit 2, nothing sent). */
export function jsonFlag(fields: unknown): UsageError {
  const named = typeof fields === 'string' && fields.trim() !== '' ? ` --fields ${excerpt(fields.trim())}` : '';
  return new UsageError(`--json is gh's flag: use -o json${named}`);
}
