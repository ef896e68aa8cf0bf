import type { Column } from '../output/columns.js';

/** One row per changed file of `GET …/changes`. */
export interface MrChange {
  old_path: string;
  new_path: string;
  a_mode?: string;
  b_mode?: string;
  diff?: string;
  new_file?: boolean;
  renamed_file?: boolean;
  deleted_file?: boolean;
  /** GitLab: no diff sent, the file's diff is too large or collapsed. */
  too_large?: boolean;
  collapsed?: boolean;
}

export function changeStatus(c: MrChange): string {
  if (c.new_file) return 'added';
  if (c.deleted_file) return 'deleted';
  if (c.renamed_file) return 'renamed';
  return 'modified';
}

/** Added and removed lines of a unified diff body (hunk headers and file headers excluded). */
export function diffStat(diff: string | undefined): { additions: number; deletions: number } {
  let additions = 0;
  let deletions = 0;
  for (const line of (diff ?? '').split('\n')) {
    if (line.startsWith('+++ ') || line.startsWith('--- ')) continue;
    if (line.startsWith('+')) additions++;
    else if (line.startsWith('-')) deletions++;
  }
  return { additions, deletions };
}

export const mrChangeColumns: Column[] = [
  { key: 'status', get: (c: MrChange) => changeStatus(c) },
  { key: 'old_path' },
  { key: 'new_path' },
  { key: 'additions', kind: 'number', get: (c: MrChange) => diffStat(c.diff).additions },
  { key: 'deletions', kind: 'number', get: (c: MrChange) => diffStat(c.diff).deletions },
];
