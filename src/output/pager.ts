import type { Env } from '../env.js';

/**
 * The pager command: `$COLLAB_PAGER`, then the config's `pager`, then `$PAGER`, then `less -FRX`;
 * undefined for none (`cat` or empty).
 */
export function pagerCommand(env: Env, configured?: string): string | undefined {
  const chosen = env.COLLAB_PAGER ?? configured ?? env.PAGER ?? 'less -FRX';
  const trimmed = chosen.trim();
  return trimmed === '' || trimmed === 'cat' ? undefined : trimmed;
}

/**
 * Writes `text` through the pager, which shares the terminal, and waits for it to end. Returns false
 * when the pager could not be started (the caller writes the text itself).
 */
export async function runPager(command: string, text: string, env: Env): Promise<boolean> {
  const { spawn } = await import('node:child_process');
  // less: raw colours, quit when it fits, keep the screen (as git and gh set it).
  const childEnv = { ...env, LESS: env.LESS ?? 'FRX', LV: env.LV ?? '-c' };
  return new Promise((resolve) => {
    let started = false;
    const child = spawn(command, { shell: true, stdio: ['pipe', 'inherit', 'inherit'], env: childEnv });
    child.on('spawn', () => {
      started = true;
    });
    child.on('error', () => resolve(started));
    // A pager quit before reading everything closes its input: not an error.
    child.stdin.on('error', () => undefined);
    child.on('close', (code) => resolve(started && code !== 127));
    child.stdin.end(text);
  });
}
