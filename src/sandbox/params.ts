import { isObject } from '../shared/json.js';
import { HttpError, missingParam } from './errors.js';

export interface UploadedFile {
  filename: string;
  contentType: string;
  data: Buffer;
}

type Value = unknown;

/** Rack::Utils.normalize_params: sets `value` at `name` + `rest` (`[a][]…`) inside `params`. */
function normalize(params: Record<string, unknown>, name: string, rest: string, value: string): void {
  if (rest === '') {
    params[name] = value;
    return;
  }
  const first = /^\[([^[\]]*)\]/.exec(rest) as RegExpExecArray;
  const after = rest.slice(first[0].length);
  if (first[1] === '') {
    const list = Array.isArray(params[name]) ? (params[name] as unknown[]) : [];
    params[name] = list;
    if (after === '') return void list.push(value);
    const child = /^\[([^[\]]*)\]/.exec(after)?.[1] ?? '';
    const last = list[list.length - 1];
    if (isObject(last) && !(child in last)) normalize(last, child, after.slice(child.length + 2), value);
    else {
      const fresh: Record<string, unknown> = {};
      normalize(fresh, child, after.slice(child.length + 2), value);
      list.push(fresh);
    }
    return;
  }
  const hash = isObject(params[name]) ? (params[name] as Record<string, unknown>) : {};
  params[name] = hash;
  normalize(hash, first[1], after, value);
}

const grapeInvalid = (name: string): HttpError => new HttpError(400, { error: `${name} is invalid` });

/**
 * Request parameters merged from the query string and the body (JSON, urlencoded or multipart),
 * with the coercions Grape applies on GitLab: `name[]` arrays, `true`/`false` strings, integers.
 * Body values win over query values of the same name.
 */
export class Params {
  private readonly values = new Map<string, Value>();
  private readonly files = new Map<string, UploadedFile>();

  /** Adds `key=value` pairs from a query string or urlencoded body. */
  addPairs(pairs: Iterable<[string, string]>): void {
    const arrays = new Map<string, string[]>();
    for (const [key, value] of pairs) {
      if (key.endsWith('[]')) {
        const name = key.slice(0, -2);
        const list = arrays.get(name) ?? [];
        list.push(value);
        arrays.set(name, list);
      } else {
        this.values.set(key, value);
        if (key.includes('[')) this.nest(key, value);
      }
    }
    for (const [name, list] of arrays) this.values.set(name, list);
  }

  /**
   * Rack's nested names (what Grape reads on GitLab): `variables[][key]=K&variables[][value]=V`
   * is `variables: [{key: 'K', value: 'V'}]`, `filter[environment_scope]=x` is `filter: {…}`.
   */
  private nest(key: string, value: string): void {
    const m = /^([^[\]]+)((?:\[[^[\]]*\])+)$/.exec(key);
    if (!m) return;
    const holder: Record<string, unknown> = { [m[1]]: this.values.get(m[1]) };
    normalize(holder, m[1], m[2], value);
    this.values.set(m[1], holder[m[1]]);
  }

  addObject(object: Record<string, unknown>): void {
    for (const [key, value] of Object.entries(object)) this.values.set(key.endsWith('[]') ? key.slice(0, -2) : key, value);
  }

  addFile(name: string, file: UploadedFile): void {
    this.files.set(name, file);
  }

  file(name: string): UploadedFile | undefined {
    return this.files.get(name);
  }

  has(name: string): boolean {
    const value = this.values.get(name);
    return value !== undefined;
  }

  raw(name: string): Value {
    return this.values.get(name);
  }

  names(): string[] {
    return [...this.values.keys()];
  }

  str(name: string): string | undefined {
    const value = this.values.get(name);
    if (value === undefined || value === null) return undefined;
    if (Array.isArray(value)) return value.map(String).join(',');
    return String(value);
  }

  requiredStr(name: string): string {
    const value = this.str(name);
    if (value === undefined || value === '') throw missingParam(name);
    return value;
  }

  /** A string that may be explicitly null (JSON null or empty string clears). */
  nullableStr(name: string): string | null | undefined {
    if (!this.values.has(name)) return undefined;
    const value = this.values.get(name);
    if (value === null || value === '') return null;
    return this.str(name);
  }

  int(name: string): number | undefined {
    const value = this.values.get(name);
    if (value === undefined || value === null || value === '') return undefined;
    const n = typeof value === 'number' ? value : /^-?\d+$/.test(String(value).trim()) ? Number(String(value).trim()) : Number.NaN;
    if (!Number.isInteger(n)) throw grapeInvalid(name);
    return n;
  }

  requiredInt(name: string): number {
    const value = this.int(name);
    if (value === undefined) throw missingParam(name);
    return value;
  }

  number(name: string): number | undefined {
    const value = this.values.get(name);
    if (value === undefined || value === null || value === '') return undefined;
    const n = Number(value);
    if (!Number.isFinite(n)) throw grapeInvalid(name);
    return n;
  }

  bool(name: string): boolean | undefined {
    const value = this.values.get(name);
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value === 'boolean') return value;
    const text = String(value).toLowerCase();
    if (['true', '1', 't', 'yes', 'y', 'on'].includes(text)) return true;
    if (['false', '0', 'f', 'no', 'n', 'off'].includes(text)) return false;
    throw grapeInvalid(name);
  }

  /** Array of strings from `name[]=a&name[]=b`, a JSON array, or a comma-separated string. */
  strArray(name: string): string[] | undefined {
    const value = this.values.get(name);
    if (value === undefined || value === null) return undefined;
    if (Array.isArray(value))
      return value
        .map(String)
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter((v) => v !== '');
    return String(value)
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v !== '');
  }

  intArray(name: string): number[] | undefined {
    const list = this.strArray(name);
    if (list === undefined) return undefined;
    return list.map((item) => {
      if (!/^-?\d+$/.test(item)) throw grapeInvalid(name);
      return Number(item);
    });
  }

  /** `custom_attributes[key]=value` pairs (query/form) or a JSON object. */
  hash(name: string): Record<string, string> {
    const result: Record<string, string> = {};
    const direct = this.values.get(name);
    if (isObject(direct)) {
      for (const [k, v] of Object.entries(direct)) result[k] = String(v);
    }
    const prefix = `${name}[`;
    for (const [key, value] of this.values) {
      if (key.startsWith(prefix) && key.endsWith(']')) result[key.slice(prefix.length, -1)] = String(value);
    }
    return result;
  }
}
