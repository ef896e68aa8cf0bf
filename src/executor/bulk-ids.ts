import { cleanPath } from '../config/references.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { messageText } from '../output/sanitize.js';
import { isObject } from '../shared/json.js';
import { camel } from './flag-names.js';
import type { BulkItem, Values } from './inputs.js';
import { parseConcurrency } from './options.js';
import { readStdin } from './read-input.js';
import type { CommandSpec } from './spec.js';

/** The ids of a bulk verb (a declaration's `bulk`): several arguments, or `--stdin`, every one checked before anything is sent. */

type ParseItem = (raw: string, label: string) => BulkItem;

/**
 * The ids of a bulk verb: several arguments, or `--stdin`. One argument is an ordinary run
 * (`single`); anything else is a batch, every id checked before anything is sent.
 */
export async function bulkItems(
  ctx: Context,
  spec: CommandSpec,
  rawArgs: unknown[],
  opts: Record<string, unknown>,
  parse: ParseItem,
): Promise<{ single?: string; bulk?: NonNullable<Values['bulk']> }> {
  const index = (spec.args ?? []).findIndex((a) => a.name === spec.bulk);
  const name = spec.args![index]!.name;
  const given = ((rawArgs[index] as string[] | undefined) ?? []).filter((raw) => raw !== '');
  const fromStdin = opts.stdin === true;
  const concurrency = parseConcurrency(opts.concurrency, 'bulk');
  if (fromStdin && given.length > 0) throw new UsageError(`give the ${spec.bulk}s as arguments or with --stdin, not both`);
  // None given: the branch checked out may stand for the one (src/executor/branch-arg.ts), or an
  // optional argument is not needed (`todo done --all`: the declaration's `prepare` says when it is).
  if (!fromStdin && given.length === 0 && (spec.args![index]!.fromBranch || spec.args![index]!.optional)) return {};
  if (!fromStdin && given.length === 0)
    throw new UsageError(`missing argument <${name}>`, `give one or more, or --stdin to read them from standard input`);
  if (!fromStdin && given.length === 1) return { single: given[0] };
  for (const flag of spec.flags ?? [])
    if (fromStdin && flag.file && opts[camel(flag.name)] === '-')
      throw new UsageError(`--stdin and --${flag.name} - both read standard input: give --${flag.name} a file`);
  const items = fromStdin ? readIds(await readStdin(ctx), name, parse) : given.map((raw) => parse(raw, `<${name}>`));
  return { bulk: { items: dedupe(items), concurrency, fromStdin } };
}

/**
 * The ids on standard input: one a line (what the argument takes: a number, a web URL, a
 * reference), or JSON objects carrying `key` (the lines of `-o ndjson`, or the array of `-o
 * json`), whose `project_id` names their project. Anything else is a usage error naming the line.
 */
function readIds(text: string, key: string, parse: ParseItem): BulkItem[] {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) {
    let list: unknown;
    try {
      list = JSON.parse(trimmed);
    } catch (err) {
      throw new UsageError(`standard input: not a valid JSON array (${(err as Error).message})`);
    }
    return (list as unknown[]).map((entry, i) => fromJson(entry, key, `standard input, item ${i + 1}`, parse));
  }
  const items: BulkItem[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    const label = `standard input, line ${i + 1}`;
    if (line === '') return;
    if (!line.startsWith('{')) {
      items.push(parse(line, label));
      return;
    }
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      throw new UsageError(`${label}: not valid JSON: ${messageText(line.slice(0, 80))}`);
    }
    items.push(fromJson(entry, key, label, parse));
  });
  return items;
}

function fromJson(entry: unknown, key: string, label: string, parse: ParseItem): BulkItem {
  if (typeof entry === 'number') return parse(String(entry), label);
  if (!isObject(entry)) throw new UsageError(`${label}: expected an object with "${key}" or a number`);
  const value = Object.hasOwn(entry, key) ? entry[key] : undefined;
  if (!(typeof value === 'number' && Number.isSafeInteger(value)) && !(typeof value === 'string' && /^\d+$/.test(value)))
    throw new UsageError(`${label}: ${value === undefined ? `the object has no "${key}"` : `"${key}" is not a whole number`}`);
  const item = parse(String(value), label);
  const project = projectOf(entry, label);
  return project === undefined ? item : { ...item, project };
}

/**
 * An object's `project_id`, which decides where its item goes: absent, the batch's project; else a
 * positive safe integer, a string of digits that is one, or a full path (`group/project`, as
 * written) — anything else is refused rather than dropped (the default project would get the
 * item) or rounded (another project would).
 */
function projectOf(object: Record<string, unknown>, label: string): string | undefined {
  if (!Object.hasOwn(object, 'project_id')) return undefined;
  const p = object.project_id;
  if (typeof p === 'number' && Number.isSafeInteger(p) && p > 0) return String(p);
  if (typeof p === 'string' && /^[1-9]\d*$/.test(p) && Number.isSafeInteger(Number(p))) return p;
  if (typeof p === 'string' && p.includes('/') && fullPath(p)) return p;
  const shown =
    typeof p === 'string'
      ? JSON.stringify(p.slice(0, 80))
      : p === null || typeof p !== 'object'
        ? String(p)
        : Array.isArray(p)
          ? 'a list'
          : 'an object';
  throw new UsageError(
    `${label}: "project_id" ${messageText(shown)} is not a project id (a positive whole ` +
      `number) or full path (group/project): nothing was sent`,
  );
}

/** A project's full path exactly as the API names it: no encoding, no `.git`, no leading or trailing slash. */
function fullPath(p: string): boolean {
  try {
    return cleanPath(p, 'project_id', 'project') === p;
  } catch {
    return false;
  }
}

/** The same item given twice is sent once. */
function dedupe(items: BulkItem[]): BulkItem[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = `${item.project ?? ''}\u0000${item.value}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A web URL among the ids names its project: with -p, it must be that one. */
export function checkItemProjects(items: BulkItem[], project: string | undefined): void {
  for (const item of items)
    if (
      item.project !== undefined &&
      !/^\d+$/.test(item.project) &&
      project !== undefined &&
      !/^\d+$/.test(project) &&
      item.project.toLowerCase() !== project.toLowerCase()
    )
      throw new UsageError(`the project is given twice: ${item.project} (from ${item.value}'s URL) and -p ${project}; give one`);
}
