/**
 * The import rules of src/ (test/architecture/import-rules.cjs), kept by dependency-cruiser: the
 * source follows them, and each rule fails on the arrow it forbids (a tree built here with one
 * such arrow per rule).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cruise, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const RULES = path.join(import.meta.dirname, 'import-rules.cjs');

/** Every violation of the rules in `root`'s src/, as `rule: from → to`. */
async function violations(root: string): Promise<string[]> {
  const options = await extractDepcruiseOptions(RULES);
  const tsConfigFile = path.join(root, 'tsconfig.json');
  const result = await cruise(['src'], { ...options, baseDir: root, tsConfig: { fileName: tsConfigFile }, validate: true }, undefined, {
    tsConfig: extractTSConfig(tsConfigFile),
  });
  if (typeof result.output === 'string') throw new Error('dependency-cruiser answered text, not a result');
  return result.output.summary.violations.map((v: IViolation) => `${v.rule.name}: ${v.from} → ${v.to}`);
}

describe('import rules', () => {
  it('src/ follows them', { timeout: 180_000 }, async () => {
    expect(await violations(ROOT)).toEqual([]);
  });

  describe('each rule fails on the arrow it forbids', () => {
    const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'collab-import-rules-'));
    afterAll(() => fs.rmSync(tree, { recursive: true, force: true }));
    /** path → the modules it imports (`.js` specifiers, as src/ writes them). */
    const files: Record<string, string[]> = {
      // Allowed: down the tiers, and into the leaves.
      'src/commands/issue/list.ts': ['../../executor/spec.js', '../../resources/issue.js'],
      'src/resources/issue.ts': ['../executor/spec.js', '../output/columns.js'],
      'src/executor/spec.ts': ['../api/client.js', '../context.js'],
      'src/context.ts': ['./config/settings.js'],
      'src/api/client.ts': ['../errors.js', '../shared/flavor.js'],
      'src/config/settings.ts': ['../errors.js'],
      'src/output/columns.ts': [],
      'src/errors.ts': [],
      'src/shared/flavor.ts': [],
      'src/sandbox/index.ts': ['../shared/flavor.js'],
      'src/commands/sandbox/index.ts': ['../../sandbox/index.js'],
      'src/docs/man.ts': ['../commands/issue/list.js'],
      // One forbidden arrow per rule.
      'src/api/up.ts': ['../executor/spec.js'],
      'src/output/across.ts': ['../config/settings.js'],
      'src/config/across.ts': ['../api/client.js'],
      'src/json.ts': ['./output/columns.js'],
      'src/shared/dialect.ts': ['../errors.js'],
      'src/sandbox/store.ts': ['../errors.js'],
      'src/executor/serve.ts': ['../sandbox/store.js'],
      'src/commands/sandbox/start.ts': ['../../sandbox/store.js'],
      'src/executor/up.ts': ['../commands/issue/list.js'],
      'src/resources/up.ts': ['../commands/issue/list.js'],
      'src/commands/issue/view.ts': ['../mr/view.js', '../../docs/man.js', '../../cli.js'],
      'src/commands/mr/view.ts': [],
      'src/cli.ts': [],
      'src/mcp/serve.ts': ['../executor/spec.js', '../output/columns.js'],
      'src/commands/mcp/index.ts': ['../../mcp/serve.js'],
      'src/mcp/up.ts': ['../cli.js', '../commands/issue/list.js'],
      'src/executor/mcp.ts': ['../mcp/serve.js'],
      'src/output/a.ts': ['./b.js'],
      'src/output/b.ts': ['./a.js'],
    };
    for (const [file, imports] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
      const lines = imports.map((m, i) => `import * as m${i} from '${m}';\nexport const use${i} = m${i};`);
      fs.writeFileSync(path.join(tree, file), `${lines.join('\n')}\nexport const here = '${file}';\n`);
    }
    fs.writeFileSync(
      path.join(tree, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true }, include: ['src'] }),
    );

    it('reports exactly the forbidden arrows, under the rule that forbids each', { timeout: 60_000 }, async () => {
      expect((await violations(tree)).sort()).toEqual(
        [
          'api-imports-leaves-only: src/api/up.ts → src/executor/spec.ts',
          'client-reaches-sandbox-by-its-entry: src/executor/serve.ts → src/sandbox/store.ts',
          'commands-never-up: src/commands/issue/view.ts → src/cli.ts',
          'config-imports-leaves-only: src/config/across.ts → src/api/client.ts',
          'executor-never-up: src/executor/serve.ts → src/sandbox/store.ts',
          'executor-never-up: src/executor/up.ts → src/commands/issue/list.ts',
          'leaves-import-leaves-only: src/json.ts → src/output/columns.ts',
          'mcp-never-imports-the-cli: src/mcp/up.ts → src/cli.ts',
          'mcp-never-imports-the-cli: src/mcp/up.ts → src/commands/issue/list.ts',
          'only-mcp-serve-loads-mcp: src/executor/mcp.ts → src/mcp/serve.ts',
          // A circle is reported once, at the arrow that closes it.
          'no-circular: src/output/a.ts → src/output/b.ts',
          'no-noun-imports-another: src/commands/issue/view.ts → src/commands/mr/view.ts',
          'nothing-imports-docs: src/commands/issue/view.ts → src/docs/man.ts',
          'output-imports-leaves-only: src/output/across.ts → src/config/settings.ts',
          'sandbox-command-uses-the-entry: src/commands/sandbox/start.ts → src/sandbox/store.ts',
          'sandbox-imports-shared-only: src/sandbox/store.ts → src/errors.ts',
          'shared-by-commands-never-up: src/resources/up.ts → src/commands/issue/list.ts',
          'shared-imports-shared-only: src/shared/dialect.ts → src/errors.ts',
        ].sort(),
      );
    });
  });
});
