import { paramName } from '../executor/flag-names.js';
import type { ArgSpec, Disk, FlagSpec } from '../executor/inputs.js';
import { argRequired, flagRequired } from '../executor/options.js';
import type { CommandSpec } from '../executor/spec.js';
import { answerFields } from '../output/columns.js';
import { fieldNames } from '../output/field-pick.js';

/**
 * A command's inputs as a tool's: a JSON Schema property for each argument and flag a command
 * line could give, and where its value goes on that command line (src/mcp/command-line.ts).
 */

/** JSON Schema, as much of it as tool inputs use. */
export interface JsonSchema {
  type?: 'object' | 'string' | 'integer' | 'number' | 'boolean' | 'array';
  description?: string;
  enum?: string[];
  format?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  items?: JsonSchema;
  default?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean;
}

/** Where a value goes: a positional argument (in order), an option, or what collab's list and output flags say. */
export type Target =
  | { kind: 'arg' }
  | { kind: 'option'; label: string; repeat: boolean; negatable: boolean }
  | { kind: 'project' | 'group' | 'fields' | 'limit' | 'page' };

export interface ToolInput {
  key: string;
  schema: JsonSchema;
  required: boolean;
  to: Target;
  /** A path on this machine (kept under --root). */
  disk?: Disk;
  /** A project or group other than the one a pinned server works in (`issue move --to`, `mr create --target-project-id`). */
  otherProject?: boolean;
}

/** How many items a list returns when no `limit` is given, and the most it may ask for (one page). */
export const LIST_LIMIT = { default: 20, max: 100 } as const;

/** How a project is named, for the tools that take one. */
export const PROJECT_DESCRIPTION = 'the project: numeric id or full path (group/project)';

const SCALARS: Partial<Record<FlagSpec['type'], JsonSchema>> = {
  bool: { type: 'boolean' },
  int: { type: 'integer' },
  id: { type: 'integer', minimum: 1 },
  number: { type: 'number' },
  weight: { type: 'integer', minimum: 0, maximum: 9 },
  date: { type: 'string', format: 'date' },
  datetime: { type: 'string', format: 'date-time' },
  duration: { type: 'string', description: 'a duration: 1h30m, 2d, 1w (1d = 8h, 1w = 5d)' },
  bytes: { type: 'string', description: 'a size: bytes, or with a unit (500MiB, 2GiB)' },
};

/** The schema of one value of a flag (an item, for a list or a repeatable flag). */
function flagItem(flag: FlagSpec): JsonSchema {
  if (flag.lookup) return { type: 'string' };
  if (flag.type === 'intList') return { type: 'integer' };
  const base = SCALARS[flag.type] ?? { type: 'string' };
  const item: JsonSchema = { ...base };
  if (flag.choices) item.enum = [...flag.choices];
  if (flag.min !== undefined && (item.type === 'integer' || item.type === 'number')) item.minimum = flag.min;
  if (flag.max !== undefined && (item.type === 'integer' || item.type === 'number')) item.maximum = flag.max;
  return item;
}

/**
 * Whether a flag names a project or group besides the command's own: looked up as one, or sent as
 * GitLab's `…_project_id`/`…_group_id` (`to_project_id`, `target_project_id`): a pinned server drops it.
 */
const namesAnother = (flag: FlagSpec): boolean =>
  flag.lookup === 'project' || flag.lookup === 'group' || /(^|_)(project|group)_id$/.test(String(paramName(flag)));

function flagInput(flag: FlagSpec): ToolInput {
  const item = flagItem(flag);
  const many = flag.repeatable || flag.type === 'intList' || flag.type === 'stringList' || flag.type === 'csv';
  const extra = item.description;
  delete item.description;
  const description = [flag.description, extra].filter((d) => d !== undefined).join('; ');
  const schema: JsonSchema = many ? { type: 'array', items: item, description } : { ...item, description };
  if (flag.default !== undefined) schema.default = many ? flag.default.split(',') : typed(item, flag.default);
  return {
    key: flag.name,
    schema,
    // Left out, it writes to standard output, where the run's JSON goes: a tool names a file.
    required: flagRequired(flag) || flag.disk === 'write-or-stdout',
    to: { kind: 'option', label: flag.name, repeat: flag.repeatable === true, negatable: flag.negatable === true },
    ...(flag.disk || flag.file ? { disk: flag.disk ?? 'read' } : {}),
    ...(namesAnother(flag) ? { otherProject: true } : {}),
  };
}

