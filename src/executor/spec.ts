import type { AnswerShape } from '../api/answer-check.js';
import type { Context } from '../context.js';
import type { CollabError } from '../errors.js';
import type { FlagUse } from '../global-flags.js';
import type { Column } from '../output/columns.js';
import type { Answer, ArgSpec, FlagSpec, Values } from './inputs.js';

/**
 * A command as data: what it is called, what it takes, the endpoint it calls, what it prints and
 * what a write takes care of. The executor runs every declaration through the same stages
 * (`STAGES`, below); a hook is a function of the declaration that one stage calls.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The stages of a declared command, in the order the executor runs them (src/executor/execute.ts
 * loops over this list), and the hooks each one calls, in order. A bulk run asks once for the
 * whole batch before `prepare`, runs `prepare` and `lookup` once, then `lookup`, `send` and
 * `print` per item (src/executor/bulk.ts).
 */
export const STAGES = [
  {
    name: 'values',
    hooks: ['flags.suggest'],
    does: 'argv parsed into typed values (src/executor/values.ts); exit 2 before anything is sent',
  },
  { name: 'fields', hooks: [], does: '--fields checked against the columns; alone, it lists them and the run ends' },
  { name: 'refuse', hooks: ['confirm.question'], does: 'an irreversible command without --yes, where nobody can be asked, stops' },
  {
    name: 'prepare',
    hooks: ['prepare'],
    does: 'the object a branch stands for found, file flags read, Markdown written in the editor, `prepare`, GitLab-only flags refused',
  },
  { name: 'lookup', hooks: [], does: 'names given for ids looked up (src/executor/lookup.ts)' },
  { name: 'confirm', hooks: ['confirm.read', 'confirm.details', 'confirm.question'], does: 'on a terminal: the object read, named, asked' },
  {
    name: 'send',
    hooks: ['run', 'already.notice', 'explain', 'notModified.notice'],
    does: '`run`, or the request (src/executor/send.ts); an error answer explained by its status',
  },
  { name: 'print', hooks: ['done', 'print'], does: 'the answer printed, or what the write did in one line (src/executor/print.ts)' },
] as const;

export type StageName = (typeof STAGES)[number]['name'];

/** Who the command is: its words and its help. */
interface CommandHelp {
  /** The verb: `list`, `view`, `reset-estimate`. */
  name: string;
  aliases?: readonly string[];
  summary: string;
  description?: string;
  /** Full command lines, shown in help and man pages. At least one. */
  examples: readonly string[];
  /** Text shown in help between the options and the examples (the keys `config` knows). */
  notes?: string;
  /** Shown in help: needs an administrator. */
  admin?: boolean;
}

/** The request it sends, or the `run` in its place. */
interface CommandEndpoint<F extends readonly FlagSpec[], A extends readonly ArgSpec[], S> {
  /** The endpoint: method and path (`/projects/:project/issues/:iid`: placeholders from args, path flags, `project`, `group`). */
  method?: Method;
  path?: string | ((v: Values<F, A, S>) => string);
  /** A paginated list: adds `--per-page`, `--page`, `--all`, `--limit`. */
  list?: boolean;
  /** The endpoint may answer a redirect on the API's own routes (GitLab's `permalink/latest`): it is followed. */
  followRedirects?: boolean;
  /**
   * The JSON a 2xx must be, checked before anything is printed (see `expectedAnswer` for the
   * default); declared where the answer is not a resource with an id (time stats, an upload).
   */
  answer?: AnswerShape;
  /**
   * List filters only GitLab takes (`wip`), applied by collab to each page where the host speaks
   * the spec's dialect (its servers ignore them): the parameter → whether an item stays.
   */
  filterLocally?: Readonly<Record<string, (item: Answer, value: unknown) => boolean>>;
  /** Parameters always sent (`state_event: 'close'`). */
  fixed?: Readonly<Record<string, unknown>>;
  /** Error answers explained, by status (401 included), whether the request was the endpoint's or a `run`'s. */
  explain?: Readonly<Record<number, Explain<Values<F, A, S>>>>;
  /** Custom behaviour in place of the endpoint call, for what no declaration expresses (downloads, merge, login). */
  run?(ctx: Context, v: Values<F, A, S>): Promise<void>;
  /**
   * What the command does, where `method` does not say it (a `run`): `read` sends only reads, as a
   * GET does; `write` changes something on the server; `local` works on this machine (a checkout).
   * Default: `read` for a GET, else `write` — a `run` that declares nothing counts as a write.
   * `collab mcp serve` offers reads, writes with --allow-writes, never what is local (and what
   * `answersSecrets` only with --allow-secrets).
   */
  effect?: Effect;
  /** It makes another project of this one (a fork): a `collab mcp serve` pinned to one project does not offer it. */
  makesProject?: boolean;
}

