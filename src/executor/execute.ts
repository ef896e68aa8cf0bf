import type { Context } from '../context.js';
import type { Printer } from '../output/printer.js';
import { askConsent, requireConsent } from './confirm.js';
import type { Values } from './inputs.js';
import { globalUses } from './options.js';
import { prepareValues, resolveLookups } from './prepare.js';
import { fieldsFirst, printSent } from './print.js';
import { type Sent, send } from './send.js';
import { type CommandSpec, STAGES, type StageName } from './spec.js';
import { collectValues } from './values.js';

/**
 * Runs a declared command: the stages of `STAGES` (src/executor/spec.ts), in that order. Several
 * ids, or `--stdin`, make it a bulk run once the values are known (src/executor/bulk.ts).
 */
export async function execute(ctx: Context, spec: CommandSpec, args: unknown[], opts: Record<string, unknown>): Promise<void> {
  const run: Run = { ctx, spec, args, opts };
  for (const stage of STAGES) if ((await STEPS[stage.name](run)) === DONE) return;
}

/** What the stages hand on to each other. */
interface Run {
  readonly ctx: Context;
  readonly spec: CommandSpec;
  readonly args: unknown[];
  readonly opts: Record<string, unknown>;
  v?: Values;
  printer?: Printer;
  sent?: Sent;
}

/** What a stage returns when the run ends there (`--fields` alone, a bulk run); anything else goes on. */
const DONE = Symbol('done');

type Step = (run: Run) => unknown;

const STEPS: Record<StageName, Step> = {
  async values(run) {
    run.v = await collectValues(run.ctx, run.spec, run.args, run.opts);
    if (!run.v.bulk) return;
    await (await import('./bulk.js')).executeBulk(run.ctx, run.spec, run.v);
    return DONE;
  },
  async fields(run) {
    const { ctx, spec } = run;
    // A `run` printing data that nobody declared (`collab api`) takes any names: the answer's own.
    const undeclared = spec.columns === undefined && spec.uses?.includes('output');
    if (!undeclared && (await fieldsFirst(ctx, spec.columns))) return DONE;
    // Made before anything is sent (a bad -o is exit 2), unless a `run` prints no data.
    if (!spec.run || globalUses(spec).includes('output')) run.printer = ctx.printer(undefined, { revealSecrets: spec.revealSecrets });
  },
  refuse({ ctx, spec, v }) {
    if (spec.confirm) requireConsent(ctx, spec.confirm, v!);
  },
  async prepare({ ctx, spec, v }) {
    if (!(await prepareValues(ctx, spec, v!))) return DONE;
  },
  async lookup({ ctx, spec, v }) {
    await resolveLookups(ctx, spec, v!);
  },
  async confirm({ ctx, spec, v }) {
    if (spec.confirm) await askConsent(ctx, spec, v!);
  },
  async send(run) {
    run.sent = await send(run.ctx, run.spec, run.v!, run.printer?.brief ?? false);
  },
  async print({ ctx, spec, v, printer, sent }) {
    await printSent(ctx, spec, v!, printer!, sent!);
  },
};
