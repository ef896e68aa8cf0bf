/**
 * What a pipeline ships, as a user runs it: the built binary against `collab sandbox`'s gitlab
 * flavour, which serves releases, generic packages and CI/CD variables as GitLab does
 * (src/sandbox/routes/releases.ts, packages.ts, variables.ts), in a simulated CI job of a tag
 * pipeline: the runner's variables, no TTY, only the job token (`sandbox-job-token`, the job token
 * of acme/platform/api). Variables, the spec flavour and `--version` after a command run
 * in-process: test/commands/ships-sandbox.test.ts.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin, type SandboxFixture, startSandboxFixture, tempDir } from '../helpers/e2e.js';

const P = 'acme/platform/api';
const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

let gitlab: SandboxFixture;
beforeAll(async () => {
  gitlab = await startSandboxFixture({ flavor: 'gitlab' });
});
afterAll(async () => {
  await gitlab?.close();
});

/** A job of a tag pipeline of acme/platform/api (project 1) on the sandbox: the runner's variables, only the job token. */
function tagJob(tag: string): Record<string, string | undefined> {
  return {
    CI: 'true',
    GITLAB_CI: 'true',
    CI_SERVER_URL: gitlab.url,
    CI_API_V4_URL: `${gitlab.url}/api/v4`,
    CI_PROJECT_ID: '1',
    CI_PROJECT_PATH: P,
    CI_JOB_TOKEN: 'sandbox-job-token',
    CI_COMMIT_TAG: tag,
    CI_COMMIT_REF_NAME: tag,
    CI_PIPELINE_ID: '7',
  };
}

describe('a tag pipeline ships with only the job token', () => {
  it('uploads binaries, creates the release with links, and a later job downloads them', async () => {
    const dir = tempDir('collab-ship-');
    const linux = Buffer.from(`#!/bin/sh\necho linux ${'x'.repeat(3000)}\n`);
    fs.writeFileSync(path.join(dir, 'tool-linux'), linux);
    fs.writeFileSync(path.join(dir, 'notes.md'), '## 4.0.0\n\n- shipped from CI\n');
    const job = tagJob('v4.0.0');
    const run = (args: string[]) => runBin(args, job, { cwd: dir });

    const up = await run(['package', 'upload', 'tool', 'v4.0.0', 'tool-linux', '-o', 'json']);
    expect(up.exitCode, up.stderr).toBe(0);
    const [record] = JSON.parse(up.stdout);
    expect([record.sha256, record.gitlab_sha256]).toEqual([sha(linux), sha(linux)]);

    const created = await run([
      'release',
      'create',
      'v4.0.0',
      '--ref',
      'main',
      '--notes-file',
      'notes.md',
      '--link',
      `tool-linux=${record.url},type=package,path=/bin/tool-linux`,
      '-o',
      'json',
    ]);
    expect(created.exitCode, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ tag_name: 'v4.0.0', description: '## 4.0.0\n\n- shipped from CI\n' });
    expect(JSON.parse(created.stdout).assets.links).toEqual([
      expect.objectContaining({ name: 'tool-linux', url: record.url, link_type: 'package' }),
    ]);

    fs.writeFileSync(path.join(dir, 'checksums.txt'), `${sha(linux)}  tool-linux\n`);
    const linked = await run(['release', 'upload', 'v4.0.0', 'checksums.txt']);
    expect(linked.exitCode, linked.stderr).toBe(0);
    expect(linked.stderr).toContain('Uploaded checksums.txt');

    const latest = await run(['release', 'view', '--latest', '-o', 'json', '--jq', '.tag_name', '-r']);
    expect(latest.stdout).toBe('v4.0.0'); // execa takes the final newline off

    const out = tempDir('collab-ship-out-');
    const all = await runBin(['release', 'download', 'v4.0.0', '--dest', out], job, { cwd: dir });
    expect(all.exitCode, all.stderr).toBe(0);
    expect(fs.readdirSync(out).sort()).toEqual(['checksums.txt', 'tool-linux']);
    expect(fs.readFileSync(path.join(out, 'tool-linux')).equals(linux)).toBe(true);

    const one = await run(['package', 'download', 'tool', 'v4.0.0', 'tool-linux', '--dest', 'got', '--sha256', sha(linux)]);
    expect(one.exitCode, one.stderr).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'got')).equals(linux)).toBe(true);

    // What the job sent: only the job token, as JOB-TOKEN.
    const sent = gitlab.requests().filter((q) => /\/(releases|packages)/.test(q.path));
    expect(sent.length).toBeGreaterThan(6);
    for (const q of sent) expect([q.headers['job-token'], q.headers['private-token']], q.path).toEqual(['sandbox-job-token', undefined]);
  });

  it('a download cut mid-way is continued with Range, as artifacts are', async () => {
    const dir = tempDir('collab-ship-');
    const data = Buffer.alloc(3 * 1024 * 1024, 'r');
    fs.writeFileSync(path.join(dir, 'big'), data);
    const job = tagJob('v4.1.0');
    expect((await runBin(['package', 'upload', 'cut', '1.0.0', 'big'], job, { cwd: dir })).exitCode).toBe(0);
    await gitlab.clearRequests();
    await gitlab.fault({ kind: 'reset-mid-body', path: '/packages/generic/cut/', method: 'GET', count: 1 });
    const r = await runBin(['package', 'download', 'cut', '1.0.0', 'big', '--dest', 'again'], job, { cwd: dir });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'again')).equals(data)).toBe(true);
    const gets = gitlab.requests().filter((q) => q.path.includes('/packages/generic/cut/'));
    expect(gets).toHaveLength(2);
    expect(gets[1]!.headers.range).toMatch(/^bytes=\d+-$/);
  });

  it('a file or release that is not there is exit 3, the destination untouched', async () => {
    const dir = tempDir('collab-ship-');
    fs.writeFileSync(path.join(dir, 'tool'), 'old');
    for (const args of [
      ['package', 'download', 'tool', 'v9.9.9', 'tool-linux', '--dest', 'tool'],
      ['release', 'download', 'v9.9.9', '--asset', 'tool-linux', '--dest', 'tool'],
      ['release', 'download', 'v1.0', '--asset', 'no-such-asset', '--dest', 'tool'],
    ]) {
      const r = await runBin(args, tagJob('v9.9.9'), { cwd: dir });
      expect([r.exitCode, r.stdout], `${args.join(' ')}: ${r.stderr}`).toEqual([3, '']);
      expect(fs.readdirSync(dir)).toEqual(['tool']);
      expect(fs.readFileSync(path.join(dir, 'tool'), 'utf8')).toBe('old');
    }
  });

  it('CI/CD variables need more than the job token: exit 4, saying which token, nothing sent', async () => {
    await gitlab.clearRequests();
    const r = await runBin(['variable', 'get', 'LOG_LEVEL'], tagJob('v4.0.0'));
    expect(r.exitCode).toBe(4);
    expect(r.stderr).toContain('CI/CD variables need a token with the api scope: GitLab does not take the CI job token');
    expect(gitlab.requests().filter((q) => q.path.includes('/variables'))).toEqual([]);
  });
});
