import { fillPath } from '../../api/path.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { pathValues } from '../../executor/endpoint.js';
import type { Values } from '../../executor/inputs.js';
import { readBytesArg } from '../../executor/read-input.js';
import { defineCommand } from '../../executor/spec.js';
import { variableColumns } from '../../resources/variable.js';
import { ENVIRONMENT_SCOPE, ENVIRONMENT_SCOPE_MESSAGE } from '../../shared/environment-scope.js';
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
  if (file === undefined && ctx.io.stdinIsTTY)
    throw new UsageError('no value: give it as the argument, --value, --value-file, or on standard input');
  if (file === undefined || file === '-') {
    if (ctx.io.stdinIsTTY && !ctx.canPrompt) throw new UsageError('expected data on standard input');
    const bytes = await readBytesArg(ctx, '-', '--value-file');
    // A CI job's stdin is empty, not a terminal: a value forgotten there would blank the variable.
    if (file === undefined && bytes.length === 0)
      throw new UsageError(
        'no value: nothing came on standard input',
        'give it as the argument, --value or --value-file (--value "" sets it empty)',
      );
    return asText(bytes, 'standard input');
  }
  return asText(await readBytesArg(ctx, file, '--value-file'), file);
}

/**
 * The bytes as text, exactly: a value is JSON text to GitLab, so bytes that are not UTF-8 would
 * arrive replaced (U+FFFD), silently another value. A byte-order mark stays, as written.
 */
function asText(bytes: Buffer, from: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new UsageError(
      `the value from ${from} is not UTF-8 text, and a variable's value is text: sent, its other bytes would be replaced`,
      'for binary data, store it base64-encoded (base64 -w0 < file) and decode it in the job',
    );
  }
}

/**
 * Ci::Maskable (app/models/concerns/ci/maskable.rb): a masked value matches MASK_AND_RAW_REGEX
 * `\A\S{8,}\z` when raw, REGEX `\A[a-zA-Z0-9_+=/@:.~-]{8,}\z` when expanded (older GitLab: always
 * REGEX). Ruby's `\S` leaves out ASCII white space only.
 */
const MASKABLE_RAW = /^[^ \t\r\n\f\v]{8,}$/u;
const MASKABLE = /^[a-zA-Z0-9_+=/@:.~-]{8,}$/;
export const MASK_RULE =
  'GitLab masks a value of 8 characters or more, on one line, without spaces; expanded (without --no-expand) only of letters, digits and _ + = / @ : . ~ -';

/** A value --masked cannot mask, refused before it is sent (never named: it is a secret). `raw` undefined: not known (an update keeps it). */
function checkMaskable(value: string, raw: boolean | undefined): void {
  const why = !MASKABLE_RAW.test(value)
    ? [...value].length < 8
      ? 'is shorter than 8 characters'
      : 'holds a space or a line break'
    : raw === false && !MASKABLE.test(value)
      ? 'holds characters GitLab cannot mask in an expanded value'
      : undefined;
  if (why) throw new UsageError(`--masked: the value ${why}`, MASK_RULE);
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
  const raw = v.flags.expand === undefined ? undefined : !v.flags.expand;
  // No variable has such a scope, and GitLab would create none: nothing to update or create.
  if (v.flags.scope !== undefined && !ENVIRONMENT_SCOPE.test(v.flags.scope))
    throw new UsageError(
      `invalid value for --scope: "${v.flags.scope}" is not an environment scope`,
      `GitLab's ${ENVIRONMENT_SCOPE_MESSAGE}`,
    );
  if (v.flags.masked === true) checkMaskable(value, raw);
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
    // A new variable is expanded unless --no-expand says otherwise.
    if (v.flags.masked === true) checkMaskable(value, raw ?? false);
    const body = { key: v.args.key, value, ...attributes(v), ...(scope === undefined ? {} : { environment_scope: scope }) };
    res = await api.request({ method: 'POST', path: base, body, expect: { kind: 'object', key: 'key' } });
  }
  const printer = ctx.printer();
  if (!printer.brief) await printer.object(withoutValue(res.data), variableColumns);
  const how = marks(res.data);
  // Without --scope GitLab updates the key's one variable whatever its scope: say which it was.
  const answered = isObject(res.data) && typeof res.data.environment_scope === 'string' ? res.data.environment_scope : undefined;
  const shown = scope ?? (answered !== '*' ? answered : undefined);
  ctx.success(
    `${created ? 'Created' : 'Updated'} variable ${v.args.key}${shown ? ` (scope ${shown})` : ''} of ${owner(v)}${how.length ? ` (${how.join(', ')})` : ''}`,
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
  explain: {
    ...explainVariables,
    400: (_ctx, _v, err) => (/\bvalue\b.*\binvalid\b/.test(err.message) ? MASK_RULE : undefined),
  },
  run: (ctx, v) => setVariable(ctx, v as unknown as SetValues),
});
