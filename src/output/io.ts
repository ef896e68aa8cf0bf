import { type Readable, Writable } from 'node:stream';
import type { Env } from '../env.js';
import type { ColorChoice } from '../global-flags.js';

export type ColorLevel = 0 | 1 | 2 | 3;

/** The process's streams and what is known about them; tests build one on buffers. */
export interface IO {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
  stdinIsTTY: boolean;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  /** Colour level for stdout (0 = none). */
  colorLevel: ColorLevel;
  /** Terminal width in columns (80 when unknown). */
  columns: number;
  /** Terminal height in rows, when stdout is a terminal. */
  rows?: number;
  /** Width of the terminal on stderr (progress lines); `columns` when unknown. */
  stderrColumns?: number;
}

/** The colour a stream supports by the environment (`--no-color` is applied by the Context). */
export function colorLevelFor(isTTY: boolean, env: Env): ColorLevel {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return 0;
  const force = env.FORCE_COLOR;
  if (force !== undefined) {
    if (force === '' || force === 'true' || force === '1') return 1;
    if (force === '0' || force === 'false') return 0;
    const n = Number(force);
    if (n >= 1 && n <= 3) return n as ColorLevel;
  }
  if (!isTTY || env.TERM === 'dumb') return 0;
  if (env.COLORTERM === 'truecolor' || env.COLORTERM === '24bit') return 3;
  if (env.TERM?.includes('256')) return 2;
  return 1;
}

/**
 * The colour level of stdout for `--color <when>`: `auto` keeps the environment's level; `never`
 * is none; `always` colours even a pipe, and beats NO_COLOR and FORCE_COLOR because it was asked
 * for on the command line (the level TERM and COLORTERM allow, at least the basic colours).
 */
export function colorLevelWhen(choice: ColorChoice, autoLevel: ColorLevel, env: Env): ColorLevel {
  if (choice === 'never') return 0;
  if (choice === 'auto') return autoLevel;
  return colorLevelFor(true, { TERM: env.TERM === 'dumb' ? undefined : env.TERM, COLORTERM: env.COLORTERM });
}

/** Writes and waits for 'drain' when the stream asks for it, so long outputs keep memory flat. */
export async function writeOut(stream: Writable, text: string | Uint8Array): Promise<void> {
  if (!stream.write(text)) {
    await new Promise<void>((resolve, reject) => {
      const done = () => {
        stream.off('error', fail);
        resolve();
      };
      const fail = (err: Error) => {
        stream.off('drain', done);
        reject(err);
      };
      stream.once('drain', done);
      stream.once('error', fail);
    });
  }
}

/**
 * A stream that writes into `stream` (stdout) without ending it and without listening to it: a
 * pipeline into stdout itself leaves its listeners there, and one per poll piles them up.
 */
export function into(stream: Writable): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      writeOut(stream, chunk).then(() => done(), done);
    },
  });
}
