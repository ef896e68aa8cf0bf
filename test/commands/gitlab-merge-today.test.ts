/**
 * Merges on today's GitLab (issue 39, item 4), collab run in-process as the binary runs it against
 * small servers answering as GitLab's source writes:
 * - lib/api/merge_requests.rb `PUT :id/merge_requests/:iid/merge`: a group with
 *   `require_sha_for_merge` (19.2+) answers 400 "SHA must be provided when merging" without `sha`;
 *   a failed check is 405 (`not_allowed!`);
 * - app/models/merge_request.rb `skipped_mergeable_checks`: "merge when checks pass" (default since
 *   17.4, doc/user/project/merge_requests/auto_merge.md) skips the draft, discussions, blocked,
 *   requested-changes, status-check, locked-path, security-policy and merge-time checks;
 * - an auto-merge with nothing to wait for: merged at once where the head pipeline succeeded,
 *   405 where it failed; without a pipeline GitLab 17 answers 405, GitLab 18 merges at once;
 * - doc/api/merge_requests.md: `detailed_merge_status` as the REST API writes it; a value collab
 *   does not know is named as it came.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type BinResult, tempDir } from '../helpers/e2e.js';
import { runInProcess } from '../helpers/in-process.js';

const TOKEN = 'glpat-merge-today-0123456789';
const HEAD = '1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c';
const MR = '/api/v4/projects/acme%2Fweb/merge_requests/5';

interface Hit {
  method: string;
  url: string;
  body: Record<string, unknown>;
}

let open: http.Server[] = [];
afterEach(async () => {
  await Promise.all(open.map((s) => new Promise((r) => s.close(r))));
  open = [];
});

/** GitLab `version` with merge request !5 as `fields` say; `merge` answers the PUT …/merge. */
async function gitlab(version: string, fields: Record<string, unknown>, merge: (hit: Hit) => [number, unknown]) {
  const hits: Hit[] = [];
  const mr = {
    id: 50,
    iid: 5,
    title: 'Fix the login',
    state: 'opened',
    sha: HEAD,
    source_branch: 'fix',
    target_branch: 'main',
    detailed_merge_status: 'mergeable',
    ...fields,
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString();
      const hit = { method: req.method ?? '', url: req.url ?? '', body: text ? JSON.parse(text) : {} };
      hits.push(hit);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (hit.url === '/api/v4/version') return send(200, { version, revision: 'abc' });
      if (hit.method === 'GET' && hit.url === MR) return send(200, mr);
      if (hit.method === 'GET' && hit.url === `${MR}/approvals`)
        return send(200, { approvals_required: 0, approvals_left: 0, approved_by: [] });
      if (hit.method === 'PUT' && hit.url === `${MR}/merge`) return send(...merge(hit));
      send(404, { error: '404 Not Found' });
    });
  });
  open.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const run = (args: string[]): Promise<BinResult> =>
    runInProcess(['mr', 'merge', '5', '-p', 'acme/web', ...args], {
      COLLAB_HOST: url,
      COLLAB_TOKEN: TOKEN,
      COLLAB_CONFIG_DIR: tempDir(),
      COLLAB_FLAVOR: 'gitlab',
    });
  return { run, merges: () => hits.filter((h) => h.method === 'PUT') };
}

const merged = (hit: Hit): [number, unknown] => [
  200,
  { id: 50, iid: 5, title: 'Fix the login', state: 'merged', merge_commit_sha: 'abcdef0123456789', sha: hit.body.sha ?? HEAD },
];
/** An auto-merge set: the merge request still open, waiting. */
const scheduled = (hit: Hit): [number, unknown] => [
  200,
  {
    id: 50,
    iid: 5,
    title: 'Draft: Fix the login',
    state: 'opened',
    merge_when_pipeline_succeeds: hit.body.merge_when_pipeline_succeeds === true,
  },
];
const hint = (r: BinResult) => r.stderr.split('\n').find((l) => l.startsWith('hint: '));

