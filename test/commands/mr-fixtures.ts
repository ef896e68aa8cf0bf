/** A merge request as the API sends it, for the mr command tests. */
export const mr = (iid: number, extra: Record<string, unknown> = {}) => ({
  id: 500 + iid,
  iid,
  project_id: 7,
  title: `MR ${iid}`,
  state: 'opened',
  source_branch: 'feature/x',
  target_branch: 'main',
  author: { id: 2, username: 'alice', name: 'Alice' },
  sha: 'a'.repeat(40),
  merge_status: 'can_be_merged',
  updated_at: '2026-11-24T12:00:00.000Z',
  ...extra,
});
