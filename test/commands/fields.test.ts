/**
 * `--fields` is checked before anything is sent, against the fields the command's answer has
 * (the `*_FIELDS` of src/resources/): collab's entry, run in-process as the binary runs it, against
 * the sandbox, its request log proving that nothing went out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxFixture } from '../helpers/e2e.js';
import { startSandboxInProcess } from '../helpers/in-process.js';

const P = 'acme/platform/api';

describe('--fields is checked before anything is sent', () => {
  let sb: SandboxFixture;
  beforeAll(async () => {
    sb = await startSandboxInProcess();
  });
  afterAll(() => sb?.close());

  const title = async (iid: number) =>
    JSON.parse((await sb.run(['issue', 'view', String(iid), '-p', P, '-o', 'json', '--fields', 'title'])).stdout).title;

  it('an unknown name on a write is exit 2 naming it and the valid ones, and nothing is sent', async () => {
    const before = await title(5);
    await sb.clearRequests();
    const r = await sb.run(['issue', 'update', '5', '-p', P, '--title', 'changed', '--fields', 'iid,titel']);
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^collab: unknown field "titel" in --fields \(did you mean "title"\?\); valid fields: iid, state, title, .*\bweb_url\b/,
    );
    expect(r.stderr.split('\n')).toHaveLength(1);
    expect(sb.requests()).toEqual([]);
    expect(await title(5)).toBe(before);
  });

  it('a name that is no field of any kind is refused as well, on reads, writes and hand-written commands alike', async () => {
    await sb.clearRequests();
    for (const line of [
      ['mr', 'view', '1', '-p', P, '--fields', 'iid,no_such_field'],
      ['issue', 'list', '-p', P, '--fields', 'iid,zzz'],
      ['issue', 'close', '5', '-p', P, '--fields', 'zzz'],
      ['mr', 'merge', '1', '-p', P, '--yes', '--fields', 'iid,zzz'],
      ['project', 'fork', 'acme/website', '--namespace', 'labs', '--fields', 'zzz'],
      ['settings', 'update', '--help-text', 'x', '--fields', 'help_txt'],
      ['user', 'key', 'add', '--title', 't', '--key', 'ssh-ed25519 AAAA x', '--fields', 'fingerprint'],
      // Field names are exact; only a column's header is read in any case (`IID`, `Updated`).
      ['issue', 'view', '1', '-p', P, '--fields', 'iid,TITLE'],
    ]) {
      const r = await sb.run(line);
      expect([r.exitCode, r.stdout], `${line.join(' ')}: ${r.stderr}`).toEqual([2, '']);
      expect(r.stderr).toMatch(/^collab: unknown field "[A-Za-z_]+" in --fields.*; valid fields: /);
    }
    expect(sb.requests()).toEqual([]);
  });

  it('a command that prints nothing takes no --fields: exit 2 before it deletes', async () => {
    await sb.clearRequests();
    const r = await sb.run(['issue', 'delete', '6', '-p', P, '--yes', '--fields', 'iid']);
    expect([r.exitCode, r.stderr]).toEqual([2, 'collab: --fields: this command prints no fields to choose from']);
    expect(sb.requests()).toEqual([]);
    expect((await sb.run(['issue', 'view', '6', '-p', P, '--fields', 'iid'])).exitCode).toBe(0);
  });

  it('--fields alone lists the fields of that command, the GitLab-only ones last, and sends nothing', async () => {
    await sb.clearRequests();
    const r = await sb.run(['issue', 'update', '5', '-p', P, '--title', 'changed', '--fields']);
    expect(r.exitCode).toBe(0);
    const names = r.stdout.trim().split('\n');
    expect(names.slice(0, 3)).toEqual(['iid', 'state', 'title']);
    expect(names).toEqual(expect.arrayContaining(['author', 'web_url', 'time_stats', 'health_status']));
    expect(names.indexOf('health_status')).toBeGreaterThan(names.indexOf('_links'));
    expect(r.stderr).toMatch(/^\(\d+ of them, from closed_by on, are sent by GitLab only\)$/);
    const settings = await sb.run(['settings', 'view', '--fields']);
    expect(settings.stdout.split('\n')).toEqual(expect.arrayContaining(['signup_enabled', 'spamfilter_enabled']));
    expect(sb.requests()).toEqual([]);
  });

  it('auth status and config list check their own fields first; collab api picks names as given', async () => {
    await sb.clearRequests();
    const status = await sb.run(['auth', 'status', '--fields', 'user,tokn']);
    expect([status.exitCode, status.stdout]).toEqual([2, '']);
    expect(status.stderr).toMatch(
      /^collab: unknown field "tokn" in --fields \(did you mean "token"\?\); valid fields: host, host_source, user, /,
    );
    expect(sb.requests()).toEqual([]);
    expect((await sb.run(['auth', 'status', '--fields', 'user,admin'])).stdout).toBe('user\troot\nadmin\ttrue');
    await sb.clearRequests();
    const listed = await sb.run(['auth', 'status', '--fields']);
    expect([listed.exitCode, listed.stdout]).toEqual([
      0,
      'host\nhost_source\nuser\nname\nadmin\ntoken_source\ntoken_type\ntoken\nscopes\nexpires_at\njob_id\npipeline_id\nreaches\nhosts',
    ]);
    expect(sb.requests()).toEqual([]);
    const config = await sb.run(['config', 'list', '--fields', 'hots']);
    expect([config.exitCode, config.stdout]).toEqual([2, '']);
    const api = await sb.run(['api', `/projects/${encodeURIComponent(P)}`, '--fields', 'id,no_such_key']);
    expect(api.exitCode, api.stderr).toBe(0);
    expect(JSON.parse(api.stdout)).toEqual({ id: expect.any(Number), no_such_key: null });
  });

  it('valid names: nested paths, column headers, either dialect, GitLab-only fields (null here)', async () => {
    const issue = await sb.run(['issue', 'view', '1', '-p', P, '-o', 'json', '--fields', 'IID,author.username,Updated,health_status']);
    expect(issue.exitCode, issue.stderr).toBe(0);
    const data = JSON.parse(issue.stdout);
    expect(data).toEqual({ IID: 1, 'author.username': expect.any(String), Updated: expect.stringMatching(/^\d{4}-/), health_status: null });
    const user = await sb.run(['user', 'view', '2', '-o', 'json', '--fields', 'username,skype,messenger']);
    expect(JSON.parse(user.stdout)).toEqual({ username: 'alice', skype: expect.any(String), messenger: expect.any(String) });
    const jobs = await sb.run(['job', 'list', '-p', P, '--limit', '1', '-o', 'tsv', '--fields', 'id,pipeline.id,commit.short_id']);
    expect(jobs.stdout).toMatch(/^\d+\t\d+\t[0-9a-f]+$/);
    const mrs = await sb.run(['mr', 'list', '-p', P, '--limit', '1', '-o', 'json', '--fields', 'iid,branches']);
    expect(JSON.parse(mrs.stdout)[0].branches).toMatch(/ → /);
  });
});