describe('require_sha_for_merge (GitLab 19.2+)', () => {
  it('the merge request read: its head is sent', async () => {
    const s = await gitlab('19.2.0', {}, (hit) =>
      hit.body.sha ? merged(hit) : [400, { message: '400 Bad request - SHA must be provided when merging' }],
    );
    const r = await s.run(['--sha-from-view', '--yes']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(s.merges().map((h) => h.body.sha)).toEqual([HEAD]);
  });

  it('not read (--yes, no pin): the 400 is explained with the flag that pins the head', async () => {
    const s = await gitlab('19.2.0', {}, () => [400, { message: '400 Bad request - SHA must be provided when merging' }]);
    const r = await s.run(['--yes']);
    expect(r.exitCode).toBe(1);
    expect(hint(r)).toMatch(/requires the head SHA with every merge \(require_sha_for_merge\).*--sha-from-view, or --sha <head>/);
  });
});

describe('--auto by the server version (skipped_mergeable_checks)', () => {
  it('a draft on GitLab 17.9 is waited out: sent, scheduled', async () => {
    const s = await gitlab('17.9.1-ee', { title: 'Draft: Fix the login', draft: true, detailed_merge_status: 'draft_status' }, scheduled);
    const r = await s.run(['--auto', '--sha-from-view', '--yes']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(s.merges()).toHaveLength(1);
    expect(r.stderr).toMatch(/will merge when the pipeline succeeds/);
  });

  it('a draft on GitLab 16.11 (auto-merge waits for the pipeline only): refused up front', async () => {
    const s = await gitlab('16.11.0', { title: 'Draft: Fix the login', draft: true, detailed_merge_status: 'draft_status' }, scheduled);
    const r = await s.run(['--auto', '--sha-from-view', '--yes']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('!5 cannot be merged: it is a draft; nothing was sent');
    expect(s.merges()).toEqual([]);
  });

  it('unresolved threads and requested changes are waited out too (17.9)', async () => {
    for (const status of ['discussions_not_resolved', 'requested_changes']) {
      const s = await gitlab('17.9.1-ee', { detailed_merge_status: status }, scheduled);
      const r = await s.run(['--auto', '--sha-from-view', '--yes']);
      expect(r.exitCode, `${status}: ${r.stderr}`).toBe(0);
      expect(s.merges()).toHaveLength(1);
    }
  });
});

describe('--auto with nothing to wait for', () => {
  it('GitLab 17: said up front, the plain merge offered, nothing sent', async () => {
    const s = await gitlab('17.9.1-ee', {}, () => [405, { message: '405 Method Not Allowed' }]);
    const r = await s.run(['--auto', '--sha-from-view', '--yes']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain(
      '!5 has nothing to wait for: it can be merged now, and GitLab 17.9 sets no auto-merge then; nothing was sent',
    );
    expect(hint(r)).toBe('hint: merge it now: collab mr merge 5 -p acme/web');
    expect(r.stderr).not.toMatch(/merge check/);
    expect(s.merges()).toEqual([]);
  });

  it('GitLab 17, the merge request not read first: the 405 is explained the same way', async () => {
    const s = await gitlab('17.9.1-ee', {}, () => [405, { message: '405 Method Not Allowed' }]);
    const r = await s.run(['--auto', '--yes']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/!5 has nothing to wait for/);
    expect(r.stderr).not.toMatch(/merge check/);
  });

  it('GitLab 17, mergeable while its head pipeline runs: that is something to wait for, sent and scheduled', async () => {
    // app/models/merge_request.rb `diff_head_pipeline_considered_in_progress?` (active or created,
    // the project not requiring a pipeline) keeps MergeWhenChecksPassService available.
    for (const status of ['running', 'created']) {
      const s = await gitlab('17.9.1-ee', { head_pipeline: { id: 7, status } }, scheduled);
      const r = await s.run(['--auto', '--sha-from-view', '--yes']);
      expect(r.exitCode, `${status}: ${r.stderr}`).toBe(0);
      expect(s.merges()).toHaveLength(1);
      expect(r.stderr).toMatch(/will merge when the pipeline succeeds/);
    }
  });

  // lib/api/merge_requests.rb: with no strategy available, a merge request whose head pipeline
  // succeeded is `immediately_mergeable?` (`diff_head_pipeline_success?`; later
  // `pipeline_allows_merge?`) and merged at once on every version; one whose pipeline failed is
  // `not_allowed!` on every version.
  it('GitLab 17, its head pipeline succeeded: sent, GitLab merges it at once', async () => {
    const s = await gitlab('17.9.1-ee', { head_pipeline: { id: 7, status: 'success' } }, merged);
    const r = await s.run(['--auto', '--sha-from-view', '--yes']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(s.merges()).toHaveLength(1);
    expect(r.stderr).toMatch(/Merged !5/);
  });

  it('GitLab 18, its head pipeline failed (not required): said up front, nothing sent', async () => {
    for (const status of ['failed', 'canceled']) {
      const s = await gitlab('18.3.0-ee', { head_pipeline: { id: 7, status } }, () => [405, { message: '405 Method Not Allowed' }]);
      const r = await s.run(['--auto', '--sha-from-view', '--yes']);
      expect(r.exitCode).toBe(1);
      expect(r.stderr).toMatch(/!5 has nothing to wait for: .*GitLab 18\.3 sets no auto-merge then; nothing was sent/);
      expect(s.merges()).toEqual([]);
    }
  });

  it('GitLab 18: sent, and it merges at once', async () => {
    const s = await gitlab('18.3.0-ee', {}, merged);
    const r = await s.run(['--auto', '--sha-from-view', '--yes']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/Merged !5/);
  });
});

describe('detailed_merge_status as the REST API writes it', () => {
  it.each([
    ['merge_request_blocked', 'it is blocked by merge requests it depends on'],
    ['status_checks_must_pass', 'its external status checks have not passed'],
    ['security_policy_pipeline_check', 'the pipeline a security policy of the project requires has not succeeded'],
    ['locked_lfs_files', 'it changes LFS files locked by someone else'],
  ])('%s is named in words, before anything is sent', async (status, words) => {
    const s = await gitlab('17.9.1-ee', { detailed_merge_status: status }, merged);
    const r = await s.run(['--sha-from-view', '--yes']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain(`!5 cannot be merged: ${words}`);
    expect(s.merges()).toEqual([]);
  });

  it('a value collab does not know is named verbatim, never "names no reason"', async () => {
    const s = await gitlab('19.0.0', { detailed_merge_status: 'quantum_review_pending' }, () => [
      405,
      { message: '405 Method Not Allowed' },
    ]);
    const r = await s.run(['--yes']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain("!5 was not merged: GitLab's detailed merge status quantum_review_pending");
    expect(r.stderr).not.toMatch(/names no reason/);
  });

  it('a transient one (checking) says to try again', async () => {
    const s = await gitlab('17.9.1-ee', { detailed_merge_status: 'checking' }, () => [405, { message: '405 Method Not Allowed' }]);
    const r = await s.run(['--yes']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/GitLab was still checking it \(detailed merge status checking\): try again in a moment/);
  });
});
