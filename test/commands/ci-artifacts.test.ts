/**
 * Artifacts the way CI uses them (collab run in-process as the binary runs it, against the
 * sandbox): one file by ref and job, the CI job's environment filling in the ref and the pipeline,
 * a pipeline's job, --sha256 that keeps nothing on a mismatch, and job token sense (glcbt- tokens,
 * the fallback to CI_JOB_TOKEN when a personal token is refused).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, type SandboxFixture, tempDir, USER_TOKEN } from '../helpers/e2e.js';
import { runBytesInProcess, startSandboxInProcess } from '../helpers/in-process.js';

const PROJECT = 'acme/platform/api';
const API = '/api/v4/projects/acme%2Fplatform%2Fapi';
const FILE = 'dist/app/version.txt';

interface JobRow {
  id: number;
  name: string;
  ref: string;
  status: string;
  pipeline: { id: number; status: string };
}

const sha256 = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');

describe('artifacts the way CI uses them', () => {
  let sb: SandboxFixture;
  let jobs: JobRow[];
  let projectId: number;
  /** The running pipeline on feature/x: its build succeeded, its test still runs. */
  let running: number;
  const job = (name: string, pipeline: number) => jobs.find((j) => j.name === name && j.pipeline.id === pipeline)!;
  const direct = async (p: string) => {
    const res = await fetch(`${sb.url}${p}`, { headers: { 'PRIVATE-TOKEN': ADMIN_TOKEN } });
    expect(res.status, p).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  };
  /** A CI job of acme/platform/api on feature/x, in the running pipeline, with only its job token. */
  const ci = (extra: Record<string, string | undefined> = {}) => ({
    COLLAB_HOST: undefined,
    COLLAB_TOKEN: undefined,
    CI: 'true',
    CI_SERVER_URL: sb.url,
    CI_PROJECT_ID: String(projectId),
    CI_JOB_TOKEN: 'sandbox-job-token',
    CI_COMMIT_REF_NAME: 'feature/x',
    CI_PIPELINE_ID: String(running),
    ...extra,
  });
  const sent = (part: string) => sb.requests().filter((q) => q.path.includes(part));

  beforeAll(async () => {
    sb = await startSandboxInProcess({ seed: 'demo' });
    const res = await fetch(`${sb.url}${API}/jobs?per_page=100`, { headers: { 'PRIVATE-TOKEN': ADMIN_TOKEN } });
    jobs = (await res.json()) as JobRow[];
    projectId = ((await (await fetch(`${sb.url}${API}`, { headers: { 'PRIVATE-TOKEN': ADMIN_TOKEN } })).json()) as { id: number }).id;
    running = jobs.find((j) => j.ref === 'feature/x' && j.status === 'running')!.pipeline.id;
  });
  afterAll(() => sb?.close());

  it('job artifact --ref R --job J <path> prints one file of the last successful J on R (or --dest saves it)', async () => {
    const expected = await direct(`${API}/jobs/artifacts/main/raw/${FILE}?job=build`);
    await sb.clearRequests();
    // GitLab's one-file-by-ref route, on a host known to be GitLab.
    const r = await runBytesInProcess(
      { COLLAB_HOST: sb.url, COLLAB_TOKEN: USER_TOKEN, COLLAB_FLAVOR: 'gitlab' },
      ['job', 'artifact', '--ref', 'main', '--job', 'build', FILE, '-p', PROJECT],
      tempDir(),
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout.equals(expected)).toBe(true);
    expect(r.stderr).toBe('');
    expect(sent('/jobs/').map((q) => q.path)).toEqual([`${API}/jobs/artifacts/main/raw/${FILE}?job=build`]);

    const dir = tempDir();
    const saved = await runBytesInProcess(
      { COLLAB_HOST: sb.url, COLLAB_TOKEN: USER_TOKEN },
      ['job', 'artifact', '--job', 'build', '--ref', 'feature/x', 'reports/junit.xml', '--dest', 'junit.xml', '-p', PROJECT],
      dir,
    );
    expect(saved.exitCode, saved.stderr).toBe(0);
    expect(
      fs
        .readFileSync(path.join(dir, 'junit.xml'))
        .equals(await direct(`${API}/jobs/artifacts/feature%2Fx/raw/reports/junit.xml?job=build`)),
    ).toBe(true);
    expect(saved.stderr).toMatch(
      /^(✓ )?Saved reports\/junit.xml from the artifacts of job \d+ \("build" of pipeline \d+ on feature\/x, success\) to junit.xml/,
    );
    expect(fs.readdirSync(dir)).toEqual(['junit.xml']);

    const missing = await runBytesInProcess(
      { COLLAB_HOST: sb.url, COLLAB_TOKEN: USER_TOKEN },
      ['job', 'artifact', '--ref', 'main', '--job', 'build', 'no/such.txt', '-p', PROJECT],
      tempDir(),
    );
    expect(missing.exitCode).toBe(3);
    expect(missing.stderr).toContain('404');
    expect(missing.stderr).toContain('no file "no/such.txt"');
  });

  it(
    'inside CI --job alone takes the job ref (CI_COMMIT_REF_NAME), with the job token ' + 'only, for the archive and for one file',
    async () => {
      await sb.clearRequests();
      const dir = tempDir('collab-ci-');
      const archive = await runBytesInProcess(ci(), ['job', 'artifacts', '--job', 'build'], dir);
      expect(archive.exitCode, archive.stderr).toBe(0);
      expect(
        fs.readFileSync(path.join(dir, 'artifacts.zip')).equals(await direct(`${API}/jobs/artifacts/feature%2Fx/download?job=build`)),
      ).toBe(true);
      const file = await runBytesInProcess(ci(), ['job', 'artifact', '--job', 'build', FILE], dir);
      expect(file.exitCode, file.stderr).toBe(0);
      expect(file.stdout.equals(await direct(`${API}/jobs/artifacts/feature%2Fx/raw/${FILE}?job=build`))).toBe(true);
      const calls = sent(`/projects/${projectId}/jobs/`);
      expect(calls.map((q) => q.path)).toEqual([
        `/api/v4/projects/${projectId}/jobs/artifacts/feature%2Fx/download?job=build`,
        `/api/v4/projects/${projectId}/jobs/artifacts/feature%2Fx/raw/${FILE}?job=build`,
      ]);
      for (const q of calls) {
        expect(q.headers['job-token']).toBe('sandbox-job-token');
        expect(q.headers['private-token']).toBeUndefined();
      }
      // An explicit --ref still wins.
      const main = await runBytesInProcess(ci(), ['job', 'artifact', '--job', 'build', '--ref', 'main', FILE], dir);
      expect(main.stdout.equals(await direct(`${API}/jobs/artifacts/main/raw/${FILE}?job=build`))).toBe(true);
    },
  );

  it('outside CI --job alone, or --pipeline current, is exit 2 with a message that says what to add, and nothing is sent', async () => {
    await sb.clearRequests();
    const outside = { COLLAB_HOST: sb.url, COLLAB_TOKEN: USER_TOKEN, CI_COMMIT_REF_NAME: 'main', CI_PIPELINE_ID: String(running) };
    for (const args of [
      ['job', 'artifacts', '--job', 'build', '-p', PROJECT],
      ['job', 'artifact', '--job', 'build', FILE, '-p', PROJECT],
      ['job', 'artifacts', '--job', 'build', '--pipeline', 'current', '-p', PROJECT],
    ]) {
      const r = await runBytesInProcess(outside, args, tempDir());
      expect(r.exitCode, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/^collab: (--job needs --ref <branch\|tag> or --pipeline <id\|current>|--pipeline current needs a CI job)/);
      expect(r.stderr).toMatch(/hint: .*(CI_COMMIT_REF_NAME|--pipeline <id>)/);
    }
    expect(sb.requests()).toEqual([]);
  });

  it('--pipeline <id> takes the job of that name from the pipeline job list; --pipeline current inside CI', async () => {
    const earlier = jobs.find((j) => j.name === 'build' && j.ref === 'feature/x' && j.pipeline.id !== running)!.pipeline.id;
    await sb.clearRequests();
    const byId = await runBytesInProcess(
      { COLLAB_HOST: sb.url, COLLAB_TOKEN: USER_TOKEN },
      ['job', 'artifact', '--job', 'build', '--pipeline', String(earlier), FILE, '-p', PROJECT],
      tempDir(),
    );
    expect(byId.exitCode, byId.stderr).toBe(0);
    const build = job('build', earlier);
    expect(sb.requests().map((q) => q.path.replace(/\?.*/, ''))).toEqual([
      `${API}/pipelines/${earlier}/jobs`,
      `${API}/jobs/${build.id}/artifacts/${FILE}`,
    ]);
    expect(byId.stdout.equals(await direct(`${API}/jobs/${build.id}/artifacts/${FILE}`))).toBe(true);

    await sb.clearRequests();
    const dir = tempDir('collab-ci-');
    const current = await runBytesInProcess(ci(), ['job', 'artifacts', '--job', 'build', '--pipeline', 'current', '--extract', 'out'], dir);
    expect(current.exitCode, current.stderr).toBe(0);
    const calls = sb.requests();
    const version = fs.readFileSync(path.join(dir, 'out', FILE));
    expect(version.equals(await direct(`${API}/jobs/${job('build', running).id}/artifacts/${FILE}`))).toBe(true);
    expect(calls.map((q) => q.path.replace(/\?.*/, ''))).toEqual([
      `/api/v4/projects/${projectId}/pipelines/${running}/jobs`,
      `/api/v4/projects/${projectId}/jobs/${job('build', running).id}/artifacts`,
    ]);
    for (const q of calls) expect(q.headers['job-token']).toBe('sandbox-job-token');
  });

  it(
    '--pipeline prefers the newest successful job of the name (a retry still pending ' +
      'does not hide it); an unknown name is exit 3 naming the jobs there',
    async () => {
      const pipeline = jobs.find((j) => j.name === 'package' && j.ref === 'feature/x' && j.status === 'success')!.pipeline.id;
      const first = job('package', pipeline);
      const retried = await fetch(`${sb.url}${API}/jobs/${first.id}/retry`, { method: 'POST', headers: { 'PRIVATE-TOKEN': ADMIN_TOKEN } });
      expect(retried.status).toBe(201);
      const r = await runBytesInProcess(
        { COLLAB_HOST: sb.url, COLLAB_TOKEN: USER_TOKEN },
        ['job', 'artifact', '--job', 'package', '--pipeline', String(pipeline), FILE, '-p', PROJECT],
        tempDir(),
      );
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stdout.equals(await direct(`${API}/jobs/${first.id}/artifacts/${FILE}`))).toBe(true);

      const unknown = await runBytesInProcess(ci(), ['job', 'artifacts', '--job', 'biuld', '--pipeline', 'current'], tempDir());
      expect(unknown.exitCode).toBe(3);
      expect(unknown.stderr).toMatch(new RegExp(`^collab: pipeline ${running} has no job named "biuld"\\nhint: its jobs: .*build`));
    },
  );

  it('--sha256 checks the archive or the file; a mismatch (exit 1) keeps nothing: no file, no extraction, no output', async () => {
    const archive = await direct(`${API}/jobs/artifacts/feature%2Fx/download?job=build`);
    const file = await direct(`${API}/jobs/artifacts/feature%2Fx/raw/${FILE}?job=build`);
    const wrong = sha256(Buffer.from('not this'));
    const dir = tempDir('collab-sha-');

    const ok = await runBytesInProcess(
      ci(),
      ['job', 'artifacts', '--job', 'build', '--sha256', sha256(archive).toUpperCase(), '--dest', 'a.zip'],
      dir,
    );
    expect(ok.exitCode, ok.stderr).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'a.zip')).equals(archive)).toBe(true);
    const printed = await runBytesInProcess(ci(), ['job', 'artifact', '--job', 'build', FILE, '--sha256', `sha256:${sha256(file)}`], dir);
    expect(printed.exitCode, printed.stderr).toBe(0);
    expect(printed.stdout.equals(file)).toBe(true);

    fs.writeFileSync(path.join(dir, 'mine.zip'), 'my own file');
    for (const args of [
      ['job', 'artifacts', '--job', 'build', '--sha256', wrong, '--dest', 'mine.zip'],
      ['job', 'artifacts', '--job', 'build', '--sha256', wrong, '--dest', 'new.zip'],
      ['job', 'artifacts', '--job', 'build', '--sha256', wrong, '--extract', 'out'],
      ['job', 'artifacts', '--job', 'build', '--sha256', wrong, '--extract', 'out', '--dest', 'new.zip'],
      ['job', 'artifacts', '--job', 'build', '--sha256', wrong, '--dest', '-'],
      ['job', 'artifact', '--job', 'build', FILE, '--sha256', wrong],
      ['job', 'artifact', '--job', 'build', FILE, '--sha256', wrong, '--dest', 'version.txt'],
    ]) {
      const r = await runBytesInProcess(ci(), args, dir);
      expect(r.exitCode, `${args.join(' ')}: ${r.stderr}`).toBe(1);
      expect(r.stderr).toMatch(new RegExp(`^collab: SHA-256 mismatch for .*: expected ${wrong}, got [0-9a-f]{64}; nothing was kept\\n$`));
      expect(r.stdout.length).toBe(0);
      expect(fs.readdirSync(dir).sort()).toEqual(['a.zip', 'mine.zip']);
      expect(fs.readFileSync(path.join(dir, 'mine.zip'), 'utf8')).toBe('my own file');
    }

    await sb.clearRequests();
    for (const bad of ['abc', `${wrong}0`, 'z'.repeat(64)]) {
      const r = await runBytesInProcess(ci(), ['job', 'artifact', '--job', 'build', FILE, '--sha256', bad], dir);
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toMatch(/^collab: invalid value for --sha256: .* is not a SHA-256 \(64 hexadecimal digits\)\n$/);
    }
    expect(sb.requests()).toEqual([]);
  });

  it('a glcbt- token in COLLAB_TOKEN is a job token, sent as JOB-TOKEN: job artifact <id> <path> works with it', async () => {
    const build = job('build', running);
    await sb.clearRequests();
    const r = await runBytesInProcess(
      { COLLAB_HOST: sb.url, COLLAB_TOKEN: 'glcbt-sandbox-job-token' },
      ['job', 'artifact', String(build.id), FILE, '-p', PROJECT],
      tempDir(),
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout.equals(await direct(`${API}/jobs/${build.id}/artifacts/${FILE}`))).toBe(true);
    const [q] = sb.requests();
    expect(q!.headers['job-token']).toBe('glcbt-sandbox-job-token');
    expect(q!.headers['private-token']).toBeUndefined();
    // The CI variable alone does the same inside a job.
    const alone = await runBytesInProcess(ci(), ['job', 'artifact', String(build.id), FILE], tempDir());
    expect(alone.exitCode, alone.stderr).toBe(0);
    expect(alone.stdout.equals(r.stdout)).toBe(true);
  });

  it('in CI a personal token refused for a download falls back to CI_JOB_TOKEN with a notice (once per run)', async () => {
    await sb.clearRequests();
    const dir = tempDir('collab-ci-');
    const r = await runBytesInProcess(
      ci({ COLLAB_TOKEN: 'an-expired-personal-token' }),
      ['job', 'artifacts', '--job', 'build', '--pipeline', 'current', '--dest', 'a.zip'],
      dir,
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain('collab: warning: the personal token was refused (401)');
    expect(r.stderr).toContain(`trying again on ${new URL(sb.url).host} with the CI job token (CI_JOB_TOKEN)`);
    expect(r.stderr.match(/warning/g)).toHaveLength(1);
    expect(fs.readFileSync(path.join(dir, 'a.zip')).subarray(0, 2).toString('latin1')).toBe('PK');
    const calls = sb.requests();
    expect(calls.map((q) => [q.headers['private-token'] !== undefined, q.headers['job-token'] !== undefined])).toEqual([
      [true, false],
      [false, true],
      [false, true],
    ]);
    // Without a job token, the refusal is the answer (exit 4).
    const none = await runBytesInProcess(
      ci({ COLLAB_TOKEN: 'an-expired-personal-token', CI_JOB_TOKEN: undefined }),
      ['job', 'artifacts', '--job', 'build', '--dest', 'b.zip'],
      dir,
    );
    expect(none.exitCode).toBe(4);
    expect(fs.existsSync(path.join(dir, 'b.zip'))).toBe(false);
  });
});
