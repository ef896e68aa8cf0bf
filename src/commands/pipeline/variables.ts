import path from 'node:path';
import type { Context } from '../../context.js';
import { excerpt, UsageError } from '../../errors.js';
import { readTextArg } from '../../executor/read-input.js';

/*
 * The variables `pipeline run` starts a pipeline with, as GitLab's `POST /projects/:id/pipeline`
 * takes them (doc/api/pipelines.md "Create a new pipeline"): an array of `{key, value,
 * variable_type}`, sent as JSON (a form's `variables[][key]=` is the shape `collab api -f` cannot
 * build). Keys as Ci::HasVariable validates them: letters, digits and `_`, at most 255.
 */

export type VariableType = 'env_var' | 'file';

export interface PipelineVariable {
  key: string;
  value: string;
  variable_type: VariableType;
}

function checkKey(key: string, where: string): string {
  if (!/^[A-Za-z0-9_]{1,255}$/.test(key))
    throw new UsageError(`${where}: "${excerpt(key)}" is no variable name GitLab takes (letters, digits and _, at most 255)`);
  return key;
}

/** `--variable KEY=VALUE` (the value may hold `=`; it may be empty). */
export function parseVariable(raw: string, where = '--variable'): PipelineVariable {
  const at = raw.indexOf('=');
  if (at <= 0) throw new UsageError(`invalid value for ${where}: "${excerpt(raw)}" is not KEY=VALUE`);
  return { key: checkKey(raw.slice(0, at), `invalid value for ${where}`), value: raw.slice(at + 1), variable_type: 'env_var' };
}

function fromJson(data: unknown, where: string): PipelineVariable[] {
  const entries = Array.isArray(data)
    ? data
    : data !== null && typeof data === 'object'
      ? Object.entries(data).map(([key, value]) => ({ key, value }))
      : undefined;
  if (!entries) throw new UsageError(`${where}: JSON variables are an array of {key, value, variable_type} or an object of KEY: value`);
  return entries.map((entry, i) => {
    const e = entry as { key?: unknown; value?: unknown; variable_type?: unknown };
    const at = `${where}, item ${i + 1}`;
    if (typeof e?.key !== 'string' || typeof e.value !== 'string') throw new UsageError(`${at}: key and value must be strings`);
    const type = e.variable_type ?? 'env_var';
    if (type !== 'env_var' && type !== 'file') throw new UsageError(`${at}: variable_type is env_var or file`);
    return { key: checkKey(e.key, at), value: e.value, variable_type: type };
  });
}

/** `--variables-file`: JSON (as above), or dotenv lines `KEY=VALUE` (blank lines and `#` comments skipped). */
export async function readVariablesFile(ctx: Context, file: string): Promise<PipelineVariable[]> {
  const where = `--variables-file ${file}`;
  const text = await readTextArg(ctx, file === '-' ? file : path.resolve(ctx.settings.cwd, file), '--variables-file');
  if (/^\s*[[{]/.test(text)) {
    try {
      return fromJson(JSON.parse(text), where);
    } catch (err) {
      if (err instanceof UsageError) throw err;
      throw new UsageError(`${where}: not valid JSON (${(err as Error).message})`);
    }
  }
  return text
    .split(/\r?\n/)
    .map((line, i) => [line.trim(), i + 1] as const)
    .filter(([line]) => line !== '' && !line.startsWith('#'))
    .map(([line, n]) => parseVariable(line.replace(/^export\s+/, ''), `${where}, line ${n}`));
}

/** Every variable once: a later one of the same key (the command line after the file) wins. */
export function mergeVariables(lists: PipelineVariable[][]): PipelineVariable[] {
  const byKey = new Map<string, PipelineVariable>();
  for (const v of lists.flat()) byKey.set(v.key, v);
  return [...byKey.values()];
}
