import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Everything that can change in a directory tree, one line per path: kind, mode, content hash,
 * link target. Two equal snapshots mean nothing was added, removed, replaced or rewritten.
 * Links are not followed.
 */
export function snapshot(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const name of fs.readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      const st = fs.lstatSync(full);
      const rel = prefix + name;
      const mode = (st.mode & 0o7777).toString(8);
      if (st.isSymbolicLink()) out.push(`${rel} -> ${fs.readlinkSync(full)}`);
      else if (st.isDirectory()) {
        out.push(`${rel}/ ${mode}`);
        walk(full, `${rel}/`);
      } else if (st.isFile())
        out.push(`${rel} ${mode} ${st.size} ${createHash('sha256').update(fs.readFileSync(full)).digest('hex').slice(0, 16)}`);
      else out.push(`${rel} special ${st.mode.toString(8)} ino ${st.ino}`);
    }
  };
  walk(root, '');
  return out;
}

/** Paths (relative) and what they are, without contents: for readable expectations. */
export function tree(root: string): string[] {
  return snapshot(root).map((line) => line.replace(/^(.*\/) [0-7]+$/, '$1').replace(/^(.*) [0-7]+ \d+ [0-9a-f]{16}$/, '$1'));
}
