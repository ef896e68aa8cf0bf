/**
 * Long lists as real GitLab serves them (test/helpers/gitlab-list.ts cites the source): entries
 * that share an id, the offset limit and keyset pagination, lists over 10,000 rows without totals.
 * collab run in-process as the binary runs it against node:http servers; each case counts what was
 * asked. A page of a long list on a terminal: test/e2e/gitlab-lists.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { answerList, type GitlabListOptions, type Row } from '../helpers/gitlab-list.js';
import { runInProcess } from '../helpers/in-process.js';
import { json } from '../helpers/json-answer.js';
import { type OddServer, oddServers } from '../helpers/odd-server.js';
import { ndjsonIds } from '../helpers/pages.js';

const TOKEN = 'glpat-gitlab-lists-0123456789';

const { serve, run } = oddServers(TOKEN, runInProcess);
const ids = ndjsonIds;

const rows = (n: number, name = (i: number) => `project ${String(i).padStart(5, '0')}`): Row[] =>
  Array.from({ length: n }, (_, i) => ({ id: i + 1, name: name(i + 1), path_with_namespace: `acme/p${i + 1}` }));

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

const PROJECTS: GitlabListOptions = { type: 'Project', offsetLimit: 300, keyset: 'id_after', keysetOrders: ['id asc', 'id desc'] };
const USERS: GitlabListOptions = {
  type: 'User',
  offsetLimit: 300,
  keyset: 'cursor',
  keysetOrders: ['id asc', 'id desc', 'name asc', 'name desc'],
};

/** A GitLab answering /projects (and /users) from `list`, the rest 404. */
async function gitlab(list: Row[], options: GitlabListOptions, path = '/api/v4/projects'): Promise<OddServer> {
  return serve((req, res) => {
    if (new URL(req.url!, 'http://x').pathname === path) return answerList(list, options, req, res);
    json(res, 404, { message: '404 Not Found' });
  });
}

const query = (s: OddServer, i: number) => new URL(s.seen[i]!.url, 'http://x').searchParams;

describe('collab api --paginate prints what the server sent', () => {
  it('entries sharing an id (identical files in a repository tree) all come through, without a "list changed" warning', async () => {
    // lib/api/entities/tree_object.rb: an entry's id is its object's sha; identical files share it.
    const blob = 'e69de29bb2d1d6434b8b29ae775ad8c2e48c5391';
    const tree: Row[] = range(253).map((i) => ({ id: i, name: '.gitkeep' }));
    const server = await serve((req, res) => {
      const url = new URL(req.url!, 'http://x');
      const page = Number(url.searchParams.get('page') ?? 1);
      const perPage = Number(url.searchParams.get('per_page') ?? 20);
      const entries = tree
        .slice()
        .reverse()
        .slice((page - 1) * perPage, page * perPage)
        .map((e) => ({ id: blob, name: '.gitkeep', type: 'blob', path: `dir${e.id}/.gitkeep`, mode: '100644' }));
      const next = page * perPage < tree.length ? String(page + 1) : '';
      json(res, 200, entries, {
        'x-page': String(page),
        'x-per-page': String(perPage),
        'x-next-page': next,
        'x-total': String(tree.length),
        'x-total-pages': String(Math.ceil(tree.length / perPage)),
      });
    });
    const r = await run(server, ['api', '/projects/7/repository/tree?recursive=true', '--paginate', '-o', 'ndjson']);
    expect(r.exitCode, r.stderr).toBe(0);
    const paths = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).path);
    expect(paths).toHaveLength(253);
    expect(new Set(paths).size).toBe(253);
    expect(r.stderr).toBe('');
  });
});

