import type { Env } from '../env.js';
import { LocalError } from '../errors.js';

/** Opens a URL: a web page of the server, checked by `webPage` first. */
export type Opener = (url: string) => Promise<void>;

/**
 * The web page a server named (`web_url`), as a URL safe to hand to a browser: http or https only
 * (never `file:`, `javascript:` or a word a browser would read as an option), normalised by the
 * URL parser, so no control character or space is left in it.
 */
export function webPage(value: unknown): string {
  let url: URL | undefined;
  try {
    url = typeof value === 'string' ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new LocalError('the answer names no web page (no http or https web_url)');
  return url.href;
}

/**
 * Whether this session can show a web page: a browser people set (the config's `browser`,
 * `$BROWSER`), or a desktop the platform's opener reaches — macOS and Windows always, WSL through
 * Windows, elsewhere a graphical session (`DISPLAY`, `WAYLAND_DISPLAY`). Over SSH or in a container
 * xdg-open would start and open nothing, which is what people were told had happened.
 */
export function canOpenPages(env: Env, configured?: string, platform: NodeJS.Platform = process.platform): boolean {
  if (configured?.trim() || env.BROWSER?.trim()) return true;
  if (platform === 'darwin' || platform === 'win32') return true;
  return Boolean(env.DISPLAY?.trim() || env.WAYLAND_DISPLAY?.trim() || env.WSL_DISTRO_NAME?.trim());
}

/**
 * Opens `url` with the browser people set (the config's `browser`, else `$BROWSER`: a command
 * line; the URL is its last argument, never read by the shell) and waits for it, as a terminal
 * browser needs the terminal; else with the platform's opener (the `open` package: xdg-open,
 * open, start), loaded only here.
 */
export async function openUrl(
  url: string,
  env: Env,
  load: () => Promise<{ default: (target: string) => Promise<unknown> }> = () => import('open'),
  configured?: string,
): Promise<void> {
  const browser = configured?.trim() || env.BROWSER?.trim();
  if (browser) return runBrowser(browser, url, env);
  const { default: open } = await load();
  try {
    await open(url);
  } catch (err) {
    throw new LocalError(`could not open a browser: ${(err as Error).message}`, `open ${url} yourself, or set BROWSER`);
  }
}

async function runBrowser(browser: string, url: string, env: Env): Promise<void> {
  const { runUserCommand } = await import('./user-command.js');
  const failed = await runUserCommand(browser, url, env);
  if (failed) throw new LocalError(`the browser (${browser}) failed (${failed})`, `open ${url} yourself`);
}
