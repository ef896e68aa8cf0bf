import type { Board, BoardList } from '../model.js';
import type { Store } from '../store.js';
import { projectSummary } from './projects.js';

export function boardListView(store: Store, list: BoardList): Record<string, unknown> {
  const label = store.labels.get(list.labelId);
  return {
    id: list.id,
    label: label ? { name: label.name, color: label.color, description: label.description } : null,
    position: list.position,
  };
}

export function boardView(store: Store, board: Board): Record<string, unknown> {
  const project = store.projects.get(board.projectId);
  const milestone = board.milestoneId == null ? undefined : store.milestones.get(board.milestoneId);
  const fullPath = project ? store.projectFullPath(project) : '';
  return {
    id: board.id,
    project: project
      ? { ...projectSummary(store, project), http_url_to_repo: `${store.baseUrl}/${fullPath}.git`, web_url: `${store.baseUrl}/${fullPath}` }
      : null,
    milestone: milestone ? { id: milestone.id, title: milestone.title } : null,
    lists: [...board.lists].sort((a, b) => a.position - b.position).map((l) => boardListView(store, l)),
  };
}
