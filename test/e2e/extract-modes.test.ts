/**
 * `job artifacts --extract` keeps what the archive says, as Info-ZIP's `unzip` does: file and
 * directory modes (never wider than the archive's, no setuid, setgid or sticky bit — unlike unzip,
 * the umask still applies) and modification times. The built binary in a simulated CI job takes
 * the archive from a server answering as GitLab's lib/api/ci/job_artifacts.rb does; `unzip`
 * extracts the same archive beside it, and the two trees are compared entry by entry.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, tempDir } from '../helpers/e2e.js';
import { type CiPipelineModel, type GitlabCi, runnerEnv, startGitlabCi } from '../helpers/gitlab-ci.js';
import { zipOf } from '../helpers/zip-writer.js';

/** An archive made by Info-ZIP's `zip` from a tree of the given modes and times (its UT extra field holds the times). */
function infoZipArchive(): Buffer {
  const src = tempDir('collab-zip-src-');
  const put = (rel: string, mode: number, when: string, content?: string) => {
    const p = path.join(src, rel);
    if (content === undefined) fs.mkdirSync(p, { recursive: true });
    else fs.writeFileSync(p, content);
    fs.chmodSync(p, mode);
    return { p, when };
  };
  const stamped = [
    put('secret', 0o700, '2024-03-01 10:00:00'),
    put('secret/key.pem', 0o600, '2024-03-02 11:30:00', 'KEY'),
    put('bin', 0o750, '2023-12-24 18:00:00'),
    put('bin/run.sh', 0o755, '2023-12-25 08:15:42', '#!/bin/sh\n'),
    put('bin/setuid', 0o4755, '2023-12-26 09:00:00', 'x'),
    put('shared.txt', 0o666, '2022-07-07 07:07:08', 'open'),
    put('all.sh', 0o777, '2021-01-01 00:00:00', 'wide'),
    put('docs', 0o755, '2020-02-29 12:00:00'),
    put('docs/readme.md', 0o640, '2020-02-28 23:59:58', '# hi'),
  ];
  // Deepest first: a file's time set before its directory's, which writing the file would move.
  for (const { p, when } of stamped.reverse()) execFileSync('touch', ['-h', '-d', when, p], { env: { ...process.env, TZ: 'UTC' } });
  const zip = path.join(tempDir('collab-zip-'), 'a.zip');
  execFileSync('zip', ['-q', '-r', '-X', zip, '.'], { cwd: src, env: { ...process.env, TZ: 'UTC' } });
  return fs.readFileSync(zip);
}

/** Hostile modes no honest tool writes: setgid and sticky directories, a setuid world-writable file. */
const hostile = zipOf([
  { name: 'sticky/', mode: 0o041777 },
  { name: 'sticky/f', data: 'f', mode: 0o106777 },
  { name: 'setgid/', mode: 0o042775 },
]);

const pipelines: CiPipelineModel[] = [
  {
    id: 80,
    ref: 'main',
    status: 'success',
    jobs: [
      { id: 800, name: 'build', status: 'success', archive: infoZipArchive() },
      { id: 801, name: 'hostile', status: 'success', archive: hostile },
    ],
  },
];

let gitlab: GitlabCi;
beforeAll(async () => {
  gitlab = await startGitlabCi(pipelines);
});
afterAll(() => gitlab?.close());

/** Runs a command under `umask`, as a CI job's shell would (sh -c), in `cwd`. */
async function underUmask(umask: string, cmd: string[], cwd: string, env: Record<string, string | undefined> = {}) {
  const r = await execa('sh', ['-c', `umask ${umask} && exec "$@"`, 'sh', ...cmd], {
    cwd,
    env: { PATH: process.env.PATH, HOME: tempDir('collab-home-'), TZ: 'UTC', ...env },
    extendEnv: false,
    reject: false,
    stdin: 'ignore',
  });
  return { exitCode: r.exitCode ?? -1, stderr: String(r.stderr) };
}

