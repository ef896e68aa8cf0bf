import { describe, expect, it } from 'vitest';
import { buildRouter } from '../../src/sandbox/index.js';
import { readEndpoints } from '../helpers/endpoints.js';
import { JSON_HEADERS } from '../helpers/json-answer.js';

describe('sandbox endpoint coverage', () => {
  it('routes every endpoint of the spec', () => {
    const wanted = readEndpoints();
    expect(wanted.length).toBe(119);
    const routed = new Set(buildRouter().list());
    const missing = wanted.filter((endpoint) => !routed.has(endpoint));
    expect(missing).toEqual([]);
  });

  it('prefers literal segments over parameters', () => {
    const router = buildRouter();
    const found = router.lookup('GET', ['projects', '1', 'jobs', 'artifacts', 'main', 'download']);
    expect('match' in found && found.match.pathParams).toEqual({ id: '1', ref_name: 'main' });
    const wildcard = router.lookup('GET', ['projects', '1', 'jobs', '7', 'artifacts', 'a%20b', 'c.txt']);
    expect('match' in wildcard && wildcard.match.pathParams).toEqual({ id: '1', job_id: '7', artifact_path: 'a b/c.txt' });
    expect(router.lookup('PATCH', ['user'])).toEqual({ allowed: ['GET'] });
  });
});

describe('sandbox wildcard routes', () => {
  it('matches refs with unencoded slashes before a literal tail', () => {
    const router = buildRouter();
    const found = router.lookup('GET', ['projects', '1', 'jobs', 'artifacts', 'feature', 'x', 'download']);
    expect('match' in found && found.match.pathParams).toEqual({ id: '1', ref_name: 'feature/x' });
    const raw = router.lookup('GET', ['projects', '1', 'jobs', 'artifacts', 'feature', 'x', 'raw', 'dist', 'app', 'main.js']);
    expect('match' in raw && raw.match.pathParams).toEqual({ id: '1', ref_name: 'feature/x', artifact_path: 'dist/app/main.js' });
  });
});

describe('sandbox robustness', () => {
  it('answers every endpoint without a server error, with and without parameters', async () => {
    const { startSandbox } = await import('../../src/sandbox/index.js');
    const sb = await startSandbox({ port: 0 });
    try {
      const values: Record<string, string> = {
        id: 'acme%2Fplatform%2Fapi',
        issue_iid: '1',
        merge_request_iid: '1',
        job_id: '3',
        board_id: '1',
        list_id: '1',
        pipeline_id: '1',
        ref_name: 'main',
        artifact_path: 'dist/app/main.js',
        version_id: '1',
        project_id: '2',
        user_id: '2',
        key_id: '1',
        email_id: '1',
        impersonation_token_id: '1',
        cn: 'platform-developers',
        provider: 'ldapmain',
      };
      const lines = readEndpoints();
      // Deletions last, so they do not remove what other calls use.
      lines.sort((a, b) => Number(a.startsWith('DELETE')) - Number(b.startsWith('DELETE')));
      for (const line of lines) {
        const [method, pattern] = line.split(' ');
        const userScoped = pattern.startsWith('/users/') || pattern.startsWith('/groups/');
        const path = pattern.replace(/[:*](\w+)/g, (_m, name: string) =>
          name === 'id' && userScoped ? (pattern.startsWith('/users/') ? '2' : 'acme%2Fplatform') : values[name],
        );
        for (const body of [
          undefined,
          {
            title: 'x',
            name: 'x',
            path: 'x-path',
            key: 'x',
            email: 'x@example.com',
            duration: '1h',
            position: 1,
            label_id: 1,
            to_project_id: 2,
          },
        ]) {
          const res = await fetch(`${sb.url}/api/v4${path}`, {
            method,
            headers: { 'PRIVATE-TOKEN': 'sandbox-admin-token', ...JSON_HEADERS },
            body: body && method !== 'GET' ? JSON.stringify(body) : undefined,
          });
          const text = await res.text();
          expect(res.status, `${line} ${body ? 'with' : 'without'} parameters`).toBeLessThan(500);
          expect(text, `${line} is routed`).not.toBe('{"error":"404 Not Found"}');
          expect(res.status, `${line} is routed`).not.toBe(405);
        }
      }
    } finally {
      await sb.close();
    }
  });
});
