import { paginate } from '../../api/paginate.js';
import { fillPath } from '../../api/path.js';
import type { Context } from '../../context.js';
import { LocalError } from '../../errors.js';
import { pathValues } from '../../executor/endpoint.js';
import type { Values } from '../../executor/inputs.js';
import { defineCommand } from '../../executor/spec.js';
import { writeOut } from '../../output/io.js';
import { checkTarget, collection, explainVariables } from './scope.js';

/**
 * `variable export`: the variables a job in an environment would get, as lines a shell sources.
 * `sh` quotes every value in single quotes (a `'` as `'\''`), inside which sh takes every byte
 * as written: quotes, newlines, `$(…)`, backslashes. `env` is `KEY=value` lines (a value with a
 * line break cannot be one: refused); `json` one object.
 */

interface Variable {
  key: string;
  value: string | null;
  environment_scope?: string;
  variable_type?: string;
}

/** `'…'` for sh: every byte as written, a single quote closed, escaped and reopened. */
export const shQuote = (value: string): string => `'${value.replace(/'/g, `'\\''`)}'`;

/** GitLab's environment scope match (`review/*` matches `review/app-1`; `*` matches every one). */
function scopeMatches(scope: string, environment: string): boolean {
  const pattern = scope
    .split('*')
    .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${pattern}$`).test(environment);
}

/**
 * The variable of each key a job in `environment` gets: of those whose scope matches, the exact
 * scope over a pattern, a pattern over `*`; without an environment only `*`'s.
 */
export function forEnvironment(all: readonly Variable[], environment: string | undefined): Variable[] {
  const rank = (scope: string) => (scope === environment ? 0 : scope === '*' ? 2 : 1);
  const best = new Map<string, Variable>();
  for (const variable of all) {
    const scope = variable.environment_scope ?? '*';
    if (environment === undefined ? scope !== '*' : !scopeMatches(scope, environment)) continue;
    const had = best.get(variable.key);
    if (!had || rank(scope) < rank(had.environment_scope ?? '*')) best.set(variable.key, variable);
  }
  return [...best.values()];
}

/** A shell name: what `export` takes (a key starting with a digit is GitLab's, not sh's). */
const SH_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function render(variables: readonly Variable[], format: string): string {
  if (format === 'json') return `${JSON.stringify(Object.fromEntries(variables.map((x) => [x.key, x.value])))}\n`;
  return variables
    .map(({ key, value }) => {
      const v = value ?? '';
      if (format === 'env') {
        if (/[\r\n\0]/.test(v)) throw new LocalError(`${key} holds a line break, which a KEY=value line cannot: use --format sh or json`);
        return `${key}=${v}\n`;
      }
      // sh reads a script as C strings: a NUL would cut the value short without a word.
      if (v.includes('\0')) throw new LocalError(`${key} holds a NUL byte, which no shell variable can: use --format json`);
      return `export ${key}=${shQuote(v)}\n`;
    })
    .join('');
}

async function exportVariables(ctx: Context, v: Values): Promise<void> {
  const format = (v.flags.format as string | undefined) ?? 'sh';
  const environment = v.flags.scope as string | undefined;
  const all: Variable[] = [];
  for await (const item of paginate<Variable>(
    ctx.api(),
    { method: 'GET', path: fillPath(collection(v), pathValues(v)) },
    { perPage: 100, all: true, unique: false },
  ))
    all.push(item);
  const chosen = forEnvironment(all, environment).filter((x) => {
    if (x.value === null) ctx.notice(`skipped ${x.key}: it is hidden, GitLab never shows its value`);
    else if (format === 'sh' && !SH_NAME.test(x.key)) ctx.notice(`skipped ${x.key}: not a name sh can export`);
    else {
      // Ci::HasVariable `file?`: the runner writes the value to a file and sets the variable to its path.
      if (x.variable_type === 'file' && format !== 'json')
        ctx.notice(`${x.key} is a file variable: its content is exported (in a job it is the path of a file holding it)`);
      return true;
    }
    return false;
  });
  await writeOut(ctx.io.stdout, render(chosen, format));
}

export const exportCommand = defineCommand({
  name: 'export',
  summary: 'Print the variables as lines a shell sources (or env, JSON)',
  description:
    "Print the variables a job would get as `export KEY='value'` lines, quoted so that sh and " +
    'bash read every value back as it is: eval "$(collab variable export)". --scope <environment> ' +
    "takes those of an environment (its own scope over a pattern, a pattern over *), else only *'s. " +
    '--format env: KEY=value lines (a value with a line break is refused); json: one object. ' +
    'Hidden variables are left out (GitLab never shows their values), with a notice.',
  examples: [
    'eval "$(collab variable export -p acme/platform/api)"',
    'collab variable export --scope production --format env > .env',
    'collab variable export -g acme --format json | jq keys',
  ],
  project: 'optional',
  group: 'optional',
  flags: [
    { name: 'format', param: false, type: 'enum', choices: ['sh', 'env', 'json'], description: 'sh (default), env or json' },
    { name: 'scope', param: false, type: 'string', value: '<environment>', description: 'the environment a job runs in' },
  ],
  prepare: checkTarget,
  explain: explainVariables,
  effect: 'read',
  answersSecrets: true,
  run: exportVariables,
});
