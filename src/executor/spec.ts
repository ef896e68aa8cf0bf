import type { AnswerShape } from '../api/answer-check.js';
import type { Flavor } from '../api/dialect.js';
import type { FilePart } from '../api/multipart.js';
import type { Context } from '../context.js';
import type { CollabError } from '../errors.js';
import { isObject } from '../json.js';
import type { Column } from '../output/format.js';
import type { ParamType } from './validate.js';

/** What a name may be given for, and looked up before sending (src/executor/lookup.ts). */
export type LookupKind = 'user' | 'project' | 'group' | 'label' | 'milestone';

/** A typed flag. Its value is checked before anything is sent (exit 2 naming the flag). */
export interface FlagSpec {
  /** Long name without dashes: `assignee-ids`. */
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
  /** A boolean that also has `--no-<name>` (sends false). */
  negatable?: boolean;
  /** Flags that cannot be combined with this one. */
  conflicts?: readonly string[];
  /** `path`: the value fills the placeholder `:param` of the path instead of a query or body parameter. */
  in?: 'path';
  /** Lists go as `name[]=` in queries; `csv` sends them comma-joined instead. */
  arrayFormat?: 'brackets' | 'csv';
  hidden?: boolean;
  /** May be given several times; its value is then the list of every value given. */
  repeatable?: boolean;
  /**
   * The value is a file path (`-` for stdin), read before anything is sent: `text` sends the file's
   * text as the parameter; `part` sends its bytes as the file part `param`, as multipart form data.
   */
  file?: 'text' | 'part';
  /** An id, or a name looked up before sending (after `prepare`, which still sees the name): the parameter gets the id. */
  lookup?: LookupKind;
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
  /** A web URL of this kind is accepted too (`https://host/acme/api/-/issues/42`); it sets the project. */
  url?: 'issues' | 'merge_requests' | 'jobs';
  /** An id, or a name looked up before sending. */
  lookup?: LookupKind;
}

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
}

type FlagValue<F extends FlagSpec> = F extends { lookup: LookupKind }
  ? Parsed[F['type']] extends unknown[]
    ? number[]
    : number
  : F extends { repeatable: true }
    ? Parsed[F['type']][]
    : Parsed[F['type']];

type ArgOfType<T extends ArgSpec['type']> = T extends 'int' | 'id' ? number : string;

type ArgValue<A extends ArgSpec> = A extends { lookup: LookupKind } ? number : ArgOfType<A['type']>;

/** The parsed flags of a declaration, by name: `{ ref?: string; follow?: boolean }`. */
export type FlagValues<F extends readonly FlagSpec[]> = { [K in F[number] as K['name']]?: FlagValue<K> };

/** The parsed arguments of a declaration, by name; optional ones may be absent. */
export type ArgValues<A extends readonly ArgSpec[]> = {
  [K in A[number] as K extends { optional: true } ? never : K['name']]: ArgValue<K>;
} & { [K in A[number] as K extends { optional: true } ? K['name'] : never]?: ArgValue<K> };

/** The values a command runs with, all validated (names looked up by the time hooks other than `prepare` see them). */
export interface Values<F extends readonly FlagSpec[] = readonly FlagSpec[], A extends readonly ArgSpec[] = readonly ArgSpec[]> {
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
  /** The object as read to confirm an irreversible command on a terminal (what the person agreed to). */
  seen?: Answer;
  /** The host's dialect as far as it is known when the request goes (set by the executor): the request was sent in it. */
  flavor?: Flavor;
  /** A bulk run (several ids, or `--stdin`): each item runs with its value in `args` (src/executor/bulk.ts). */
  bulk?: { items: BulkItem[]; concurrency: number; fromStdin: boolean };
}

/** One id of a bulk run, and its project when the input named one (a web URL, an object's `project_id`). */
export interface BulkItem {
  value: number | string;
  project?: string;
}

/** The values that fill a path's placeholders: arguments, path flags, the project and the group. */
export function pathValues(v: Values): Record<string, unknown> {
  return { ...v.args, project: v.project, group: v.group };
}

/** The command's path template for these values (its `path`, or what its function gives). */
export function pathTemplate(spec: CommandSpec, v: Values): string | undefined {
  return typeof spec.path === 'function' ? spec.path(v) : spec.path;
}

/** A successful answer as the hooks read it: the JSON object the server sent, if it sent one. */
export type Answer = Readonly<Record<string, unknown>> | undefined;

