import fs from 'node:fs';
import path from 'node:path';
import { fillPath } from '../../api/path.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { pathValues } from '../../executor/endpoint.js';
import type { Values } from '../../executor/inputs.js';
import { readStdin } from '../../executor/read-input.js';
import { defineCommand } from '../../executor/spec.js';
import { variableColumns } from '../../resources/variable.js';
import { isObject } from '../../shared/json.js';
import { checkTarget, collection, explainVariables, keyArg, owner, variableMissing } from './scope.js';

/**
 * `variable set`: the variable updated if it exists (`PUT …/variables/:key`), created when GitLab
 * answers 404 Variable Not Found (`POST …/variables`), as lib/api/ci/variables.rb and
 * lib/api/group_variables.rb take them. The value is never printed: not in the answer shown, not
 * in a notice, an error or a debug line.
 */

const setFlags = [
  { name: 'value', param: false, type: 'string', description: 'the value (or give it as the second argument)' },
  {
    name: 'value-file',
    param: false,
    type: 'string',
    disk: 'read',
    value: '<file|->',
    description: 'read the value from a file, as it is (- for stdin)',
  },
  {
    name: 'masked',
    param: false,
    type: 'bool',
    negatable: true,
    description: 'masked in job logs (GitLab: 8 characters or more, one line)',
  },
  { name: 'protected', param: false, type: 'bool', negatable: true, description: 'only in pipelines of protected branches and tags' },
  {
    name: 'expand',
    param: false,
    type: 'bool',
    negatable: true,
    description: "--no-expand: $OTHER in the value stays as written (GitLab's raw; --raw is --jq's)",
  },
  { name: 'type', param: false, type: 'enum', choices: ['env_var', 'file'], description: 'env_var (default) or file' },
  {
    name: 'scope',
    param: false,
    type: 'string',
    value: '<environment>',
    description: 'its environment scope (default *; picks one of several)',
  },
  { name: 'description', param: false, type: 'string', description: 'what it is for' },
] as const;

type SetValues = Values<typeof setFlags, readonly [typeof keyArg, { name: 'value'; type: 'string'; optional: true; description: '' }]>;

/** The value from exactly one place: the argument, --value, --value-file, or standard input when piped. */
async function givenValue(ctx: Context, v: SetValues): Promise<string> {
  const given = [v.args.value, v.flags.value, v.flags['value-file']].filter((x) => x !== undefined);
  if (given.length > 1) throw new UsageError('give the value once: as the argument, --value or --value-file');
  if (v.args.value !== undefined) return v.args.value;
  if (v.flags.value !== undefined) return v.flags.value;
  const file = v.flags['value-file'];
  if (file === '-' || (file === undefined && !ctx.io.stdinIsTTY)) return readStdin(ctx);
  if (file === undefined) throw new UsageError('no value: give it as the argument, --value, --value-file, or on standard input');
  try {
    return fs.readFileSync(path.resolve(ctx.settings.cwd, file), 'utf8');
  } catch (err) {
    throw new UsageError(`cannot read --value-file ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
}

/** The attributes given, under GitLab's names. */
function attributes(v: SetValues): Record<string, unknown> {
  const f = v.flags;
  const out: Record<string, unknown> = {};
  if (f.masked !== undefined) out.masked = f.masked;
  if (f.protected !== undefined) out.protected = f.protected;
  if (f.expand !== undefined) out.raw = !f.expand;
  if (f.type !== undefined) out.variable_type = f.type;
  if (f.description !== undefined) out.description = f.description;
  return out;
}

/** What `set` shows of the variable: everything but its value. */
function withoutValue(data: unknown): unknown {
  if (!isObject(data)) return data;
  const { value: _value, ...rest } = data;
  return rest;
}

const marks = (data: unknown) =>
  isObject(data) ? (['masked', 'hidden', 'protected', 'raw'] as const).filter((k) => data[k] === true) : [];

async function setVariable(ctx: Context, v: SetValues): Promise<void> {
  const value = await givenValue(ctx, v);
  // GitLab masks values of 8 characters or more only: any of those may be a masked one.
  if (v.flags.masked === true || value.length >= 8) ctx.settings.redact(value);
  const api = ctx.api();
  const base = fillPath(collection(v), pathValues(v));
  const scope = v.flags.scope;
  let created = false;
  let res: { data: unknown };
  try {
    res = await api.request({
      method: 'PUT',
      path: `${base}/${fillPath(':key', v.args)}`,
      query: scope === undefined ? {} : { 'filter[environment_scope]': scope },
      body: { value, ...attributes(v) },
      expect: { kind: 'object', key: 'key' },
    });
  } catch (err) {
    if (!variableMissing(err)) throw err;
    created = true;
    const body = { key: v.args.key, value, ...attributes(v), ...(scope === undefined ? {} : { environment_scope: scope }) };
    res = await api.request({ method: 'POST', path: base, body, expect: { kind: 'object', key: 'key' } });
  }
  const printer = ctx.printer();
  if (!printer.brief) await printer.object(withoutValue(res.data), variableColumns);
  const how = marks(res.data);
  ctx.success(
    `${created ? 'Created' : 'Updated'} variable ${v.args.key}${scope ? ` (scope ${scope})` : ''} of ${owner(v)}${how.length ? ` (${how.join(', ')})` : ''}`,
  );
}

export const set = defineCommand({
  name: 'set',
  summary: 'Set a CI/CD variable: update it, or create it',
  description:
    'Set a variable: updated when it exists (PUT), created otherwise (POST). The value is the ' +
    'second argument, --value, --value-file (as it is, - for stdin) or standard input when piped; ' +
    'it goes as it is, quotes, newlines and $(…) included, and is never printed (the answer is ' +
    'shown without it). --masked, --protected, --no-expand, --type, --scope, --description set the ' +
    'rest. Needs a token with the api scope: not the CI job token (exit 4).',
  examples: [
    'collab variable set DEPLOY_HOST deploy.example.com -p acme/platform/api',
    'collab variable set DEPLOY_TOKEN --masked --protected --value-file token.txt',
    'collab variable set KUBECONFIG --type file --scope production --value-file ~/.kube/config -g acme',
  ],
  args: [keyArg, { name: 'value', type: 'string', optional: true, description: 'the value (or --value, --value-file, stdin)' }],
  project: 'optional',
  group: 'optional',
  flags: setFlags,
  columns: variableColumns,
  uses: ['output'],
  prepare: checkTarget,
  explain: explainVariables,
  run: (ctx, v) => setVariable(ctx, v as unknown as SetValues),
});
