import { Command } from 'commander';
import type { Context } from '../context.js';

export function build(_getCtx: () => Context): Command {
  return new Command('sandbox').description('Run a local server that speaks the whole API, with demo data');
}
