import type { FilePart } from '../api/multipart.js';
import type { Context } from '../context.js';
import type { Flavor } from '../shared/flavor.js';
import { isObject } from '../shared/json.js';
import { type ShellLine, shellWord } from '../shell-quote.js';
import type { ParamType } from './validate.js';

/**
 * What a command takes, as declared (its flags and positional arguments), and the values they are
 * parsed into (src/executor/values.ts) before any hook sees them.
 */

/** What a name may be given for, and looked up before sending (src/executor/lookup.ts). */
export type LookupKind = 'user' | 'project' | 'group' | 'label' | 'milestone' | 'job';

/** A typed flag. Its value is checked before anything is sent (exit 2 naming the flag). */
export interface FlagSpec {
  /** Long name without dashes: `assignee-ids`. One letter: a flag with no long name (`-H`, where a global flag has the long one). */
  name: string;
  /** One-letter alias: `t` for `-t`. */
  short?: string;
  /** The API parameter it fills; default: the name with `-` → `_`. `false`: used by hooks only. */
  param?: string | false;
  type: ParamType;
  choices?: readonly string[];
  min?: number;
  max?: number;
  description: string;
  /** Placeholder in help (`<ids>`); derived from the type when absent. */
  value?: string;
  required?: boolean;
  /** Asked on a terminal when missing (implies required elsewhere). */
  prompt?: string;
  /**
   * Other tools' names for this flag, hidden from help but completed and accepted: the name → whose
   * it is (`{ label: 'glab', 'add-label': 'gh' }` on `--add-labels`).
   */
  aliases?: Readonly<Record<string, string>>;
  /** A boolean that also has `--no-<name>` (sends false). */
  negatable?: boolean;
  /** Flags that cannot be combined with this one. */
  conflicts?: readonly string[];
  /** `path`: the value fills the placeholder `:param` of the path instead of a query or body parameter. */
  in?: 'path';
  hidden?: boolean;
  /**
   * It acts on this machine beyond reading a file (`mr create --push` runs git push with the
   * checkout's credentials): `collab mcp serve` offers no such input, and turns it off where it is negatable.
   */
  local?: boolean;
  /** May be given several times; its value is then the list of every value given. */
  repeatable?: boolean;
  /**
   * The value is a file path (`-` for stdin), read before anything is sent: `text` sends the file's
   * text as the parameter; `part` sends its bytes as the file part `param`, as multipart form data.
   */
  file?: 'text' | 'part';
  /** A path on this machine the command writes (see `Disk`); a `file` flag reads one. */
  disk?: Disk;
  /** An id, or a name looked up before sending (after `prepare`, which still sees the name): the parameter gets the id. */
  lookup?: LookupKind;
  /**
   * A user filter's `none` and `any` (any case): `true` sends GitLab's `None` and `Any` (nobody
   * assigned, somebody assigned) and looks nothing up; `false` refuses them (an author is never
   * nobody). `@none` still names a user called none.
   */
  wildcards?: boolean;
  /**
   * The parameter that takes a username itself on GitLab (`author_username`): on a host known to be
   * GitLab the name goes there and nothing is looked up.
   */
  byName?: string;
  /** Used when the flag is not given (sent like a given value; help says so). */
  default?: string;
  /**
   * What a missing flag is worked out to (the current git branch, the project's default branch),
   * asked for only when it is missing: the prompt's default on a terminal, used as given elsewhere.
   * Undefined: nothing to suggest, and the flag stays missing.
   */
  suggest?(ctx: Context, v: Values): Promise<string | undefined>;
  /**
   * The flag a suggestion comes from (`mr create --title` from `--related-issue`): without it there
   * is nothing to suggest, so a missing value is exit 2 before anything is read.
   */
  suggestFrom?: string;
  /**
   * A boolean that fills other flags (`mr create --fill`): given, the flags still missing once
   * suggestions are in take the values it works out (by flag name), and nothing is asked.
   */
  fill?(ctx: Context, v: Values): Promise<Readonly<Record<string, string | undefined>>>;
  /**
   * Markdown people write (a description): the command takes `--editor`, which opens `$VISUAL` or
   * `$EDITOR` for it (starting from the current text on an update), and a create offers it on a
   * terminal when none is given.
   */
  markdown?: boolean;
}

/** A positional argument; named like the path placeholder it fills (`iid` → `:iid`). */
export interface ArgSpec {
  name: string;
  type: 'int' | 'id' | 'string' | 'path';
  description: string;
  optional?: boolean;
  /** The only values it takes (`bash`, `zsh`, `fish`): commander refuses others. */
  choices?: readonly string[];
  /** The last argument takes one or more values (`<file...>`): its value is the list of them. */
  variadic?: boolean;
  /** A web URL of this kind is accepted too (`https://host/acme/api/-/issues/42`); it sets the project. */
  url?: 'issues' | 'merge_requests' | 'jobs' | 'pipelines';
  /** An id, or a name looked up before sending. */
  lookup?: LookupKind;
  /**
   * A branch may stand for it (src/executor/branch-arg.ts): given in its place, or, when the
   * argument is absent, the branch checked out where collab runs; the open object of that source
   * branch is looked up before any hook reads the argument.
   */
  fromBranch?: BranchKind;
  /** A path on this machine the command reads or writes (see `Disk`). */
  disk?: Disk;
}

