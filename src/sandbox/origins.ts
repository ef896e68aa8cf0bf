/** Path of the fake object storage that artifact downloads may be redirected to. */
export const OBJECT_STORAGE_PREFIX = '/__sandbox/object-storage/';

/** The same server under another host name (127.0.0.1 ↔ localhost), i.e. another origin. */
export function otherHost(host: string, port: number): string {
  const name = host.replace(/:\d+$/, '');
  return `${name === 'localhost' ? '127.0.0.1' : 'localhost'}:${port}`;
}
