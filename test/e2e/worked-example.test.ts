/**
 * CONTRIBUTING.md's worked example as a newcomer tries it: the built binary runs each
 * `node bin/collab.js project labels …` line of the guide against the sandbox, as alice, in both
 * flavours.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, type SandboxFixture, startSandboxFixture, USER_TOKEN } from '../helpers/e2e.js';

/** The guide's lines that run the example, as argv (the guide quotes nothing in them). */
const LINES = fs
  .readFileSync(path.join(ROOT, 'CONTRIBUTING.md'), 'utf8')
  .split('\n')
  .filter((line) => line.startsWith('node bin/collab.js project labels '))
  .map((line) => line.replace('node bin/collab.js ', '').split(/\s+/));

describe.each(['spec', 'gitlab'] as const)('the worked example, %s flavour', (flavor) => {
  let sb: SandboxFixture;
  beforeAll(async () => {
    sb = await startSandboxFixture({ flavor });
  });
  afterAll(() => sb?.close());

  it('runs as the guide shows it', async () => {
    expect(LINES).toEqual([
      ['project', 'labels', '-p', 'acme/platform/api'],
      ['project', 'labels', 'acme/website', '--search', 'bug', '-o', 'json'],
    ]);
    const listed = await sb.run(LINES[0]!, { COLLAB_TOKEN: USER_TOKEN });
    expect([listed.exitCode, listed.stderr]).toEqual([0, '']);
    const rows = listed.stdout.trimEnd().split('\n');
    expect(rows.map((r) => r.split('\t')[1])).toEqual(['bug', 'docs', 'feature', 'needs review', 'performance', 'security']);
    expect(rows[0]).toMatch(/^\d+\tbug\t#d9534f\tSomething is broken$/);

    const searched = await sb.run(LINES[1]!, { COLLAB_TOKEN: USER_TOKEN });
    expect(searched.exitCode).toBe(0);
    const labels = JSON.parse(searched.stdout) as Record<string, unknown>[];
    expect(labels.map((l) => [l.name, l.color])).toEqual([['bug', '#d9534f']]);
    // GitLab's ProjectLabel adds its own keys; a server of the spec's dialect sends the spec's four.
    expect(Object.keys(labels[0]!).sort()).toEqual(
      flavor === 'gitlab'
        ? [
            'color',
            'description',
            'description_html',
            'id',
            'is_project_label',
            'name',
            'priority',
            'remove_on_close',
            'subscribed',
            'text_color',
          ]
        : ['color', 'description', 'id', 'name'],
    );
  });
});
