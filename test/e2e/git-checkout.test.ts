/**
 * The project comes from a checkout only as git itself sees it: a `.git` owned by another user (a
 * checkout in a parent directory someone else made) is refused, as git refuses it ("dubious
 * ownership"), unless safe.directory names it; collab says so and takes no remote. Git runs once
 * per command that needs the project from it, and not at all otherwise. The built binary against
 * the sandbox.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SandboxFixture, startSandboxFixture, tempDir } from '../helpers/e2e.js';
import { gitRepo } from '../helpers/git.js';

const root = process.getuid?.() === 0;
const OTHER_UID = 4242;

describe('the checkout collab runs in', () => {
  let sb: SandboxFixture;
  let remote: string;
  beforeAll(async () => {
    sb = await startSandboxFixture({ seed: 'demo' });
    remote = `git@${new URL(sb.url).hostname}:acme/website.git`;
  });
  afterAll(() => sb?.close());
  beforeEach(() => sb.clearRequests());
  const paths = () => sb.requests().map((q) => `${q.method} ${q.path.split('?')[0]}`);

  describe.skipIf(!root)('owned by another user (needs root to chown; skipped otherwise)', () => {
    /** A checkout made and owned by another uid, and the user's own directory inside it. */
    const shared = () => {
      const outer = gitRepo(path.join(tempDir('collab-shared-'), 'shared'), { origin: remote });
      const mine = path.join(outer, 'mine');
      fs.mkdirSync(mine);
      const chown = (p: string, uid: number) => {
        fs.lchownSync(p, uid, uid);
        if (fs.lstatSync(p).isDirectory()) for (const e of fs.readdirSync(p)) chown(path.join(p, e), uid);
      };
      chown(outer, OTHER_UID);
      fs.chownSync(mine, 0, 0);
      return { outer, mine };
    };

    it('is refused as git refuses it: said on stderr, no remote used, nothing sent', async () => {
      const { outer, mine } = shared();
      const r = await sb.run(['issue', 'close', '1'], {}, { cwd: mine });
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toContain(
        `collab: warning: git refuses the checkout at ${outer}: it belongs to another user ` +
          `(see git's safe.directory: \`git config --global --add safe.directory ${outer}\` if ` +
          `you trust it); collab takes no project from it`,
      );
      expect(r.stderr).toContain('no project given');
      expect(sb.requests()).toEqual([]);
    });

    it('safe.directory in the user’s git configuration makes it trusted, as it does for git', async () => {
      const { outer, mine } = shared();
      const home = tempDir('collab-home-');
      fs.writeFileSync(path.join(home, '.gitconfig'), `[safe]\n\tdirectory = ${outer}\n`);
      const r = await sb.run(['issue', 'view', '1', '-o', 'json', '--fields', 'iid'], { HOME: home }, { cwd: mine });
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stderr).toBe('');
      expect(paths()).toEqual(['GET /api/v4/projects/acme%2Fwebsite/issues/1']);
    });
  });

  it('one git run answers a command that needs the project from it; none when -p is given', async () => {
    const dir = gitRepo(tempDir('collab-own-'), { upstream: 'git@gitlab.com:other/x.git', origin: remote });
    // git on PATH is a script that logs each run, then runs the real git.
    const bin = tempDir('collab-gitlog-');
    const log = path.join(bin, 'runs');
    const real = (process.env.PATH ?? '')
      .split(':')
      .map((d) => path.join(d, 'git'))
      .find((p) => fs.existsSync(p))!;
    fs.writeFileSync(path.join(bin, 'git'), `#!/bin/sh\necho "$*" >> '${log}'\nexec '${real}' "$@"\n`, { mode: 0o755 });
    const env = { PATH: `${bin}:${process.env.PATH}` };
    const inferred = await sb.run(['issue', 'view', '1', '-o', 'json', '--fields', 'iid'], env, { cwd: path.join(dir, '.') });
    expect(inferred.exitCode, inferred.stderr).toBe(0);
    expect(paths()).toEqual(['GET /api/v4/projects/acme%2Fwebsite/issues/1']);
    expect(fs.readFileSync(log, 'utf8')).toBe('remote -v\n');
    fs.rmSync(log);
    const given = await sb.run(['issue', 'view', '1', '-p', 'acme/platform/api', '-o', 'json'], env, { cwd: dir });
    expect(given.exitCode, given.stderr).toBe(0);
    expect(fs.existsSync(log)).toBe(false);
    // Outside any checkout: git answers "not a git repository", which is nothing to say.
    const outside = await sb.run(['issue', 'view', '1'], env, { cwd: tempDir() });
    expect(outside.exitCode).toBe(2);
    expect(outside.stderr).not.toContain('warning');
  });
});
