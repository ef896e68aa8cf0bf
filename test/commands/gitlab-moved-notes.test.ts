/**
 * GitLab answering as its source writes, where collab used to go wrong (issue 39, items 1–3):
 * - a renamed or transferred project: lib/api/helpers.rb `find_project!` answers a read by the
 *   old path `redirect!(url_with_project_id(project))` — lib/api/api.rb renders it 301 with
 *   `Location` and "This resource has been moved permanently to …" (text/plain) — and a write
 *   `not_allowed!('Non GET methods are not allowed for moved projects')` (405);
 * - a comment made only of quick actions: lib/api/helpers/notes_helpers.rb
 *   `process_note_creation_result` answers `status 202` with Entities::NoteCommands
 *   (lib/api/entities/note.rb: `commands_changes`, `summary`);
 * - notes dropped after paging: lib/api/notes.rb (GET …/notes) pages, then rejects what the reader
 *   may not read ("the current page can have less elements than :per_page even if there's more
 *   than one page"), so a page can be empty with more after it; lib/api/discussions.rb likewise
 *   pages the discussion ids, then keeps `readable_discussion_notes` (a page of threads can be
 *   empty). `issue notes` reads the notes API, `mr notes` the discussions API (issue 38).
 */
import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/in-process.js';
import { JSON_HEADERS, json } from '../helpers/json-answer.js';
import { type OddServer, oddServers } from '../helpers/odd-server.js';

const TOKEN = 'glpat-moved-projects-0123456789';
const OLD = 'acme%2Fold-web';
const NEW_ID = 81;

const { serve, run } = oddServers(TOKEN, runInProcess);

const mr = (id: number) => ({
  id: 900,
  iid: 5,
  project_id: id,
  title: 'Fix the login',
  state: 'opened',
  source_branch: 'fix',
  target_branch: 'main',
  web_url: 'https://gitlab.example.com/acme/web/-/merge_requests/5',
  author: { id: 1, username: 'alice', name: 'Alice' },
});
const note = (id: number, body: string) => ({
  id,
  body,
  author: { id: 1, username: 'alice' },
  system: false,
  created_at: '2026-11-01T10:00:00Z',
});

/** lib/api/api.rb: the MovedPermanentlyError rescue, a 301 to the same route with the id, text/plain. */
function moved(res: http.ServerResponse, location: string): void {
  res.writeHead(301, { location, 'content-type': 'text/plain' });
  res.end(`This resource has been moved permanently to ${location}`);
}

/** acme/old-web renamed to acme/web (id 81): `find_project!` before anything else on every project route. */
function movedProject(
  routes: (req: http.IncomingMessage, res: http.ServerResponse, rest: string) => boolean,
  redirectTo?: (s: string) => string,
) {
  return (base: () => string) => (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = req.url ?? '';
    if (url === '/api/v4/version') return json(res, 200, { version: '17.9.0', revision: 'abc' });
    const old = `/api/v4/projects/${OLD}`;
    if (url === old || url.startsWith(`${old}/`) || url.startsWith(`${old}?`)) {
      if (req.method !== 'GET' && req.method !== 'HEAD')
        return json(res, 405, { message: 'Non GET methods are not allowed for moved projects' });
      const rest = url.slice(old.length);
      return moved(res, redirectTo ? redirectTo(rest) : `${base()}/api/v4/projects/${NEW_ID}${rest}`);
    }
    if (url === `/api/v4/projects/${NEW_ID}`) return json(res, 200, { id: NEW_ID, path_with_namespace: 'acme/web', name: 'web' });
    const mine = `/api/v4/projects/${NEW_ID}`;
    if (url.startsWith(`${mine}/`) && routes(req, res, url.slice(mine.length))) return;
    json(res, 404, { message: '404 Not found' });
  };
}

async function start(handler: ReturnType<typeof movedProject>): Promise<OddServer> {
  let url = '';
  const s = await serve((req, res) => handler(() => url)(req, res));
  url = s.url;
  return s;
}

const mrRoutes = (req: http.IncomingMessage, res: http.ServerResponse, rest: string): boolean => {
  if (req.method === 'GET' && rest === '/merge_requests/5') json(res, 200, mr(NEW_ID));
  else if (req.method === 'POST' && rest === '/merge_requests/5/notes') json(res, 201, note(31, 'LGTM'));
  else return false;
  return true;
};

const movedNotices = (stderr: string) => stderr.split('\n').filter((l) => l.includes('acme/old-web is now acme/web'));

