import type { Answer } from './harness.js';

/** Issues `from`..`to`, as a list page carries them. */
export const items = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ id: from + i, iid: from + i, title: `issue ${from + i}` }));

/** The `id` of each line of a run's `-o ndjson` output, in order. */
export const ndjsonIds = (run: { stdout: string }) =>
  run.stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l).id as number);

/**
 * Offset pagination over a list sorted newest first, where `grow` new items are created before
 * each page after the first is served: items shift towards later pages while the walk reads.
 * The answer to `page`, the `n`th request.
 */
export function growingList(initial: number, grow: number, perPage: number): (page: number, n: number) => Answer {
  let next = initial + 1;
  const list = items(1, initial).reverse();
  return (page, n) => {
    if (n > 1) for (let i = 0; i < grow; i++) list.unshift({ id: next, iid: next, title: `new ${next++}` });
    const pages = Math.ceil(list.length / perPage);
    return {
      body: list.slice((page - 1) * perPage, page * perPage),
      headers: {
        'x-page': String(page),
        'x-per-page': String(perPage),
        'x-total': String(list.length),
        'x-total-pages': String(pages),
        'x-next-page': page < pages ? String(page + 1) : '',
      },
    };
  };
}
