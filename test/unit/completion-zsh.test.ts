import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateDocs } from '../../src/docs/generate.js';
import { describeTree } from '../../src/docs/tree.js';
import { tempDir } from '../helpers/temp.js';

/** Installed by .ci/run: a missing zsh fails under CI instead of skipping. */
const skip = spawnSync('zsh', ['-fc', 'exit 0']).status !== 0 && process.env.CI !== 'true';

let dir: string;

beforeAll(async () => {
  const files = generateDocs(await describeTree());
  dir = tempDir('collab-zsh-');
  fs.writeFileSync(path.join(dir, '_collab'), files.get('completions/_collab')!);
});

function zsh(script: string): { stdout: string; stderr: string; status: number | null } {
  return spawnSync('zsh', ['-f', '-c', script], {
    encoding: 'utf8',
    cwd: dir,
    timeout: 20_000,
    env: { PATH: process.env.PATH, HOME: dir, TERM: 'dumb' },
  });
}

/**
 * Runs _collab outside a completion widget: the completion builtins it calls (_describe, compadd,
 * _files, _message, compset) are replaced by functions printing the candidates that match PREFIX.
 */
function candidates(lines: string[]): string[][] {
  const stubs = `
_describe() { local arr=\${@[-1]} e n=1; for e in \${(P)arr}; do [[ \${e%%:*} == \${PREFIX}* ]] && print -r -- "\${e%%:*}" && n=0; done; return n }
compadd() { local arr=\${@[-1]} e; for e in \${(P)arr}; do [[ $e == \${PREFIX}* ]] && print -r -- "$e"; done; return 0 }
_files() { print -r -- "<files $*>" }
_message() { print -r -- "<message>" }
compset() { [[ $1 == -P ]] && PREFIX=\${PREFIX#*=} }
`;
  const calls = lines.map((line) => {
    const words = line.split(' ');
    const quoted = words.map((w) => `'${w}'`).join(' ');
    return `words=(${quoted}); CURRENT=${words.length}; PREFIX=\${words[-1]}; _collab; print -- --end--`;
  });
  const r = zsh(`source ./_collab\n${stubs}\n${calls.join('\n')}`);
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  const blocks = r.stdout.split('--end--\n');
  return lines.map((_, i) => (blocks[i] ?? '').split('\n').filter(Boolean));
}

describe.skipIf(skip)('zsh completion function', () => {
  it('is valid zsh that compinit finds in $fpath', () => {
    expect(zsh('zsh -n ./_collab').status).toBe(0);
    const r = zsh(`fpath=(${dir} $fpath); autoload -Uz compinit; compinit -u -D; print -r -- "$_comps[collab]"`);
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('_collab');
  });

  it('completes nouns, verbs, flags and enum values', () => {
    const [noun, verb, flag, state, output, eq, nested, shells] = candidates([
      'collab iss',
      'collab issue l',
      'collab issue list --st',
      'collab issue list --state ',
      'collab -o ',
      'collab issue ls --state=c',
      'collab user key ',
      'collab completion ',
    ]);
    expect(noun).toEqual(['issue']);
    expect(verb).toEqual(['list']);
    expect(flag).toEqual(['--state']);
    expect(state).toEqual(['opened', 'closed', 'all']);
    expect(output).toEqual(['table', 'tsv', 'json', 'ndjson']);
    expect(eq).toEqual(['closed']);
    expect(nested).toEqual(expect.arrayContaining(['list', 'add', 'delete']));
    expect(shells).toEqual(['bash', 'zsh', 'fish']);
  });

  it('offers global flags at every level, files for file flags, and skips option values', () => {
    const [globalHere, afterSudo, file, text] = candidates([
      'collab issue list --fie',
      'collab --sudo issue ',
      'collab api --input ',
      'collab issue list --search ',
    ]);
    expect(globalHere).toEqual(['--fields']);
    expect(afterSudo).toEqual(expect.arrayContaining(['issue', 'mr']));
    expect(afterSudo).not.toContain('list');
    expect(file).toEqual(['<files >']);
    expect(text).toEqual(['<message>']);
  });

  it('offers an alias when no name matches, field names after --fields, and the new commands and flags', () => {
    const [alias, names, fields, version, fill, repo] = candidates([
      'collab job lo',
      'collab issue l',
      'collab mr view --fields sha',
      'collab vers',
      'collab mr create --fil',
      'collab issue list -R',
    ]);
    expect(alias).toEqual(['log']);
    expect(names).toEqual(['list']);
    expect(fields).toEqual(expect.arrayContaining(['sha']));
    expect(fields.every((f) => f.startsWith('sha'))).toBe(true);
    expect(version).toEqual(['version']);
    expect(fill).toEqual(['--fill', '--fill-commit-body', '--fill-verbose']);
    expect(repo).toEqual(['-R']);
  });

  it('completes in an interactive zsh with compinit (zpty)', () => {
    // Each line is typed, then Tab, then ^X which prints the edited buffer: a unique match is inserted.
    // ^X begins other bindings too, so zle waits KEYTIMEOUT (hundredths of a second, 40 by default)
    // for more keys before it runs show: 1 makes that wait a hundredth, not 0.4 s a line.
    const inputs = [
      'collab iss',
      'collab issue l',
      'collab issue list --st',
      'collab issue list --state cl',
      'collab -o nd',
      'collab user key ad',
      'collab issue ls --state=cl',
      'collab --sudo iss',
      // An alias when no name matches; the names a command prints after --fields.
      'collab job lo',
      'collab issue list --fields web_u',
      'collab vers',
    ];
    const script = `
zmodload zsh/zpty || exit 3
zpty z 'zsh -f -i'
zpty -w z 'PS1=""; fpath=(${dir} $fpath); autoload -Uz compinit; compinit -u -D'
zpty -w z 'KEYTIMEOUT=1; show() { print -r -- "[""[$BUFFER]""]"; BUFFER="" }; zle -N show; bindkey "^X" show'
for input in ${inputs.map((i) => `'${i}'`).join(' ')}; do
  zpty -w -n z "$input"$'\\t\\x18'
  zpty -r -m z line '*\\[\\[*\\]\\]*' || { print timeout; break }
  print -r -- "\${\${line##*\\[\\[}%%\\]\\]*}"
done
zpty -d z
`;
    const r = zsh(script);
    expect(r.status).toBe(0);
    expect(r.stdout.split('\n').filter(Boolean)).toEqual([
      'collab issue ',
      'collab issue list ',
      'collab issue list --state ',
      'collab issue list --state closed ',
      'collab -o ndjson ',
      'collab user key add ',
      'collab issue ls --state=closed ',
      'collab --sudo iss',
      'collab job log ',
      'collab issue list --fields web_url ',
      'collab version ',
    ]);
  });
});
