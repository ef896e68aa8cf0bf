import fs from 'node:fs';

/** Removes this run's folders (vitest.config.ts: the request log, the code cache) once every project has run. */
export default function setup(): () => void {
  return () => {
    for (const dir of [process.env.COLLAB_TEST_REQUEST_LOG, process.env.COLLAB_TEST_CODE_CACHE])
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
  };
}
