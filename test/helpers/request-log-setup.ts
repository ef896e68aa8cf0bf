import fs from 'node:fs';

/** Removes this run's request log (vitest.config.ts) once every project has run. */
export default function setup(): () => void {
  return () => {
    const dir = process.env.COLLAB_TEST_REQUEST_LOG;
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  };
}