/** The answer's JSON object, or undefined when it is not one (a list, a scalar, nothing). */
export const asAnswer = (data: unknown): Answer => (isObject(data) ? data : undefined);

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * What an irreversible command confirms (enforced by src/executor/confirm.ts). On a terminal the
 * object is read first, so the question names it by its title or path; off a terminal nothing is
 * read and nothing sent without `--yes`.
 */
export interface Confirm<V = Values> {
  /** `yes`: a yes/no question (default no); `type-path`: the person types the path of the project or group, as `gh repo delete` asks. */
  mode: 'yes' | 'type-path';
  /**
   * The question, starting with its verb (`Delete issue #12 in acme/web?`); `name` is the object's
   * title or path once read (put it in with `titled`). Off a terminal it becomes the refusal.
   */
  question(v: V, name: string | undefined): string;
  /**
   * Where the object is read to name it: a path template (default: the command's own path, for a
   * DELETE), a function for what a template cannot say, or `false` (named from the command line).
   */
  read?: string | false | ((ctx: Context, v: V) => Promise<Answer>);
  /** Lines shown above the question (what a merge would do). */
  details?(ctx: Context, object: Answer, v: V): string[];
}

/**
 * What an error answer of one status means for this command: a hint to add, or a better error to
 * report instead (it may read more to find out); undefined keeps the error as it is.
 */
export type Explain<V> = (ctx: Context, v: V, err: CollabError) => string | Error | undefined | Promise<string | Error | undefined>;

export interface CommandSpec<F extends readonly FlagSpec[] = readonly FlagSpec[], A extends readonly ArgSpec[] = readonly ArgSpec[]> {
  /** The verb: `list`, `view`, `reset-estimate`. */
  name: string;
  aliases?: readonly string[];
  summary: string;
  description?: string;
  /** Full command lines, shown in help and man pages. At least one. */
  examples: readonly string[];
  args?: A;
  flags?: F;
  /** Adds `-p, --project`; `optional` resolves it when it can and leaves it unset otherwise. */
  project?: 'required' | 'optional';
  /** Adds `-g, --group`; `id` is required too, and a path is looked up: the endpoint takes the numeric id only. */
  group?: 'required' | 'optional' | 'id';
  /** Shown in help: needs an administrator. */
  admin?: boolean;
  /** Table and tsv show `*token*` fields instead of masking them (a secret printed once, when created). */
  revealSecrets?: boolean;
  /** The endpoint: method and path (`/projects/:project/issues/:iid`: placeholders from args, path flags, `project`, `group`). */
  method?: Method;
  path?: string | ((v: Values<F, A>) => string);
  /** A paginated list: adds `--per-page`, `--page`, `--all`, `--limit`. */
  list?: boolean;
  /**
   * The JSON a 2xx must be, checked before anything is printed (see `expectedAnswer` for the
   * default); declared where the answer is not a resource with an id (time stats, an upload).
   */
  answer?: AnswerShape;
  columns?: Column[];
  /** Table and tsv print the answer as one row of `columns` rather than a field/value view. */
  row?: boolean;
  /** Irreversible: the executor asks on a terminal, naming the object; elsewhere `--yes` is required (exit 2, nothing sent). */
  confirm?: Confirm<Values<F, A>>;
  /** At least one of the flags must be given (updates). */
  requireOne?: boolean;
  /** Parameters always sent (`state_event: 'close'`). */
  fixed?: Readonly<Record<string, unknown>>;
  /**
   * Last checks and changes to the parameters (a file's text, a prompt for what is missing). Runs
   * before names are looked up; a usage error here means nothing was sent.
   */
  prepare?(ctx: Context, v: Values<F, A>): Promise<void> | void;
  /** Error answers explained, by status (401 included). */
  explain?: Readonly<Record<number, Explain<Values<F, A>>>>;
  /**
   * A 304 means "already so": a notice, then the current resource from `refetch` (a path
   * template), printed with `columns` when it is another kind than the answer (a todo's issue).
   */
  notModified?: { notice: (v: Values<F, A>) => string; refetch?: string; columns?: Column[] };
  /**
   * A state change that may be no change: the resource (at `read`, a path template, else the
   * command's path) is read first, and when `notice` says it is already so (`Issue #12 (…) is
   * already closed`), nothing is sent: exit 0, the notice, and the current resource printed as a
   * 304's would be.
   */
  already?: { read?: string; notice(v: Values<F, A>, current: Answer): string | undefined };
  /** Shows the answer in place of the printer's view (a diff, a markdown link); `false`: nothing is printed. */
  print?: ((ctx: Context, v: Values<F, A>, data: unknown) => Promise<void>) | false;
  /**
   * What a write did, in one line (`Closed issue #12 (Crash on save)`): on a terminal it stands in
   * for the object (a ✓ line on stderr); elsewhere it follows the printed object on stderr.
   */
  done?(v: Values<F, A>, answer: Answer, status: number): string | { notice: string } | undefined;
  /** The answer is what people ran the command for (a secret shown once, a Markdown link): printed on a terminal too. */
  showAnswer?: boolean;
  /** Custom behaviour in place of the endpoint call, for what no declaration expresses (downloads, merge). */
  run?(ctx: Context, v: Values<F, A>): Promise<void>;
  /**
   * A verb that takes many: the argument of this name (the last one; also the key of the JSON
   * objects read) takes several values, or `--stdin` reads them (one a line, or the objects of
   * `-o ndjson`/`-o json`). Items go `--concurrency` at once under the client's one rate-limit
   * budget; `prepare` and file flags run once for the batch; one result is printed per item.
   */
  bulk?: 'iid' | 'id';
}

