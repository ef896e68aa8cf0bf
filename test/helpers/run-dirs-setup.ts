import fs from 'node:fs';

/** Removes this run's folders (vitest.config.ts: the request log, the code cache, the command tests' configs, the packaged forms) once every project has run. */
export default function setup(): () => void {
  return () => {
    for (const dir of [
      process.env.COLLAB_TEST_REQUEST_LOG,
      process.env.COLLAB_TEST_CODE_CACHE,
      process.env.COLLAB_TEST_CONFIG_ROOT,
      process.env.COLLAB_TEST_PACKAGE_DIR,
    ])
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
  };
}
