import type { Context } from '../../context.js';
import { LocalError } from '../../errors.js';
import type { Values } from '../../executor/inputs.js';
import { defineCommand } from '../../executor/spec.js';
import { writeOut } from '../../output/io.js';
import { COMPLETION_FILES, readPackageFile, SHELLS, type Shell } from '../../shipped-files.js';

/**
 * Prints the generated script shipped with the package (completions/), so that this command and
 * the committed file never differ; it loads neither the other commands nor the network stack.
 */
async function printScript(ctx: Context, v: Values): Promise<void> {
  const shell = v.args.shell as Shell;
  const text = readPackageFile(COMPLETION_FILES[shell]);
  if (text === undefined)
    throw new LocalError(
      `the ${shell} completion script is missing from this installation (${COMPLETION_FILES[shell]})`,
      'reinstall collab, or run npm run docs in a checkout',
    );
  await writeOut(ctx.io.stdout, text);
}

const INSTALL = `Install:
  bash  collab completion bash > ~/.local/share/bash-completion/completions/collab
        (or add to ~/.bashrc: source <(collab completion bash))
  zsh   collab completion zsh > "\${fpath[1]}/_collab"   (a directory of $fpath; compinit must run)
  fish  collab completion fish > ~/.config/fish/completions/collab.fish

The scripts hold the whole command tree: pressing Tab never starts collab.`;

export const command = defineCommand({
  name: 'completion',
  summary: 'Print a shell completion script (bash, zsh, fish)',
  notes: INSTALL,
  examples: [
    'collab completion bash > ~/.local/share/bash-completion/completions/collab',
    'collab completion zsh > ~/.zfunc/_collab',
    'collab completion fish > ~/.config/fish/completions/collab.fish',
  ],
  args: [{ name: 'shell', type: 'string', choices: SHELLS, description: 'the shell' }],
  run: printScript,
});