/** A word as a shell reads it back: quoted when it holds anything but plain characters. */
const shellWord = (word: string) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);

/** `collab mr view 3 -p acme/web`: a command line for a hint, with the project the person gave (as they gave it). */
export function commandLine(v: Values, words: string): string {
  return `collab ${words}${v.projectGiven !== undefined ? ` -p ${shellWord(v.projectGiven)}` : ''}`;
}

/** Collections whose members collab reports by `iid` (`#5`, `!7`). */
const BY_IID = new Set(['issues', 'merge_requests']);

/**
 * The JSON a declared command expects of a 2xx: a list for lists; nothing or an object for
 * DELETE; otherwise an object: carrying `iid` when the path names an issue or merge request (or
 * their collection), `id` when it names another resource by its placeholder (`/jobs/:id`), and
 * at least one field for anything else (a creation, an action's answer).
 */
export function expectedAnswer(spec: Pick<CommandSpec, 'answer' | 'list'>, method: string, template: string): AnswerShape {
  if (spec.answer) return spec.answer;
  if (spec.list) return { kind: 'list' };
  if (method === 'DELETE') return { kind: 'optional' };
  // The resource the path names: its last segment, a member's placeholder (`/:iid`) set aside.
  const path = template.split('?')[0]!;
  const resource =
    path
      .replace(/\/:[^/]+$/, '')
      .split('/')
      .pop() ?? '';
  if (BY_IID.has(resource)) return { kind: 'object', key: 'iid' };
  return /\/:[^/]+$/.test(path) ? { kind: 'object', key: 'id' } : { kind: 'object' };
}

/** Resources with a page in the web UI (`web_url`): their `view` takes `--web`. */
const WEB_PAGES = new Set(['issues', 'merge_requests', 'jobs', 'projects', 'groups', 'users']);

/** Whether a declaration shows one object that has a web page: `view` of an issue, a project, a user… */
export function opensWebPage(spec: Pick<CommandSpec, 'name' | 'method' | 'path' | 'list'>): boolean {
  if (spec.name !== 'view' || spec.method !== 'GET' || spec.list || typeof spec.path !== 'string') return false;
  const resource = spec.path
    .split('?')[0]!
    .split('/')
    .filter((s) => s !== '' && !s.startsWith(':'))
    .pop();
  return resource !== undefined && WEB_PAGES.has(resource);
}

/**
 * A command declaration whose hooks see the values of its own flags and arguments, typed:
 * `v.flags.ref` is a `string | undefined` when `ref` is declared a string flag.
 */
export function defineCommand<const F extends readonly FlagSpec[] = [], const A extends readonly ArgSpec[] = []>(
  spec: CommandSpec<F, A>,
): CommandSpec {
  // The executor builds exactly the values these declarations describe; it handles them untyped.
  return spec as unknown as CommandSpec;
}

export interface NounSpec {
  name: string;
  summary: string;
  description?: string;
  aliases?: readonly string[];
  commands: readonly CommandSpec[];
  /** Nested nouns (`user key`). */
  nouns?: readonly NounSpec[];
}

export function defineNoun(spec: NounSpec): NounSpec {
  return spec;
}
