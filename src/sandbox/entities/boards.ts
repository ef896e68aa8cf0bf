import { both, entity, gitlab, render } from '../entity.js';
import type { Board, BoardList } from '../model.js';
import { MILESTONE } from './common.js';
import { BOARD_LABEL } from './labels.js';
import { BOARD_PROJECT } from './projects.js';

/** `List` (lib/api/entities/list.rb; EE's list.rb adds the work-in-progress limits): a board's list. */
export const BOARD_LIST = entity<BoardList>('List: lib/api/entities/list.rb, ee/lib/ee/api/entities/list.rb', {
  id: both((l) => l.id),
  label: both((l, v) => {
    const label = v.store.labels.get(l.labelId);
    return label ? render(BOARD_LABEL, label, v) : null;
  }),
  position: both((l) => l.position),
  max_issue_count: gitlab(() => 0),
  max_issue_weight: gitlab(() => 0),
  limit_metric: gitlab(() => null),
});

/** `Board` (lib/api/entities/board.rb; EE's board.rb adds its scope: milestone, assignee, labels, weight). */
export const BOARD = entity<Board>('Board: lib/api/entities/board.rb, ee/lib/ee/api/entities/board.rb', {
  id: both((b) => b.id),
  name: gitlab(() => 'Development'),
  hide_backlog_list: gitlab(() => false),
  hide_closed_list: gitlab(() => false),
  project: both((b, v) => {
    const project = v.store.projects.get(b.projectId);
    return project ? render(BOARD_PROJECT, project, v) : null;
  }),
  milestone: both((b, v) => {
    const milestone = b.milestoneId == null ? undefined : v.store.milestones.get(b.milestoneId);
    if (!milestone) return null;
    return v.flavor === 'spec' ? { id: milestone.id, title: milestone.title } : render(MILESTONE, milestone, v);
  }),
  lists: both((b, v) => [...b.lists].sort((a, c) => a.position - c.position).map((l) => render(BOARD_LIST, l, v))),
  group: gitlab(() => null),
  assignee: gitlab(() => null),
  labels: gitlab(() => []),
  weight: gitlab(() => null),
});
