import path from 'node:path';

/**
 * A model of how the kernel follows symbolic links, for checking link rules exhaustively without
 * touching a disk: a tree of directories and links, links followed wherever they appear, `..`
 * going to the physical parent. Outside the root is a place of no return (nothing models it).
 */
type Dir = { kind: 'dir'; parent: Dir | null; children: Map<string, Node> };
type Link = { kind: 'link'; parent: Dir; target: string };
type Node = Dir | Link;
const OUTSIDE = Symbol('outside');

function follow(dir: Dir, target: string, hops: number): Node | typeof OUTSIDE | undefined {
  let at: Node = dir;
  for (const seg of target.split('/').filter((x) => x !== '' && x !== '.')) {
    if (at.kind !== 'dir') return undefined;
    if (seg === '..') {
      if (at.parent === null) return OUTSIDE;
      at = at.parent;
      continue;
    }
    let next: Node | typeof OUTSIDE | undefined = at.children.get(seg);
    while (next !== undefined && next !== OUTSIDE && next.kind === 'link') {
      if (++hops > 40) return undefined; // a loop: ELOOP
      next = follow(next.parent, next.target, hops);
    }
    if (next === undefined || next === OUTSIDE) return next;
    at = next;
  }
  return at;
}

/**
 * The name of a link that leads outside the root, or undefined. `links` are `[name, target]`
 * (names relative to the root, their directories implied); `dirs` are more directories.
 */
export function escapingLink(links: (readonly [string, string])[], dirs: string[] = []): string | undefined {
  const root: Dir = { kind: 'dir', parent: null, children: new Map() };
  const dirAt = (rel: string): Dir => {
    let at = root;
    for (const seg of rel.split('/').filter(Boolean)) {
      let next = at.children.get(seg);
      if (!next) {
        next = { kind: 'dir', parent: at, children: new Map() };
        at.children.set(seg, next);
      }
      if (next.kind !== 'dir') throw new Error(`${rel}: not a directory in the model`);
      at = next;
    }
    return at;
  };
  for (const d of dirs) dirAt(d);
  for (const [name, target] of links) {
    const holder = dirAt(path.posix.dirname(name) === '.' ? '' : path.posix.dirname(name));
    holder.children.set(path.posix.basename(name), { kind: 'link', parent: holder, target });
  }
  return links.find(
    ([name, target]) => follow(dirAt(path.posix.dirname(name) === '.' ? '' : path.posix.dirname(name)), target, 0) === OUTSIDE,
  )?.[0];
}

/** What a check that only normalises the text of a target accepts (the rule collab had before). */
export function lexicallyInside(name: string, target: string): boolean {
  if (target === '' || target.startsWith('/')) return false;
  const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(name), target));
  return resolved !== '..' && !resolved.startsWith('../');
}

/** Every target of one to three segments over `segments`. */
export function targetsOver(segments: string[]): string[] {
  const one = segments;
  const two = one.flatMap((a) => segments.map((b) => `${a}/${b}`));
  return [...one, ...two, ...two.flatMap((a) => segments.map((b) => `${a}/${b}`))];
}
