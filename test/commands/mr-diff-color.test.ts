/**
 * `mr diff` for people: coloured as git colours a diff, through the pager on a terminal, and with
 * `--color always` in a pipe too (`| less -R`, `| delta`); piped without it, a plain patch. Views
 * take the same `--color`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/e2e.js';
import { jsonReply, mockApi, runCli } from '../helpers/harness.js';
import { mr } from './mr-fixtures.js';

const MR = '/api/v4/projects/acme%2Fplatform%2Fapi/merge_requests/3';
const ARGS = ['mr', 'diff', '3', '-p', 'acme/platform/api'];

const changes = [
  {
    old_path: 'src/a.ts',
    new_path: 'src/a.ts',
    a_mode: '100644',
    b_mode: '100644',
    diff: '@@ -1,2 +1,2 @@\n ctx\n-old\n+new \u001b]0;title\u0007line\n',
  },
  { old_path: 'big.bin', new_path: 'big.bin', a_mode: '100644', b_mode: '100644', diff: '', too_large: true },
];

const bold = (t: string) => `\u001b[1m${t}\u001b[22m`;
const COLOURED = [
  bold('diff --git a/src/a.ts b/src/a.ts'),
  bold('--- a/src/a.ts'),
  bold('+++ b/src/a.ts'),
  '\u001b[36m@@ -1,2 +1,2 @@\u001b[39m',
  ' ctx',
  '\u001b[31m-old\u001b[39m',
  '\u001b[32m+new line\u001b[39m',
  bold('diff --git a/big.bin b/big.bin'),
  '\u001b[36m(no diff from the server: too large to show)\u001b[39m',
  '',
].join('\n');
const PLAIN = COLOURED.replace(/\u001b\[[0-9;]*m/g, '');

let api: ReturnType<typeof mockApi>;
afterEach(() => api?.done());

function serve(times = 1): void {
  api = mockApi();
  api.pool
    .intercept({ path: `${MR}/changes?access_raw_diffs=true`, method: 'GET' })
    .reply(200, ...jsonReply({ ...mr(3), changes }))
    .times(times);
}

describe('mr diff --color', () => {
  it('always: a pipe gets the diff coloured as git colours it, server escapes removed, even with NO_COLOR', async () => {
    serve();
    const r = await runCli([...ARGS, '--color', 'always'], { transport: api.transport, env: { NO_COLOR: '1' } });
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toBe(COLOURED);
  });

  it('never and --no-color: a terminal gets the same diff without colours', async () => {
    serve(2);
    for (const flags of [['--color', 'never'], ['--no-color']]) {
      const r = await runCli([...ARGS, ...flags], { transport: api.transport, tty: true });
      expect([r.code, r.stdout], flags.join(' ')).toEqual([0, PLAIN]);
    }
  });

  it('piped without it: the patch byte for byte, uncoloured even with FORCE_COLOR (a file without diff: exit 1)', async () => {
    serve(2);
    const patch = ['diff --git a/src/a.ts b/src/a.ts', '--- a/src/a.ts', '+++ b/src/a.ts', changes[0]!.diff].join('\n');
    for (const flags of [[], ['--color', 'auto']]) {
      const r = await runCli([...ARGS, ...flags], { transport: api.transport, env: { FORCE_COLOR: '3' } });
      expect([r.code, r.stdout], flags.join(' ')).toEqual([1, patch]);
      expect(r.stderr).toContain('the patch leaves out big.bin');
    }
  });
});

describe('mr diff through the pager', () => {
  const pagerInto = (file: string) => ({ COLLAB_PAGER: `cat > '${file}'` });

  it('on a terminal, a diff longer than the screen goes to the pager', async () => {
    serve();
    const file = path.join(tempDir(), 'paged');
    const r = await runCli(ARGS, { transport: api.transport, tty: true, rows: 5, env: pagerInto(file) });
    expect([r.code, r.stdout]).toEqual([0, '']);
    expect(fs.readFileSync(file, 'utf8')).toBe(PLAIN);
  });

  it('not when it fits, nor with --no-pager, nor piped with --color always', async () => {
    serve(3);
    const file = path.join(tempDir(), 'paged');
    const runs = [
      { argv: ARGS, tty: true, rows: 40, out: PLAIN },
      { argv: [...ARGS, '--no-pager'], tty: true, rows: 5, out: PLAIN },
      { argv: [...ARGS, '--color', 'always'], tty: false, rows: 5, out: COLOURED },
    ];
    for (const run of runs) {
      const r = await runCli(run.argv, { transport: api.transport, tty: run.tty, rows: run.rows, env: pagerInto(file) });
      expect([r.code, r.stdout], run.argv.join(' ')).toEqual([0, run.out]);
    }
    expect(fs.existsSync(file)).toBe(false);
  });
});

describe('views take --color too', () => {
  it('always: a piped view is the card people see, in colour, despite NO_COLOR; never: no colour on a terminal', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: MR, method: 'GET' })
      .reply(200, ...jsonReply(mr(3)))
      .times(2);
    const always = await runCli(['mr', 'view', '3', '-p', 'acme/platform/api', '--color', 'always'], {
      transport: api.transport,
      env: { NO_COLOR: '1' },
    });
    expect(always.code).toBe(0);
    // The card a terminal shows, bold title first, though stdout is a pipe (to `less -R`).
    expect(always.stdout).toMatch(/^\u001b\[1mMR 3\u001b\[22m /);
    expect(always.stdout).toContain('Merge status');
    const never = await runCli(['mr', 'view', '3', '-p', 'acme/platform/api', '--color', 'never'], { transport: api.transport, tty: true });
    expect(never.stdout).toMatch(/^MR 3 !3\n/);
    expect(never.stdout).not.toContain('\u001b');
  });
});
