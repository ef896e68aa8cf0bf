import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contentTypeOf, jsonReply, mockApi, recordRequests, runCli, type Sent } from '../helpers/harness.js';
import { JSON_HEADERS } from '../helpers/json-answer.js';
import { tempDir } from '../helpers/temp.js';

const fork = (status: string, extra: Record<string, unknown> = {}) => ({
  id: 9,
  path_with_namespace: 'alice/website',
  visibility: 'public',
  import_status: status,
  ...extra,
});

describe('project fork', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it('returns at once with the new project and says the copy continues', async () => {
    api = mockApi();
    const seen = recordRequests(api, 'POST', '/api/v4/projects/acme%2Fwebsite/fork', 201, fork('scheduled'));
    const r = await runCli(['project', 'fork', 'acme/website', '--namespace', 'alice', '--fields', 'path_with_namespace,import_status'], {
      transport: api.transport,
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(seen[0]!.body)).toStrictEqual({ namespace: 'alice' });
    expect(r.stdout).toBe('path_with_namespace\talice/website\nimport_status\tscheduled\n');
    expect(r.stderr).toContain('continues in the background (import_status: scheduled)');
  });

  it('sends a numeric namespace as an integer', async () => {
    api = mockApi();
    const seen = recordRequests(api, 'POST', '/api/v4/projects/2/fork', 201, fork('finished'));
    const r = await runCli(['project', 'fork', '-p', '2', '--namespace', '12', '-o', 'json'], { transport: api.transport });
    expect(r.code).toBe(0);
    expect(JSON.parse(seen[0]!.body)).toStrictEqual({ namespace: 12 });
    expect(r.stderr).toBe('Forked 2 as alice/website\n');
  });

  it('--wait polls the new project until import_status is finished', async () => {
    api = mockApi();
    recordRequests(api, 'POST', '/api/v4/projects/acme%2Fwebsite/fork', 201, fork('scheduled'));
    api.pool.intercept({ path: '/api/v4/projects/9', method: 'GET' }).reply(200, ...jsonReply(fork('started')));
    api.pool.intercept({ path: '/api/v4/projects/9', method: 'GET' }).reply(200, ...jsonReply(fork('finished')));
    const r = await runCli(['project', 'fork', 'acme/website', '--namespace', 'alice', '--wait', '-o', 'json'], {
      transport: api.transport,
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(fork('finished'));
    expect(r.stderr).toBe('Forked acme/website as alice/website\n');
  });

  it('--wait exits 1 when the copy failed', async () => {
    api = mockApi();
    recordRequests(api, 'POST', '/api/v4/projects/acme%2Fwebsite/fork', 201, fork('scheduled'));
    api.pool
      .intercept({ path: '/api/v4/projects/9', method: 'GET' })
      .reply(200, ...jsonReply(fork('failed', { import_error: 'disk full' })));
    const r = await runCli(['project', 'fork', 'acme/website', '--namespace', 'alice', '--wait'], { transport: api.transport });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('collab: fork alice/website failed: disk full\n');
  });

  it('--wait gives up after --wait-timeout', async () => {
    api = mockApi();
    recordRequests(api, 'POST', '/api/v4/projects/acme%2Fwebsite/fork', 201, fork('scheduled'));
    let polls = 0;
    api.pool
      .intercept({ path: '/api/v4/projects/9', method: 'GET' })
      .reply(() => {
        polls++;
        return { statusCode: 200, data: JSON.stringify(fork('started')), responseOptions: { headers: JSON_HEADERS } };
      })
      .persist();
    const waits: number[] = [];
    const r = await runCli(['project', 'fork', 'acme/website', '--namespace', 'alice', '--wait-timeout', '1'], {
      transport: api.transport,
      sleep: async (ms) => void waits.push(ms),
    });
    // Waits from 250 ms, growing by half, the last one cut at the deadline; a poll after each.
    expect(waits).toEqual([250, 375, 375]);
    expect(polls).toBe(3);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('timed out after 1s waiting for the fork alice/website (import_status: started)');
  });

  it('--wait runs on the shared polling loop: Retry-After is a floor, and an ETag makes the next poll conditional', async () => {
    // GitLab's `get ':id'` (lib/api/projects.rb) answers through Rack::ETag / Rack::ConditionalGet: a weak
    // ETag, and 304 to a matching If-None-Match. A server or proxy asking for slower polls says Retry-After.
    api = mockApi();
    recordRequests(api, 'POST', '/api/v4/projects/acme%2Fwebsite/fork', 201, fork('scheduled'));
    const answers = [
      { status: 'started', headers: { 'retry-after': '4' } },
      { status: 'started', headers: {} },
      { status: 'finished', headers: {} },
    ];
    const asked: string[] = [];
    let n = 0;
    api.pool
      .intercept({ path: '/api/v4/projects/9', method: 'GET' })
      .reply((req) => {
        const answer = answers[n++]!;
        const etag = `W/"${answer.status}"`;
        const ifNoneMatch =
          Object.entries(req.headers as Record<string, string>).find(([k]) => k.toLowerCase() === 'if-none-match')?.[1] ?? '';
        asked.push(ifNoneMatch);
        if (ifNoneMatch === etag) return { statusCode: 304, data: '', responseOptions: { headers: { etag, ...answer.headers } } };
        return {
          statusCode: 200,
          data: JSON.stringify(fork(answer.status)),
          responseOptions: { headers: { ...JSON_HEADERS, etag, ...answer.headers } },
        };
      })
      .times(answers.length);
    const waits: number[] = [];
    const r = await runCli(['project', 'fork', 'acme/website', '--namespace', 'alice', '--wait', '-o', 'json'], {
      transport: api.transport,
      sleep: async (ms) => void waits.push(ms),
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(fork('finished'));
    // 250 ms first; the server's 4 s instead of the backoff's 375 ms; then the backoff grows on (the 304 changed nothing).
    expect(waits).toEqual([250, 4000, 563]);
    expect(asked).toEqual(['', 'W/"started"', 'W/"started"']);
  });

  it('shows a spinner only when stderr is a terminal', async () => {
    api = mockApi();
    recordRequests(api, 'POST', '/api/v4/projects/acme%2Fwebsite/fork', 201, fork('scheduled'));
    api.pool.intercept({ path: '/api/v4/projects/9', method: 'GET' }).reply(200, ...jsonReply(fork('finished')));
    const r = await runCli(['project', 'fork', 'acme/website', '--namespace', 'alice', '--wait', '-o', 'json'], {
      transport: api.transport,
      tty: true,
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('Fork alice/website is ready');
  });

  it('needs --namespace without a terminal, and checks --wait-timeout', async () => {
    api = mockApi();
    let r = await runCli(['project', 'fork', 'acme/website'], { transport: api.transport });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--namespace');
    r = await runCli(['project', 'fork', 'acme/website', '--namespace', 'x', '--wait-timeout', 'soon'], { transport: api.transport });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--wait-timeout');
  });
});

describe('project upload', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  const uploaded = { alt: 'notes', url: '/uploads/abc/notes.txt', markdown: '[notes](/uploads/abc/notes.txt)' };

  function multipartOf(seen: Sent, filename: string, type: string, content: string): void {
    const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(contentTypeOf(seen))?.[1];
    expect(boundary).toBeTruthy();
    expect(seen.body).toBe(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; ` +
        `filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n${content}\r\n--${boundary}--\r\n`,
    );
  }

  it('posts the file as multipart form data and prints the markdown link', async () => {
    api = mockApi();
    const dir = tempDir('collab-upload-');
    const file = path.join(dir, 'notes.txt');
    fs.writeFileSync(file, 'line 1\r\nline 2\n');
    const seen = recordRequests(api, 'POST', '/api/v4/projects/acme%2Fwebsite/uploads', 201, uploaded);
    const r = await runCli(['project', 'upload', file, '-p', 'acme/website'], { transport: api.transport });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('[notes](/uploads/abc/notes.txt)\n');
    multipartOf(seen[0]!, 'notes.txt', 'text/plain', 'line 1\r\nline 2\n');
  });

  it('prints the whole upload object with -o json and reads stdin with --filename', async () => {
    api = mockApi();
    const seen = recordRequests(api, 'POST', '/api/v4/projects/7/uploads', 201, uploaded);
    const r = await runCli(['project', 'upload', '-', '-p', '7', '--filename', 'shot "1".png', '-o', 'json'], {
      transport: api.transport,
      stdin: 'PNGDATA',
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(uploaded);
    multipartOf(seen[0]!, 'shot %221%22.png', 'image/png', 'PNGDATA');
  });

  it('refuses stdin without --filename and a missing file, sending nothing', async () => {
    api = mockApi();
    let r = await runCli(['project', 'upload', '-', '-p', '7'], { transport: api.transport, stdin: 'x' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--filename');
    r = await runCli(['project', 'upload', '/nonexistent/file.txt', '-p', '7'], { transport: api.transport });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('cannot read');
  });
});
