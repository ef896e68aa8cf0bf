import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { canOpenPages, openUrl, webPage } from '../../src/output/browser.js';
import { tempDir } from '../helpers/temp.js';

describe('webPage: what a server names as web_url, before a browser sees it', () => {
  it('keeps http and https URLs, normalised', () => {
    expect(webPage('https://gitlab.example.com/acme/api/-/issues/3')).toBe('https://gitlab.example.com/acme/api/-/issues/3');
    expect(webPage('http://127.0.0.1:3000/a b')).toBe('http://127.0.0.1:3000/a%20b');
    expect(webPage('https://h/x\u001b]0;owned\u0007')).not.toMatch(/[\u0000-\u001f]/);
  });

  it('refuses anything else with exit 1 (the answer is at fault)', () => {
    for (const bad of ['javascript:alert(1)', 'file:///etc/passwd', '--new-window', '', undefined, 42, 'acme/api']) {
      expect(() => webPage(bad)).toThrowError(expect.objectContaining({ exitCode: 1, message: expect.stringContaining('no web page') }));
    }
  });
});

describe('openUrl', () => {
  it('runs $BROWSER with the URL as one argument the shell never reads', async () => {
    const dir = tempDir('collab-browser-');
    const out = path.join(dir, 'args');
    const script = path.join(dir, 'browser.sh');
    fs.writeFileSync(script, `#!/bin/sh\nprintf '%s|' "$@" > '${out}'\n`, { mode: 0o755 });
    const url = 'https://h/a$(touch pwned)`id`;b&c';
    await openUrl(url, { BROWSER: script, PATH: process.env.PATH });
    expect(fs.readFileSync(out, 'utf8')).toBe(`${url}|`);
    expect(fs.existsSync(path.join(dir, 'pwned'))).toBe(false);
  });

  it('without $BROWSER uses the platform opener, loaded only then', async () => {
    const opened: string[] = [];
    let loads = 0;
    const load = async () => {
      loads++;
      return { default: async (target: string) => void opened.push(target) };
    };
    await openUrl('https://h/x', { BROWSER: '' }, load);
    expect(opened).toEqual(['https://h/x']);
    expect(loads).toBe(1);
    await openUrl('https://h/y', { BROWSER: 'true' }, load);
    expect(loads).toBe(1);
  });

  it('an opener that cannot start is exit 1 with the URL in the hint', async () => {
    const load = async () => ({ default: async () => Promise.reject(new Error('spawn xdg-open ENOENT')) });
    await expect(openUrl('https://h/x', {}, load)).rejects.toThrowError(
      expect.objectContaining({
        exitCode: 1,
        message: 'could not open a browser: spawn xdg-open ENOENT',
        hint: 'open https://h/x yourself, or set BROWSER',
      }),
    );
  });
});

describe('canOpenPages: whether --web has a browser to reach (issue 38 item 6)', () => {
  it('a browser people set is always reachable', () => {
    expect(canOpenPages({ BROWSER: 'w3m' }, undefined, 'linux')).toBe(true);
    expect(canOpenPages({}, 'firefox --new-tab', 'linux')).toBe(true);
  });

  it('macOS and Windows always have an opener; WSL opens through Windows', () => {
    expect(canOpenPages({}, undefined, 'darwin')).toBe(true);
    expect(canOpenPages({}, undefined, 'win32')).toBe(true);
    expect(canOpenPages({ WSL_DISTRO_NAME: 'Ubuntu' }, undefined, 'linux')).toBe(true);
  });

  it('elsewhere only a graphical session: over SSH or in a container xdg-open would open nothing', () => {
    expect(canOpenPages({ DISPLAY: ':0' }, undefined, 'linux')).toBe(true);
    expect(canOpenPages({ WAYLAND_DISPLAY: 'wayland-0' }, undefined, 'freebsd')).toBe(true);
    expect(canOpenPages({ SSH_CONNECTION: '1 2 3 4', BROWSER: ' ', DISPLAY: '' }, '  ', 'linux')).toBe(false);
    expect(canOpenPages({}, undefined, 'linux')).toBe(false);
  });
});
