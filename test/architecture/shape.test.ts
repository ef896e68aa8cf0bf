/**
 * Shapes the house keeps, read from the source with TypeScript's parser: commands are declared one
 * way (`defineCommand`), and the sandbox has no function too long to read (route families are
 * tables of named handlers; seed data aside).
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../src');

function sources(folder: string): ts.SourceFile[] {
  return fs
    .readdirSync(path.join(SRC, folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => {
      const file = path.join(folder, f);
      return ts.createSourceFile(file, fs.readFileSync(path.join(SRC, file), 'utf8'), ts.ScriptTarget.Latest, true);
    });
}

function walk(node: ts.Node, visit: (n: ts.Node) => void): void {
  visit(node);
  ts.forEachChild(node, (child) => walk(child, visit));
}

const where = (src: ts.SourceFile, node: ts.Node) => `${src.fileName}:${src.getLineAndCharacterOfPosition(node.getStart(src)).line + 1}`;

/** What a function returns, not counting the functions inside it. */
function ownReturns(fn: ts.Node): ts.Expression[] {
  const found: ts.Expression[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isReturnStatement(n) && n.expression) found.push(n.expression);
    if (!ts.isFunctionLike(n)) ts.forEachChild(n, visit);
  };
  ts.forEachChild(fn, visit);
  return found;
}

/** Object literals typed as a CommandSpec without defineCommand: `const x: CommandSpec = {…}`, `{…} satisfies CommandSpec`, `return {…}` from a `(): CommandSpec`. */
function commandLiterals(src: ts.SourceFile): string[] {
  const found: string[] = [];
  const isSpec = (t: ts.TypeNode | undefined) => t !== undefined && /^CommandSpec\b/.test(t.getText(src));
  walk(src, (n) => {
    if (ts.isVariableDeclaration(n) && isSpec(n.type) && n.initializer && ts.isObjectLiteralExpression(n.initializer))
      found.push(where(src, n));
    if (ts.isSatisfiesExpression(n) && isSpec(n.type)) found.push(where(src, n));
    if (ts.isFunctionLike(n) && isSpec(n.type))
      for (const r of ownReturns(n)) if (ts.isObjectLiteralExpression(r)) found.push(where(src, r));
    // Untyped, where a noun takes its commands: `commands: [{…}]`, `command: {…}`, `export const command = {…}`.
    if (ts.isPropertyAssignment(n) && n.name.getText(src) === 'commands' && ts.isArrayLiteralExpression(n.initializer))
      for (const el of n.initializer.elements) if (ts.isObjectLiteralExpression(el)) found.push(where(src, el));
    if (ts.isPropertyAssignment(n) && n.name.getText(src) === 'command' && ts.isObjectLiteralExpression(n.initializer))
      found.push(where(src, n.initializer));
    if (ts.isVariableDeclaration(n) && n.name.getText(src) === 'command' && n.initializer && ts.isObjectLiteralExpression(n.initializer))
      found.push(where(src, n.initializer));
  });
  return found;
}

/** Functions longer than `max` lines, with where they start. */
function longFunctions(src: ts.SourceFile, max: number): string[] {
  const found: string[] = [];
  walk(src, (n) => {
    if (!ts.isFunctionLike(n) || !('body' in n) || !n.body) return;
    const start = src.getLineAndCharacterOfPosition(n.getStart(src)).line;
    const end = src.getLineAndCharacterOfPosition(n.end).line;
    if (end - start + 1 > max) found.push(`${where(src, n)} (${end - start + 1} lines)`);
  });
  return found;
}

describe('the shape of the source', () => {
  it('declares every command with defineCommand', () => {
    const literals = [...sources('commands'), ...sources('resources')].flatMap(commandLiterals);
    expect(literals).toEqual([]);
  });

  it('finds a CommandSpec literal where one is written', () => {
    const text = [
      "const a: CommandSpec = { name: 'a' };",
      "const b = { name: 'b' } satisfies CommandSpec;",
      "function c(): CommandSpec { return { name: 'c' }; }",
      "function e(): CommandSpec { return defineCommand({ name: 'e', done: () => { return { notice: 'x' }; } }); }",
      "const d = defineCommand({ name: 'd' });",
      "export const noun = defineNoun({ name: 'n', commands: [d, { name: 'f', method: 'GET', path: '/f' }] });",
      "export const command = { name: 'g', method: 'GET', path: '/g' };",
      "const mod = { command: { name: 'h' } };",
    ].join('\n');
    const src = ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest, true);
    expect(commandLiterals(src)).toEqual(['x.ts:1', 'x.ts:2', 'x.ts:3', 'x.ts:6', 'x.ts:7', 'x.ts:8']);
  });

  it('has no sandbox function over 80 lines, seed data aside', () => {
    const long = sources('sandbox')
      .filter((src) => !src.fileName.startsWith(path.join('sandbox', 'seed')) && !src.fileName.endsWith('settings-defaults.ts'))
      .flatMap((src) => longFunctions(src, 80));
    expect(long).toEqual([]);
  });

  // "Files stay about 300 lines (400 in src/sandbox)" (CONTRIBUTING): a file past it is split by theme.
  it('has no file over 300 lines, 400 in src/sandbox', () => {
    const long = fs
      .readdirSync(SRC, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => ({ f, lines: fs.readFileSync(path.join(SRC, f), 'utf8').split('\n').length - 1 }))
      .filter(({ f, lines }) => lines > (f.startsWith(`sandbox${path.sep}`) ? 400 : 300))
      .map(({ f, lines }) => `src/${f} (${lines} lines)`);
    expect(long).toEqual([]);
  });

  it('measures a function from its first line to its last', () => {
    const body = Array.from({ length: 80 }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const src = ts.createSourceFile('y.ts', `function long() {\n${body}\n}\nconst short = () => 1;\n`, ts.ScriptTarget.Latest, true);
    expect(longFunctions(src, 80)).toEqual(['y.ts:1 (82 lines)']);
  });
});
