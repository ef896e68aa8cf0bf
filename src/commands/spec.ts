import type { Context } from '../context.js';
import type { Column } from '../output/format.js';
import type { ParamType } from '../validate.js';

/** A typed flag. Its value is checked before anything is sent (exit 2 naming the flag). */
export interface FlagSpec {
  /** Long name without dashes: `assignee-ids`. */
  name: string;
  /** One-letter alias: `t` for `-t`. */
  short?: string;
  /** The API parameter it fills; default: the name with `-` → `_`. `false`: used by custom code only. */
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
  conflicts?: string[];
  /** Where the parameter goes; default: query for GET/DELETE, JSON body for POST/PUT. */
  in?: 'query' | 'body';
  /** Lists go as `name[]=` in queries; `csv` sends them comma-joined instead. */
  arrayFormat?: 'brackets' | 'csv';
  hidden?: boolean;
  /** May be given several times; its value is then the list of every value given. */
  repeatable?: boolean;
}

/** A positional argument; named like the path placeholder it fills (`iid` → `:iid`). */
export interface ArgSpec {
  name: string;
  type: 'int' | 'id' | 'string' | 'path';
  description: string;
  optional?: boolean;
  /** A web URL of this kind is accepted too (`https://host/acme/api/-/issues/42`); it sets the project. */
  url?: 'issues' | 'merge_requests' | 'jobs';
}

/** The values a command runs with, all validated. */
export interface Values {
  args: Record<string, unknown>;
  /** Flag values by camel-less name (`assignee-ids`). */
  flags: Record<string, unknown>;
  /** API parameters built from flags (`assignee_ids`). */
  params: Record<string, unknown>;
  project?: string;
  group?: string;
  /** List options (`--per-page`, `--page`, `--all`, `--limit`, `--concurrency`). */
  page: { perPage?: number; page?: number; all?: boolean; limit?: number; concurrency?: number };
  yes: boolean;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface CommandSpec {
  /** The verb: `list`, `view`, `reset-estimate`. */
  name: string;
  aliases?: string[];
  summary: string;
  description?: string;
  /** Full command lines, shown in help and man pages. At least one. */
  examples: string[];
  args?: ArgSpec[];
  flags?: FlagSpec[];
  /** Adds `-p, --project`; `optional` resolves it when it can and leaves it unset otherwise. */
  project?: 'required' | 'optional';
  /** Adds `-g, --group`. */
  group?: 'required' | 'optional';
  /** A plain endpoint call. */
  method?: Method;
  /** `/projects/:project/issues/:iid`: placeholders from args, `project`, `group`. */
  path?: string | ((v: Values) => string);
  /**
   * The endpoints this command calls (lines of api/endpoints.txt, e.g. `GET /projects/:id/issues`),
   * for commands whose path is computed or that run custom code.
   */
  endpoints?: string[];
  /** A paginated list: adds `--per-page`, `--page`, `--all`, `--limit`. */
  list?: boolean;
  columns?: Column[];
  /** Table and tsv print the answer as one row of `columns` rather than a field/value view. */
  row?: boolean;
  /** Destructive: asks on a terminal, needs `--yes` elsewhere. Returns the question. */
  confirm?: (v: Values) => string;
  /** At least one of the flags must be given (updates). */
  requireOne?: boolean;
  /** Parameters always sent (`state_event: 'close'`). */
  fixed?: Record<string, unknown>;
  /**
   * A 304 means "already so": a notice, then the current resource from `refetch` (a path
   * template), printed with `columns` when it is another kind than the answer (a todo's issue).
   */
  notModified?: { notice: string; refetch?: string; columns?: Column[] };
  /** A notice on stderr after success. */
  done?: (v: Values, data: unknown) => string | undefined;
  /** Last changes to the parameters (values from files, lookups); may send read requests. */
  prepare?: (ctx: Context, v: Values) => Promise<void> | void;
  /** Custom behaviour; replaces the plain call. Receives validated values. */
  run?: (ctx: Context, v: Values) => Promise<void>;
  /** Shown in help: needs an administrator. */
  admin?: boolean;
}

export interface NounSpec {
  name: string;
  summary: string;
  description?: string;
  aliases?: string[];
  commands: CommandSpec[];
  /** Nested nouns (`user key`). */
  nouns?: NounSpec[];
}

export function defineNoun(spec: NounSpec): NounSpec {
  return spec;
}
