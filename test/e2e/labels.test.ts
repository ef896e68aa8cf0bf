/**
 * Labels as a triage session uses them (issue 38 item 2), on a terminal: `--labels` says which
 * labels it took away — the built binary in a pseudo-terminal against the sandbox's gitlab flavour.
 * Labels that add, on both flavours: test/commands/labels-sandbox.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJson, type SandboxFixture, startSandboxFixture } from '../helpers/e2e.js';
import { runInTerminal, visible } from '../helpers/terminal.js';

const P = 'acme/platform/api';

describe('labels that add, against the gitlab flavour', () => {
  let sb: SandboxFixture;
  beforeAll(async () => {
    sb = await startSandboxFixture({ flavor: 'gitlab' });
  });
  afterAll(() => sb?.close());

  const labelsOf = async (iid: number): Promise<string[]> => (await runJson(sb, ['issue', 'view', String(iid), '-p', P])).labels;

  it('on a terminal, --labels says which labels it took away', async () => {
    const list = (await runJson(sb, ['issue', 'list', '-p', P, '--limit', '50'])) as { iid: number; labels: string[] }[];
    const target = list.find((i) => i.labels.length >= 2 && i.iid > 5)!;
    const [kept, ...gone] = target.labels;
    const r = await runInTerminal(['issue', 'update', String(target.iid), '-p', P, '--labels', kept!], {
      cols: 120,
      env: { COLLAB_HOST: sb.url, COLLAB_TOKEN: 'sandbox-admin-token' },
    });
    expect(r.code, r.screen).toBe(0);
    expect(visible(r.screen)).toContain(`; removed labels ${gone.join(', ')}`);
    expect(await labelsOf(target.iid)).toEqual([kept]);
  });
});
