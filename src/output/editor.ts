import { rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Env } from '../env.js';
import { UsageError } from '../errors.js';
import { makeTempDir } from '../temp-dir.js';
import { runUserCommand } from './user-command.js';

/** The editor people set: the config's `editor`, then `$VISUAL`, then `$EDITOR`, else vi (as git does). */
export function editorCommand(env: Env, configured?: string): string {
  return configured?.trim() || env.VISUAL?.trim() || env.EDITOR?.trim() || 'vi';
}

/**
 * `initial` written to a temporary Markdown file (private to this user), the editor run on it on
 * this terminal, and what it holds then: trailing blank space dropped. The file and its folder are
 * removed afterwards, whatever happened.
 */
export async function editText(
  initial: string,
  env: Env,
  signal?: AbortSignal,
  editor = editorCommand(env),
  name = 'DESCRIPTION.md',
): Promise<string> {
  const dir = await makeTempDir('collab-edit-');
  // Interrupted (a closed terminal: SIGHUP), collab ends before the editor does: the file goes now.
  const removeNow = () => rmSync(dir, { recursive: true, force: true });
  signal?.addEventListener('abort', removeNow, { once: true });
  try {
    const file = path.join(dir, name);
    await fs.writeFile(file, initial, { mode: 0o600, flag: 'wx' });
    const failed = await runUserCommand(editor, file, env);
    if (failed)
      throw new UsageError(
        `the editor (${editor}) failed (${failed}): nothing was sent`,
        'set VISUAL or EDITOR to the editor you use, or collab config set editor <command>',
      );
    return (await fs.readFile(file, 'utf8')).replace(/\s+$/, '');
  } finally {
    signal?.removeEventListener('abort', removeNow);
    await fs.rm(dir, { recursive: true, force: true });
  }
}
