import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import type { CommandSpec } from '../../src/commands/spec.js';
import type { Context } from '../../src/context.js';
import { buildProgram } from '../../src/program.js';

/**
 * PRODUCT.md: every endpoint of api/endpoints.txt is reachable through a named command (not only
 * through `collab api`). A command claims an endpoint by its static `method` + `path`, or by its
 * `endpoints` list when its path is computed or it runs custom code.
 */

const root = path.resolve(import.meta.dirname, '../..');
const shared = path.resolve(root, '../shared/api/endpoints.txt');
const fixture = path.join(root, 'test/fixtures/endpoints.txt');

const readLines = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');

const endpoints = readLines(fs.existsSync(shared) ? shared : fixture);

/**
 * Endpoints a declared command may send that are not in endpoints.txt (helper reads outside the
 * spec's list, like `GET /version`). None today; kept explicit so that a typo in a static path
 * cannot hide.
 */
const HELPERS = new Set<string>([]);

/** `:project`, `:issue_iid`, `*artifact_path` → `:_`: spec paths and endpoints.txt name placeholders differently. */
const normalise = (line: string) => line.replace(/[:*][A-Za-z_][\w-]*/g, ':_');

interface Leaf {
  name: string;
  spec: CommandSpec;
}

function leaves(cmd: Command, prefix: string[] = []): Leaf[] {
  const out: Leaf[] = [];
  for (const sub of cmd.commands) {
    const words = [...prefix, sub.name()];
    const spec = (sub as Command & { collabSpec?: CommandSpec }).collabSpec;
    if (spec) out.push({ name: `collab ${words.join(' ')}`, spec });
    out.push(...leaves(sub, words));
  }
  return out;
}

const program = await buildProgram(() => ({}) as Context, { loadAll: true });
const all = leaves(program);

const staticLine = ({ spec }: Leaf) => (spec.method && typeof spec.path === 'string' ? `${spec.method} ${spec.path}` : undefined);

/** Normalised endpoint → the commands that claim it. */
const claims = new Map<string, string[]>();
for (const leaf of all) {
  const lines = [staticLine(leaf), ...(leaf.spec.endpoints ?? [])].filter((l): l is string => l !== undefined);
  for (const line of new Set(lines.map(normalise))) claims.set(line, [...(claims.get(line) ?? []), leaf.name]);
}

describe('endpoint coverage', () => {
  it('reads the 119 endpoints, and the committed copy matches the shared spec', () => {
    expect(endpoints).toHaveLength(119);
    expect(new Set(endpoints).size).toBe(endpoints.length);
    // Distinct after normalising too, or one command could silently claim two endpoints.
    expect(new Set(endpoints.map(normalise)).size).toBe(endpoints.length);
    if (fs.existsSync(shared)) expect(readLines(fixture), 'test/fixtures/endpoints.txt differs from ../shared/api/endpoints.txt').toEqual(endpoints);
  });

  it('finds the declared commands', () => {
    expect(all.length).toBeGreaterThan(90);
  });

  it('every endpoint of endpoints.txt is claimed by a named command', () => {
    const unclaimed = endpoints.filter((e) => !claims.has(normalise(e)));
    expect(unclaimed, `endpoints no command claims:\n${unclaimed.join('\n')}`).toEqual([]);
  });

  it('every `endpoints` annotation is a line of endpoints.txt', () => {
    const known = new Set(endpoints);
    const wrong = all.flatMap(({ name, spec }) => (spec.endpoints ?? []).filter((e) => !known.has(e)).map((e) => `${name}: ${e}`));
    expect(wrong, `annotations that are not lines of endpoints.txt:\n${wrong.join('\n')}`).toEqual([]);
  });

  it('every static method + path is an endpoint of endpoints.txt (or a listed helper)', () => {
    const known = new Set([...endpoints, ...HELPERS].map(normalise));
    const outside = all.flatMap((leaf) => {
      const line = staticLine(leaf);
      return line !== undefined && !known.has(normalise(line)) ? [`${leaf.name}: ${line}`] : [];
    });
    expect(outside, `static paths outside endpoints.txt:\n${outside.join('\n')}`).toEqual([]);
  });

  it('commands with a computed path or custom code say which endpoints they call', () => {
    const silent = all
      .filter(({ spec }) => (typeof spec.path === 'function' || spec.run !== undefined) && !spec.endpoints?.length)
      .map((l) => l.name);
    expect(silent, `add \`endpoints\` to:\n${silent.join('\n')}`).toEqual([]);
  });
});
