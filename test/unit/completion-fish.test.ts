import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateDocs } from '../../src/docs/generate.js';
import { describeTree } from '../../src/docs/tree.js';
import { tempDir } from '../helpers/temp.js';

/** Installed by .ci/run: a missing fish fails under CI instead of skipping. */
const skip = spawnSync('fish', ['--version']).status !== 0 && process.env.CI !== 'true';

let dir: string;

beforeAll(async () => {
  const files = generateDocs(await describeTree());
  dir = tempDir('collab-fish-');
  fs.writeFileSync(path.join(dir, 'collab.fish'), files.get('completions/collab.fish')!);
  fs.mkdirSync(path.join(dir, 'out'));
  fs.writeFileSync(path.join(dir, 'report.json'), '{}');
});

/** `complete -C` for each line in a fresh fish: candidates (without descriptions) per line. */
function complete(lines: string[]): string[][] {
  const script = [`source ${dir}/collab.fish`, ...lines.map((l) => `complete -C ${JSON.stringify(l)}; echo '--end--'`)].join('\n');
  const r = spawnSync('fish', ['--no-config', '-c', script], { encoding: 'utf8', cwd: dir, env: { PATH: process.env.PATH, HOME: dir } });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  const blocks = r.stdout.split('--end--\n');
  return lines.map((_, i) =>
    (blocks[i] ?? '')
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split('\t')[0]!),
  );
}

describe.skipIf(skip)('fish completion script', () => {
  it('completes nouns, verbs and flags, with descriptions', () => {
    const [noun, verb, flag, nested] = complete(['collab iss', 'collab issue l', 'collab issue list --st', 'collab user key ']);
    expect(noun).toEqual(['issue']);
    expect(verb).toEqual(['list']);
    expect(flag).toEqual(['--state']);
    expect(nested).toEqual(expect.arrayContaining(['list', 'add', 'delete']));
    const described = spawnSync('fish', ['--no-config', '-c', `source ${dir}/collab.fish; complete -C 'collab issue list --st'`], {
      encoding: 'utf8',
    });
    expect(described.stdout).toBe('--state\tonly issues in this state (opened, closed, all; default opened)\n');
  });

  it('offers an alias when no name matches, field names after --fields, and the new commands and flags', () => {
    const [alias, names, fields, version, fill] = complete([
      'collab job lo',
      'collab issue l',
      'collab issue list --fields web_u',
      'collab vers',
      'collab mr create --fil',
    ]);
    expect(alias).toEqual(['log']);
    expect(names).toEqual(['list']);
    expect(fields).toEqual(['web_url']);
    expect(version).toEqual(['version']);
    expect(fill).toEqual(['--fill', '--fill-commit-body', '--fill-verbose']);
  });

  it('completes enum values, after a space or an =', () => {
    const [state, output, eq, shells] = complete([
      'collab issue list --state ',
      'collab -o ',
      'collab issue ls --state=c',
      'collab completion ',
    ]);
    expect(state.sort()).toEqual(['all', 'closed', 'opened']);
    expect(output.sort()).toEqual(['json', 'ndjson', 'table', 'tsv']);
    expect(eq).toEqual(['--state=closed']);
    expect(shells.sort()).toEqual(['bash', 'fish', 'zsh']);
  });

  it('offers global flags at every level and skips option values while walking', () => {
    const [globalHere, afterSudo] = complete(['collab issue list --fie', 'collab --sudo issue ']);
    expect(globalHere).toEqual(['--fields']);
    expect(afterSudo).toEqual(expect.arrayContaining(['issue', 'mr']));
    expect(afterSudo).not.toContain('list');
  });

  it('offers local files for a file flag only', () => {
    const [file, text] = complete(['collab api --input rep', 'collab issue list --search rep']);
    expect(file).toEqual(['report.json']);
    expect(text).toEqual([]);
  });
});
