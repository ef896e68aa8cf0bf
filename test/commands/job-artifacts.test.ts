import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import type { Transport, TransportRequest } from '../../src/api/transport.js';
import { retriesIn } from '../helpers/e2e.js';
import { jsonReply, mockApi, runCli, TEST_HOST, TEST_TOKEN } from '../helpers/harness.js';
import { JSON_HEADERS } from '../helpers/json-answer.js';
import { tempDirsPerTest } from '../helpers/temp.js';

const P = '/api/v4/projects/acme%2Fplatform%2Fapi';
const ZIP_HEADERS = { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="artifacts.zip"' };

const tmp = tempDirsPerTest('collab-job-art-');

async function zipOf(files: Record<string, string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(files)) zip.addBuffer(Buffer.from(data), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** A transport whose body stops with a connection reset after some bytes; records the requests. */
function resettingTransport(first: Buffer, declared: number): Transport & { seen: TransportRequest[] } {
  const seen: TransportRequest[] = [];
  return {
    seen,
    request: async (req) => {
      seen.push(req);
      const body = Readable.from(
        (async function* () {
          yield first;
          await new Promise((r) => setTimeout(r, 5));
          throw Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
        })(),
      );
      return { statusCode: 200, headers: { 'content-length': String(declared), 'content-type': 'application/zip' }, body };
    },
  };
}

describe('job artifacts', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('downloads by job id to ./artifacts.zip atomically', async () => {
    api = mockApi();
    const cwd = tmp();
    const data = await zipOf({ 'a.txt': 'A' });
    api.pool
      .intercept({ path: `${P}/jobs/12/artifacts`, method: 'GET', headers: { 'PRIVATE-TOKEN': TEST_TOKEN } })
      .reply(200, data, { headers: { ...ZIP_HEADERS, 'content-length': String(data.length) } });
    const r = await runCli(['job', 'artifacts', '12', '-p', 'acme/platform/api'], { transport: api.transport, cwd });
    expect(r.stderr).toBe(`Saved the artifacts of job 12 to artifacts.zip (${data.length} B)\n`);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(fs.readFileSync(path.join(cwd, 'artifacts.zip')).equals(data)).toBe(true);
    expect(fs.readdirSync(cwd)).toEqual(['artifacts.zip']);
  });

  it('downloads by ref and job name with the ref as one encoded segment', async () => {
    api = mockApi();
    const cwd = tmp();
    fs.mkdirSync(path.join(cwd, 'out'));
    api.pool
      .intercept({ path: `${P}/jobs/artifacts/feature%2Fx%20y%C3%A9/download?job=unit+tests`, method: 'GET' })
      .reply(200, 'ZIPDATA', { headers: { 'content-disposition': 'attachment; filename=artifacts.zip' } });
    const r = await runCli(
      ['job', 'artifacts', '--ref', 'feature/x yé', '--job', 'unit tests', '-p', 'acme/platform/api', '--dest', 'out/a.zip'],
      {
        transport: api.transport,
        cwd,
      },
    );
    expect(r.code).toBe(0);
    expect(fs.readFileSync(path.join(cwd, 'out/a.zip'), 'utf8')).toBe('ZIPDATA');
  });

  it('writes the archive to stdout with --dest -, and refuses a terminal', async () => {
    api = mockApi();
    api.pool.intercept({ path: `${P}/jobs/12/artifacts`, method: 'GET' }).reply(200, 'PK\u0003\u0004bytes');
    const r = await runCli(['job', 'artifacts', '12', '-p', 'acme/platform/api', '--dest', '-'], { transport: api.transport });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('PK\u0003\u0004bytes');
    expect(r.stderr).toBe('');
    const tty = await runCli(['job', 'artifacts', '12', '-p', 'acme/platform/api', '--dest', '-'], { transport: api.transport, tty: true });
    expect(tty.code).toBe(2);
    expect(tty.stderr).toContain('refusing to write a zip archive to the terminal');
  });

  it('prints one file, non-ASCII path encoded segment by segment', async () => {
    api = mockApi();
    api.pool.intercept({ path: `${P}/jobs/12/artifacts/reports/r%C3%A9sum%C3%A9%20final.txt`, method: 'GET' }).reply(200, 'Résumé ✓\n', {
      headers: { 'content-disposition': 'attachment; filename="r_sum_ final.txt"; filename*=UTF-8\'\'r%C3%A9sum%C3%A9%20final.txt' },
    });
    const r = await runCli(['job', 'artifact', '12', 'reports/résumé final.txt', '-p', 'acme/platform/api'], { transport: api.transport });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Résumé ✓\n');
  });

  it('refuses a --dest that is a directory (it is never replaced, nor written into) with nothing sent', async () => {
    api = mockApi();
    const cwd = tmp();
    fs.mkdirSync(path.join(cwd, 'out'));
    for (const dest of ['.', 'out', 'out/']) {
      const r = await runCli(['job', 'artifact', '12', 'dist/app/version.txt', '-p', 'acme/platform/api', '--dest', dest], {
        transport: api.transport,
        cwd,
      });
      expect(r.code, dest).toBe(2);
      expect(r.stderr, dest).toMatch(/^collab: invalid value for --dest: .*(is a directory|names a directory)/);
      expect(r.stderr, dest).toContain('hint: give a file path, for example --dest ');
    }
    expect(fs.readdirSync(cwd)).toEqual(['out']);
    expect(fs.readdirSync(path.join(cwd, 'out'))).toEqual([]);
  });

  it('extracts with --extract and keeps no archive', async () => {
    api = mockApi();
    const cwd = tmp();
    api.pool
      .intercept({ path: `${P}/jobs/12/artifacts`, method: 'GET' })
      .reply(200, await zipOf({ 'dist/app.js': 'js', 'README.md': 'r' }));
    const r = await runCli(['job', 'artifacts', '12', '-p', 'acme/platform/api', '--extract', 'out'], { transport: api.transport, cwd });
    expect(r.stderr).toMatch(/^Extracted 2 files \(3 B\) of the artifacts of job 12 \(archive \d+ B\) into out\n$/);
    expect(r.code).toBe(0);
    expect(fs.readdirSync(cwd)).toEqual(['out']);
    expect(fs.readFileSync(path.join(cwd, 'out/dist/app.js'), 'utf8')).toBe('js');
  });

  it('follows a 302 to another origin without credentials, and keeps them on the same origin', async () => {
    api = mockApi();
    const cwd = tmp();
    const seen: Record<string, Record<string, string>> = {};
    const record =
      (key: string, status: number, data: string, headers: Record<string, string> = {}) =>
      (opts: { headers?: unknown }) => {
        seen[key] = Object.fromEntries(
          Object.entries((opts.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
        );
        return { statusCode: status, data, responseOptions: { headers } };
      };
    api.pool
      .intercept({ path: `${P}/jobs/12/artifacts`, method: 'GET' })
      .reply(record('api', 302, '', { location: `${P}/jobs/12/artifacts/moved` }));
    api.pool
      .intercept({ path: `${P}/jobs/12/artifacts/moved`, method: 'GET' })
      .reply(record('same', 302, '', { location: 'https://storage.test/bucket/12.zip?X-Signature=abc' }));
    api.agent
      .get('https://storage.test')
      .intercept({ path: '/bucket/12.zip?X-Signature=abc', method: 'GET' })
      .reply(record('storage', 200, 'ZIP'));
    const r = await runCli(['job', 'artifacts', '12', '-p', 'acme/platform/api', '--sudo', 'alice'], { transport: api.transport, cwd });
    expect(r.code).toBe(0);
    expect(fs.readFileSync(path.join(cwd, 'artifacts.zip'), 'utf8')).toBe('ZIP');
    expect(seen.api?.['private-token']).toBe(TEST_TOKEN);
    expect(seen.same?.['private-token']).toBe(TEST_TOKEN);
    expect(seen.storage).toBeDefined();
    for (const h of ['private-token', 'job-token', 'authorization', 'sudo']) expect(seen.storage?.[h]).toBeUndefined();
  });

  it('retries a 503 before the body and then succeeds', async () => {
    api = mockApi();
    const cwd = tmp();
    api.pool
      .intercept({ path: `${P}/jobs/12/artifacts`, method: 'GET' })
      .reply(503, '<html>503</html>', { headers: { 'content-type': 'text/html' } });
    api.pool.intercept({ path: `${P}/jobs/12/artifacts`, method: 'GET' }).reply(200, 'ZIP');
    const r = await runCli(['job', 'artifacts', '12', '-p', 'acme/platform/api'], { transport: api.transport, cwd });
    expect(r.code).toBe(0);
    expect(fs.readFileSync(path.join(cwd, 'artifacts.zip'), 'utf8')).toBe('ZIP');
  });

  it('a reset mid-body exits 1, leaves no temporary file and the existing destination untouched', async () => {
    const cwd = tmp();
    fs.writeFileSync(path.join(cwd, 'artifacts.zip'), 'previous');
    const transport = resettingTransport(Buffer.alloc(1000, 1), 5000);
    const r = await runCli(['job', 'artifacts', '12', '-p', 'acme/platform/api'], { transport, cwd });
    expect(r.code).toBe(1);
    const { retries, rest } = retriesIn(r.stderr);
    expect(retries).toHaveLength(4);
    expect(rest).toBe(
      'collab: download of the artifacts of job 12 failed after 1000 B: the connection ' +
        'was interrupted (ECONNRESET); gave up after 5 attempts\n',
    );
    expect(transport.seen).toHaveLength(5);
    expect(fs.readdirSync(cwd)).toEqual(['artifacts.zip']);
    expect(fs.readFileSync(path.join(cwd, 'artifacts.zip'), 'utf8')).toBe('previous');
  });

  it('a failed --extract leaves neither archive nor directory', async () => {
    const cwd = tmp();
    const r = await runCli(['job', 'artifacts', '12', '-p', 'acme/platform/api', '--extract', 'out'], {
      transport: resettingTransport(Buffer.alloc(10), 50),
      cwd,
    });
    expect(r.code).toBe(1);
    expect(fs.readdirSync(cwd)).toEqual([]);
  });

  it('Ctrl-C mid-body exits 130 and removes the temporary file', async () => {
    const cwd = tmp();
    const ac = new AbortController();
    const body = new PassThrough();
    const transport: Transport = {
      request: async () => {
        body.write(Buffer.alloc(100));
        setTimeout(() => ac.abort(), 20);
        return { statusCode: 200, headers: {}, body };
      },
    };
    const r = await runCli(['job', 'artifacts', '12', '-p', 'acme/platform/api'], { transport, cwd, signal: ac.signal });
    expect(r.code).toBe(130);
    expect(fs.readdirSync(cwd)).toEqual([]);
  });

  // Exit 3 is "no such artifacts" only: a job that does not exist is exit 1 (a CI loop waiting on 3 would never end).
  it.each([
    ['404 Job Not Found', 'job 12 does not exist in project acme/platform/api', 1],
    ['404 Artifacts Not Found', 'job 12 has no artifacts (none were uploaded, or they expired or were erased)', 3],
  ])('a 404 "%s" says what is missing', async (message, hint, code) => {
    api = mockApi();
    const cwd = tmp();
    fs.writeFileSync(path.join(cwd, 'artifacts.zip'), 'previous');
    api.pool.intercept({ path: `${P}/jobs/12/artifacts`, method: 'GET' }).reply(404, ...jsonReply({ message }));
    const r = await runCli(['job', 'artifacts', '12', '-p', 'acme/platform/api'], { transport: api.transport, cwd });
    expect(r.code).toBe(code);
    expect(r.stderr).toBe(`collab: ${message}\nhint: ${hint}\n`);
    expect(fs.readFileSync(path.join(cwd, 'artifacts.zip'), 'utf8')).toBe('previous');
    expect(fs.readdirSync(cwd)).toEqual(['artifacts.zip']);
  });

  it('a bare 404 on one file is explained by looking at the job', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: `${P}/jobs/12/artifacts/missing.txt`, method: 'GET' })
      .reply(404, ...jsonReply({ message: '404 Not found' }));
    api.pool
      .intercept({ path: `${P}/jobs/12`, method: 'GET' })
      .reply(200, ...jsonReply({ id: 12, artifacts_file: { filename: 'artifacts.zip', size: 10 } }));
    const r = await runCli(['job', 'artifact', '12', 'missing.txt', '-p', 'acme/platform/api'], { transport: api.transport });
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('collab: 404 Not found\nhint: the artifacts of job 12 have no file "missing.txt"\n');
  });

  it('a 404 by ref names the job and the ref', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: `${P}/jobs/artifacts/main/download?job=nope`, method: 'GET' })
      .reply(404, ...jsonReply({ message: '404 Not found' }));
    const r = await runCli(['job', 'artifacts', '--ref', 'main', '--job', 'nope', '-p', 'acme/platform/api', '--dest', '-'], {
      transport: api.transport,
    });
    expect(r.code).toBe(3);
    expect(r.stderr).toBe(
      'collab: 404 Not found\nhint: no successful job named "nope" with artifacts on ' +
        'ref "main" in project acme/platform/api: GitLab looks only in the latest ' +
        'successful pipeline on ref "main", which may have skipped it; --pipeline <id> ' +
        'names a pipeline\n',
    );
  });

  it('shows a 400 for an invalid path', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: `${P}/jobs/12/artifacts/a//b`, method: 'GET' })
      .reply(400, ...jsonReply({ message: '400 Bad request - Invalid artifact path' }));
    const r = await runCli(['job', 'artifact', '12', 'a//b', '-p', 'acme/platform/api'], { transport: api.transport });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('collab: 400 Bad request - Invalid artifact path\n');
  });

  it('rejects bad combinations before sending anything', async () => {
    api = mockApi();
    const cases: [string[], string][] = [
      [['job', 'artifacts', '-p', '7'], 'missing job'],
      [['job', 'artifacts', '-p', '7', '--ref', 'main'], '--ref needs --job <name>'],
      [['job', 'artifacts', '-p', '7', '--job', 'build'], '--job needs --ref <branch|tag> or --pipeline <id|current>'],
      [['job', 'artifacts', '-p', '7', '--job', 'build', '--pipeline', 'current'], '--pipeline current needs a CI job'],
      [['job', 'artifacts', '-p', '7', '--job', 'build', '--pipeline', '0'], 'invalid value for --pipeline'],
      [['job', 'artifacts', '-p', '7', '--job', 'build', '--pipeline', '4', '--ref', 'main'], 'cannot be used together'],
      [['job', 'artifacts', '-p', '7', '--job', 'build', '--ref', 'main', '--sha256', 'abc'], 'invalid value for --sha256'],
      [['job', 'artifact', '-p', '7', '--job', 'build', '--ref', 'main'], 'missing argument <path>'],
      [['job', 'artifact', '12', '-p', '7', '--job', 'build', 'a.txt'], 'not both'],
      [['job', 'artifact', 'x', 'a.txt', '-p', '7'], 'invalid value for <id>'],
      [['job', 'artifacts', '12', '-p', '7', '--ref', 'main', '--job', 'b'], 'not both'],
      [['job', 'artifacts', '12', '-p', '7', '--extract', 'x', '--dest', '-'], '--extract cannot be used with --dest -'],
      [['job', 'artifacts', '12', '-p', '7', '--dest', '/nonexistent-dir/a.zip'], 'does not exist'],
      [['job', 'artifact', '12', '../etc/passwd', '-p', '7'], '".." is not allowed'],
      [['job', 'artifacts', '12', '-p', '7', '--job-token'], 'CI_JOB_TOKEN'],
    ];
    for (const [args, message] of cases) {
      const r = await runCli(args, { transport: api.transport });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toContain(message);
    }
  });

  it('--dest replaces only a regular file: a device, FIFO, link or directory is refused with exit 2 before anything is sent', async () => {
    api = mockApi();
    const cwd = tmp();
    execFileSync('mkfifo', [path.join(cwd, 'fifo')]);
    fs.writeFileSync(path.join(cwd, 'real.zip'), 'mine');
    fs.symlinkSync('real.zip', path.join(cwd, 'link.zip'));
    fs.mkdirSync(path.join(cwd, 'dir'), { recursive: true });
    const before = fs.readdirSync(cwd).sort();
    const cases: [string[], string][] = [
      [
        ['job', 'artifacts', '12', '--dest', '/dev/null'],
        'invalid value for --dest: /dev/null is a character device; only a regular file is replaced',
      ],
      [
        ['job', 'artifacts', '12', '--dest', 'fifo'],
        `invalid value for --dest: ${path.join(cwd, 'fifo')} is a FIFO; only a regular file is replaced`,
      ],
      [
        ['job', 'artifacts', '12', '--dest', 'link.zip'],
        `invalid value for --dest: ${path.join(cwd, 'link.zip')} is a symbolic link; only a regular file is replaced`,
      ],
      [
        ['job', 'artifacts', '12', '--dest', 'dir'],
        `invalid value for --dest: ${path.join(cwd, 'dir')} is a directory; only a regular file is replaced`,
      ],
      [['job', 'artifact', '12', 'a.txt', '--dest', '/dev/stdout'], 'invalid value for --dest: /dev/stdout is a symbolic link'],
      [['job', 'artifacts', '12', '--dest', 'missing/'], 'invalid value for --dest: missing/ names a directory; give a file path'],
      [['job', 'artifacts', '12', '--dest', ''], 'invalid value for --dest: empty'],
    ];
    for (const [args, message] of cases) {
      const r = await runCli([...args, '-p', 'acme/platform/api'], { transport: api.transport, cwd });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.split('\n')[0], args.join(' ')).toContain(message);
    }
    expect(fs.readdirSync(cwd).sort()).toEqual(before);
    expect(fs.readFileSync(path.join(cwd, 'real.zip'), 'utf8')).toBe('mine');
    expect(fs.statSync('/dev/null').isCharacterDevice()).toBe(true);
  });

  it('/dev/stdout as --dest points to --dest -', async () => {
    api = mockApi();
    const r = await runCli(['job', 'artifact', '12', 'a.txt', '-p', '7', '--dest', '/dev/stdout'], { transport: api.transport });
    expect(r.stderr).toContain('hint: use --dest - to write to stdout');
  });

  it('--extract, --max-size and --max-entries are checked before anything is sent', async () => {
    api = mockApi();
    const cwd = tmp();
    fs.writeFileSync(path.join(cwd, 'file'), 'x');
    const cases: [string[], string][] = [
      [['--extract', 'file'], `invalid value for --extract: ${path.join(cwd, 'file')} is a regular file, not a directory`],
      [['--extract', 'out', '--max-size', 'lots'], 'invalid value for --max-size: "lots" is not a size'],
      [['--extract', 'out', '--max-size', '0'], 'invalid value for --max-size: the size must be at least 1 byte'],
      [['--extract', 'out', '--max-size', '1.5'], 'invalid value for --max-size: "1.5" is not a whole number of bytes'],
      [['--extract', 'out', '--max-size', '-1GiB'], 'invalid value for --max-size: "-1GiB" is not a size'],
      [['--extract', 'out', '--max-size', '1PiB'], 'invalid value for --max-size: "1PiB" is not a size'],
      [['--extract', 'out', '--max-entries', '0'], 'invalid value for --max-entries'],
      [['--max-size', '1GiB'], '--max-size applies to --extract'],
      [['--max-entries', '10'], '--max-entries applies to --extract'],
    ];
    for (const [args, message] of cases) {
      const r = await runCli(['job', 'artifacts', '12', '-p', '7', ...args], { transport: api.transport, cwd });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toContain(message);
    }
    expect(fs.readdirSync(cwd)).toEqual(['file']);
  });

  it('a reset mid-body is continued with Range when the server offers ranges', async () => {
    const cwd = tmp();
    const data = Buffer.from(Array.from({ length: 10_000 }, (_, i) => i % 256));
    const seen: TransportRequest[] = [];
    const transport: Transport = {
      request: async (req) => {
        seen.push(req);
        const range = Object.entries(req.headers).find(([k]) => k.toLowerCase() === 'range')?.[1];
        if (!range) {
          const body = Readable.from(
            (async function* () {
              yield data.subarray(0, 4000);
              throw Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
            })(),
          );
          return { statusCode: 200, headers: { 'content-length': String(data.length), 'accept-ranges': 'bytes', etag: '"a1"' }, body };
        }
        const from = Number(/bytes=(\d+)-/.exec(range)![1]);
        return {
          statusCode: 206,
          headers: { 'content-length': String(data.length - from), 'content-range': `bytes ${from}-${data.length - 1}/${data.length}` },
          body: Readable.from([data.subarray(from)]),
        };
      },
    };
    const r = await runCli(['job', 'artifacts', '12', '-p', 'acme/platform/api', '--debug'], { transport, cwd });
    expect(r.code, r.stderr).toBe(0);
    expect(fs.readFileSync(path.join(cwd, 'artifacts.zip')).equals(data)).toBe(true);
    expect(seen).toHaveLength(2);
    expect(r.stderr).toMatch(/! download cut after 3\.91 KiB; retrying in [\d.]+s \(attempt 2\/5\)/);
  });

  it('inside CI sends only JOB-TOKEN, with host and project from the CI environment', async () => {
    api = mockApi('https://ci.example.com');
    const cwd = tmp();
    api.pool
      .intercept({
        path: '/api/v4/projects/42/jobs/artifacts/feature%2Fx/download?job=build',
        method: 'GET',
        headers: (h) => !Object.keys(h).some((k) => k.toLowerCase() === 'private-token'),
      })
      .reply((opts) => {
        const h = Object.fromEntries(Object.entries(opts.headers as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]));
        return { statusCode: h['job-token'] === 'ci-job-secret' ? 200 : 401, data: 'ZIP' };
      });
    const env = {
      COLLAB_HOST: undefined,
      COLLAB_TOKEN: undefined,
      CI: 'true',
      CI_JOB_TOKEN: 'ci-job-secret',
      CI_SERVER_URL: 'https://ci.example.com',
      CI_PROJECT_ID: '42',
    };
    const r = await runCli(['job', 'artifacts', '--ref', 'feature/x', '--job', 'build'], { transport: api.transport, cwd, env });
    expect(r.stderr).toContain('Saved');
    expect(r.code).toBe(0);
    expect(fs.readFileSync(path.join(cwd, 'artifacts.zip'), 'utf8')).toBe('ZIP');
  });

  it('--job-token uses the job token even when COLLAB_TOKEN is set; other commands never send it', async () => {
    api = mockApi();
    const headersOf = (opts: { headers?: unknown }) =>
      Object.fromEntries(Object.entries(opts.headers as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]));
    let download: Record<string, string> = {};
    let view: Record<string, string> = {};
    api.pool.intercept({ path: `${P}/jobs/12/artifacts/a.txt`, method: 'GET' }).reply((opts) => {
      download = headersOf(opts);
      return { statusCode: 200, data: 'a' };
    });
    api.pool.intercept({ path: `${P}/jobs/12`, method: 'GET' }).reply((opts) => {
      view = headersOf(opts);
      return { statusCode: 200, data: { id: 12 }, responseOptions: { headers: JSON_HEADERS } };
    });
    const env = { CI_JOB_TOKEN: 'ci-job-secret', CI_SERVER_URL: TEST_HOST };
    const a = await runCli(['job', 'artifact', '12', 'a.txt', '-p', 'acme/platform/api', '--job-token'], { transport: api.transport, env });
    expect(a.code).toBe(0);
    expect(download['job-token']).toBe('ci-job-secret');
    expect(download['private-token']).toBeUndefined();
    const b = await runCli(['job', 'view', '12', '-p', 'acme/platform/api'], { transport: api.transport, env });
    expect(b.code).toBe(0);
    expect(view['private-token']).toBe(TEST_TOKEN);
    expect(view['job-token']).toBeUndefined();
  });

  it('draws a progress bar only when stderr is a terminal', async () => {
    api = mockApi();
    const cwd = tmp();
    api.pool
      .intercept({ path: `${P}/jobs/12/artifacts`, method: 'GET' })
      .reply(200, 'ZIP', { headers: { 'content-length': '3' } })
      .times(2);
    const piped = await runCli(['job', 'artifacts', '12', '-p', 'acme/platform/api'], { transport: api.transport, cwd });
    expect(piped.stderr).not.toContain('\r');
    const tty = await runCli(['job', 'artifacts', '12', '-p', 'acme/platform/api', '--dest', 'b.zip'], {
      transport: api.transport,
      cwd,
      tty: true,
    });
    expect(tty.code).toBe(0);
    expect(tty.stderr).toMatch(
      /^\rb\.zip \[#+\] 100%.*\u001b\[K\r\u001b\[K(\u001b\[32m)?✓ (\u001b\[39m)?Saved the artifacts of job 12 to b\.zip \(3 B\)\n$/,
    );
  });
});
