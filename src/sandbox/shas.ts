import { createHash } from 'node:crypto';

/** A deterministic 40-hex commit id derived from a seed text. */
export const sha = (seed: string): string => createHash('sha1').update(seed).digest('hex');