/** Every entry below `root`: its mode bits (type and setuid/setgid/sticky included) and mtime in seconds. */
function entries(root: string): Map<string, { mode: number; mtime: number }> {
  const out = new Map<string, { mode: number; mtime: number }>();
  const walk = (dir: string) => {
    for (const name of fs.readdirSync(dir)) {
      const p = path.join(dir, name);
      const st = fs.lstatSync(p);
      out.set(path.relative(root, p), { mode: st.mode & 0o7777, mtime: Math.floor(st.mtimeMs / 1000) });
      if (st.isDirectory()) walk(p);
    }
  };
  walk(root);
  return out;
}

describe('extraction keeps the modes and times of the archive, as unzip does', () => {
  it.each(['022', '077', '027'])('under umask %s: the same tree as unzip, its modes narrowed by the umask', async (umask) => {
    const dir = tempDir('collab-modes-');
    const archive = path.join(dir, 'a.zip');
    fs.writeFileSync(archive, gitlab.archive(800));
    const unzip = await underUmask(umask, ['unzip', '-q', archive, '-d', 'ref'], dir);
    expect(unzip.exitCode, unzip.stderr).toBe(0);
    const ours = await underUmask(
      umask,
      [process.execPath, BIN, 'job', 'artifacts', '--job', 'build', '--extract', 'out'],
      dir,
      runnerEnv(gitlab, pipelines[0]!),
    );
    expect(ours.exitCode, ours.stderr).toBe(0);
    const expected = entries(path.join(dir, 'ref'));
    const got = entries(path.join(dir, 'out'));
    expect([...got.keys()].sort()).toEqual([...expected.keys()].sort());
    const mask = Number.parseInt(umask, 8);
    for (const [name, want] of expected) {
      // unzip keeps the archive's bits and ignores the umask; collab keeps them and applies it.
      expect({ name, mode: got.get(name)!.mode.toString(8) }).toEqual({ name, mode: (want.mode & 0o777 & ~mask).toString(8) });
      expect({ name, mtime: got.get(name)!.mtime }).toEqual({ name, mtime: want.mtime });
    }
    // The names the issue gives: a private key stays private, a private directory too.
    expect(got.get('secret/key.pem')!.mode).toBe(0o600);
    expect(got.get('secret')!.mode).toBe(0o700);
    expect(got.get('bin/setuid')!.mode & 0o7000).toBe(0);
    expect(new Date(got.get('bin/run.sh')!.mtime * 1000).toISOString()).toBe('2023-12-25T08:15:42.000Z');
  });

  it('never a setuid, setgid or sticky bit, and never wider than the archive', async () => {
    const dir = tempDir('collab-modes-');
    const r = await underUmask(
      '002',
      [process.execPath, BIN, 'job', 'artifacts', '--job', 'hostile', '--extract', 'out'],
      dir,
      runnerEnv(gitlab, pipelines[0]!),
    );
    expect(r.exitCode, r.stderr).toBe(0);
    const got = entries(path.join(dir, 'out'));
    expect(Object.fromEntries([...got].map(([n, e]) => [n, e.mode.toString(8)]))).toEqual({
      sticky: '775',
      'sticky/f': '775',
      setgid: '775',
    });
  });

  it('a directory the target already holds keeps its own mode and time', async () => {
    const dir = tempDir('collab-modes-');
    const mine = path.join(dir, 'out', 'secret');
    fs.mkdirSync(mine, { recursive: true });
    fs.chmodSync(mine, 0o755);
    fs.utimesSync(mine, new Date('2025-05-05T05:05:05Z'), new Date('2025-05-05T05:05:05Z'));
    const r = await underUmask(
      '022',
      [process.execPath, BIN, 'job', 'artifacts', '--job', 'build', '--extract', 'out'],
      dir,
      runnerEnv(gitlab, pipelines[0]!),
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(fs.statSync(mine).mode & 0o777).toBe(0o755);
    expect(fs.statSync(path.join(mine, 'key.pem')).mode & 0o777).toBe(0o600);
    // A new directory beside it gets the archive's.
    expect(fs.statSync(path.join(dir, 'out', 'bin')).mode & 0o777).toBe(0o750);
    expect(new Date(fs.statSync(path.join(dir, 'out', 'bin')).mtimeMs).toISOString()).toBe('2023-12-24T18:00:00.000Z');
  });
});
