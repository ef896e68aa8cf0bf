/**
 * The list filters only GitLab takes, as the gitlab flavour answers them (doc/api/issues.md,
 * doc/api/merge_requests.md): `not[…]` (lib/api/issues.rb and lib/api/merge_requests.rb,
 * `optional :not, type: Hash`), `reviewer_id=None|Any`, and the `reviews_for_me` scope. Each
 * answer is checked against the unfiltered list, so the demo world's details do not matter.
 */
import { describe, expect, it } from 'vitest';
import { ALICE, API_PROJECT, call, useSandbox } from './helpers.js';

interface Item {
  iid: number;
  title: string;
  description: string | null;
  labels: string[];
  author: { username: string };
  assignees: { username: string }[];
  reviewers?: { username: string }[];
  milestone: { title: string } | null;
}

const iids = (items: Item[]) => items.map((i) => i.iid).sort((a, b) => a - b);

describe('GitLab-only list filters (gitlab flavour)', () => {
  const gitlab = useSandbox({ flavor: 'gitlab' });
  const spec = useSandbox();
  /** Every page of a list, every state. */
  const list = async (path: string, token?: string): Promise<Item[]> => {
    const items: Item[] = [];
    for (let page = '1'; page !== ''; ) {
      const res = await call<Item[]>(gitlab(), `${path}${path.includes('?') ? '&' : '?'}per_page=100&state=all&page=${page}`, { token });
      expect(res.status, `${path}: ${res.text}`).toBe(200);
      items.push(...res.body);
      page = res.headers.get('x-next-page') ?? '';
    }
    return items;
  };

  it('not[labels], not[milestone], not[author_username], not[assignee_username] leave those out', async () => {
    const all = await list(`/projects/${API_PROJECT}/issues`);
    const label = all.flatMap((i) => i.labels)[0]!;
    expect(iids(await list(`/projects/${API_PROJECT}/issues?not[labels]=${encodeURIComponent(label)}`))).toEqual(
      iids(all.filter((i) => !i.labels.includes(label))),
    );
    const author = all[0]!.author.username;
    expect(iids(await list(`/projects/${API_PROJECT}/issues?not%5Bauthor_username%5D=${author}`))).toEqual(
      iids(all.filter((i) => i.author.username !== author)),
    );
    const assigned = all.find((i) => i.assignees.length > 0)!.assignees[0]!.username;
    expect(iids(await list(`/projects/${API_PROJECT}/issues?not[assignee_username]=${assigned}`))).toEqual(
      iids(all.filter((i) => !i.assignees.some((a) => a.username === assigned))),
    );
    const milestone = all.find((i) => i.milestone)!.milestone!.title;
    expect(iids(await list(`/projects/${API_PROJECT}/issues?not[milestone]=${encodeURIComponent(milestone)}`))).toEqual(
      iids(all.filter((i) => i.milestone?.title !== milestone)),
    );
  });

  it('reviewer_id takes None and Any; reviews_for_me lists what the caller is asked to review', async () => {
    const all = await list(`/projects/${API_PROJECT}/merge_requests`);
    expect(iids(await list(`/projects/${API_PROJECT}/merge_requests?reviewer_id=None`))).toEqual(
      iids(all.filter((m) => (m.reviewers ?? []).length === 0)),
    );
    expect(iids(await list(`/projects/${API_PROJECT}/merge_requests?reviewer_id=Any`))).toEqual(
      iids(all.filter((m) => (m.reviewers ?? []).length > 0)),
    );
    const everywhere = await list('/merge_requests?scope=all', ALICE);
    const mine = await list('/merge_requests?scope=reviews_for_me', ALICE);
    expect(iids(mine)).toEqual(iids(everywhere.filter((m) => (m.reviewers ?? []).some((r) => r.username === 'alice'))));
    expect(mine.length).toBeGreaterThan(0);
  });

  it('in narrows search to the title or the description, both where it names neither (issuable.rb full_search)', async () => {
    const all = await list(`/projects/${API_PROJECT}/issues`);
    const word = 'the';
    const inTitle = all.filter((i) => i.title.toLowerCase().includes(word));
    const inText = all.filter((i) => (i.description ?? '').toLowerCase().includes(word));
    expect(inTitle.length).toBeGreaterThan(0);
    expect(iids(inTitle)).not.toEqual(iids(inText));
    const search = (rest: string) => list(`/projects/${API_PROJECT}/issues?search=${word}${rest}`);
    expect(iids(await search('&in=title'))).toEqual(iids(inTitle));
    expect(iids(await search('&in=description'))).toEqual(iids(inText));
    const either = iids(all.filter((i) => inTitle.includes(i) || inText.includes(i)));
    expect(iids(await search('&in=title,description'))).toEqual(either);
    expect(iids(await search('&in=labels'))).toEqual(either);
    expect(iids(await search(''))).toEqual(either);
  });

  it('the spec flavour has no reviews_for_me scope: 400, as Grape answers a value it does not take', async () => {
    const res = await call(spec(), '/merge_requests?scope=reviews_for_me', { token: ALICE });
    expect([res.status, res.body]).toEqual([400, { error: 'scope does not have a valid value' }]);
  });
});
