import type { Context } from '../../context.js';
import { defineCommand } from '../../executor/spec.js';
import { writeOut } from '../../output/io.js';
import { VERSION } from '../../version.js';

/** `collab version`: what `collab --version` prints, as gh and glab users type it. */
export const command = defineCommand({
  name: 'version',
  summary: 'Print the version (the same as collab --version)',
  examples: ['collab version'],
  run: async (ctx: Context) => writeOut(ctx.io.stdout, `${VERSION}\n`),
});
