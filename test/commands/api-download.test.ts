import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { refusingTransport } from '../helpers/command-tree.js';
import { jsonReply, mockApi, runCli, TEST_TOKEN } from '../helpers/harness.js';
import { tempDir } from '../helpers/temp.js';

/**
 * `collab api` where scripts use it to download: GitLab's generic package route
 * (lib/api/generic_packages.rb `GET :id/packages/generic/:package_name/*package_version/:file_name`,
 * `present_package_file!`) answers the file's bytes, or a 302 to object storage (direct download),
 * or `404 {"message":"404 Package Not Found"}` (Packages::Generic::PackageFinder#execute!). Before,
 * the body was read whole into memory (refused over 500 MB) and an error body was printed on stdout,
 * into the file a script redirected it to.
 */
const FILE = '/api/v4/projects/7/packages/generic/tool/1.2.3/tool-linux';
const BYTES = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x00, 0xff, 0x10, 0x0a, 0x00, 0x01]);
const binary = { headers: { 'content-type': 'application/octet-stream', 'content-length': String(BYTES.length) } };

describe('collab api: errors and downloads', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it("an error answer's body goes to stderr, one line; stdout stays empty", async () => {
    api = mockApi();
    api.pool.intercept({ path: FILE, method: 'GET' }).reply(404, ...jsonReply({ message: '404 Package Not Found' }));
    const r = await runCli(['api', FILE.replace('/api/v4', '')], { transport: api.transport });
    expect([r.code, r.stdout, r.stderr]).toEqual([1, '', 'collab: 404 Package Not Found\n']);
  });

  it('an answer that is not JSON is written to stdout as it came', async () => {
    api = mockApi();
    const text = 'v1.2.3\n{"not": "parsed"}\ncaf\u00e9\n';
    api.pool.intercept({ path: FILE, method: 'GET' }).reply(200, text, { headers: { 'content-type': 'application/octet-stream' } });
    const r = await runCli(['api', FILE.replace('/api/v4', '')], { transport: api.transport });
    expect([r.code, r.stdout, r.stderr]).toEqual([0, text, '']);
  });

  it('--dest writes the file through a temporary file; a 404 leaves the destination as it was', async () => {
    api = mockApi();
    const dir = tempDir('collab-api-dest-');
    const dest = path.join(dir, 'tool');
    fs.writeFileSync(dest, 'the old tool\n');
    api.pool.intercept({ path: FILE, method: 'GET' }).reply(404, ...jsonReply({ message: '404 Package Not Found' }));
    const missing = await runCli(['api', FILE.replace('/api/v4', ''), '--dest', 'tool'], { transport: api.transport, cwd: dir });
    expect([missing.code, missing.stdout, missing.stderr]).toEqual([1, '', 'collab: 404 Package Not Found\n']);
    expect(fs.readFileSync(dest, 'utf8')).toBe('the old tool\n');
    api.pool.intercept({ path: FILE, method: 'GET' }).reply(200, BYTES, binary);
    const r = await runCli(['api', FILE.replace('/api/v4', ''), '--dest', 'tool'], { transport: api.transport, cwd: dir });
    expect([r.code, r.stdout, r.stderr]).toEqual([0, '', '']);
    expect(fs.readFileSync(dest).equals(BYTES)).toBe(true);
    expect(fs.readdirSync(dir)).toEqual(['tool']);
  });

  it('with --dest a redirect to object storage is followed without the token; an API call is not followed', async () => {
    api = mockApi();
    const storage = api.agent.get('https://storage.test');
    api.pool
      .intercept({ path: FILE, method: 'GET', headers: { 'private-token': TEST_TOKEN } })
      .reply(302, '', { headers: { location: 'https://storage.test/bucket/tool-linux?X-Amz-Signature=abc' } });
    const seen: Record<string, string>[] = [];
    storage.intercept({ path: '/bucket/tool-linux?X-Amz-Signature=abc', method: 'GET' }).reply((req) => {
      seen.push(req.headers as Record<string, string>);
      return { statusCode: 200, data: BYTES, responseOptions: binary };
    });
    const r = await viaDest(['api', FILE.replace('/api/v4', '')], api);
    expect([r.code, r.stdout.equals(BYTES)]).toEqual([0, true]);
    expect(Object.keys(seen[0]!).map((k) => k.toLowerCase())).not.toContain('private-token');
    api.pool
      .intercept({ path: FILE, method: 'GET' })
      .reply(302, '', { headers: { location: 'https://storage.test/bucket/tool-linux?X-Amz-Signature=abc' } });
    const call = await runCli(['api', FILE.replace('/api/v4', '')], { transport: api.transport });
    expect([call.code, call.stdout]).toEqual([1, '']);
    expect(call.stderr).toMatch(
      /^collab: 302 from gitlab\.test: redirected to https:\/\/storage\.test\/bucket\/tool-linux\?X-Amz-Signature=/,
    );
    expect(call.stderr).toContain('give --dest <file>, or --dest - for stdout');
  });

  it('JSON is still printed as JSON; --jq on a download is exit 5; --dest with -o is exit 2, nothing sent', async () => {
    api = mockApi();
    api.pool.intercept({ path: '/api/v4/projects/7/packages', method: 'GET' }).reply(200, ...jsonReply([{ id: 1, name: 'tool' }]));
    const list = await runCli(['api', '/projects/7/packages', '--jq', '.[0].name'], { transport: api.transport });
    expect([list.code, list.stdout]).toEqual([0, '"tool"\n']);
    api.pool.intercept({ path: FILE, method: 'GET' }).reply(200, BYTES, binary);
    const jq = await runCli(['api', FILE.replace('/api/v4', ''), '--jq', '.'], { transport: api.transport });
    expect([jq.code, jq.stdout]).toEqual([5, '']);
    expect(jq.stderr).toContain('is not JSON');
    const { transport, calls } = refusingTransport();
    const both = await runCli(['api', FILE.replace('/api/v4', ''), '--dest', 'x', '-o', 'json'], { transport, cwd: tempDir() });
    expect([both.code, calls]).toEqual([2, []]);
    const paged = await runCli(['api', '/projects/7/packages', '--dest', 'x', '--paginate'], { transport, cwd: tempDir() });
    expect([paged.code, calls]).toEqual([2, []]);
  });
});

/** A download saved with --dest, read back as bytes. */
async function viaDest(argv: string[], api: ReturnType<typeof mockApi>) {
  const dir = tempDir('collab-api-out-');
  const out = path.join(dir, 'out');
  const r = await runCli([...argv, '--dest', out], { transport: api.transport });
  return { code: r.code, stderr: r.stderr, stdout: fs.existsSync(out) ? fs.readFileSync(out) : Buffer.alloc(0) };
}
