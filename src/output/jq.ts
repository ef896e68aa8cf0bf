import { randomBytes } from 'node:crypto';
import { LocalError, UsageError } from '../errors.js';

/** What one run of the filter gave: its output text as jq prints it, jq's messages, its errors. */
interface FilterRun {
  output: string;
  /** `debug`, `stderr` and `halt_error` text, for stderr. */
  messages: string[];
  /** Runtime errors, one per input the filter failed on (`Cannot index number with "id"`). */
  errors: string[];
}

interface Engine {
  raw(input: string, query: string, flags?: string[]): { stdout: string; stderr: string; exitCode: number };
}

const ERROR_LINE = /^jq: error \(at [^)]*\): (.*)$/;

/** jq's compile errors in one line: `syntax error, unexpected end of file (line 1, column 6)`. */
function compileMessage(stderr: string): string {
  const errors = stderr
    .split('\n')
    .filter((l) => l.startsWith('jq: error: '))
    .map((l) =>
      l
        .slice('jq: error: '.length)
        .replace(/ at <top-level>, (line \d+(?:, column \d+)?):?$/, ' ($1)')
        .replace(/:$/, ''),
    );
  return errors.length > 0 ? errors.join('; ') : stderr.trim().split('\n')[0] || 'the filter does not compile';
}

/**
 * A `--jq` filter: jq itself (jq-wasm, jq compiled to WebAssembly), loaded only when `--jq` is
 * given. `compile` checks the expression before any request is sent; `run` filters JSON text
 * holding one or more values (one run per value, as jq does with its input).
 */
export class JqFilter {
  private constructor(
    private readonly engine: Engine,
    private readonly program: string,
    /** Raw output (-r): strings as text, not JSON. */
    readonly raw: boolean,
    /** A line that brackets the outputs of each input (raw output only), or undefined. */
    private readonly guard: string | undefined,
  ) {}

  static async compile(expression: string, options: { raw: boolean }): Promise<JqFilter> {
    let engine: Engine;
    try {
      const { loadJq } = await import('jq-wasm');
      engine = await loadJq();
    } catch (err) {
      throw new LocalError(
        `--jq: jq could not be loaded: ${(err as Error).message}`,
        'reinstall collab (its jq-wasm dependency is missing or broken)',
      );
    }
    // Without input jq compiles the filter and runs it on nothing: a compile check that runs nothing.
    const check = engine.raw('', expression);
    if (check.exitCode !== 0) throw new UsageError(`invalid value for --jq: ${compileMessage(check.stderr)}`);
    if (!options.raw) return new JqFilter(engine, expression, false, undefined);
    // jq-wasm trims the whole output, which would eat the white space around raw strings at its
    // ends: each input's outputs are bracketed by a line no server text can hold, removed after.
    const guard = `\u0000collab-jq-${randomBytes(8).toString('hex')}\u0000`;
    const bracketed = `${JSON.stringify(guard)}, (${expression}\n), ${JSON.stringify(guard)}`;
    // (A comment ending in a backslash continues onto the next line and could swallow the bracket.)
    if (engine.raw('', bracketed, ['-r']).exitCode !== 0) return new JqFilter(engine, expression, true, undefined);
    return new JqFilter(engine, bracketed, true, guard);
  }

  /** Runs the filter on each JSON value of `json`: pretty output, or `compact` (one line each, jq -c). */
  run(json: string, compact: boolean): FilterRun {
    const flags = [...(compact ? ['-c'] : []), ...(this.raw ? ['-r'] : [])];
    const { stdout, stderr, exitCode } = this.engine.raw(json, this.program, flags);
    let output = stdout === '' ? '' : `${stdout}\n`;
    if (this.guard !== undefined) output = output.split(`${this.guard}\n`).join('');
    const messages: string[] = [];
    const errors: string[] = [];
    for (const line of stderr === '' ? [] : stderr.split('\n')) {
      const error = ERROR_LINE.exec(line);
      if (error) errors.push(error[1]!);
      else messages.push(line);
    }
    // halt_error: its text is a message, the failure is its exit status.
    if (exitCode !== 0 && errors.length === 0) errors.push(`the filter stopped with status ${exitCode}`);
    return { output, messages, errors };
  }
}
