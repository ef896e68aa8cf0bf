import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/e2e.js';
import { git, gitRepo } from '../helpers/git.js';
import { jsonReply, mockApi, runCli, TEST_HOST } from '../helpers/harness.js';
import { mr } from './mr-fixtures.js';

const MR = '/api/v4/projects/acme%2Fplatform%2Fapi/merge_requests/3';

describe('mr checkout: what the server names is never a git option', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api?.done());

  it.each(['--upload-pack=touch pwned', 'a..b', 'x y', 'main.lock'])(
    'a source branch %j is refused (exit 1), git never asked to fetch',
    async (hostile) => {
      const cwd = gitRepo(tempDir('collab-co-hostile-'), { origin: `${TEST_HOST}/acme/platform/api.git` });
      api = mockApi();
      api.pool.intercept({ path: MR, method: 'GET' }).reply(200, ...jsonReply(mr(3, { source_branch: hostile })));
      const r = await runCli(['mr', 'checkout', '3', '-p', 'acme/platform/api'], { transport: api.transport, cwd });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain("collab: the merge request's source branch");
      expect(r.stderr).toContain('hint: give one with --branch');
      expect(git(cwd, ['for-each-ref']).trim()).toBe('');
    },
  );
});
