/**
 * What a pipeline ships, against `collab sandbox`: collab run in-process as the binary runs it —
 * CI/CD variables on the gitlab flavour, which serves releases, generic packages and variables as
 * GitLab does (src/sandbox/routes/releases.ts, packages.ts, variables.ts); the spec flavour, which
 * has none of them; `--version` after a command. A tag pipeline's job shipping with the built
 * binary: test/e2e/ships-sandbox.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxFixture, tempDir, USER_TOKEN } from '../helpers/e2e.js';
import { startSandboxInProcess } from '../helpers/in-process.js';

const P = 'acme/platform/api';

let gitlab: SandboxFixture;
let spec: SandboxFixture;
beforeAll(async () => {
  [gitlab, spec] = await Promise.all([startSandboxInProcess({ flavor: 'gitlab' }), startSandboxInProcess({ flavor: 'spec' })]);
});
afterAll(async () => {
  await gitlab?.close();
  await spec?.close();
});

describe('variables against the sandbox', () => {
  it('set, get and export hostile values; a masked one never printed', async () => {
    const hostile = `it's "x" $(id) \`id\` \\ \n2nd line`;
    const run = (args: string[], input?: string) =>
      gitlab.run([...args, '-p', P], { COLLAB_TOKEN: USER_TOKEN }, input === undefined ? {} : { input });
    const set = await run(['variable', 'set', 'SHIPS_HOSTILE'], hostile);
    expect(set.exitCode, set.stderr).toBe(0);
    // The value and its newline (which execa takes off): X=$(collab variable get X) is the value.
    expect((await run(['variable', 'get', 'SHIPS_HOSTILE'])).stdout).toBe(hostile);
    const secret = 'Sh1ps-masked-v4lue';
    const masked = await run(['variable', 'set', 'SHIPS_SECRET', '--value', secret, '--masked', '--debug']);
    expect(masked.exitCode, masked.stderr).toBe(0);
    expect(masked.stdout + masked.stderr).not.toContain(secret);
    const exported = await run(['variable', 'export']);
    const script = path.join(tempDir(), 'vars.sh');
    fs.writeFileSync(script, exported.stdout);
    const { execa } = await import('execa');
    for (const shell of ['sh', 'bash']) {
      const back = await execa(shell, ['-c', '. "$1"; printf %s "$SHIPS_HOSTILE"', shell, script], { env: { PATH: process.env.PATH } });
      expect(back.stdout, shell).toBe(hostile);
    }
  });
});

describe('release upload against the sandbox', () => {
  it("links each file with /<file> as its direct asset path only where GitLab's FILEPATH_REGEX takes it", async () => {
    const dir = tempDir();
    for (const name of ['sh', 'tool-linux', 'x.']) fs.writeFileSync(path.join(dir, name), `${name}\n`);
    const run = (args: string[]) => gitlab.run([...args, '-p', P], { COLLAB_TOKEN: USER_TOKEN }, { cwd: dir });
    expect((await run(['release', 'create', 'v-short', '--ref', 'main'])).exitCode).toBe(0);
    // app/models/releases/link.rb: `/sh` is too short for `\A\/[^\/](?!.*\/\/.*)[\-\.\w\/]+[\da-zA-Z]+\z`, `/x.`
    // does not end in a letter or digit: those links go without a path rather than fail after the upload.
    const up = await run(['release', 'upload', 'v-short', 'sh', 'tool-linux', 'x.', '-o', 'json']);
    expect(up.exitCode, up.stderr).toBe(0);
    const links = JSON.parse((await run(['release', 'link', 'list', 'v-short', '-o', 'json'])).stdout) as {
      name: string;
      direct_asset_url: string;
    }[];
    const byName = Object.fromEntries(links.map((l) => [l.name, l.direct_asset_url]));
    expect(byName['tool-linux']).toMatch(/\/-\/releases\/v-short\/downloads\/tool-linux$/);
    expect(byName.sh).toMatch(/\/packages\/generic\/release-assets\/v-short\/sh$/);
    expect(byName['x.']).toMatch(/\/packages\/generic\/release-assets\/v-short\/x\.$/);
  });
});

describe('a server that follows the spec has none of these APIs', () => {
  it('says so once, exit 1, for releases, packages and variables', async () => {
    for (const [args, what] of [
      [['release', 'list'], 'releases'],
      [['package', 'list'], 'package registry'],
      [['variable', 'list'], 'CI/CD variables'],
    ] as const) {
      const r = await spec.run([...args, '-p', P]);
      expect(r.exitCode, r.stderr).toBe(1);
      expect(r.stderr).toMatch(new RegExp(`^collab: this server has no ${what} API`));
    }
  });
});

describe('--version after a command', () => {
  it("is never a silent success: another tool's spelling is exit 2, nothing sent", async () => {
    await gitlab.clearRequests();
    const r = await gitlab.run(['package', 'upload', 'tool-linux', '--name', 'tool', '--version', '1.2.3', '-p', P]);
    expect([r.exitCode, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toContain("collab's own version is `collab --version` (the first word only)");
    expect(gitlab.requests()).toEqual([]);
  });
});
