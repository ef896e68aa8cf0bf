import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildRouter } from '../../src/sandbox/index.js';

const ENDPOINTS = path.resolve(import.meta.dirname, '../../../shared/api/endpoints.txt');

describe('sandbox endpoint coverage', () => {
  it.skipIf(!fs.existsSync(ENDPOINTS) && process.env.CI !== 'true')('routes every endpoint of the spec', () => {
    const wanted = fs
      .readFileSync(ENDPOINTS, 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '');
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