/** A default as the schema's type says it (`"20"` → 20). */
const typed = (item: JsonSchema, value: string): unknown =>
  item.type === 'integer' || item.type === 'number' ? Number(value) : item.type === 'boolean' ? value === 'true' : value;

function argInput(spec: CommandSpec, arg: ArgSpec): ToolInput {
  const item: JsonSchema = arg.lookup
    ? { type: 'string' }
    : arg.type === 'int'
      ? { type: 'integer', minimum: 0 }
      : arg.type === 'id'
        ? { type: 'integer', minimum: 1 }
        : { type: 'string' };
  if (arg.choices) item.enum = [...arg.choices];
  const many = arg.variadic === true || arg.name === spec.bulk;
  const required = argRequired(spec, arg) || (many && !arg.optional);
  const branch = arg.fromBranch ? '; none: the open one of the branch checked out where collab runs' : '';
  const description = `${arg.description}${many ? ' (one or more)' : ''}${branch}`;
  return {
    key: arg.name,
    schema: many ? { type: 'array', items: item, minItems: 1, description } : { ...item, description },
    required,
    to: { kind: 'arg' },
    ...(arg.disk ? { disk: arg.disk } : {}),
  };
}

/** What collab adds to a declaration: the project or group, and a list's `limit` and `page`, `fields`. */
function ownInputs(spec: CommandSpec): ToolInput[] {
  const own: ToolInput[] = [];
  if (spec.project)
    own.push({
      key: 'project',
      schema: { type: 'string', description: PROJECT_DESCRIPTION },
      required: spec.project === 'required',
      to: { kind: 'project' },
    });
  if (spec.group)
    own.push({
      key: 'group',
      schema: { type: 'string', description: 'the group: numeric id or full path' },
      required: spec.group !== 'optional',
      to: { kind: 'group' },
    });
  if (spec.list) {
    const { default: byDefault, max } = LIST_LIMIT;
    own.push(
      {
        key: 'limit',
        schema: {
          type: 'integer',
          minimum: 1,
          maximum: max,
          default: byDefault,
          description: 'how many items (the result says when there are more)',
        },
        required: false,
        to: { kind: 'limit' },
      },
      {
        key: 'page',
        schema: { type: 'integer', minimum: 1, default: 1, description: 'which page of `limit` items' },
        required: false,
        to: { kind: 'page' },
      },
    );
  }
  if (answerFields(spec.columns)) {
    const names = fieldNames(spec.columns!);
    own.push({
      key: 'fields',
      schema: { type: 'array', items: { type: 'string', enum: names }, minItems: 1, description: 'only these fields of each object' },
      required: false,
      to: { kind: 'fields' },
    });
  }
  return own;
}

/**
 * Every input of a declared command, the arguments first: its `subject` argument (`project view
 * acme/web`) is the `project` or `group` input, a hidden flag is none, and a flag named as an
 * argument is the other way to give it (`variable set KEY VALUE` or `--value`): the argument stays;
 * a flag acting on this machine (`--push`) is none.
 */
export function commandInputs(spec: CommandSpec, subject?: 'project' | 'group'): ToolInput[] {
  const args = (spec.args ?? []).filter((a) => a.name !== subject).map((a) => argInput(spec, a));
  const flags = (spec.flags ?? []).filter((f) => !f.hidden && !f.local).map(flagInput);
  const inputs: ToolInput[] = [];
  for (const input of [...args, ...ownInputs(spec), ...flags]) if (!inputs.some((i) => i.key === input.key)) inputs.push(input);
  return inputs;
}
