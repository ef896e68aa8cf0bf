/**
 * GitLab's `add_labels` and `remove_labels` on an issue or merge request edit (lib/api/issues.rb
 * `params :issue_params`, lib/api/merge_requests.rb `params :optional_params`), on the gitlab
 * flavour; the spec flavour has `labels` only, and an edit naming nothing it knows is 400.
 */
import { describe, expect, it } from 'vitest';
import { API_PROJECT, call, useSandbox } from './helpers.js';

describe('label changes of an edit', () => {
  const gitlab = useSandbox({ flavor: 'gitlab' });
  const spec = useSandbox();

  it('add_labels and remove_labels change the set, keeping the rest; a new name becomes a label', async () => {
    const before = (await call(gitlab(), `/projects/${API_PROJECT}/issues/7`)).body.labels as string[];
    const res = await call(gitlab(), `/projects/${API_PROJECT}/issues/7`, {
      method: 'PUT',
      json: { add_labels: 'brand-new,docs', remove_labels: before[0] },
    });
    expect(res.status).toBe(200);
    expect([...res.body.labels].sort()).toEqual([...new Set([...before.slice(1), 'brand-new', 'docs'])].sort());
    const mr = await call(gitlab(), `/projects/${API_PROJECT}/merge_requests/1`, { method: 'PUT', json: { add_labels: ['x', 'y'] } });
    expect(mr.body.labels).toEqual(expect.arrayContaining(['x', 'y']));
  });

  it('the spec flavour does not know them: 400, nothing changed', async () => {
    const res = await call(spec(), `/projects/${API_PROJECT}/issues/7`, { method: 'PUT', json: { add_labels: 'x' } });
    expect(res.status).toBe(400);
  });
});
