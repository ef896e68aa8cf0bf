/**
 * CONTRIBUTING.md's worked example is the repository's code: each TypeScript snippet appears, as
 * written, in the file the text before it names; and every file of the repository it names exists.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const GUIDE = fs.readFileSync(path.join(ROOT, 'CONTRIBUTING.md'), 'utf8');

/** A repository file named in backticks: `src/…`, `test/…`, `scripts/…` with an extension. */
const FILE = /`((?:src|test|scripts)\/[\w./-]+\.(?:ts|mjs|cjs|md|json))`/g;

/** A repository folder named in backticks: `src/shared/`, `test/e2e/` (not a placeholder such as `src/commands/<noun>/`). */
const FOLDER = /`((?:src|test|scripts)\/[\w./-]+\/)`/g;

/** The repository files and folders `markdown` names that do not exist. */
function missingFiles(markdown: string, { shellBlocks = false } = {}): string[] {
  // In the guide's shell blocks the paths are bare words (`npx vitest run test/commands/issue-list.test.ts`);
  // README's shell blocks are a user's commands on the user's own files.
  const shell = !shellBlocks ? '' : [...markdown.matchAll(/```sh\n([\s\S]*?)\n```/g)].map((m) => m[1]!).join('\n');
  const bare = [...shell.matchAll(/(?<![\w./-])((?:src|test|scripts)\/[\w./-]+\.(?:ts|mjs|cjs|md|json))\b/g)];
  const named = [...markdown.matchAll(FILE), ...markdown.matchAll(FOLDER), ...bare].map((m) => m[1]!);
  return [...new Set(named)].filter((f) => !fs.existsSync(path.join(ROOT, f)));
}

/** Each ```ts block with the last file the text since the previous block names. */
function snippets(markdown: string): { file: string | undefined; code: string }[] {
  const found: { file: string | undefined; code: string }[] = [];
  const fence = /```(\w*)\n([\s\S]*?)\n```/g;
  let last = 0;
  for (let m = fence.exec(markdown); m; m = fence.exec(markdown)) {
    const before = markdown.slice(last, m.index);
    last = fence.lastIndex;
    if (m[1] !== 'ts') continue;
    found.push({ file: [...before.matchAll(FILE)].at(-1)?.[1], code: m[2]! });
  }
  return found;
}

describe('CONTRIBUTING.md', () => {
  it('shows code that is in the file it names, as written', () => {
    const all = snippets(GUIDE);
    expect(all.length).toBeGreaterThanOrEqual(6);
    for (const { file, code } of all) {
      expect(file, `a snippet names no file before it:\n${code.slice(0, 80)}`).toBeDefined();
      expect(fs.readFileSync(path.join(ROOT, file!), 'utf8'), `${file} holds:\n${code}`).toContain(code);
    }
  });

  it('names only files that exist', () => {
    expect(missingFiles(GUIDE, { shellBlocks: true })).toEqual([]);
  });

  // The other guides a contributor reads name files too (README's dialect table, the sandbox's own
  // page): a file that moved (src/api/dialect.ts → src/shared/) leaves them pointing at nothing.
  it.each(['README.md', 'SECURITY.md', 'src/sandbox/README.md'])('%s names only files and folders that exist', (doc) => {
    expect(missingFiles(fs.readFileSync(path.join(ROOT, doc), 'utf8'))).toEqual([]);
  });

  it('finds a file or folder named that is not there', () => {
    const text =
      'The table (`src/api/dialect.ts`), `src/shared/dialect.ts`, `src/nowhere/`, `src/shared/`.\n\n```sh\nnpx vitest run test/unit/gone.test.ts test/unit/contributing.test.ts\n```\n';
    expect(missingFiles(text, { shellBlocks: true })).toEqual(['src/api/dialect.ts', 'src/nowhere/', 'test/unit/gone.test.ts']);
  });

  it('catches a snippet that drifted from its file, and one that names none', () => {
    const guide = 'In `src/resources/label.ts`:\n\n```ts\nexport const LABEL_FIELDS = {};\n```\n\nText.\n\n```ts\nconst x = 1;\n```\n';
    const [named, unnamed] = snippets(guide);
    expect(named).toEqual({ file: 'src/resources/label.ts', code: 'export const LABEL_FIELDS = {};' });
    expect(fs.readFileSync(path.join(ROOT, named!.file!), 'utf8')).not.toContain(named!.code);
    expect(unnamed!.file).toBeUndefined();
  });
});
