/**
 * Bulk verbs as a user runs them on a terminal: the built binary in a pseudo-terminal against the
 * sandbox, one question for the batch. The rest of the bulk verbs (several ids, --stdin from a
 * list's NDJSON, a 404 among them, bad ids, --yes off a terminal, one rate-limit budget for every
 * worker) run in-process: test/commands/bulk.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API, openIssueIids, sentTo } from '../helpers/bulk-sandbox.js';
import { ADMIN_TOKEN, type SandboxFixture, startSandboxFixture } from '../helpers/e2e.js';
import { runInTerminal, visible } from '../helpers/terminal.js';

describe('bulk verbs against the sandbox', () => {
  let sb: SandboxFixture;
  const sent = (method: string, pattern: RegExp) => sentTo(sb, method, pattern);
  const openIids = (n: number) => openIssueIids(sb, n);

  beforeAll(async () => {
    sb = await startSandboxFixture({ seed: 'demo' });
  });
  afterAll(() => sb?.close());
  beforeEach(() => sb.clearRequests());

  it('on a terminal: one question for the batch with the count, then a line per item', async () => {
    const iids = await openIids(2);
    await sb.clearRequests();
    const env = { COLLAB_HOST: sb.url, COLLAB_TOKEN: ADMIN_TOKEN, COLLAB_PAGER: 'cat' };
    const no = await runInTerminal(['issue', 'delete', ...iids.map(String), '99999', '-p', API], {
      cols: 100,
      env,
      answers: [['(y/N)', 'n\r']],
    });
    expect(no.code).toBe(2);
    const asked = visible(no.screen);
    expect(asked).toContain(
      `  Delete issue #${iids[0]} in ${API}\n  Delete issue #${iids[1]} in ${API}\n  Delete issue #99999 in ${API}\n`,
    );
    expect(asked).toContain('Delete these 3?');
    expect(asked.match(/\(y\/N\)/g)?.length).toBeGreaterThanOrEqual(1);
    expect(sent('DELETE', /.*/)).toEqual([]);
    const yes = await runInTerminal(['issue', 'delete', ...iids.map(String), '99999', '-p', API], {
      cols: 100,
      env,
      answers: [['(y/N)', 'y\r']],
    });
    const screen = visible(yes.screen);
    expect(yes.code, screen).toBe(1);
    expect(screen).toMatch(new RegExp(`✓ Deleted issue #${iids[0]}\\b`));
    expect(screen).toMatch(new RegExp(`✓ Deleted issue #${iids[1]}\\b`));
    expect(screen).toMatch(/✗ issue #99999: 404 /);
    // One question, not one per item.
    expect(screen.match(/Delete these 3\?/g)?.length).toBeGreaterThanOrEqual(1);
    expect(screen).not.toMatch(/Delete issue #\d+ in [^\n]*\?/);
    // The closes on a terminal: a line each, no issue views.
    const closes = await runInTerminal(['issue', 'close', '1', '2', '-p', API], { cols: 100, env });
    expect(visible(closes.screen).trim().split('\n')).toHaveLength(2);
  });
});
