/**
 * Progress and retries as a person at a terminal sees them: the built binary in a pseudo-terminal
 * (60, 80 and 140 columns) against a sandbox with a large artifact behind a slow link.
 */

import { execa } from 'execa';
import stringWidth from 'string-width';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, BIN, binEnv, type SandboxFixture, startSandboxFixture, tempDir } from '../helpers/e2e.js';
import { plain, runInTerminal } from '../helpers/terminal.js';

const PROJECT = 'acme/platform/api';

/** The lines a progress bar drew: each `\r` redraw up to its erase-line. */
function redraws(screen: string): string[] {
  return [...screen.matchAll(/\r([^\r\n]*?)\u001b\[K/g)].map((m) => m[1]!).filter((l) => l !== '');
}

describe('progress and retries on a terminal', () => {
  let sb: SandboxFixture;
  let env: Record<string, string>;
  let packageJob: number;
  beforeAll(async () => {
    // 1 MiB behind a 1 MiB/s link: about a second of redraws.
    sb = await startSandboxFixture({ artifactMb: 1, bandwidthKiBps: 1024 });
    env = { COLLAB_HOST: sb.url, COLLAB_TOKEN: ADMIN_TOKEN, COLLAB_PAGER: 'cat' };
    const jobs = await sb.run(['job', 'list', '-p', PROJECT, '--all', '-o', 'json']);
    const list = JSON.parse(jobs.stdout) as { id: number; name: string; ref: string }[];
    packageJob = list.find((j) => j.name === 'package' && j.ref === 'main')!.id;
  });
  afterAll(() => sb?.close());

  for (const cols of [60, 80, 140]) {
    it(`the download bar fits ${cols} columns, with rate and ETA, and leaves no line behind`, async () => {
      const dir = tempDir('collab-dl-');
      const r = await runInTerminal(['job', 'artifacts', '--ref', 'main', '--job', 'package', '-p', PROJECT, '--dest', `${dir}/a.zip`], {
        cols,
        env,
      });
      expect(r.code, r.screen).toBe(0);
      const lines = redraws(r.screen);
      expect(lines.length).toBeGreaterThan(1);
      for (const l of lines) expect(stringWidth(plain(l)), l).toBeLessThan(cols);
      expect(lines.at(-1)).toMatch(/\d+%.*\/s +ETA \d+s$/);
      if (cols >= 80) expect(lines.at(-1)).toMatch(/\[#+-*\]/);
      // Redrawn in place: the only line the terminal keeps is the final message.
      expect(r.screen.split('\n').filter((l) => l.trim() !== '')).toHaveLength(1);
      expect(plain(r.screen)).toMatch(
        /\r\u001b\[K✓ Saved the artifacts of the "package" job of the latest successful pipeline on main to .*a\.zip \(1\.00 MiB\)\n$/,
      );
    });
  }

  it('a download cut mid-way takes its bar down to say it retries, then goes on', async () => {
    await sb.fault({ kind: 'reset-mid-body', method: 'GET', path: 'artifacts', count: 1 });
    const dir = tempDir('collab-dl-');
    const r = await runInTerminal(['job', 'artifacts', '--ref', 'main', '--job', 'package', '-p', PROJECT, '--dest', `${dir}/a.zip`], {
      cols: 60,
      env,
    });
    expect(r.code, r.screen).toBe(0);
    // The notice starts on an erased line, and stands alone on it.
    expect(r.screen).toMatch(/\r\u001b\[Kretrying in [\d.]+ s \(download cut after [^)]+, attempt 2 of 5\)\n/);
    expect(r.screen.split('\n').filter((l) => l.trim() !== '')).toHaveLength(2);
    for (const l of redraws(r.screen)) expect(stringWidth(l)).toBeLessThan(60);
  });

  it('with stdout piped the bar is drawn on the terminal; with stdout on the same terminal it is not', async () => {
    const piped = await runInTerminal(['job', 'artifacts', '--ref', 'main', '--job', 'package', '-p', PROJECT, '--dest', '-'], {
      cols: 60,
      env,
      stdout: 'pipe',
    });
    expect(piped.code, piped.screen).toBe(0);
    expect(redraws(piped.screen).length).toBeGreaterThan(0);
    for (const l of redraws(piped.screen)) expect(stringWidth(l)).toBeLessThan(60);
    const text = await runInTerminal(['job', 'artifact', String(packageJob), 'README.txt', '-p', PROJECT], { cols: 60, env });
    expect(text.code, text.screen).toBe(0);
    expect(text.screen).toBe(`Large artifact of job package #${packageJob}: 1 MiB in package/big.bin\n`);
  });

  it('job artifact refuses binary data to the terminal (exit 2, nothing written) and pipes it byte for byte', async () => {
    const r = await runInTerminal(['job', 'artifact', String(packageJob), 'package/big.bin', '-p', PROJECT], { cols: 80, env });
    expect(r.code).toBe(2);
    expect(r.screen).toBe(
      `collab: refusing to write binary data to the terminal (package/big.bin from the ` +
        `artifacts of job ${packageJob}): use --dest <file> or pipe the output\n`,
    );
    const piped = await execa(process.execPath, [BIN, 'job', 'artifact', String(packageJob), 'package/big.bin', '-p', PROJECT], {
      env: binEnv(tempDir(), env),
      extendEnv: false,
      encoding: 'buffer',
      stdin: 'ignore',
    });
    expect(piped.stdout.length).toBe(1024 * 1024);
  });

  it('a retry says so on the terminal, under --debug and on a piped stderr alike', async () => {
    await sb.fault({ kind: '502', method: 'GET', path: '/issues/1$', count: 1 });
    const r = await runInTerminal(['issue', 'view', '1', '-p', PROJECT, '--fields', 'iid,title'], { cols: 80, env });
    expect(r.code, r.screen).toBe(0);
    expect(plain(r.screen)).toMatch(/^retrying in [\d.]+ s \(502 Bad Gateway, attempt 2 of 5\)$/m);

    await sb.fault({ kind: '503', method: 'GET', path: '/issues/1$', count: 1 });
    const debug = await runInTerminal(['issue', 'view', '1', '-p', PROJECT, '--debug'], { cols: 80, env });
    expect(debug.code).toBe(0);
    expect(debug.screen).toContain('503 Service Unavailable; retrying in');
    expect(plain(debug.screen)).toMatch(/^retrying in [\d.]+ s \(503 Service Unavailable, attempt 2 of 5\)$/m);

    await sb.fault({ kind: '504', method: 'GET', path: '/issues/1$', count: 1 });
    const piped = await sb.run(['issue', 'view', '1', '-p', PROJECT]);
    expect(piped.exitCode).toBe(0);
    expect(piped.stderr).toMatch(/^retrying in [\d.]+ s \(504 Gateway Timeout, attempt 2 of 5\)$/);
  });
});
