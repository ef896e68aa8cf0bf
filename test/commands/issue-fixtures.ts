/** An issue as a list response carries it, with `extra` fields on top. */
export const issue = (iid: number, extra: Record<string, unknown> = {}) => ({
  id: 1000 + iid,
  iid,
  project_id: 7,
  title: `Issue ${iid}`,
  state: 'opened',
  labels: ['bug'],
  assignees: [{ id: 2, username: 'alice', name: 'Alice' }],
  updated_at: '2026-11-24T12:00:00.000Z',
  ...extra,
});