/**
 * What a value names on this machine: a file the command reads (`read`; `-`: standard input), a
 * file it writes (`write`, a download; `-`: standard output), the same where leaving it out writes
 * to standard output (`write-or-stdout`), or a directory it extracts into (`dir`). `collab mcp
 * serve` keeps such paths under its --root, and asks for a `write-or-stdout` one (it answers JSON).
 */
export type Disk = 'read' | 'write' | 'write-or-stdout' | 'dir';

/** What a branch can stand for: the open merge request whose source branch it is. */
export type BranchKind = 'merge_requests';

/** What a flag of each type holds once parsed. */
interface Parsed {
  string: string;
  int: number;
  id: number;
  number: number;
  bytes: number;
  bool: boolean;
  date: string;
  datetime: string;
  duration: string;
  weight: number;
  enum: string;
  intList: number[];
  stringList: string[];
  csv: string;
  branch: string;
}

type FlagValue<F extends FlagSpec> = F extends { lookup: LookupKind }
  ? Parsed[F['type']] extends unknown[]
    ? number[]
    : number
  : F extends { repeatable: true }
    ? Parsed[F['type']][]
    : Parsed[F['type']];

type ArgOfType<T extends ArgSpec['type']> = T extends 'int' | 'id' ? number : string;

type ArgValue<A extends ArgSpec> = A extends { lookup: LookupKind }
  ? number
  : A extends { variadic: true }
    ? ArgOfType<A['type']>[]
    : ArgOfType<A['type']>;

/** The parsed flags of a declaration, by name: `{ ref?: string; follow?: boolean }`. */
type FlagValues<F extends readonly FlagSpec[]> = { [K in F[number] as K['name']]?: FlagValue<K> };

/** The parsed arguments of a declaration, by name; optional ones may be absent. */
type ArgValues<A extends readonly ArgSpec[]> = {
  [K in A[number] as K extends { optional: true } ? never : K['name']]: ArgValue<K>;
} & { [K in A[number] as K extends { optional: true } ? K['name'] : never]?: ArgValue<K> };

/** A successful answer as the hooks read it: the JSON object the server sent, if it sent one. */
export type Answer = Readonly<Record<string, unknown>> | undefined;

/** The answer's JSON object, or undefined when it is not one (a list, a scalar, nothing). */
export const asAnswer = (data: unknown): Answer => (isObject(data) ? data : undefined);

/** The values a command runs with, all validated (names looked up by the time hooks other than `prepare` see them). */
export interface Values<
  F extends readonly FlagSpec[] = readonly FlagSpec[],
  A extends readonly ArgSpec[] = readonly ArgSpec[],
  /** What `seen` holds: the object as read, or a typed one (`mr merge`'s merge request). */
  S = Answer,
> {
  args: ArgValues<A>;
  /** Flag values by name (`assignee-ids`). */
  flags: FlagValues<F>;
  /** API parameters built from flags (`assignee_ids`). */
  params: Record<string, unknown>;
  /** File parts: when there are any, the request goes as multipart form data. */
  files: FilePart[];
  project?: string;
  /**
   * The project as the person named it (`-p 7`, `-p acme/web`, or a URL argument's project): what
   * a hint's command line repeats, so that it runs where theirs did. Undefined when it was inferred.
   */
  projectGiven?: string;
  group?: string;
  /** List options (`--per-page`, `--page`, `--all`, `--limit`, `--concurrency`). */
  page: { perPage?: number; page?: number; all?: boolean; limit?: number; concurrency?: number };
  yes: boolean;
  /** `--editor`: the declaration's Markdown flag is written in the editor. */
  editor?: boolean;
  /** `--web`: open the object's web page instead of printing it (views of resources that have one). */
  web?: boolean;
  /**
   * The branch an argument stands for (`ArgSpec.fromBranch`): given, or checked out. Until the
   * prepare stage looks it up, the argument holds the branch's name.
   */
  branchOf?: { arg: string; branch: string; checkedOut: boolean };
  /**
   * The object as read before the request: to confirm an irreversible command on a terminal (what
   * the person agreed to), or by `prepare`, to work a change out from it (a draft's title); an
   * "already so" check takes it rather than reading again.
   */
  seen?: S;
  /** The host's dialect as far as it is known when the request goes (set by the executor): the request was sent in it. */
  flavor?: Flavor;
  /** Flags given by another of their names (`add-labels` → `label`, glab's): named so in errors. */
  givenAs?: Record<string, string>;
  /** Flags whose names were looked up, as they were typed (`@me`, `carol`): what a list says it asked for. */
  typed?: Record<string, unknown>;
  /** A bulk run (several ids, or `--stdin`): each item runs with its value in `args` (src/executor/bulk.ts). */
  bulk?: { items: BulkItem[]; concurrency: number; fromStdin: boolean };
}

/** One id of a bulk run, and its project when the input named one (a web URL, an object's `project_id`). */
export interface BulkItem {
  value: number | string;
  project?: string;
}

/**
 * `collab mr view 3 -p acme/web`: a command line for a hint, with the project the person gave (as
 * they gave it); `words` is built by `shellLine`, so every word not collab's own is quoted.
 */
export function commandLine(v: Values, words: ShellLine): string {
  return `collab ${words.text}${v.projectGiven !== undefined ? ` -p ${shellWord(v.projectGiven)}` : ''}`;
}
