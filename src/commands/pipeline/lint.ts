import path from 'node:path';
import { fillPath } from '../../api/path.js';
import type { Context } from '../../context.js';
import { LocalError } from '../../errors.js';
import { readTextArg } from '../../executor/read-input.js';
import { defineCommand } from '../../executor/spec.js';
import { writeOut } from '../../output/io.js';
import { messageText } from '../../output/sanitize.js';
import { pipelinesExplain } from './shared.js';

/** `Entities::Ci::Lint::Result` (lib/api/entities/ci/lint/result.rb): `valid`, `errors`, `warnings`. */
interface LintResult {
  valid?: boolean;
  errors?: unknown[];
  warnings?: unknown[];
}

const asLines = (list: unknown[] | undefined) => (list ?? []).map((x) => messageText(String(x)).replace(/\s*\n\s*/g, ' '));

/** Each error and warning on its own line; exit 1 when the configuration is not valid. */
async function print(ctx: Context, what: string, data: unknown): Promise<void> {
  const printer = ctx.printer();
  const result = (data ?? {}) as LintResult;
  if (printer.json) await printer.object(data);
  else {
    const lines = [...asLines(result.errors).map((e) => `error: ${e}`), ...asLines(result.warnings).map((w) => `warning: ${w}`)];
    if (lines.length > 0) await writeOut(ctx.io.stdout, `${lines.join('\n')}\n`);
  }
  if (result.valid !== true) {
    const count = result.errors?.length ?? 0;
    throw new LocalError(`${what} is not valid${count > 0 ? ` (${count} error${count === 1 ? '' : 's'})` : ''}`);
  }
  if (ctx.io.stderrIsTTY) ctx.success(`${what} is valid${result.warnings?.length ? ` (${result.warnings.length} warnings)` : ''}`);
}

export const lint = defineCommand({
  name: 'lint',
  summary: 'Check a CI configuration: exit 0 when valid, 1 when not',
  description:
    'Check a .gitlab-ci.yml with the project as context (POST /projects/:id/ci/lint with the ' +
    "file's content), or without a file the project's own (GET /projects/:id/ci/lint: its " +
    'default branch). Each error and warning is printed on its own line; exit 0 when the ' +
    'configuration is valid, 1 when it is not.',
  examples: ['collab pipeline lint .gitlab-ci.yml', 'collab pipeline lint -p acme/platform/api', 'cat ci.yml | collab pipeline lint -'],
  args: [
    {
      name: 'file',
      type: 'string',
      optional: true,
      disk: 'read',
      description: 'the configuration file (- for stdin); none: the project’s own',
    },
  ],
  project: 'required',
  uses: ['output'],
  explain: pipelinesExplain,
  // POST /ci/lint checks the content sent; it changes nothing.
  effect: 'read',
  run: async (ctx, v) => {
    const file = v.args.file === undefined ? undefined : String(v.args.file);
    const content =
      file === undefined
        ? undefined
        : await readTextArg(ctx, file === '-' ? file : path.resolve(ctx.settings.cwd, file), 'the configuration');
    const lintPath = fillPath('/projects/:project/ci/lint', { project: v.project });
    const res = await ctx
      .api()
      .request(content === undefined ? { method: 'GET', path: lintPath } : { method: 'POST', path: lintPath, body: { content } });
    await print(ctx, file === undefined ? "the project's .gitlab-ci.yml" : file === '-' ? 'the configuration' : file, res.data);
  },
});
