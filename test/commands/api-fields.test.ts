import { afterEach, describe, expect, it } from 'vitest';
import { refusingTransport } from '../helpers/command-tree.js';
import { jsonReply, mockApi, recordRequests, runCli } from '../helpers/harness.js';

/**
 * `collab api`'s bracketed field names build the nested JSON GitLab's Grape params declare, as gh's
 * `api` builds them; before, `-f 'variables[][key]=K'` went out as a literal key GitLab ignores:
 * - lib/api/ci/pipelines.rb `POST :id/pipeline`: `optional :variables, type: Array do requires :key;
 *   requires :value; optional :variable_type end` (doc/api/pipelines.md "Create a new pipeline");
 * - lib/api/releases.rb `POST :id/releases`: `optional :assets, type: Hash do optional :links,
 *   type: Array do requires :name; requires :url; optional :direct_asset_path; optional :link_type`;
 * - lib/api/ci/variables.rb `GET :id/variables/:key`: `optional :filter, type: Hash do optional
 *   :environment_scope` — in a query, which Rack reads from `filter[environment_scope]=…` as written.
 */
describe('collab api: bracketed fields', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it("variables[][key] and variables[][value] are one object of GitLab's variables array; a repeated key starts the next", async () => {
    api = mockApi();
    const sent = recordRequests(api, 'POST', '/api/v4/projects/7/pipeline', 201, { id: 9 });
    const r = await runCli(
      [
        'api',
        '/projects/7/pipeline',
        '-f',
        'ref=main',
        '-f',
        'variables[][key]=DEPLOY',
        '-f',
        'variables[][value]=yes',
        '-f',
        'variables[][key]=TARGET',
        '-f',
        'variables[][value]=eu-1',
        '-f',
        'variables[][variable_type]=file',
      ],
      { transport: api.transport },
    );
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(JSON.parse(sent[0]!.body)).toEqual({
      ref: 'main',
      variables: [
        { key: 'DEPLOY', value: 'yes' },
        { key: 'TARGET', value: 'eu-1', variable_type: 'file' },
      ],
    });
  });

  it("assets[links][][name] builds a release's links; -F types the values; key[] alone is an empty array", async () => {
    api = mockApi();
    const sent = recordRequests(api, 'POST', '/api/v4/projects/7/releases', 201, { tag_name: 'v1' });
    const r = await runCli(
      [
        'api',
        '/projects/7/releases',
        '-f',
        'tag_name=v1',
        '-f',
        'assets[links][][name]=linux',
        '-f',
        'assets[links][][url]=https://example.com/linux',
        '-f',
        'assets[links][][link_type]=package',
        '-f',
        'assets[links][][name]=mac',
        '-f',
        'assets[links][][url]=https://example.com/mac',
        '-f',
        'milestones[]',
        '-F',
        'legacy_catalog_publish=false',
      ],
      { transport: api.transport },
    );
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(JSON.parse(sent[0]!.body)).toEqual({
      tag_name: 'v1',
      milestones: [],
      legacy_catalog_publish: false,
      assets: {
        links: [
          { name: 'linux', url: 'https://example.com/linux', link_type: 'package' },
          { name: 'mac', url: 'https://example.com/mac' },
        ],
      },
    });
  });

  it('in a query the names go as written, in order, for GitLab to read (filter[environment_scope], labels[])', async () => {
    api = mockApi();
    api.pool
      .intercept({ path: '/api/v4/projects/7/variables/KEY?filter%5Benvironment_scope%5D=production', method: 'GET' })
      .reply(200, ...jsonReply({ key: 'KEY', value: 'v' }));
    const r = await runCli(['api', '/projects/7/variables/KEY', '-X', 'GET', '-f', 'filter[environment_scope]=production'], {
      transport: api.transport,
    });
    expect([r.code, r.stdout]).toEqual([0, '{"key":"KEY","value":"v"}\n']);
  });

  it('a name collab cannot read is refused, naming it, and nothing is sent', async () => {
    for (const [field, says] of [
      ['variables[key=K', 'invalid field name "variables[key"'],
      ['variables]=K', 'invalid field name "variables]"'],
      ['[key]=K', 'invalid field name "[key]"'],
      ['a[b]c=1', 'invalid field name "a[b]c"'],
      ['a[][]=1', 'an array of arrays'],
    ] as const) {
      const { transport, calls } = refusingTransport();
      const r = await runCli(['api', '/projects/7/pipeline', '-f', field], { transport });
      expect([r.code, r.stdout, calls], field).toEqual([2, '', []]);
      expect(r.stderr, field).toContain(says);
      expect(r.stderr, field).toContain('-f');
    }
  });

  it('a value and an object under one name, and objects with fields from both -f and -F, are refused', async () => {
    const cases: [string[], string][] = [
      [['-f', 'ref=main', '-f', 'ref[name]=x'], '"ref" is given as a value and as an object'],
      [['-f', 'ref[name]=x', '-F', 'ref=1'], '"ref" is already an object or array'],
      [['-f', 'ref=a', '-f', 'ref=b'], '"ref" is given twice'],
      [
        ['-f', 'variables[][key]=A', '-F', 'variables[][masked]=true', '-f', 'variables[][key]=B', '-F', 'variables[][masked]=false'],
        'the objects of variables[] get fields from both -f and -F',
      ],
    ];
    for (const [fields, says] of cases) {
      const { transport, calls } = refusingTransport();
      const r = await runCli(['api', '/projects/7/pipeline', ...fields], { transport });
      expect([r.code, r.stdout, calls], fields.join(' ')).toEqual([2, '', []]);
      expect(r.stderr, fields.join(' ')).toContain(says);
    }
    // One object from both flags is not ambiguous.
    api = mockApi();
    const sent = recordRequests(api, 'POST', '/api/v4/projects/7/pipeline', 201, { id: 9 });
    const r = await runCli(['api', '/projects/7/pipeline', '-f', 'variables[][key]=A', '-F', 'variables[][masked]=true'], {
      transport: api.transport,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(sent[0]!.body)).toEqual({ variables: [{ key: 'A', masked: true }] });
  });
});
