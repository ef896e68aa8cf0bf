import fs from 'node:fs';
import path from 'node:path';
import { GENERATED_DIRS } from './generate.js';

/** Generated files that differ from the ones in `rootDir`, and files there that nothing generates. */
export function staleFiles(rootDir: string, files: Map<string, string>): { changed: string[]; extra: string[] } {
  const changed = [...files].filter(([rel, text]) => {
    const file = path.join(rootDir, rel);
    return !fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text;
  });
  const extra: string[] = [];
  for (const dir of GENERATED_DIRS) {
    const abs = path.join(rootDir, dir);
    if (!fs.existsSync(abs)) continue;
    for (const name of fs.readdirSync(abs)) if (!files.has(`${dir}/${name}`)) extra.push(`${dir}/${name}`);
  }
  return { changed: changed.map(([rel]) => rel), extra };
}

/** Writes the generated files and removes the stale ones. */
export function writeDocs(rootDir: string, files: Map<string, string>): void {
  for (const rel of staleFiles(rootDir, files).extra) fs.rmSync(path.join(rootDir, rel));
  for (const [rel, text] of files) {
    const file = path.join(rootDir, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
}
