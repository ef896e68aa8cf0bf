/**
 * No array is spread into a call (`push(...x)`, `Math.max(...x)`, `new Set(...)`'s arguments) or
 * passed through `.apply` unless it is collab's own, bounded data: V8 puts every spread element on
 * the stack, and past about 100,000 of them (lines of a long comment, notes, jobs) the call throws
 * "Maximum call stack size exceeded". Read from the TypeScript syntax tree of every file in src.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../helpers/e2e.js';

/** Where a spread call is allowed: the file, and why what it spreads is bounded by collab itself. */
const BOUNDED: Record<string, string> = {
  'src/docs/man.ts': "the man pages of collab's own command tree",
  'src/executor/options.ts': "a declaration's own flags",
  'src/global-flags.ts': "commander's options of collab's own commands",
  'src/help-topics.ts': "collab's help topics",
  'src/program.ts': "collab's nouns",
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** `file:line: call` for each call that spreads an argument or goes through `.apply(this, args)`. */
function spreadCalls(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (n: ts.Node) => {
    const spread = (ts.isCallExpression(n) || ts.isNewExpression(n)) && n.arguments?.some(ts.isSpreadElement);
    const apply =
      ts.isCallExpression(n) &&
      ts.isPropertyAccessExpression(n.expression) &&
      n.expression.name.text === 'apply' &&
      n.arguments.length === 2;
    if (spread || apply) {
      const line = sf.getLineAndCharacterOfPosition(n.getStart()).line + 1;
      found.push(`${path.relative(ROOT, file)}:${line}: ${n.getText().split('\n')[0]}`);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

describe('no unbounded spread into a call', () => {
  it('every call that spreads an array in src spreads one collab bounds itself', () => {
    const calls = sourceFiles(path.join(ROOT, 'src')).flatMap(spreadCalls);
    const unbounded = calls.filter((c) => !Object.hasOwn(BOUNDED, c.slice(0, c.indexOf(':'))));
    expect(unbounded).toEqual([]);
  });

  it('the check sees spreads and apply', () => {
    const file = path.join(tempDir('collab-spread-'), 'x.ts');
    fs.writeFileSync(file, 'a.push(...b);\nMath.max(0, ...c);\nnew Set(...d);\nf.apply(null, e);\n[...g];\nh({ ...i });\n');
    expect(spreadCalls(file).map((c) => c.slice(c.indexOf(': ') + 2))).toEqual([
      'a.push(...b)',
      'Math.max(0, ...c)',
      'new Set(...d)',
      'f.apply(null, e)',
    ]);
    fs.rmSync(path.dirname(file), { recursive: true });
  });
});
