/**
 * Fidelity check with a client we did not write: python-gitlab (Debian packages `python3-gitlab`
 * and `gitlab-cli`) talks to the sandbox through its CLI and its library. Skipped with a reason when
 * it is not installed on a developer machine; under CI (CI=true) a missing client fails.
 */
import fs from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as yauzl from 'yauzl';
import { type SandboxHandle, startSandbox } from '../../src/sandbox/index.js';
import { ADMIN_TOKEN, runBin, tempDir } from '../helpers/e2e.js';
import { renamedSettingArgs, SETTING_PAIRS, USER_PAIRS } from '../helpers/gitlab-names.js';

const cli = await execa('sh', ['-c', 'command -v python-gitlab'], { reject: false });
const cliPath = cli.exitCode === 0 ? String(cli.stdout).trim() : '';
/** The interpreter python-gitlab was installed for (its shebang), so the library script imports the same `gitlab`. */
const python = cliPath ? (/^#!\s*(\S+)/.exec(fs.readFileSync(cliPath, 'utf8').split('\n')[0])?.[1] ?? 'python3') : '';
const underCi = process.env.CI === 'true';
const SKIP_REASON = 'python-gitlab is not installed (apt-get install -y python3-gitlab gitlab-cli)';

async function unzipNames(archive: Buffer): Promise<string[]> {
  const zip = await yauzl.fromBufferPromise(archive, { lazyEntries: true });
  const names: string[] = [];
  for await (const entry of zip.eachEntry()) {
    // Reading each entry lets yauzl verify sizes and CRC-32.
    for await (const _chunk of await zip.openReadStreamPromise(entry)) void _chunk;
    names.push(entry.fileName);
  }
  zip.close();
  return names;
}

describe.runIf(!cliPath && underCi)('python-gitlab fidelity (CI)', () => {
  it('needs python-gitlab installed', () => {
    expect.fail(`${SKIP_REASON}: .ci/run must install it`);
  });
});

describe.skipIf(!cliPath)(`python-gitlab fidelity${cliPath ? '' : ` — skipped: ${SKIP_REASON}`}`, () => {
  let sb: SandboxHandle;
  let dir: string;
  let config: string;

  beforeAll(async () => {
    // python-gitlab speaks GitLab's dialect (POST cancel_merge_when_pipeline_succeeds, skype, akismet_*, …).
    sb = await startSandbox({ port: 0, flavor: 'gitlab' });
    dir = tempDir('python-gitlab-');
    config = path.join(dir, 'python-gitlab.cfg');
    fs.writeFileSync(
      config,
      `[global]\ndefault = sb\ntimeout = 20\n\n[sb]\nurl = ${sb.url}\nprivate_token = sandbox-admin-token\napi_version = 4\n`,
    );
  });

  afterAll(async () => {
    await sb?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function gitlab(...args: string[]): Promise<any> {
    const res = await execa(cliPath, ['-c', config, '-o', 'json', ...args], { reject: false, env: { HOME: dir }, timeout: 30_000 });
    if (res.exitCode !== 0) throw new Error(`python-gitlab ${args.join(' ')} failed (${res.exitCode}):\n${res.stderr}`);
    return JSON.parse(String(res.stdout));
  }

  it('reads the current user', async () => {
    const user = await gitlab('current-user', 'get');
    expect(user).toMatchObject({ id: 1, username: 'root', is_admin: true });
    const sent = sb.requests().filter((r) => r.path.startsWith('/api/v4/user'));
    expect(sent.at(-1)?.headers['private-token']).toBe('sandbox-admin-token');
  });

  it('lists projects and gets one by full path', async () => {
    const projects = await gitlab('project', 'list', '--get-all');
    expect(projects.map((p: { path_with_namespace: string }) => p.path_with_namespace).sort()).toEqual([
      'acme/platform/api',
      'acme/platform/docs',
      'acme/website',
      'alice/dotfiles',
      'labs/experiments',
    ]);
    const api = await gitlab('project', 'get', '--id', 'acme/platform/api');
    expect(api).toMatchObject({ id: 1, path_with_namespace: 'acme/platform/api', visibility: 'private' });
  });

  it('lists every seeded issue with --get-all', async () => {
    const issues = await gitlab('project-issue', 'list', '--project-id', 'acme/platform/api', '--get-all');
    expect(issues).toHaveLength(250);
    expect(new Set(issues.map((i: { iid: number }) => i.iid)).size).toBe(250);
  });

  it('creates an issue and closes it', async () => {
    const created = await gitlab(
      'project-issue',
      'create',
      '--project-id',
      'acme/platform/api',
      '--title',
      'Filed by python-gitlab',
      '--labels',
      'bug,docs',
    );
    expect(created).toMatchObject({ title: 'Filed by python-gitlab', state: 'opened', labels: ['bug', 'docs'] });
    const closed = await gitlab(
      'project-issue',
      'update',
      '--project-id',
      'acme/platform/api',
      '--iid',
      String(created.iid),
      '--state-event',
      'close',
    );
    expect(closed.state).toBe('closed');
    expect(closed.closed_at).toMatch(/Z$/);
    const again = await gitlab('project-issue', 'get', '--project-id', 'acme/platform/api', '--iid', String(created.iid));
    expect(again.state).toBe('closed');
  });

  it('lists and gets merge requests', async () => {
    const mrs = await gitlab('project-merge-request', 'list', '--project-id', 'acme/platform/api', '--state', 'all', '--get-all');
    expect(mrs).toHaveLength(8);
    expect(new Set(mrs.map((m: { state: string }) => m.state))).toEqual(new Set(['opened', 'closed', 'merged']));
    const mr = await gitlab('project-merge-request', 'get', '--project-id', 'acme/platform/api', '--iid', '1');
    expect(mr).toMatchObject({ iid: 1, title: 'Add rate limiting to public endpoints', source_branch: 'feature/rate-limit' });
  });

  it('lists jobs and reads a trace', async () => {
    const jobs = await gitlab('project-job', 'list', '--project-id', 'acme/platform/api', '--get-all');
    expect(jobs.length).toBeGreaterThan(20);
    const failed = jobs.find((j: { status: string }) => j.status === 'failed');
    const trace = await execa(
      cliPath,
      ['-c', config, 'project-job', 'trace', '--project-id', 'acme/platform/api', '--id', String(failed.id)],
      { reject: false, env: { HOME: dir } },
    );
    expect(trace.exitCode).toBe(0);
    expect(String(trace.stdout)).toContain('Job failed');
  });

  it('downloads artifacts by ref and job name', async () => {
    const res = await execa(
      cliPath,
      ['-c', config, 'project-artifact', 'download', '--project-id', 'acme/platform/api', '--ref-name', 'feature/x', '--job', 'package'],
      {
        reject: false,
        encoding: 'buffer',
        env: { HOME: dir },
      },
    );
    expect(res.exitCode).toBe(0);
    const names = await unzipNames(Buffer.from(res.stdout as Uint8Array));
    expect(names).toEqual(expect.arrayContaining(['dist/app/main.js', 'reports/résumé final.txt']));
    // python-gitlab sends the ref unencoded (`feature/x`); GitLab and the sandbox accept both forms.
    expect(
      sb
        .requests()
        .some((r) => /^\/api\/v4\/projects\/acme%2Fplatform%2Fapi\/jobs\/artifacts\/feature(%2F|\/)x\/download\?job=package/.test(r.path)),
    ).toBe(true);
  });

  it('lists users, groups and namespaces', async () => {
    const users = await gitlab('user', 'list', '--get-all');
    expect(users.map((u: { username: string }) => u.username).sort()).toEqual(['alice', 'bob', 'carol', 'dave', 'erin', 'root']);
    const groups = await gitlab('group', 'list', '--get-all');
    expect(groups.map((g: { full_path: string }) => g.full_path).sort()).toEqual(['acme', 'acme/platform', 'labs']);
    const namespaces = await gitlab('namespace', 'list', '--get-all');
    expect(namespaces.map((n: { full_path: string }) => n.full_path)).toEqual(
      expect.arrayContaining(['root', 'alice', 'acme', 'acme/platform']),
    );
  });

  it('drives the library: keyset iteration, merge, artifacts, settings, users', async () => {
    const script = path.join(dir, 'drive.py');
    fs.writeFileSync(
      script,
      `import json, sys, gitlab
gl = gitlab.Gitlab(sys.argv[1], private_token='sandbox-admin-token')
gl.auth()
out = {'user': gl.user.username}
out['keyset'] = sorted(p.path_with_namespace for p in gl.projects.list(iterator=True, pagination='keyset', order_by='id', per_page=2))
p = gl.projects.get('acme/platform/api')
mr = p.mergerequests.get(8)
mr.merge()
out['merged'] = p.mergerequests.get(8).state
job = [j for j in p.jobs.list(get_all=True) if j.name == 'package' and j.ref == 'main' and j.status == 'success'][0]
out['artifact_magic'] = job.artifacts()[:2].decode()
out['single'] = job.artifact('reports/résumé final.txt').decode()
s = gl.settings.get()
s.signup_enabled = False
s.akismet_enabled = True
s.akismet_api_key = 'key-1'
s.save()
s = gl.settings.get()
out['signup'] = s.signup_enabled
out['akismet'] = [s.akismet_enabled, s.akismet_api_key]
out['version'] = gl.version()[0]
auto = p.mergerequests.get(1)
auto.merge(merge_when_pipeline_succeeds=True)
out['cancel'] = auto.cancel_merge_when_pipeline_succeeds()
out['auto_merge_after_cancel'] = p.mergerequests.get(1).merge_when_pipeline_succeeds
out['approvals_left'] = p.mergerequests.get(6).approvals.get().approvals_left
bob = gl.users.get(3)
bob.skype = 'bob.b'
bob.twitter = '@bobby'
bob.save()
bob = gl.users.get(3)
out['profile'] = [bob.skype, bob.twitter]
out['block'] = [bob.block(), bob.block(), bob.unblock(), bob.unblock()]
out['created'] = gl.users.create({'email': 'py@example.com', 'username': 'py', 'name': 'Py', 'password': 'password123'}).username
out['alice_keys'] = len(gl.users.get(2).keys.list())
out['upload'] = p.upload('notes file.txt', filedata=b'hello from python')['markdown']
out['board_lists'] = [l.label['name'] for l in p.boards.list()[0].lists.list()]
try:
    p.issues.get(1).subscribe()
    p.issues.get(1).subscribe()
    out['second_subscribe'] = 'no error'
except gitlab.exceptions.GitlabSubscribeError as e:
    out['second_subscribe'] = e.response_code
print(json.dumps(out))
`,
    );
    const res = await execa(python, [script, sb.url], { reject: false, env: { HOME: dir }, timeout: 30_000 });
    expect(res.exitCode, String(res.stderr)).toBe(0);
    const out = JSON.parse(String(res.stdout));
    expect(out).toMatchObject({
      user: 'root',
      merged: 'merged',
      artifact_magic: 'PK',
      signup: false,
      created: 'py',
      alice_keys: 2,
      second_subscribe: 304,
    });
    expect(out).toMatchObject({
      akismet: [true, 'key-1'],
      version: '17.6.1-ee',
      cancel: { status: 'success' },
      auto_merge_after_cancel: false,
      approvals_left: 1,
    });
    expect(out).toMatchObject({ profile: ['bob.b', '@bobby'], block: [true, null, true, false] });
    expect(out.keyset).toHaveLength(5);
    expect(out.single).toContain('Résumé final');
    expect(out.upload).toMatch(/^\[notes file\]\(\/uploads\/[0-9a-f]{32}\/notes file\.txt\)$/);
    expect(out.board_lists).toEqual(['bug', 'needs review', 'feature']);
  });

  it("reads GitLab's whole entities and follows GitLab's behaviours: notes, merge statuses, canceling jobs, keyset pages", async () => {
    const script = path.join(dir, 'entities.py');
    fs.writeFileSync(
      script,
      `import json, sys, gitlab
gl = gitlab.Gitlab(sys.argv[1], private_token='sandbox-admin-token')
p = gl.projects.get('acme/platform/api')
out = {}
mr = p.mergerequests.get(4)
out['conflict'] = [mr.detailed_merge_status, mr.has_conflicts, mr.merge_error, mr.merged_by, sorted(mr.diff_refs), mr.user['can_merge']]
out['statuses'] = {m.iid: m.detailed_merge_status for m in p.mergerequests.list(state='opened', get_all=True)}
merged = p.mergerequests.get(2)
out['merged'] = [merged.merged_by['username'], merged.merge_user['username'], merged.merged_at is not None]
commit = list(p.mergerequests.get(1).commits())[0]
out['commit'] = [commit.committed_date is not None, commit.web_url.endswith(commit.id)]
out['mr_pipeline'] = [p.mergerequests.get(1).head_pipeline['ref'], p.mergerequests.get(1).head_pipeline['source']]
issue = p.issues.get(1)
notes = issue.notes.list(get_all=True)
out['notes'] = [len([n for n in notes if not n.system]) == issue.user_notes_count, any(n.system for n in notes)]
note = p.mergerequests.get(8).notes.create({'body': 'Looks good from python'})
out['note'] = [note.body, note.author['username'], note.noteable_type, p.mergerequests.get(8).notes.list()[0].id == note.id]
out['canceling'] = [j.status for j in p.jobs.list(scope='canceling', get_all=True)]
job = p.jobs.get(1)
a = job.attributes
out['job'] = [a['allow_failure'], a['tag_list'], [x['file_type'] for x in a['artifacts']], a['archived']]
out['users_keyset'] = [u.username for u in gl.users.list(iterator=True, pagination='keyset', order_by='id', sort='asc', per_page=2)]
out['user'] = [gl.users.get(2).locked, 'local_time' in gl.users.get(2).attributes]
out['project'] = [p.merge_method, 'container_registry_image_prefix' in p.attributes, p.namespace['web_url'].endswith('/groups/acme/platform')]
out['group'] = [gl.groups.get('acme').default_branch_protection_defaults['allow_force_push']]
out['board_list'] = [l.max_issue_count for l in p.boards.list()[0].lists.list()]
try:
    gitlab.Gitlab(sys.argv[1]).version()
    out['anonymous_version'] = 'answered'
except Exception as e:
    out['anonymous_version'] = type(e).__name__
print(json.dumps(out))
`,
    );
    const res = await execa(python, [script, sb.url], { reject: false, env: { HOME: dir }, timeout: 30_000 });
    expect(res.exitCode, String(res.stderr)).toBe(0);
    const out = JSON.parse(String(res.stdout));
    expect(out.conflict).toEqual(['conflict', true, 'Merge request is not mergeable', null, ['base_sha', 'head_sha', 'start_sha'], true]);
    expect(out.statuses).toMatchObject({ 4: 'conflict', 5: 'draft_status', 6: 'not_approved' });
    expect(out.merged).toEqual(['alice', 'alice', true]);
    expect(out).toMatchObject({ commit: [true, true], notes: [true, true], canceling: ['canceling'] });
    expect(out.mr_pipeline).toEqual(['refs/merge-requests/1/head', 'merge_request_event']);
    expect(out.note).toEqual(['Looks good from python', 'root', 'MergeRequest', true]);
    expect(out.job).toEqual([false, [], ['archive', 'trace'], false]);
    // In id order, page after page (another test may have added users after these).
    expect(out.users_keyset.slice(0, 6)).toEqual(['root', 'alice', 'bob', 'carol', 'dave', 'erin']);
    expect(out).toMatchObject({ user: [false, true], project: ['merge', true, true], group: [false], board_list: [0, 0, 0] });
    // python-gitlab's version() swallows the 401 and answers "unknown".
    expect(out.anonymous_version).toBe('answered');
  });

  it("speaks GitLab's names with collab: every renamed setting and profile field, both ways; GitLab's answers", async () => {
    const collab = (args: string[]) => runBin(args, { COLLAB_HOST: sb.url, COLLAB_TOKEN: ADMIN_TOKEN, COLLAB_CONFIG_DIR: dir });
    const gitlabValues = (on: boolean) => {
      const { values } = renamedSettingArgs('spec', on);
      return Object.fromEntries(SETTING_PAIRS.map(([spec, gitlab]) => [gitlab, values[spec]]));
    };
    const script = path.join(dir, 'names.py');
    fs.writeFileSync(
      script,
      `import json, sys, gitlab
gl = gitlab.Gitlab(sys.argv[1], private_token='sandbox-admin-token')
step, data = sys.argv[2], json.loads(sys.argv[3])
out = {}
if step == 'write':
    s = gl.settings.get()
    for name, value in data['settings'].items():
        setattr(s, name, value)
    s.save()
    u = gl.users.get(4)
    for name, value in data['profile'].items():
        setattr(u, name, value)
    u.save()
    # A legacy name GitLab still takes, answered under the new one.
    gl.settings.update(new_data={'admin_notification_email': 'legacy@example.com', 'enabled_git_access_protocol': 'all'})
    p = gl.projects.get('acme/platform/api')
    out['cancel_nothing'] = p.mergerequests.get(1).cancel_merge_when_pipeline_succeeds()
else:
    s = gl.settings.get()
    out['settings'] = {name: getattr(s, name) for name in data['settings']}
    # The spec's names are no part of GitLab's answer.
    out['spec_names_seen'] = [name for name in data['absent'] if hasattr(s, name)]
    u = gl.users.get(4)
    out['profile'] = {name: getattr(u, name) for name in data['profile']}
    out['abuse'] = s.abuse_notification_email
print(json.dumps(out))
`,
    );
    const py = async (step: string, data: object) => {
      const res = await execa(python, [script, sb.url, step, JSON.stringify(data)], { reject: false, env: { HOME: dir }, timeout: 30_000 });
      expect(res.exitCode, String(res.stderr)).toBe(0);
      return JSON.parse(String(res.stdout));
    };

    // python-gitlab writes GitLab's names; collab reads them under the spec's.
    const profile = Object.fromEntries(USER_PAIRS.map(([spec, gitlab]) => [gitlab, `py-${spec}`]));
    const written = await py('write', { settings: gitlabValues(true), profile });
    expect(written.cancel_nothing).toEqual({ message: "Can't cancel the automatic merge", status: 'error', http_status: 406 });
    const read = await collab([
      'settings',
      'view',
      '-o',
      'json',
      '--fields',
      [...SETTING_PAIRS.map(([spec]) => spec), 'enabled_git_access_protocol'].join(','),
    ]);
    expect(read.exitCode, read.stderr).toBe(0);
    expect(JSON.parse(read.stdout)).toEqual({
      ...renamedSettingArgs('spec', true).values,
      admin_notification_email: 'legacy@example.com',
      enabled_git_access_protocol: 'all',
    });
    const user = await collab(['user', 'view', '4', '-o', 'json', '--fields', USER_PAIRS.map(([spec]) => spec).join(',')]);
    expect(JSON.parse(user.stdout)).toEqual(Object.fromEntries(USER_PAIRS.map(([spec]) => [spec, `py-${spec}`])));

    // collab writes the spec's names (--no- forms too); python-gitlab reads GitLab's.
    const { argv } = renamedSettingArgs('spec', false);
    const update = await collab(['settings', 'update', ...argv]);
    expect([update.exitCode, update.stderr]).toEqual([0, `Updated ${SETTING_PAIRS.length} application settings`]);
    const profileArgs = USER_PAIRS.flatMap(([spec]) => [`--${spec.replace(/_/g, '-')}`, `cl-${spec}`]);
    expect((await collab(['user', 'update', '4', ...profileArgs])).exitCode).toBe(0);
    const back = await py('read', {
      settings: Object.keys(gitlabValues(false)),
      profile: Object.keys(profile),
      absent: SETTING_PAIRS.map(([spec]) => spec),
    });
    expect(back.settings).toEqual(gitlabValues(false));
    expect(back.spec_names_seen).toEqual([]);
    expect(back.profile).toEqual(Object.fromEntries(USER_PAIRS.map(([spec, gitlab]) => [gitlab, `cl-${spec}`])));
    expect(back.abuse).toBe('off@example.com');

    // The same refusal through collab: a failure, not "cancelled".
    const cancel = await collab(['mr', 'cancel-auto-merge', '1', '-p', 'acme/platform/api']);
    expect([cancel.exitCode, cancel.stderr]).toEqual([
      1,
      "collab: 406 Can't cancel the automatic merge — !1 is not set to merge when the pipeline succeeds: nothing to cancel",
    ]);
  });
});
