import { createHash, type Hash } from 'node:crypto';
import { LocalError, UsageError } from '../errors.js';
import type { Observer } from './receive.js';

/** `--sha256 <hex>`: 64 hexadecimal digits (any case, `sha256:` in front allowed), or exit 2. */
export function parseSha256(raw: string, label = '--sha256'): string {
  const hex = raw
    .trim()
    .toLowerCase()
    .replace(/^sha256:/, '');
  if (!/^[0-9a-f]{64}$/.test(hex)) throw new UsageError(`invalid value for ${label}: "${raw}" is not a SHA-256 (64 hexadecimal digits)`);
  return hex;
}

/**
 * Hashes a download's bytes as they arrive (what was taken, for `-o json`); with `expected`,
 * `check` runs once all arrived, before they are kept (renamed into place, extracted or printed):
 * a mismatch fails the download and nothing remains.
 */
export class Sha256Check implements Observer {
  private hash: Hash = createHash('sha256');
  /** The SHA-256 of every byte, once all arrived. */
  digest?: string;
  /** Other SHA-256s the bytes must have, and who said so (the server's `X-Checksum-SHA256`). */
  private stated: { hex: string; by: string }[] = [];

  constructor(
    private readonly expected: string | undefined,
    /** For the message: what was downloaded, and what became of it (`nothing was extracted`). */
    private readonly what: string,
  ) {}

  data(chunk: Buffer): void {
    this.hash.update(chunk);
  }

  restart(): void {
    this.hash = createHash('sha256');
  }

  /** A SHA-256 someone else states (a header of the answer): checked too; one that is no SHA-256 is ignored. */
  alsoExpect(raw: string, by: string): void {
    const hex = raw.trim().toLowerCase();
    if (/^[0-9a-f]{64}$/.test(hex) && !this.stated.some((s) => s.hex === hex)) this.stated.push({ hex, by });
  }

  check(): void {
    const actual = this.hash.digest('hex');
    this.digest = actual;
    if (this.expected !== undefined && actual !== this.expected)
      throw new LocalError(`SHA-256 mismatch for ${this.what}: expected ${this.expected}, got ${actual}; nothing was kept`);
    const wrong = this.stated.find((s) => s.hex !== actual);
    if (wrong)
      throw new LocalError(
        `SHA-256 mismatch for ${this.what}: ${wrong.by} is ${wrong.hex}, the bytes received are ${actual}; nothing was kept`,
      );
  }
}
