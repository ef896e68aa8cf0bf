import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { NOUNS } from '../../src/commands/index.js';
import { staleFiles } from '../../src/docs/drift.js';
import { generateDocs, manList } from '../../src/docs/generate.js';
import { roff } from '../../src/docs/man.js';
import { describeTree } from '../../src/docs/tree.js';
import { ENVIRONMENT, EXIT_CODES } from '../../src/help-topics.js';
import { tempDir } from '../helpers/temp.js';

const root = path.resolve(import.meta.dirname, '../..');
let files: Map<string, string>;

beforeAll(async () => {
  files = generateDocs(await describeTree());
});

describe('generated completions/ and man/', () => {
  it('are up to date with the command tree', () => {
    const { changed, extra } = staleFiles(root, files);
    const problems = [...changed.map((f) => `${f} is stale`), ...extra.map((f) => `${f} is not generated any more`)];
    expect(problems, `completions/ or man/ is out of date: run npm run docs\n${problems.join('\n')}`).toEqual([]);
  });

  it('has a page per top-level command, listed in package.json "man"', () => {
    const pages = manList(files);
    expect(pages).toEqual(['man/collab.1', ...NOUNS.map((n) => `man/collab-${n.name}.1`)]);
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
    expect(pkg.man, 'package.json "man" must list the generated pages: node scripts/gen-docs.mjs --man-list').toEqual(pages);
    expect(pkg.files).toEqual(expect.arrayContaining(['completions', 'man']));
  });
});

describe('man pages', () => {
  const hasGroff = spawnSync('groff', ['--version']).status === 0;
  const hasMan = spawnSync('man', ['--version']).status === 0;

  it.skipIf(!hasGroff && process.env.CI !== 'true')('render with groff without a warning', () => {
    for (const [name, text] of files) {
      if (!name.startsWith('man/')) continue;
      const r = spawnSync('groff', ['-man', '-Tutf8', '-ww', '-z'], { input: text, encoding: 'utf8' });
      expect(r.stderr, name).toBe('');
      expect(r.status, name).toBe(0);
    }
  });

  it.skipIf(!hasMan && process.env.CI !== 'true')('read as a manual with man -l: sections, every verb, options and examples', () => {
    const dir = tempDir('collab-man-');
    const render = (page: string) => {
      const file = path.join(dir, page);
      fs.writeFileSync(file, files.get(`man/${page}`)!);
      const r = spawnSync('man', ['-l', file], {
        encoding: 'utf8',
        env: { PATH: process.env.PATH, MANWIDTH: '100', MANPAGER: 'cat', PAGER: 'cat', LANG: 'C.UTF-8' },
      });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      return r.stdout;
    };
    const main = render('collab.1');
    for (const section of ['NAME', 'SYNOPSIS', 'COMMANDS', 'GLOBAL OPTIONS', 'ENVIRONMENT', 'EXIT STATUS', 'EXAMPLES', 'SEE ALSO']) {
      expect(main).toMatch(new RegExp(`^${section}$`, 'm'));
    }
    for (const e of ENVIRONMENT) expect(main).toContain(e.name);
    for (const c of EXIT_CODES) expect(main).toMatch(new RegExp(`^\\s+${c.name}\\s+${c.description.split(' ')[0]}`, 'm'));
    for (const n of NOUNS) expect(main).toContain(`collab-${n.name}(1)`);

    const issue = render('collab-issue.1');
    expect(issue).toMatch(/^ {3}collab issue list \[options\]$/m);
    expect(issue).toMatch(/^ {3}collab issue view \[options\] <iid>$/m);
    expect(issue).toContain('-s, --state <value>');
    // dashes and quotes stay copy-pasteable (ASCII)
    expect(issue).toContain('$ collab issue list -p acme/platform/api --state all --search crash');
  });

  it('escapes roff: requests at line start, backslashes, dashes, quotes, non-ASCII', () => {
    expect(roff(".hidden\n'quote")).toBe('\\&.hidden\n\\(aqquote');
    expect(roff('a\\b --x `y` — z')).toBe('a\\eb \\-\\-x \\(gay\\(ga \\[u2014] z');
  });
});
