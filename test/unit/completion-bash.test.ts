import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateDocs } from '../../src/docs/generate.js';
import { describeTree } from '../../src/docs/tree.js';
import { tempDir } from '../helpers/temp.js';

/** Present here, and installed by .ci/run: a missing shell fails under CI instead of skipping. */
const hasShell = (bin: string) => spawnSync(bin, ['-c', 'exit 0']).status === 0;
const skip = !hasShell('bash') && process.env.CI !== 'true';

let script: string;

beforeAll(async () => {
  const files = generateDocs(await describeTree());
  const dir = tempDir('collab-bash-');
  script = path.join(dir, 'collab.bash');
  fs.writeFileSync(script, files.get('completions/collab.bash')!);
  fs.mkdirSync(path.join(dir, 'files', 'sub dir'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'files', 'report.json'), '{}');
});

/**
 * Completes each line in a fresh bash the way readline would: COMP_WORDS split on blanks and on
 * the `=` of COMP_WORDBREAKS, COMP_CWORD the last word; returns COMPREPLY of each.
 */
function complete(lines: string[], cwd?: string): string[][] {
  const body = lines
    .map((line) => {
      const words = line.replace(/=/g, ' = ').split(/ +/);
      if (line.endsWith(' ')) words[words.length - 1] = '';
      const quoted = words.map((w) => `'${w}'`).join(' ');
      return `COMP_WORDS=(${quoted}); COMP_CWORD=${words.length - 1}; COMPREPLY=(); _collab; printf '%s\\n' "\${COMPREPLY[*]}"`;
    })
    .join('\n');
  const r = spawnSync('bash', ['--norc', '--noprofile', '-c', `source '${script}'\n${body}`], { encoding: 'utf8', cwd });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return r.stdout
    .split('\n')
    .slice(0, lines.length)
    .map((l) => l.split(' ').filter(Boolean));
}

describe.skipIf(skip)('bash completion script', () => {
  it('registers itself for collab', () => {
    const r = spawnSync('bash', ['--norc', '--noprofile', '-c', `source '${script}'; complete -p collab`], { encoding: 'utf8' });
    expect(r.stdout.trim()).toBe('complete -F _collab collab');
  });

  it('completes nouns, verbs and flags', () => {
    const [noun, verb, flag, nested, alias] = complete([
      'collab iss',
      'collab issue l',
      'collab issue list --st',
      'collab user key ',
      'collab issue ls --sta',
    ]);
    expect(noun).toEqual(['issue']);
    expect(verb).toEqual(['list']);
    expect(flag).toEqual(['--state']);
    expect(nested).toEqual(expect.arrayContaining(['list', 'add', 'delete']));
    expect(alias).toEqual(['--state']);
  });

  it('offers an alias when no name matches, field names after --fields, and the new commands and flags', () => {
    const [alias, names, fields, eq, version, fill, source, repo] = complete([
      'collab job lo',
      'collab issue l',
      'collab issue list --fields web_u',
      'collab mr view --fields=sha',
      'collab vers',
      'collab mr create --fil',
      'collab mr create --source-b',
      'collab issue list -',
    ]);
    expect(alias).toEqual(['log']);
    expect(names).toEqual(['list']);
    expect(fields).toEqual(['web_url']);
    expect(eq).toEqual(expect.arrayContaining(['sha']));
    expect(version).toEqual(['version']);
    expect(fill).toEqual(['--fill', '--fill-commit-body', '--fill-verbose']);
    expect(source).toEqual(['--source-branch']);
    expect(repo).toEqual(expect.arrayContaining(['-R', '--repo', '-L', '--limit', '-a', '--assignee']));
  });

  it("completes GitLab's spelling of a renamed flag (hidden from help), with its values", () => {
    const [akismet, skype, negated, spec] = complete([
      'collab settings update --akis',
      'collab user update 2 --sky',
      'collab settings update --no-gravat',
      'collab settings update --spamfilter-e',
    ]);
    expect(akismet).toEqual(['--akismet-api-key', '--akismet-enabled']);
    expect(skype).toEqual(['--skype']);
    expect(negated).toEqual(['--no-gravatar-enabled']);
    expect(spec).toEqual(['--spamfilter-enabled']);
  });

  it('completes enum values, after a space or an =', () => {
    const [state, output, eq, eqPrefix, short, scope] = complete([
      'collab issue list --state ',
      'collab -o ',
      'collab issue list --state=',
      'collab issue list --state=cl',
      'collab issue list -s o',
      'collab issue list --scope ',
    ]);
    expect(state).toEqual(['opened', 'closed', 'all']);
    expect(output).toEqual(['table', 'tsv', 'json', 'ndjson']);
    expect(eq).toEqual(['opened', 'closed', 'all']);
    expect(eqPrefix).toEqual(['closed']);
    expect(short).toEqual(['opened']);
    expect(scope).toEqual(['created-by-me', 'assigned-to-me', 'all']);
  });

  it('knows global flags at every level, and skips their values while walking', () => {
    const [globalHere, afterHost, outputDeep] = complete([
      'collab issue list --fie',
      'collab --host https://x.test iss',
      'collab issue list -o nd',
    ]);
    expect(globalHere).toEqual(['--fields']);
    expect(afterHost).toEqual(['issue']);
    expect(outputDeep).toEqual(['ndjson']);
  });

  it('does not take an option value or a positional argument for a verb', () => {
    // "issue" is the value of --sudo here, not the noun; 42 is an argument
    const [value, positional] = complete(['collab --sudo issue ', 'collab issue view 42 --pro']);
    expect(value).toEqual(expect.arrayContaining(['issue', 'mr', 'job']));
    expect(value).not.toContain('list');
    expect(positional).toEqual(['--project']);
  });

  it('offers argument choices and help topics', () => {
    const [shells, topics] = complete(['collab completion ', 'collab help e']);
    expect(shells).toEqual(['bash', 'zsh', 'fish']);
    expect(topics).toEqual(['environment', 'exit-codes']);
  });

  it('never runs collab: the tree is in the script', () => {
    const dir = path.dirname(script);
    fs.mkdirSync(path.join(dir, 'bin'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'bin', 'collab'), `#!/bin/sh\ntouch '${dir}/ran'\n`, { mode: 0o755 });
    const body = ['collab iss', 'collab issue list --state ', 'collab -o ', 'collab issue list --'].map((l) => {
      const words = l.split(' ');
      return `COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _collab`;
    });
    const r = spawnSync('bash', ['--norc', '--noprofile', '-c', `source '${script}'\n${body.join('\n')}`], {
      encoding: 'utf8',
      env: { PATH: `${dir}/bin:${process.env.PATH}` },
    });
    expect(r.status).toBe(0);
    expect(fs.existsSync(path.join(dir, 'ran'))).toBe(false);
  });

  it('offers local files for a file flag and nothing for free text', () => {
    const dir = path.dirname(script);
    const [file, text] = complete(['collab api --input files/r', 'collab issue list --search '], dir);
    expect(file).toEqual(['files/report.json']);
    expect(text).toEqual([]);
  });
});
