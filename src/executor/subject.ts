import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { execute } from './execute.js';
import type { ArgSpec } from './inputs.js';
import type { CommandSpec } from './spec.js';

/** The optional positional form of `-p` (`collab project view acme/website`). */
export const projectArg: ArgSpec = {
  name: 'project',
  type: 'string',
  optional: true,
  description: 'project: numeric id, full path or web URL (same as -p)',
};

/** The optional positional form of `-g` (`collab group view acme`). */
export const groupArg: ArgSpec = {
  name: 'group',
  type: 'string',
  optional: true,
  description: 'group: numeric id or full path (same as -g)',
};

/**
 * A noun's positional subject (`NounSpec.subject`): moves a positional project or group into the
 * `-p`/`-g` option before the usual validation, so both forms resolve the same way; giving both
 * with different values is a usage error.
 */
export async function executeWithSubject(
  kind: 'project' | 'group',
  ctx: Context,
  spec: CommandSpec,
  args: unknown[],
  opts: Record<string, unknown>,
): Promise<void> {
  const index = (spec.args ?? []).findIndex((a) => a.name === kind);
  const positional = index >= 0 ? args[index] : undefined;
  if (positional === undefined || positional === '') return execute(ctx, spec, args, opts);
  const resolve = (raw: string) => (kind === 'project' ? ctx.settings.project(raw) : ctx.settings.group(raw));
  const fromArg = resolve(String(positional));
  const option = opts[kind];
  const flag = kind === 'project' ? '-p/--project' : '-g/--group';
  if (option !== undefined && resolve(String(option)) !== fromArg)
    throw new UsageError(`the ${kind} is given twice with different values: "${positional}" and ${flag} "${option}"`);
  return execute(ctx, spec, args, { ...opts, [kind]: fromArg });
}
