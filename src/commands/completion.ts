import { Command } from 'commander';
import type { Context } from '../context.js';

export function build(_getCtx: () => Context): Command {
  return new Command('completion').description('Print a shell completion script (bash, zsh, fish)');
}