describe('a renamed project (lib/api/helpers.rb find_project!)', () => {
  it('a read by the old path follows the 301 on the same origin, token kept, and says once where the project is now', async () => {
    const s = await start(movedProject(mrRoutes));
    const r = await run(s, ['mr', 'view', '5', '-p', 'acme/old-web', '-o', 'json']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ iid: 5, title: 'Fix the login' });
    expect(movedNotices(r.stderr)).toHaveLength(1);
    const followed = s.seen.find((q) => q.url === `/api/v4/projects/${NEW_ID}/merge_requests/5`);
    expect(followed?.headers['private-token']).toBe(TOKEN);
  });

  it('a write by the old path: resolved by a read, sent to the id, said once; nothing sent twice', async () => {
    const s = await start(movedProject(mrRoutes));
    const r = await run(s, ['mr', 'note', '5', '-p', 'acme/old-web', '-m', 'LGTM', '-o', 'json']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ id: 31 });
    const posts = s.seen.filter((q) => q.method === 'POST').map((q) => q.url);
    expect(posts).toEqual([`/api/v4/projects/${OLD}/merge_requests/5/notes`, `/api/v4/projects/${NEW_ID}/merge_requests/5/notes`]);
    expect(movedNotices(r.stderr)).toHaveLength(1);
  });

  it('collab api: a write by the old path is resolved and sent to the id, a read says the move too', async () => {
    const s = await start(movedProject(mrRoutes));
    const w = await run(s, ['api', '-X', 'POST', `projects/${OLD}/merge_requests/5/notes`, '-f', 'body=LGTM', '--jq', '.id']);
    expect(w.exitCode, w.stderr).toBe(0);
    expect(w.stdout.trim()).toBe('31');
    const posts = s.seen.filter((q) => q.method === 'POST').map((q) => q.url);
    expect(posts).toEqual([`/api/v4/projects/${OLD}/merge_requests/5/notes`, `/api/v4/projects/${NEW_ID}/merge_requests/5/notes`]);
    expect(movedNotices(w.stderr)).toHaveLength(1);
    const r = await run(s, ['api', `projects/${OLD}/merge_requests/5`, '--jq', '.iid']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe('5');
    expect(movedNotices(r.stderr)).toHaveLength(1);
  });

  it('collab api: another 405 on a write comes back as the server wrote it, sent once', async () => {
    const s = await serve((_req, res) => json(res, 405, { message: '405 Method Not Allowed' }));
    const r = await run(s, ['api', '-X', 'PUT', 'projects/acme%2Fweb/merge_requests/5/merge']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/405 Method Not Allowed/);
    expect(s.seen.filter((q) => q.method === 'PUT')).toHaveLength(1);
  });

  it('an artifacts download by the old path follows the 301 and says the move once (lib/api/ci/job_artifacts.rb)', async () => {
    const zip = Buffer.from('PK\x05\x06'.padEnd(22, '\0'), 'binary');
    const s = await start(
      movedProject((req, res, rest) => {
        if (req.method !== 'GET' || rest !== '/jobs/7/artifacts') return false;
        res.writeHead(200, { 'content-type': 'application/zip', 'content-length': String(zip.length) });
        res.end(zip);
        return true;
      }),
    );
    const r = await run(s, ['job', 'artifacts', '7', '-p', 'acme/old-web', '--dest', '-']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(movedNotices(r.stderr)).toHaveLength(1);
    expect(s.seen.some((q) => q.url === `/api/v4/projects/${NEW_ID}/jobs/7/artifacts`)).toBe(true);
  });

  it('a 301 to another origin is not followed, and the token never goes there', async () => {
    const elsewhere = await serve((_req, res) => json(res, 200, mr(NEW_ID)));
    const s = await start(movedProject(mrRoutes, (rest) => `${elsewhere.url}/api/v4/projects/${NEW_ID}${rest}`));
    const r = await run(s, ['mr', 'view', '5', '-p', 'acme/old-web']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/^collab: 301 from 127\.0\.0\.1:\d+: redirected to /m);
    expect(elsewhere.seen).toEqual([]);
  });

  it('a 301 on the same origin that leaves /api/v4 is not followed', async () => {
    const s = await start(movedProject(mrRoutes, () => '/users/sign_in'));
    const r = await run(s, ['mr', 'view', '5', '-p', 'acme/old-web']);
    expect(r.exitCode).toBe(1);
    expect(s.seen.some((q) => q.url === '/users/sign_in')).toBe(false);
  });
});

describe('a comment made only of quick actions (notes_helpers.rb process_note_creation_result)', () => {
  const commandsOnly = (counter: { posts: number }) => (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.url === '/api/v4/version') return json(res, 200, { version: '17.9.0' });
    if (req.method === 'POST' && req.url === '/api/v4/projects/acme%2Fweb/merge_requests/5/notes') {
      counter.posts++;
      return json(res, 202, {
        commands_changes: { approve: true, add_label_ids: [4] },
        summary: ['Approved this merge request.', 'Added ~bug label.'],
      });
    }
    json(res, 404, { message: '404 Not found' });
  };

  it('202 NoteCommands is success: exit 0, GitLab summary said, sent once', async () => {
    const counter = { posts: 0 };
    const s = await serve(commandsOnly(counter));
    const r = await run(s, ['mr', 'note', '5', '-p', 'acme/web', '-m', '/approve\n/label ~bug']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain(
      'Ran the quick actions on merge request !5 (no comment saved): Approved this merge request. Added ~bug label.',
    );
    expect(r.stdout).toContain('Approved this merge request.');
    expect(counter.posts).toBe(1);
  });

  it('-o json prints the NoteCommands answer as GitLab wrote it', async () => {
    const counter = { posts: 0 };
    const s = await serve(commandsOnly(counter));
    const mrRun = await run(s, ['mr', 'note', '5', '-p', 'acme/web', '-m', '/approve', '-o', 'json']);
    expect(mrRun.exitCode, mrRun.stderr).toBe(0);
    expect(JSON.parse(mrRun.stdout)).toEqual({
      commands_changes: { approve: true, add_label_ids: [4] },
      summary: ['Approved this merge request.', 'Added ~bug label.'],
    });
  });
});