describe('lists past GitLab offset limit', () => {
  it('on a host known to be GitLab, --all pages by keyset from the first page: every item once, in id order', async () => {
    const s = await gitlab(rows(450), PROJECTS);
    const r = await run(s, ['project', 'list', '--all', '--per-page', '100', '-o', 'ndjson'], { COLLAB_FLAVOR: 'gitlab' });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(ids(r)).toEqual(range(450));
    expect(r.stderr).toBe('');
    expect(s.seen).toHaveLength(5);
    const first = query(s, 0);
    expect(Object.fromEntries(first)).toMatchObject({ pagination: 'keyset', order_by: 'id', sort: 'asc', per_page: '100' });
    expect(first.has('page')).toBe(false);
    expect(query(s, 1).get('id_after')).toBe('100');
  });

  for (const concurrency of ['1', '4']) {
    it(
      `flavour unknown: offset pages until GitLab's 405, then keyset from the start, ` +
        `nothing lost or repeated (concurrency ${concurrency})`,
      async () => {
        const s = await gitlab(rows(450), PROJECTS);
        const r = await run(s, ['project', 'list', '--all', '--per-page', '100', '--concurrency', concurrency, '-o', 'ndjson']);
        expect(r.exitCode, r.stderr).toBe(0);
        const got = ids(r);
        expect(got).toHaveLength(450);
        expect([...got].sort((a, b) => a - b)).toEqual(range(450));
        // The first 300 newest first (offset), the rest as keyset found them (id order).
        expect(got.slice(0, 300)).toEqual(range(450).reverse().slice(0, 300));
        expect(got.slice(300)).toEqual(range(150));
        expect(r.stderr).toMatch(
          /^collab: warning: the server pages this list by offset up to 300 items only \(405\); reading it again by keyset, leaving out what was already printed$/m,
        );
        expect(r.stderr.trim().split('\n')).toHaveLength(1);
        const keyset = s.seen.filter((q) => q.url.includes('pagination=keyset'));
        expect(keyset).toHaveLength(5);
      },
    );
  }

  it('users page by cursor: --all on GitLab follows the opaque cursor in Link', async () => {
    const s = await gitlab(
      rows(250, (i) => `user${i}`),
      USERS,
      '/api/v4/users',
    );
    const r = await run(s, ['user', 'list', '--all', '--per-page', '100', '-o', 'ndjson'], { COLLAB_FLAVOR: 'gitlab' });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(ids(r)).toEqual(range(250));
    expect(query(s, 1).get('cursor')).toBeTruthy();
    expect(s.seen).toHaveLength(3);
  });

  it('an order keyset cannot page stays on offset pages: the 405 says what to do', async () => {
    const s = await gitlab(rows(450), PROJECTS);
    const r = await run(s, ['project', 'list', '--all', '--per-page', '100', '--order-by', 'name', '-o', 'ndjson'], {
      COLLAB_FLAVOR: 'gitlab',
    });
    expect(r.exitCode).toBe(1);
    expect(ids(r)).toHaveLength(300);
    expect(s.seen.every((q) => !q.url.includes('pagination=keyset'))).toBe(true);
    expect(r.stderr).toMatch(/^collab: 405 Offset pagination has a maximum allowed offset of 300 /m);
    expect(r.stderr).toMatch(/^hint: GitLab pages this list further by keyset only: .*-f pagination=keyset/m);
  });

  it('collab api --paginate sends what it was given: at the limit the hint says how to ask by keyset', async () => {
    const s = await gitlab(rows(450), PROJECTS);
    const r = await run(s, ['api', '/projects', '--paginate', '-o', 'ndjson']);
    expect(r.exitCode).toBe(1);
    expect(ids(r)).toHaveLength(300);
    expect(r.stderr).toMatch(/-f pagination=keyset -f order_by=id -f sort=asc/);
    const keyset = await run(s, [
      'api',
      '-X',
      'GET',
      '/projects',
      '-f',
      'pagination=keyset',
      '-f',
      'order_by=id',
      '-f',
      'sort=asc',
      '--paginate',
      '-o',
      'ndjson',
    ]);
    expect(keyset.exitCode, keyset.stderr).toBe(0);
    expect(ids(keyset)).toEqual(range(450));
  });
});

describe('lists over 10,000 rows, which GitLab sends without totals', () => {
  const big = rows(10_050);

  it('--all reads every page (fetched ahead without totals) and says nothing', async () => {
    const s = await gitlab(big, { ...PROJECTS, offsetLimit: 50_000 });
    const r = await run(s, ['project', 'list', '--all', '--per-page', '100', '--concurrency', '4', '-o', 'ndjson']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(new Set(ids(r)).size).toBe(10_050);
    expect(r.stderr).toBe('');
    // At most one window past the end.
    expect(s.seen.length).toBeLessThanOrEqual(101 + 4);
  });
});
