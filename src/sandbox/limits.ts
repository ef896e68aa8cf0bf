/**
 * The sandbox's limits, which `collab sandbox` declares as the bounds of its flags: the one module
 * of the sandbox besides index.ts that the client may import (it loads nothing else).
 */

/** The largest streamed artifact, in MiB: the archive must stay under 4 GiB (no zip64). */
export const MAX_ARTIFACT_MB = 4094;