describe('notes emptied after paging (lib/api/notes.rb, lib/api/discussions.rb)', () => {
  /** Three pages of 2: page 2 held two internal notes this reader may not see, dropped after paging. */
  const pages: Record<string, unknown[]> = { '1': [note(1, 'first'), note(2, 'second')], '2': [], '3': [note(5, 'fifth')] };
  /** The same for threads: discussions.rb pages the discussion ids, then `readable_discussion_notes` drops the unreadable. */
  const thread = (id: string, n: ReturnType<typeof note>) => ({ id, individual_note: true, notes: [n] });
  const threadPages: Record<string, unknown[]> = {
    '1': [thread('a1', note(1, 'first')), thread('b2', note(2, 'second'))],
    '2': [],
    '3': [thread('c5', note(5, 'fifth'))],
  };
  const paged = (withTotals: boolean) => (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '', 'http://x');
    if (url.pathname === '/api/v4/version') return json(res, 200, { version: '17.9.0' });
    if (url.pathname === '/api/v4/projects/acme%2Fweb/issues/5')
      return json(res, 200, { id: 500, iid: 5, title: 'Paged', state: 'opened', author: { id: 1, username: 'alice' } });
    const served: Record<string, Record<string, unknown[]>> = {
      '/api/v4/projects/acme%2Fweb/issues/5/notes': pages,
      '/api/v4/projects/acme%2Fweb/issues/5/discussions': threadPages,
      '/api/v4/projects/acme%2Fweb/merge_requests/5/discussions': threadPages,
      // A list whose first page a filter after paging emptied (the rule is every list's, not the notes').
      '/api/v4/projects/acme%2Fweb/issues': { '1': [], '2': [{ id: 7, iid: 7, title: 'Seventh', state: 'opened' }], '3': [] },
    };
    const answers = served[url.pathname];
    if (!answers) return json(res, 404, { message: '404 Not found' });
    const page = url.searchParams.get('page') ?? '1';
    const next = page === '3' ? '' : String(Number(page) + 1);
    const headers: Record<string, string> = { ...JSON_HEADERS, 'x-page': page, 'x-per-page': '2', 'x-next-page': next };
    if (withTotals) Object.assign(headers, { 'x-total': '6', 'x-total-pages': '3' });
    res.writeHead(200, headers);
    res.end(JSON.stringify(answers[page] ?? []));
  };
  const ids = (stdout: string) => JSON.parse(stdout).map((n: { id: number }) => n.id);

  for (const withTotals of [true, false])
    it(`--all reads past the empty page to the last (${withTotals ? 'with' : 'without'} totals)`, async () => {
      const s = await serve(paged(withTotals));
      const r = await run(s, ['issue', 'notes', '5', '-p', 'acme/web', '--all', '--per-page', '2', '--sort', 'asc', '-o', 'json']);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(ids(r.stdout)).toEqual([1, 2, 5]);
      // mr notes reads every page of the threads (issue 38: the discussions API), past the emptied one.
      const threads = await run(s, ['mr', 'notes', '5', '-p', 'acme/web', '--sort', 'asc', '-o', 'json']);
      expect(threads.exitCode, threads.stderr).toBe(0);
      expect(ids(threads.stdout)).toEqual([1, 2, 5]);
    });

  it('view --comments and a list in NDJSON read past emptied pages too', async () => {
    const s = await serve(paged(false));
    const view = await run(s, ['issue', 'view', '5', '-p', 'acme/web', '--comments']);
    expect(view.exitCode, view.stderr).toBe(0);
    expect(view.stdout).toContain('fifth');
    const list = await run(s, ['issue', 'list', '-p', 'acme/web', '--all', '-o', 'ndjson']);
    expect(list.exitCode, list.stderr).toBe(0);
    expect(
      list.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).iid),
    ).toEqual([7]);
  });

  it('--limit goes on through the emptied page too', async () => {
    const s = await serve(paged(false));
    const r = await run(s, ['issue', 'notes', '5', '-p', 'acme/web', '--limit', '3', '--per-page', '2', '--sort', 'asc', '-o', 'json']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(ids(r.stdout)).toEqual([1, 2, 5]);
  });
});
