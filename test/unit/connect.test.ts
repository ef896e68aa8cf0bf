import { describe, expect, it } from 'vitest';
import { bypassProxy, createTransport } from '../../src/api/connect.js';
import { NodeHttpTransport } from '../../src/api/transport.js';
import { UsageError } from '../../src/errors.js';

describe('choosing a transport', () => {
  it('NO_PROXY: exact hosts, domain suffixes and *', () => {
    expect(bypassProxy('gitlab.corp.example', 'localhost,.corp.example')).toBe(true);
    expect(bypassProxy('corp.example', '.corp.example')).toBe(true);
    expect(bypassProxy('gitlab.example.com', 'example.com:443')).toBe(true);
    expect(bypassProxy('notexample.com', 'example.com')).toBe(false);
    expect(bypassProxy('anything', '*')).toBe(true);
    expect(bypassProxy('gitlab.com', undefined)).toBe(false);
  });

  it('direct unless a proxy applies to the scheme and the host is not excluded', () => {
    const direct = createTransport({ host: 'https://gitlab.example.com', env: { HTTP_PROXY: 'http://proxy:3128' } });
    expect(direct).toBeInstanceOf(NodeHttpTransport);
    const proxied = createTransport({ host: 'https://gitlab.example.com', env: { HTTPS_PROXY: 'http://proxy:3128' } });
    expect(proxied).not.toBeInstanceOf(NodeHttpTransport);
    const excluded = createTransport({ host: 'https://gitlab.example.com', env: { https_proxy: 'http://proxy:3128', no_proxy: 'example.com' } });
    expect(excluded).toBeInstanceOf(NodeHttpTransport);
  });

  it('an unreadable ca_file is a usage error', () => {
    expect(() => createTransport({ host: 'https://h.example', env: {}, caFile: '/nonexistent/ca.pem' })).toThrow(UsageError);
  });
});