export type Effect = 'read' | 'write' | 'local';

/** What a command does: its declared `effect`, else what its method says (a `run` without one: a write). */
export function effectOf(spec: Pick<CommandSpec, 'effect' | 'method'>): Effect {
  return spec.effect ?? (spec.method === 'GET' ? 'read' : 'write');
}

/** What it takes: arguments, flags, the project or group, many ids; the last checks. */
interface CommandInput<F extends readonly FlagSpec[], A extends readonly ArgSpec[], S> {
  args?: A;
  flags?: F;
  /** Adds `-p, --project`; `optional` resolves it when it can and leaves it unset otherwise. */
  project?: 'required' | 'optional';
  /** Adds `-g, --group`; `id` is required too, and a path is looked up: the endpoint takes the numeric id only. */
  group?: 'required' | 'optional' | 'id';
  /** At least one of the flags must be given (updates). */
  requireOne?: boolean;
  /**
   * A verb that takes many: the argument of this name (the last one; also the key of the JSON
   * objects read) takes several values, or `--stdin` reads them (one a line, or the objects of
   * `-o ndjson`/`-o json`). Items go `--concurrency` at once under the client's one rate-limit
   * budget; `prepare` and file flags run once for the batch; one result is printed per item.
   */
  bulk?: 'iid' | 'id';
  /**
   * A bulk verb whose answer is a new object (a retried job): in the batch's records (-o json,
   * ndjson) a success is that object, as a single run prints it, with `ok: true` and the id given
   * under this key; `--fields` takes the answer's fields.
   */
  bulkAnswer?: string;
  /**
   * Last checks and changes to the parameters (a file's text, a prompt for what is missing). Runs
   * before names are looked up; a usage error here means nothing was sent.
   */
  prepare?(ctx: Context, v: Values<F, A, S>): Promise<void> | void;
}

/** What it prints. */
interface CommandOutput<F extends readonly FlagSpec[], A extends readonly ArgSpec[], S> {
  /** The columns of its answer: what table and tsv show, and the fields `--fields` may name. */
  columns?: Column[];
  /** What a list's items are called where its path does not say it all (`issues this merge request closes`). */
  listNoun?: string | ((v: Values<F, A, S>) => string | undefined);
  /** Table and tsv print the answer as one row of `columns` rather than a field/value view. */
  row?: boolean;
  /** Table and tsv show `*token*` fields instead of masking them (a secret printed once, when created). */
  revealSecrets?: boolean;
  /** Shows the answer in place of the printer's view (a diff, a markdown link); `false`: nothing is printed. */
  print?: ((ctx: Context, v: Values<F, A, S>, data: unknown) => Promise<void>) | false;
  /** The answer is what people ran the command for (a secret shown once, a Markdown link): printed on a terminal too. */
  showAnswer?: boolean;
  /**
   * Its answer is secret values: CI/CD variables' values, a token's secret shown once. `collab mcp
   * serve` offers it only with --allow-secrets, so that no credential reaches an assistant unasked.
   */
  answersSecrets?: boolean;
  /**
   * What global flags a `run` is changed by, where the rest of the declaration does not say it:
   * `output` for one that prints data of its own (`-o`, `--jq`; `--fields` takes any names
   * without `columns`), `prompt` for one that may ask (`--no-input`).
   */
  uses?: readonly FlagUse[];
}

