/**
 * Labels that add (issue 38 item 2). GitLab's edit endpoints take `add_labels` and `remove_labels`
 * beside `labels`, which replaces the set (lib/api/issues.rb `params :issue_params`,
 * lib/api/merge_requests.rb `params :optional_params`: `optional :add_labels, type: Array[String],
 * coerce_with: …CommaSeparatedToArray.coerce`). The spec's PUT has `labels` only.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { jsonReply, mockApi, recordRequests, runCli } from '../helpers/harness.js';
import { issue } from './issue-fixtures.js';

const GITLAB = { COLLAB_FLAVOR: 'gitlab' };
const ISSUE = (iid: number) => `/api/v4/projects/acme%2Fapi/issues/${iid}`;
const body = (sent: { body: string }[]) => sent.map((s) => JSON.parse(s.body));

describe('--add-labels and --remove-labels', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('several issues: add_labels and remove_labels each, nothing read first, one line each', async () => {
    api = mockApi();
    const sent = [3, 4].map((iid) =>
      recordRequests(api, 'PUT', ISSUE(iid), 200, issue(iid, { title: `T${iid}`, labels: ['bug', 'triaged'] })),
    );
    const r = await runCli(['issue', 'update', '3', '4', '-p', 'acme/api', '--add-labels', 'triaged', '--remove-labels', 'needs-info'], {
      transport: api.transport,
      tty: true,
      env: GITLAB,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(sent.flatMap(body)).toEqual([
      { add_labels: 'triaged', remove_labels: 'needs-info' },
      { add_labels: 'triaged', remove_labels: 'needs-info' },
    ]);
    expect(r.stderr).toBe(
      '✓ Updated issue #3 (T3); added labels triaged; removed labels needs-info\n' +
        '✓ Updated issue #4 (T4); added labels triaged; removed labels needs-info\n',
    );
  });

  it("glab's --label/--unlabel and gh's --add-label/--remove-label are those flags; given again, one list", async () => {
    api = mockApi();
    const sent = recordRequests(api, 'PUT', ISSUE(3), 200, issue(3));
    const glab = await runCli(['issue', 'update', '3', '-p', 'acme/api', '--label', 'a', '--label', 'b,c', '--unlabel', 'x'], {
      transport: api.transport,
      env: GITLAB,
    });
    expect(glab.code, glab.stderr).toBe(0);
    const mrSent = recordRequests(api, 'PUT', '/api/v4/projects/acme%2Fapi/merge_requests/5', 200, { iid: 5, title: 'M' });
    const gh = await runCli(['mr', 'update', '5', '-p', 'acme/api', '--add-label', 'ready', '--remove-label', 'wip,blocked'], {
      transport: api.transport,
      env: GITLAB,
    });
    expect(gh.code, gh.stderr).toBe(0);
    expect([...body(sent), ...body(mrSent)]).toEqual([
      { add_labels: 'a,b,c', remove_labels: 'x' },
      { add_labels: 'ready', remove_labels: 'wip,blocked' },
    ]);
  });

  it("on a create, glab's --label is the labels it starts with; given again, one list", async () => {
    api = mockApi();
    const sent = recordRequests(api, 'POST', '/api/v4/projects/acme%2Fapi/issues', 201, issue(9, { title: 'T' }));
    const mrSent = recordRequests(api, 'POST', '/api/v4/projects/acme%2Fapi/merge_requests', 201, { iid: 4, title: 'M' });
    const r = await runCli(['issue', 'create', '-p', 'acme/api', '-t', 'T', '--label', 'bug', '--label', 'ui,p1'], {
      transport: api.transport,
    });
    expect(r.code, r.stderr).toBe(0);
    const m = await runCli(['mr', 'create', '-p', 'acme/api', '-s', 'x', '-b', 'main', '-t', 'M', '--label', 'a', '--label', 'b'], {
      transport: api.transport,
    });
    expect(m.code, m.stderr).toBe(0);
    expect([...body(sent), ...body(mrSent)]).toEqual([
      { title: 'T', labels: 'bug,ui,p1' },
      { source_branch: 'x', target_branch: 'main', title: 'M', labels: 'a,b' },
    ]);
  });

  it('with --labels (which replaces them all) is exit 2, nothing sent', async () => {
    api = mockApi();
    const r = await runCli(['issue', 'update', '3', '-p', 'acme/api', '--labels', 'a', '--add-labels', 'b'], { transport: api.transport });
    expect([r.code, r.stderr]).toEqual([2, 'collab: --add-labels and --labels cannot be used together\n']);
  });

  it('the conflict names the flags as typed (glab’s --label, gh’s --remove-label); an empty list is exit 2', async () => {
    api = mockApi();
    const glab = await runCli(['issue', 'update', '3', '-p', 'acme/api', '--label', 'a', '--labels', 'b'], { transport: api.transport });
    expect([glab.code, glab.stderr]).toEqual([2, 'collab: --label and --labels cannot be used together\n']);
    const gh = await runCli(['mr', 'update', '3', '-p', 'acme/api', '--labels', 'b', '--remove-label', 'a'], { transport: api.transport });
    expect([gh.code, gh.stderr]).toEqual([2, 'collab: --remove-label and --labels cannot be used together\n']);
    for (const flag of ['--add-labels', '--unlabel']) {
      const empty = await runCli(['issue', 'update', '3', '-p', 'acme/api', flag, ' , '], {
        transport: api.transport,
        env: { COLLAB_FLAVOR: 'gitlab' },
      });
      expect(empty.code, empty.stderr).toBe(2);
      expect(empty.stderr).toMatch(/^collab: --(add-labels|unlabel) names no label: give one or more, comma-separated\n/);
    }
  });

  it('on the spec, glab’s --label and gh’s --remove-label are refused under the names typed', async () => {
    api = mockApi();
    for (const [flag, said] of [
      ['--label', '--label'],
      ['--remove-label', '--remove-label'],
    ]) {
      const r = await runCli(['mr', 'update', '3', '-p', 'acme/api', flag!, 'x'], {
        transport: api.transport,
        env: { COLLAB_FLAVOR: 'spec' },
      });
      expect(r.code).toBe(2);
      expect(r.stderr.split('\n')[0]).toBe(
        `collab: ${said} needs GitLab: this server speaks the spec's API, whose only label parameter (--labels) replaces every label`,
      );
    }
    const reviewer = await runCli(['mr', 'list', '-p', 'acme/api', '--reviewer-id', '4'], {
      transport: api.transport,
      env: { COLLAB_FLAVOR: 'spec' },
    });
    expect([reviewer.code, reviewer.stderr.split('\n')[0]]).toEqual([
      2,
      "collab: --reviewer-id needs GitLab: this server speaks the spec's API, which has no reviewer_id",
    ]);
  });

  it("a server of the spec's dialect has no add_labels: exit 2 before anything is sent, not a read-and-replace", async () => {
    api = mockApi();
    const r = await runCli(['issue', 'update', '3', '-p', 'acme/api', '--add-labels', 'triaged'], {
      transport: api.transport,
      env: { COLLAB_FLAVOR: 'spec' },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      "collab: --add-labels needs GitLab: this server speaks the spec's API, whose only label parameter (--labels) replaces every label\n" +
        'hint: give the whole set with --labels (it replaces the labels), or, if it is GitLab: collab config set flavor gitlab --host <url>\n',
    );
  });

  it('merge requests take several ids too; --ready does not (each title is its own)', async () => {
    api = mockApi();
    const sent = [5, 6].map((iid) => recordRequests(api, 'PUT', `/api/v4/projects/acme%2Fapi/merge_requests/${iid}`, 200, { iid }));
    const r = await runCli(['mr', 'update', '5', '6', '-p', 'acme/api', '--add-labels', 'review'], {
      transport: api.transport,
      env: GITLAB,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(sent.flatMap(body)).toEqual([{ add_labels: 'review' }, { add_labels: 'review' }]);
    const ready = await runCli(['mr', 'update', '5', '6', '-p', 'acme/api', '--ready'], { transport: api.transport, env: GITLAB });
    expect([ready.code, ready.stderr]).toEqual([2, "collab: --ready changes one merge request's title at a time: give one iid\n"]);
  });
});

describe('--labels replaces them, and says what it took away', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('reads each issue first; on a terminal the line names the labels removed', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: ISSUE(3), method: 'GET' })
      .reply(200, ...jsonReply(issue(3, { title: 'Crash', labels: ['bug', 'p1', 'ui'] })));
    const sent = recordRequests(api, 'PUT', ISSUE(3), 200, issue(3, { title: 'Crash', labels: ['bug', 'triaged'] }));
    const r = await runCli(['issue', 'update', '3', '-p', 'acme/api', '--labels', 'bug,triaged'], { transport: api.transport, tty: true });
    expect(r.code, r.stderr).toBe(0);
    expect(body(sent)).toEqual([{ labels: 'bug,triaged' }]);
    expect(r.stderr).toBe('✓ Updated issue #3 (Crash); removed labels p1, ui\n');
  });

  it('from --stdin each item is read and said; labels already so are not sent', async () => {
    api = mockApi();
    api.pool.intercept({ path: ISSUE(3), method: 'GET' }).reply(200, ...jsonReply(issue(3, { title: 'A', labels: ['triaged'] })));
    api.pool.intercept({ path: ISSUE(4), method: 'GET' }).reply(200, ...jsonReply(issue(4, { title: 'B', labels: ['bug', 'ui'] })));
    const sent = recordRequests(api, 'PUT', ISSUE(4), 200, issue(4, { title: 'B', labels: ['triaged'] }));
    const r = await runCli(['issue', 'update', '--stdin', '-p', 'acme/api', '--labels', 'triaged', '--concurrency', '1'], {
      transport: api.transport,
      stdin: '3\n4\n',
    });
    expect(r.code, r.stderr).toBe(0);
    expect(body(sent)).toEqual([{ labels: 'triaged' }]);
    expect(r.stderr).toBe('Issue #3 (A) has exactly these labels already: nothing changed\nUpdated issue #4 (B); removed labels bug, ui\n');
  });
});
