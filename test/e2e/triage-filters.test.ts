/**
 * Triage filters as people use them (issue 38 items 1 and 3), on a terminal: the built binary in a
 * pseudo-terminal against the sandbox's gitlab flavour, outside any checkout, with alice's token;
 * the line under the list names @me. What the filters select: test/commands/triage-filters.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxFixture, startSandboxFixture, USER_TOKEN } from '../helpers/e2e.js';
import { runInTerminal, visible } from '../helpers/terminal.js';

const ALICE = { COLLAB_TOKEN: USER_TOKEN };

describe('triage filters against the gitlab flavour', () => {
  let sb: SandboxFixture;
  beforeAll(async () => {
    sb = await startSandboxFixture({ flavor: 'gitlab' });
  });
  afterAll(() => sb?.close());

  it('on a terminal at 80 columns the line under the list names @me, not an id', async () => {
    const r = await runInTerminal(['mr', 'list', '--reviewer', '@me'], {
      cols: 80,
      env: { COLLAB_HOST: sb.url, ...ALICE, COLLAB_PAGER: 'cat' },
    });
    expect(r.code, r.screen).toBe(0);
    const under = visible(r.screen).trimEnd().split('\n').pop()!;
    expect(under).toBe('open merge requests matching --reviewer @me, all projects');
  });
});
