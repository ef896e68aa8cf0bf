import { describe, expect, it } from 'vitest';
import { bypassProxy, createTransport, proxyPolicy } from '../../src/api/connect.js';
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

  it('NO_PROXY: ports, IP addresses (IPv6 with or without brackets), CIDR ranges, trailing dots', () => {
    const cases: [string, string, string | undefined, boolean][] = [
      ['gitlab.example.com', 'example.com:443', '443', true],
      ['gitlab.example.com', 'example.com:443', '8443', false],
      ['a.example.com', '*.example.com', '443', true],
      ['example.com.', 'example.com', '443', true],
      ['example.com', 'example.com.', '443', true],
      ['10.1.2.3', '10.0.0.0/8', '443', true],
      ['11.1.2.3', '10.0.0.0/8', '443', false],
      ['gitlab.example.com', '10.0.0.0/8', '443', false],
      ['127.0.0.1', '127.0.0.0/8', '80', true],
      ['127.0.0.1', '127.0.0.1:80', '80', true],
      ['127.0.0.1', '127.0.0.1:81', '80', false],
      ['[::1]', '::1', '443', true],
      ['[::1]', '[::1]', '443', true],
      ['[::1]', '[::1]:8080', '443', false],
      ['[::1]', '[::1]:8080', '8080', true],
      ['[fd00::5]', 'fd00::/8', '443', true],
      ['[fe80::1]', 'fd00::/8', '443', false],
      ['localhost', '127.0.0.1', '80', false],
      ['1.2.3.4', '1.2.3.4/33', '80', false],
      ['host', '.', '80', false],
    ];
    for (const [host, noProxy, port, expected] of cases)
      expect(bypassProxy(host, noProxy, port), `${host} ${noProxy} ${port}`).toBe(expected);
    // Per origin: the origin's port (or the scheme's default) is the one compared.
    const policy = proxyPolicy({
      HTTPS_PROXY: 'http://proxy:3128',
      HTTP_PROXY: 'http://proxy:3128',
      NO_PROXY: 'gitlab.example.com:8443,10.0.0.0/8',
    })!;
    expect(policy(new URL('https://gitlab.example.com:8443'))).toBeUndefined();
    expect(policy(new URL('https://gitlab.example.com'))?.host).toBe('proxy:3128');
    expect(policy(new URL('http://10.9.8.7:8080'))).toBeUndefined();
  });

  it('decides per request origin: the proxy of the scheme unless NO_PROXY excludes the host', () => {
    const api = new URL('https://gitlab.example.com');
    const storage = new URL('https://objects.storage.example');
    expect(proxyPolicy({})).toBeUndefined();
    expect(proxyPolicy({ HTTP_PROXY: 'http://proxy:3128' })!(api)).toBeUndefined();
    expect(proxyPolicy({ HTTP_PROXY: 'http://proxy:3128' })!(new URL('http://gitlab.example.com'))?.host).toBe('proxy:3128');
    expect(proxyPolicy({ HTTPS_PROXY: 'http://proxy:3128' })!(api)?.host).toBe('proxy:3128');
    // The API host is excluded, the object storage a download is redirected to is not.
    const split = proxyPolicy({ https_proxy: 'http://proxy:3128', no_proxy: 'example.com' })!;
    expect(split(api)).toBeUndefined();
    expect(split(storage)?.host).toBe('proxy:3128');
    // curl's reading of a bare host:port.
    expect(proxyPolicy({ HTTPS_PROXY: 'proxy.corp:8080' })!(api)?.href).toBe('http://proxy.corp:8080/');
  });

  it('a proxy URL it cannot use is a usage error, before anything is sent', () => {
    expect(() => proxyPolicy({ HTTPS_PROXY: 'socks5://proxy:1080' })).toThrow(/only http:\/\/ and https:\/\/ proxies/);
    expect(() => proxyPolicy({ HTTPS_PROXY: 'http://[bad' })).toThrow(UsageError);
    expect(() => proxyPolicy({ HTTP_PROXY: 'ftp://me:s3cret@proxy:21' })).toThrow('invalid HTTP_PROXY "ftp://…@proxy:21"');
  });

  it('an unreadable private CA is a usage error naming where it was set', () => {
    expect(() =>
      createTransport({ host: 'https://h.example', env: {}, caFiles: [{ path: '/nonexistent/ca.pem', from: 'ca_file' }] }),
    ).toThrow('cannot read ca_file /nonexistent/ca.pem');
    expect(() =>
      createTransport({ host: 'https://h.example', env: {}, caFiles: [{ path: '/nonexistent/ci.pem', from: 'CI_SERVER_TLS_CA_FILE' }] }),
    ).toThrow(UsageError);
  });
});
