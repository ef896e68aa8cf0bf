/**
 * CI containers without a home, end to end: the built binary run as a user other than root (the
 * tests run as root: child_process's uid/gid), with the variables a runner sets and no TTY,
 * against a server answering as GitLab's lib/api/ci/job_artifacts.rb does. A non-root user with
 * HOME=/root cannot read its config; a uid without a passwd entry and no HOME has no home at all
 * (os.homedir() throws); a TMPDIR may not be writable. None of it may fail a download that needs
 * no config, and whatever escapes is one line, never Node's report with the bundle's source.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, tempDir } from '../helpers/e2e.js';
import { type CiPipelineModel, type GitlabCi, runnerEnv, startGitlabCi } from '../helpers/gitlab-ci.js';

const NOBODY = 65534;
/** A uid the system has no passwd entry for (a container's `--user 4242`). */
const NAMELESS = 4242;
const asRoot = process.getuid?.() === 0;

const pipelines: CiPipelineModel[] = [
  { id: 90, ref: 'main', status: 'success', jobs: [{ id: 900, name: 'build', status: 'success', files: { 'v.txt': 'ninety' } }] },
];

let gitlab: GitlabCi;
beforeAll(async () => {
  gitlab = await startGitlabCi(pipelines);
});
afterAll(() => gitlab?.close());

/** A directory every user may write to (the job's working directory). */
function workDir(): string {
  const dir = tempDir('collab-container-');
  fs.chmodSync(dir, 0o777);
  return dir;
}

async function runAs(uid: number, args: string[], cwd: string, env: Record<string, string | undefined>, nodeArgs: string[] = []) {
  const r = await execa(process.execPath, [...nodeArgs, BIN, ...args], {
    cwd,
    uid,
    gid: uid,
    env: { PATH: process.env.PATH, ...env },
    extendEnv: false,
    reject: false,
    stdin: 'ignore',
    encoding: 'buffer',
    stripFinalNewline: false,
    timeout: 30_000,
  });
  return {
    exitCode: r.exitCode ?? -1,
    stdout: Buffer.from(r.stdout as Uint8Array),
    stderr: Buffer.from(r.stderr as Uint8Array).toString(),
  };
}

/** No stack, no code: at most one `collab:` line and one `hint:` line per message. */
function oneLineReports(stderr: string): void {
  expect(stderr).not.toMatch(/^\s+at |collab\.cjs|function |=>|\{$/m);
  expect(stderr.length).toBeLessThan(600);
}

describe.skipIf(!asRoot)('a CI container without a home', () => {
  it('a non-root user with HOME=/root (unreadable): the download works, the config is said to be unreadable', async () => {
    const dir = workDir();
    const env = { ...runnerEnv(gitlab, pipelines[0]!), HOME: '/root' };
    const r = await runAs(NOBODY, ['job', 'artifacts', '--job', 'build', '--dest', 'a.zip'], dir, env);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'a.zip')).equals(gitlab.archive(900))).toBe(true);
    expect(r.stderr).toMatch(
      /^collab: warning: cannot read config file \/root\/\.config\/collab\/config\.json: permission denied; going on without it\n/,
    );
    const file = await runAs(NOBODY, ['job', 'artifact', '--job', 'build', 'v.txt'], dir, env);
    expect(file.stdout.toString(), file.stderr).toBe('ninety');
    // A write would replace a file it could not read: refused, one line.
    const write = await runAs(NOBODY, ['config', 'set', 'output', 'json'], dir, env);
    expect(write.exitCode).toBe(1);
    oneLineReports(write.stderr);
  });

  it('a uid without a passwd entry and no HOME: the download works; a write says there is nowhere to keep the config', async () => {
    const dir = workDir();
    const env = { ...runnerEnv(gitlab, pipelines[0]!), HOME: undefined };
    const r = await runAs(NAMELESS, ['job', 'artifacts', '--job', 'build', '--extract', 'out'], dir, env);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'out', 'v.txt'), 'utf8')).toBe('ninety');
    oneLineReports(r.stderr);
    const write = await runAs(NAMELESS, ['config', 'set', 'output', 'json'], dir, env);
    expect(write.exitCode).toBe(1);
    expect(write.stderr).toBe(
      'collab: nowhere to keep the config: HOME is not set, and the system knows no ' +
        'home directory for this user\nhint: set COLLAB_CONFIG_DIR (or HOME) to a ' +
        'directory collab may write to\n',
    );
  });

  it('a TMPDIR that cannot be written: one line naming it, exit 2, nothing sent', async () => {
    const dir = workDir();
    const locked = path.join(dir, 'tmp');
    fs.mkdirSync(locked, { mode: 0o555 });
    const sum = crypto.createHash('sha256').update(gitlab.archive(900)).digest('hex');
    const before = gitlab.seen.length;
    // A checked download bound for stdout waits in a temporary file first.
    const r = await runAs(NOBODY, ['job', 'artifacts', '--job', 'build', '--dest', '-', '--sha256', sum], dir, {
      ...runnerEnv(gitlab, pipelines[0]!),
      HOME: dir,
      TMPDIR: locked,
    });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toBe(
      `collab: cannot create a temporary directory in ${locked}: permission denied\nhint: ` +
        `TMPDIR names where collab keeps temporary files: set it to a directory you can write to\n`,
    );
    expect(r.stdout.length).toBe(0);
    expect(gitlab.seen.length).toBe(before);
  });

  it('a failure nothing caught is one line and exit 1, with the hint; never the bundle', async () => {
    const dir = workDir();
    for (const fault of [
      "setImmediate(() => { throw new Error('boom\\nsecond line'); })",
      "setImmediate(() => Promise.reject(new Error('boom\\nsecond line')))",
    ]) {
      const preload = path.join(dir, `fault-${crypto.randomUUID()}.cjs`);
      fs.writeFileSync(preload, fault);
      const env = { ...runnerEnv(gitlab, pipelines[0]!), HOME: dir };
      const r = await runAs(NOBODY, ['job', 'list', '--pipeline', 'current'], dir, env, ['--require', preload]);
      expect(r.exitCode, r.stderr).toBe(1);
      expect(r.stderr).toMatch(
        /^collab: unexpected error: boom second line\nhint: this is a bug in collab: please report it on the project's issue tracker/,
      );
      expect(r.stderr.trim().split('\n')).toHaveLength(2);
      oneLineReports(r.stderr);
    }
  });
});
