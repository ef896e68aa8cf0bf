import { UsageError } from '../../errors.js';
import { isObject } from '../../shared/json.js';

/**
 * `collab api`'s fields with bracketed names, as gh's `api` reads them: `labels[]=a` appends to an
 * array, `assets[links][][name]=x` builds `{"assets":{"links":[{"name":"x"}]}}`, and a key that the
 * last object of an array already has starts the next object (`variables[][key]=A`,
 * `variables[][value]=1`, `variables[][key]=B` → two objects). In a query they stay as written:
 * GitLab (Rack) reads `filter[environment_scope]=x` itself. A name collab cannot read is refused
 * (exit 2, naming it), never sent as a literal key that GitLab would ignore.
 */

/** A field's name as its parts: `assets[links][][name]` → `assets`, `links`, `` (an array), `name`. */
export function fieldPath(raw: string, flag: string): string[] {
  const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(raw);
  if (!m)
    throw new UsageError(
      `invalid field name "${raw}" for ${flag}: brackets must close and follow a name (key, key[], key[sub], key[][sub])`,
    );
  const parts = [m[1]!, ...[...m[2]!.matchAll(/\[([^[\]]*)\]/g)].map((p) => p[1]!)];
  parts.forEach((part, i) => {
    if (part === '' && parts[i + 1] === '')
      throw new UsageError(`invalid field name "${raw}" for ${flag}: an array of arrays ([][]) cannot be built from fields`);
  });
  return parts;
}

type Json = Record<string, unknown>;

function conflict(raw: string, flag: string, why: string): UsageError {
  return new UsageError(`invalid field "${raw}" for ${flag}: ${why}`);
}

/** Whether setting `rest` (the parts after an array) in `last` would overwrite something: the next object starts then. */
function taken(last: unknown, rest: readonly string[]): boolean {
  if (!isObject(last)) return true;
  const [key, ...deeper] = rest;
  const there = last[key!];
  if (there === undefined) return false;
  if (deeper.length === 0) return true;
  if (deeper[0] === '') return false;
  return taken(there, deeper);
}

/** Puts `value` at `parts` inside `into`; an empty part is an array. */
function place(into: Json, parts: readonly string[], value: unknown, raw: string, flag: string): void {
  const [key, ...rest] = parts as [string, ...string[]];
  if (rest.length === 0) {
    if (isObject(into[key]) || Array.isArray(into[key])) throw conflict(raw, flag, `"${key}" is already an object or array`);
    if (into[key] !== undefined) throw conflict(raw, flag, `"${key}" is given twice (key[] makes an array)`);
    into[key] = value;
    return;
  }
  if (rest[0] === '') {
    const list = into[key] ?? [];
    if (!Array.isArray(list)) throw conflict(raw, flag, `"${key}" is given as a value and as an array`);
    into[key] = list;
    const after = rest.slice(1);
    if (after.length === 0) {
      if (value !== EMPTY_ARRAY) list.push(value);
      return;
    }
    if (taken(list[list.length - 1], after)) list.push({});
    place(list[list.length - 1] as Json, after, value, raw, flag);
    return;
  }
  const child = into[key] ?? {};
  if (!isObject(child)) throw conflict(raw, flag, `"${key}" is given as a value and as an object`);
  into[key] = child;
  place(child as Json, rest, value, raw, flag);
}

/** `-f 'key[]'` without a value: an empty array (GitLab's "[] to remove all"). */
export const EMPTY_ARRAY = Symbol('empty array');

/**
 * The JSON body the fields make, each flag's in the order given, -f before -F (as gh's api: the
 * command line's interleaving of the two is not known). So an array of several objects whose
 * fields come from both -f and -F cannot be told apart, and is refused.
 */
export function jsonBody(fields: readonly (readonly [name: string, value: unknown, flag: string])[]): Json {
  const body: Json = {};
  const flagsOf = new Map<string, { parts: string[]; flags: Set<string> }>();
  for (const [name, value, flag] of fields) {
    const parts = fieldPath(name, flag);
    const array = parts.indexOf('');
    if (array > 0 && array < parts.length - 1) {
      const at = parts.slice(0, array);
      const seen = flagsOf.get(at.join('\0')) ?? { parts: at, flags: new Set() };
      flagsOf.set(at.join('\0'), seen.flags.add(flag) && seen);
    }
    place(body, parts, value, name, flag);
  }
  for (const { parts, flags } of flagsOf.values()) {
    const list = parts.reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), body);
    if (flags.size > 1 && Array.isArray(list) && list.length > 1) {
      const name = `${parts[0]}${parts
        .slice(1)
        .map((p) => `[${p}]`)
        .join('')}[]`;
      throw new UsageError(
        `the objects of ${name} get fields from both -f and -F, whose order on the command line collab cannot tell apart`,
        'give all the fields of those objects with -f (GitLab takes "true" and numbers written as text) or all with -F',
      );
    }
  }
  return body;
}

/** Form-style encoding (space as `+`), as buildQuery sends queries. */
const encode = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');

/** The query the fields make: each name as written (checked), in the order given. */
export function queryString(fields: readonly (readonly [name: string, value: unknown, flag: string])[]): string {
  return fields
    .map(([name, value, flag]) => {
      fieldPath(name, flag);
      if (value === EMPTY_ARRAY) return encode(name);
      return `${encode(name)}=${encode(value === null ? '' : String(value))}`;
    })
    .join('&');
}
