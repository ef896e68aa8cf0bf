import type { Command } from 'commander';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { type ActionRunner, buildNoun, runSpec } from './build.js';
import type { ArgSpec } from './inputs.js';
import type { NounSpec } from './spec.js';

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
 * Moves a positional project/group into the `-p`/`-g` option before the usual validation, so
 * both forms resolve the same way; giving both with different values is a usage error.
 */
export function subjectRunner(kind: 'project' | 'group'): ActionRunner {
  return async (ctx, spec, args, opts) => {
    const index = (spec.args ?? []).findIndex((a) => a.name === kind);
    const positional = index >= 0 ? args[index] : undefined;
    if (positional === undefined || positional === '') return runSpec(ctx, spec, args, opts);
    const resolve = (raw: string) => (kind === 'project' ? ctx.settings.project(raw) : ctx.settings.group(raw));
    const fromArg = resolve(String(positional));
    const option = opts[kind];
    const flag = kind === 'project' ? '-p/--project' : '-g/--group';
    if (option !== undefined && resolve(String(option)) !== fromArg)
      throw new UsageError(`the ${kind} is given twice with different values: "${positional}" and ${flag} "${option}"`);
    return runSpec(ctx, spec, args, { ...opts, [kind]: fromArg });
  };
}

/** buildNoun with the positional-subject runner on every command (nested nouns too). */
export function buildSubjectNoun(noun: NounSpec, getCtx: () => Context, kind: 'project' | 'group', only?: string[]): Command {
  return buildNoun(noun, getCtx, { runner: subjectRunner(kind), only });
}
