import { parseSha256 } from '../download/checksum.js';
import type { FlagSpec } from '../executor/inputs.js';

/*
 * The flags every download shares (job artifacts, package and release files): only their
 * descriptions differ from command to command.
 */

/** `-d/--dest`: where the download goes (`write-or-stdout`: a file, or stdout without it). */
export const destFlag = (description: string, disk: 'write' | 'write-or-stdout' = 'write') =>
  ({ name: 'dest', short: 'd', param: false, type: 'string', disk, description, value: '<path>' }) as const satisfies FlagSpec;

/** `--sha256`: the checksum the download must have (download/checksum.ts reads it). */
export const sha256Flag = (description: string) =>
  ({ name: 'sha256', param: false, type: 'string', description, value: '<hex>' }) as const satisfies FlagSpec;

/** The `--sha256` given, as 64 lower-case hex digits (exit 2 otherwise); undefined when not given. */
export const givenSha256 = (flags: { sha256?: string }): string | undefined =>
  flags.sha256 === undefined ? undefined : parseSha256(flags.sha256);