/** What a write takes care of: asking first, what is already so, and saying what it did. */
interface CommandWrite<F extends readonly FlagSpec[], A extends readonly ArgSpec[], S> {
  /** Irreversible: the executor asks on a terminal, naming the object; elsewhere `--yes` is required (exit 2, nothing sent). */
  confirm?: Confirm<Values<F, A, S>>;
  /**
   * A state change that may be no change: the resource (at `read`, a path template, else the
   * command's path) is read first, and when `notice` says it is already so (`Issue #12 (…) is
   * already closed`), nothing is sent: exit 0, the notice, and the current resource printed as a
   * 304's would be.
   */
  already?: {
    read?: string;
    /**
     * Only then can it be so already, or is what it was worth reading first (the `done` line
     * compares it with the answer, in `v.seen`); default: always.
     */
    when?(v: Values<F, A, S>, ctx: Context): boolean;
    notice(v: Values<F, A, S>, current: Answer): string | undefined;
  };
  /**
   * A 304 means "already so": a notice, then the current resource from `refetch` (a path
   * template), printed with `columns` when it is another kind than the answer (a todo's issue).
   */
  notModified?: { notice: (v: Values<F, A, S>) => string; refetch?: string; columns?: Column[] };
  /**
   * What a write did, in one line (`Closed issue #12 (Crash on save)`): on a terminal it stands in
   * for the object (a ✓ line on stderr); elsewhere it follows the printed object on stderr.
   */
  done?(v: Values<F, A, S>, answer: Answer, status: number): string | { notice: string } | undefined;
}

export interface CommandSpec<
  F extends readonly FlagSpec[] = readonly FlagSpec[],
  A extends readonly ArgSpec[] = readonly ArgSpec[],
  /** What the confirmation reads (`v.seen`): the object itself, by default. */
  S = Answer,
> extends CommandHelp,
    CommandInput<F, A, S>,
    CommandEndpoint<F, A, S>,
    CommandOutput<F, A, S>,
    CommandWrite<F, A, S> {}

/**
 * What an irreversible command confirms (enforced by src/executor/confirm.ts). On a terminal the
 * object is read first, so the question names it by its title or path; off a terminal nothing is
 * read and nothing sent without `--yes`.
 */
export interface Confirm<V extends { seen?: unknown } = Values> {
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
  read?: string | false | ((ctx: Context, v: V) => Promise<V['seen']>);
  /**
   * Lines shown above the question (what a merge would do), from the object read; it may read
   * more, and refuse (an error: nothing is sent).
   */
  details?(ctx: Context, object: V['seen'], v: V): string[] | Promise<string[]>;
}

/**
 * What an error answer of one status means for this command: a hint to add, or a better error to
 * report instead (it may read more to find out); undefined keeps the error as it is.
 */
type Explain<V> = (ctx: Context, v: V, err: CollabError) => string | Error | undefined | Promise<string | Error | undefined>;

/**
 * A command declaration whose hooks see the values of its own flags and arguments, typed:
 * `v.flags.ref` is a `string | undefined` when `ref` is declared a string flag.
 */
export function defineCommand<const F extends readonly FlagSpec[] = [], const A extends readonly ArgSpec[] = [], S = Answer>(
  spec: CommandSpec<F, A, S>,
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
  /**
   * Every verb's argument of this name (`projectArg`, `groupArg` in src/executor/subject.ts) is
   * the positional form of `-p` or `-g`: `collab project view acme/web`.
   */
  subject?: 'project' | 'group';
}

export function defineNoun(spec: NounSpec): NounSpec {
  return spec;
}

/** Where a top-level command is listed in the root help: only `Resources` act on the server's objects. */
export type Section = 'Resources' | 'Access' | 'Tools';

/** A declared command where it stands in the tree (src/commands/tree.ts walks it). */
export interface DeclaredCommand {
  /** The words after `collab`: `['user', 'key', 'add']`. */
  path: string[];
  spec: CommandSpec;
  /** The noun it belongs to (a top-level command has none). */
  noun?: NounSpec;
  /** The argument that is the positional form of `-p` or `-g` here (a noun's `subject`, inherited). */
  subject?: NounSpec['subject'];
  /** The section of its top-level noun. */
  section: Section;
}
