import { COMPLETION_FILES } from '../shipped-files.js';
import { bashCompletion } from './completion-bash.js';
import { fishCompletion } from './completion-fish.js';
import { completionModel } from './completion-model.js';
import { zshCompletion } from './completion-zsh.js';
import { manPages } from './man.js';
import type { DocCommand } from './tree.js';

/** The directories whose every file is generated (a file there that is not generated is stale). */
export const GENERATED_DIRS = ['completions', 'man'] as const;

/** Every generated file by its path relative to the repository root, from the described tree (`describeTree`). */
export function generateDocs(root: DocCommand): Map<string, string> {
  const model = completionModel(root);
  const files = new Map<string, string>([
    [COMPLETION_FILES.bash, bashCompletion(model)],
    [COMPLETION_FILES.zsh, zshCompletion(model)],
    [COMPLETION_FILES.fish, fishCompletion(model)],
  ]);
  for (const [name, text] of manPages(root)) files.set(`man/${name}`, text);
  return files;
}

/** The `man` field of package.json: collab.1 first, then one page per command. */
export function manList(files: Map<string, string>): string[] {
  return [...files.keys()].filter((f) => f.startsWith('man/'));
}
