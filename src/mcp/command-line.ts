import fs from 'node:fs';
import path from 'node:path';
import { UsageError } from '../errors.js';
import type { Policy, ToolDef } from './catalogue.js';
import { type JsonSchema, LIST_LIMIT, type ToolInput } from './inputs.js';

/**
 * A tool call's arguments → the command line collab runs for it: every value checked against the
 * tool's schema first (a usage error: nothing is run, nothing sent), options as `--name=value`
 * and positional arguments after `--`, so that no value is ever read as a flag.
 */

export interface ToolCommandLine {
  argv: string[];
  /** Where it runs: --root for a tool that saves files, else where the server runs. */
  cwd?: string;
  /** A list: how many items were asked for (one more is fetched, to tell whether there are more) and the page. */
  list?: { limit: number; page: number };
}

/** Why a value is not one the schema takes, or undefined when it is. */
function problem(schema: JsonSchema, value: unknown): string | undefined {
  switch (schema.type) {
    case 'string':
      if (typeof value !== 'string') return 'a string';
      if (schema.enum && !schema.enum.includes(value)) return `one of ${schema.enum.join(', ')}`;
      return undefined;
    case 'integer':
    case 'number': {
      const kind = schema.type === 'integer' ? 'an integer' : 'a number';
      // Past 2^53 a JSON number is not the integer it spells (9007199254740993 parses as …992): another object's id.
      if (schema.type === 'integer' && Number.isInteger(value) && !Number.isSafeInteger(value))
        return `an integer collab can send exactly (at most ${Number.MAX_SAFE_INTEGER})`;
      const ok = typeof value === 'number' && (schema.type === 'integer' ? Number.isInteger(value) : Number.isFinite(value));
      const low = schema.minimum ?? Number.NEGATIVE_INFINITY;
      const high = schema.maximum ?? Number.POSITIVE_INFINITY;
      if (ok && value >= low && value <= high) return undefined;
      const range = schema.maximum !== undefined ? ` from ${low} to ${high}` : schema.minimum !== undefined ? ` of at least ${low}` : '';
      return `${kind}${range}`;
    }
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'true or false';
    case 'array': {
      if (!Array.isArray(value)) return 'an array';
      if (value.length < (schema.minItems ?? 0)) return `an array of at least ${schema.minItems} item${schema.minItems === 1 ? '' : 's'}`;
      const bad = value.map((v) => problem(schema.items ?? {}, v)).find((p) => p !== undefined);
      return bad === undefined ? undefined : `an array of which each item is ${bad}`;
    }
    default:
      return undefined;
  }
}

const shown = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
};

/** The arguments as an object whose every key is an input, each value of its type, none required missing. */
function checked(tool: ToolDef, raw: unknown): Record<string, unknown> {
  if (raw !== undefined && (typeof raw !== 'object' || raw === null || Array.isArray(raw)))
    throw new UsageError('the arguments must be a JSON object');
  const args = (raw ?? {}) as Record<string, unknown>;
  const keys = new Set(tool.inputs.map((i) => i.key));
  for (const key of Object.keys(args))
    if (!keys.has(key)) throw new UsageError(`unknown input "${key}" (${tool.name} takes ${[...keys].join(', ') || 'none'})`);
  for (const input of tool.inputs) {
    const value = args[input.key];
    if (value === undefined || value === null) {
      if (input.required) throw new UsageError(`missing input "${input.key}": ${input.schema.description ?? 'required'}`);
      continue;
    }
    const why = problem(input.schema, value);
    if (why) throw new UsageError(`invalid value for "${input.key}": ${shown(value)} is not ${why}`);
  }
  return args;
}

/** Whether `inner` is `root` or below it. */
const isUnder = (root: string, inner: string): boolean => {
  const rel = path.relative(root, inner);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

/** The real path of `target`, or of the deepest folder above it that exists (it may be created). */
function realDeepest(target: string): string {
  let at = target;
  const rest: string[] = [];
  for (;;) {
    try {
      return rest.reduceRight((joined, name) => path.join(joined, name), fs.realpathSync(at));
    } catch {
      const up = path.dirname(at);
      if (up === at) return target;
      rest.push(path.basename(at));
      at = up;
    }
  }
}

/** A path a tool reads or writes: relative, under --root (links followed), absolute when handed on. */
function underRoot(input: ToolInput, value: string, root: string): string {
  const label = `"${input.key}"`;
  if (value === '' || value === '-' || path.isAbsolute(value) || value.split(/[/\\]/).includes('..'))
    throw new UsageError(`invalid value for ${label}: give a path relative to the server's --root, without ".."`);
  const full = path.resolve(root, value);
  if (!isUnder(root, realDeepest(full))) throw new UsageError(`invalid value for ${label}: ${value} leads outside the server's --root`);
  return full;
}

/** One input's words on the command line; positional values are returned apart. */
function words(input: ToolInput, value: unknown, policy: Policy): { options: string[]; args: string[] } {
  const values = (Array.isArray(value) ? value : [value]).map((v) =>
    input.disk !== undefined && policy.root !== undefined ? underRoot(input, String(v), policy.root) : String(v),
  );
  const to = input.to;
  switch (to.kind) {
    case 'arg':
      return { options: [], args: values };
    case 'option': {
      const name = to.label.length === 1 ? `-${to.label}` : `--${to.label}`;
      const joined = (v: string) => (to.label.length === 1 ? `${name}${v}` : `${name}=${v}`);
      if (typeof value === 'boolean') return { options: value ? [name] : to.negatable ? [`--no-${to.label}`] : [], args: [] };
      return { options: to.repeat ? values.map(joined) : [joined(values.join(','))], args: [] };
    }
    case 'project':
    case 'group':
    case 'fields':
      return { options: [`--${to.kind}=${values.join(',')}`], args: [] };
    default:
      return { options: [], args: [] };
  }
}

/** The command line of a tool call; a UsageError when an argument is not one the tool takes. */
export function toolCommandLine(tool: ToolDef, raw: unknown, policy: Policy): ToolCommandLine {
  const args = checked(tool, raw);
  const options: string[] = [];
  const positional: string[] = [];
  for (const input of tool.inputs) {
    const value = args[input.key];
    if (value === undefined || value === null) continue;
    // An array argument is the assistant's to size: appended one by one, never spread into a call.
    const w = words(input, value, policy);
    for (const option of w.options) options.push(option);
    for (const arg of w.args) positional.push(arg);
  }
  const { spec } = tool.command;
  const project = policy.project ?? (tool.savesFiles && args.project === undefined ? policy.defaultProject : undefined);
  if (spec.project && project !== undefined) options.push(`--project=${project}`);
  let list: ToolCommandLine['list'];
  if (spec.list) {
    list = { limit: (args.limit as number | undefined) ?? LIST_LIMIT.default, page: (args.page as number | undefined) ?? 1 };
    // One item more than asked for: when it comes, there are more.
    options.push(`--per-page=${list.limit}`, `--page=${list.page}`, `--limit=${list.limit + 1}`);
  }
  if (tool.kind === 'irreversible') options.push('--yes');
  // A flag acting on this machine is no input, and off where another would turn it on (`--fill` pushes unasked).
  for (const flag of spec.flags ?? []) if (flag.local && flag.negatable) options.push(`--no-${flag.name}`);
  const argv = [...tool.command.path, ...options, '--output=json', '--no-input', '--', ...positional];
  return { argv, ...(tool.savesFiles ? { cwd: policy.root } : {}), ...(list ? { list } : {}) };
}
