import type { Env } from '../env.js';

/**
 * Runs a command line the user set (`$BROWSER`, `$EDITOR`) with one more argument, which the shell
 * never reads (`"$1"`: a URL's `$(…)` or `;` stays text), on this terminal, and waits for it.
 * Returns undefined when it succeeded, else why not (`exit status 1`, `command not found`).
 */
export async function runUserCommand(commandLine: string, arg: string, env: Env): Promise<string | undefined> {
  const { spawn } = await import('node:child_process');
  const [command, args] = process.platform === 'win32' ? [commandLine, [arg]] : ['sh', ['-c', `${commandLine} "$1"`, 'collab', arg]];
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env });
    child.on('error', (err) => resolve(err.message));
    child.on('close', (code, signal) =>
      resolve(code === 0 ? undefined : signal ? `ended by ${signal}` : code === 127 ? 'command not found' : `exit status ${code}`),
    );
  });
}
