import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { JqFilter } from '../../src/output/jq.js';

describe('the --jq filter (jq compiled to WebAssembly)', () => {
  it('refuses a filter that does not compile, in one line naming the place', async () => {
    const err = await JqFilter.compile('.[] | select(.iid ==', { raw: false }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toMatch(/^invalid value for --jq: syntax error.*\(line 1, column \d+\)$/);
    expect((err as Error).message).not.toContain('\n');
    await expect(JqFilter.compile('nosuchfunction(1)', { raw: false })).rejects.toThrow(/nosuchfunction\/1 is not defined/);
  });

  it('compiles without running: a filter that fails on every input still compiles', async () => {
    const f = await JqFilter.compile('error("always")', { raw: false });
    expect(f.run('{}', false).errors).toEqual(['always']);
  });

  it('prints like jq: pretty JSON, compact per value, strings quoted unless raw', async () => {
    const pretty = await JqFilter.compile('{a: .x}', { raw: false });
    expect(pretty.run('{"x":[1,2]}', false).output).toBe('{\n  "a": [\n    1,\n    2\n  ]\n}\n');
    expect(pretty.run('{"x":1} {"x":2}', true).output).toBe('{"a":1}\n{"a":2}\n');
    const quoted = await JqFilter.compile('.t', { raw: false });
    expect(quoted.run('{"t":"a b"}', false).output).toBe('"a b"\n');
    const raw = await JqFilter.compile('.t', { raw: true });
    expect(raw.run('{"t":"a b"}', false).output).toBe('a b\n');
  });

  it('keeps raw strings whole: white space at the ends, empty strings, several inputs', async () => {
    const raw = await JqFilter.compile('.[]', { raw: true });
    expect(raw.run('["  lead", "", "trail  ", "\\n"]', false).output).toBe('  lead\n\ntrail  \n\n\n');
    expect(raw.run('["a "] [" b"]', true).output).toBe('a \n b\n');
    const tsv = await JqFilter.compile('.[] | [.iid, .title] | @tsv # a comment', { raw: true });
    expect(tsv.run('[{"iid":1,"title":"x\\ty"},{"iid":2,"title":" z "}]', false).output).toBe('1\tx\\ty\n2\t z \n');
  });

  it('reports runtime errors per input and goes on with the next one, as jq does', async () => {
    const f = await JqFilter.compile('.a.b', { raw: false });
    const run = f.run('{"a":{"b":1}} {"a":3} {"a":{"b":2}}', true);
    expect(run.output).toBe('1\n2\n');
    expect(run.errors).toEqual(['Cannot index number with string ("b")']);
  });

  it("passes jq's own messages (debug, halt_error) through and counts a halt as a failure", async () => {
    const f = await JqFilter.compile('debug | .a', { raw: false });
    const run = f.run('{"a":1}', true);
    expect(run.output).toBe('1\n');
    expect(run.messages).toEqual(['["DEBUG:",{"a":1}]']);
    expect(run.errors).toEqual([]);
    const halted = (await JqFilter.compile('"stop\\n" | halt_error(3)', { raw: false })).run('null', false);
    expect(halted.messages).toEqual(['stop']);
    expect(halted.errors).toEqual(['the filter stopped with status 3']);
  });
});
