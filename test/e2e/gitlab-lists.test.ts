/**
 * A list over 10,000 rows as real GitLab serves it, without totals (test/helpers/gitlab-list.ts
 * cites the source), a page of it on a terminal: the built binary in a pseudo-terminal against a
 * node:http server. The rest of GitLab's long lists: test/commands/gitlab-lists.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { answerList, type GitlabListOptions, type Row } from '../helpers/gitlab-list.js';
import { json } from '../helpers/json-answer.js';
import { type OddServer, oddServers } from '../helpers/odd-server.js';
import { plain, runInTerminal } from '../helpers/terminal.js';

const TOKEN = 'glpat-gitlab-lists-0123456789';

const { serve } = oddServers(TOKEN);

const rows = (n: number, name = (i: number) => `project ${String(i).padStart(5, '0')}`): Row[] =>
  Array.from({ length: n }, (_, i) => ({ id: i + 1, name: name(i + 1), path_with_namespace: `acme/p${i + 1}` }));

const PROJECTS: GitlabListOptions = { type: 'Project', offsetLimit: 300, keyset: 'id_after', keysetOrders: ['id asc', 'id desc'] };

/** A GitLab answering /projects (and /users) from `list`, the rest 404. */
async function gitlab(list: Row[], options: GitlabListOptions, path = '/api/v4/projects'): Promise<OddServer> {
  return serve((req, res) => {
    if (new URL(req.url!, 'http://x').pathname === path) return answerList(list, options, req, res);
    json(res, 404, { message: '404 Not Found' });
  });
}

describe('lists over 10,000 rows, which GitLab sends without totals', () => {
  const big = rows(10_050);

  it('a page of it on a terminal: the footer says more are available, without a made-up total', async () => {
    const s = await gitlab(big, { ...PROJECTS, offsetLimit: 50_000 });
    const r = await runInTerminal(['project', 'list', '--per-page', '30', '--fields', 'id'], {
      cols: 100,
      stdout: 'pipe',
      env: { COLLAB_HOST: s.url, COLLAB_TOKEN: TOKEN },
    });
    expect(r.code, r.screen).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(30);
    expect(plain(r.screen).trim()).toMatch(/^Showing 30 projects you are a member of; more available · --all for every page$/);
  });
});
