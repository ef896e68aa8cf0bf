/**
 * What a write prints, as a person and a script meet it: the built binary against the sandbox in
 * a pseudo-terminal (one ✓ line naming the object, no object dump), with -o json (the object), and
 * piped (the object on stdout); an answer that changed nothing says so and sends nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, type SandboxFixture, startSandboxFixture } from '../helpers/e2e.js';
import { plain, runInTerminal, visible } from '../helpers/terminal.js';

const API = 'acme/platform/api';

describe('writes confirm in one line on a terminal', () => {
  let sb: SandboxFixture;
  let env: Record<string, string>;
  const writes = () => sb.requests().filter((r) => r.method !== 'GET');
  const term = (args: string[], cols = 80) => runInTerminal(args, { cols, env });

  beforeAll(async () => {
    sb = await startSandboxFixture({ seed: 'demo' });
    env = { COLLAB_HOST: sb.url, COLLAB_TOKEN: ADMIN_TOKEN, COLLAB_PAGER: 'cat' };
  });
  afterAll(() => sb?.close());

  it('issue create, close, close again, reopen: one line each, the title named; nothing sent when already closed', async () => {
    const created = await term(['issue', 'create', '-p', API, '--title', 'Crash on save', '--description', 'Steps']);
    const iid = /Created issue #(\d+) \(Crash on save\): http:\/\/\S+\/issues\/\1\n$/.exec(plain(created.screen))?.[1];
    expect([created.code, iid], created.screen).toEqual([0, expect.stringMatching(/^\d+$/)]);
    expect(plain(created.screen).trim().split('\n')).toHaveLength(1);
    expect(created.screen).toMatch(/^\u001b\[32m✓\u001b\[39m Created/);

    const closed = await term(['issue', 'close', iid!, '-p', API]);
    expect([closed.code, plain(closed.screen)]).toEqual([0, `✓ Closed issue #${iid} (Crash on save)\n`]);

    await sb.clearRequests();
    const again = await term(['issue', 'close', iid!, '-p', API]);
    expect([again.code, plain(again.screen)]).toEqual([0, `Issue #${iid} (Crash on save) is already closed: nothing changed\n`]);
    expect(writes()).toEqual([]);

    const json = await term(['issue', 'reopen', iid!, '-p', API, '-o', 'json']);
    expect(json.code).toBe(0);
    const text = plain(json.screen);
    expect(JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1))).toMatchObject({
      iid: Number(iid),
      state: 'opened',
      title: 'Crash on save',
    });
    expect(text).toContain(`✓ Reopened issue #${iid} (Crash on save)\n`);

    // stdout piped, stderr the terminal: the object for the script, the line for the person.
    const piped = await runInTerminal(['issue', 'update', iid!, '-p', API, '--title', 'Crash on save (edited)', '--fields', 'iid,title'], {
      cols: 80,
      env,
      stdout: 'pipe',
    });
    expect([piped.code, piped.stdout, plain(piped.screen)]).toEqual([
      0,
      `iid\t${iid}\ntitle\tCrash on save (edited)\n`,
      `✓ Updated issue #${iid} (Crash on save (edited))\n`,
    ]);
  });

  it('mr, project, job and user writes: one line each, nothing on stdout', async () => {
    const cases: [string[], RegExp][] = [
      [
        ['mr', 'subscribe', '1', '-p', API],
        /^(✓ Subscribed to merge request !1 \(.+\)|Already subscribed to merge request !1: nothing changed)$/,
      ],
      [['project', 'archive', '-p', 'acme/website'], /^✓ Archived project acme\/website$/],
      [['project', 'archive', '-p', 'acme/website'], /^Project acme\/website is already archived: nothing changed$/],
      [['project', 'unarchive', '-p', 'acme/website'], /^✓ Unarchived project acme\/website$/],
      [['user', 'update', '3', '--skype', 'bob.b'], /^✓ Updated user 3 \(.+\)$/],
      [['settings', 'update', '--default-projects-limit', '7'], /^✓ Updated 1 application setting$/],
    ];
    for (const [args, line] of cases) {
      const r = await term(args, 140);
      expect(r.code, r.screen).toBe(0);
      expect(visible(r.screen).replace(/\n$/, ''), args.join(' ')).toMatch(line);
    }
  });
});
