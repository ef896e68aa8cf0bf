import { projectAccess, requireProject, requireUser } from '../access.js';
import type { Ctx } from '../context.js';
import { BOARD, BOARD_LIST } from '../entities/boards.js';
import { MILESTONE_CLOSED } from '../entities/common.js';
import { show } from '../entity.js';
import { HttpError, invalid, notFound } from '../errors.js';
import { type Board, type BoardList, OWNER, type Project, REPORTER } from '../model.js';
import { paginate } from '../pagination.js';
import { created, json, noContent, type Reply } from '../reply.js';
import type { RouteTable } from '../router.js';

function requireBoard(ctx: Ctx): { project: Project; board: Board } {
  requireUser(ctx);
  const project = requireProject(ctx);
  const board = ctx.store.boards.get(Number(ctx.path.board_id));
  if (!board || board.projectId !== project.id) throw notFound('Board');
  return { project, board };
}

function requireList(ctx: Ctx): { project: Project; board: Board; list: BoardList } {
  const { project, board } = requireBoard(ctx);
  const list = board.lists.find((l) => l.id === Number(ctx.path.list_id));
  if (!list) throw notFound('List');
  return { project, board, list };
}

function requireLevel(ctx: Ctx, project: Project, level: number): void {
  const user = requireUser(ctx);
  if (!user.admin && projectAccess(ctx.store, user, project) < level) throw new HttpError(403, { message: '403 Forbidden' });
}

const ordered = (board: Board): BoardList[] => [...board.lists].sort((a, b) => a.position - b.position);

/** Positions are 0..n-1; moving a list shifts the ones in between. */
function renumber(lists: BoardList[]): void {
  lists.forEach((list, index) => {
    list.position = index;
  });
}

function listBoards(ctx: Ctx): Reply {
  requireUser(ctx);
  const project = requireProject(ctx);
  const boards = [...ctx.store.boards.values()].filter((b) => b.projectId === project.id);
  return paginate(ctx, boards, (b) => show(ctx, BOARD, b));
}

function listBoardLists(ctx: Ctx): Reply {
  const { board } = requireBoard(ctx);
  return paginate(ctx, ordered(board), (l) => show(ctx, BOARD_LIST, l));
}

function showBoardList(ctx: Ctx): Reply {
  return json(show(ctx, BOARD_LIST, requireList(ctx).list));
}

function createBoardList(ctx: Ctx): Reply {
  const { project, board } = requireBoard(ctx);
  requireLevel(ctx, project, REPORTER);
  const labelId = ctx.params.requiredInt('label_id');
  const label = ctx.store.labels.get(labelId);
  if (!label || label.projectId !== project.id) throw invalid({ label: ["can't be blank"] });
  if (board.lists.some((l) => l.labelId === labelId)) throw invalid({ label: ['has already been taken'] });
  const list: BoardList = { id: ctx.store.nextId('list'), labelId, position: board.lists.length };
  board.lists.push(list);
  return created(show(ctx, BOARD_LIST, list));
}

function updateBoardList(ctx: Ctx): Reply {
  const { project, board, list } = requireList(ctx);
  requireLevel(ctx, project, REPORTER);
  const position = ctx.params.requiredInt('position');
  const lists = ordered(board).filter((l) => l !== list);
  const target = Math.max(0, Math.min(position, lists.length));
  lists.splice(target, 0, list);
  renumber(lists);
  return json(show(ctx, BOARD_LIST, list));
}

function deleteBoardList(ctx: Ctx): Reply {
  const { project, board, list } = requireList(ctx);
  requireLevel(ctx, project, OWNER);
  board.lists.splice(board.lists.indexOf(list), 1);
  renumber(ordered(board));
  return noContent();
}

export const boardRoutes: RouteTable = [
  { method: 'GET', path: '/projects/:id/boards', handler: listBoards },
  { method: 'GET', path: '/projects/:id/boards/:board_id/lists', handler: listBoardLists },
  { method: 'GET', path: '/projects/:id/boards/:board_id/lists/:list_id', handler: showBoardList },
  { method: 'POST', path: '/projects/:id/boards/:board_id/lists', handler: createBoardList },
  { method: 'PUT', path: '/projects/:id/boards/:board_id/lists/:list_id', handler: updateBoardList },
  { method: 'DELETE', path: '/projects/:id/boards/:board_id/lists/:list_id', handler: deleteBoardList },
];

// Not in the spec either; `title` (exact) and `state` as GitLab filters them, for lookups by title.
function listMilestones(ctx: Ctx): Reply {
  requireUser(ctx);
  const project = requireProject(ctx);
  const title = ctx.params.str('title');
  const state = ctx.params.str('state');
  const milestones = [...ctx.store.milestones.values()]
    .filter(
      (m) =>
        m.projectId === project.id &&
        (title === undefined || m.title === title) &&
        (state === undefined || state === '' || m.state === state),
    )
    .sort((a, b) => b.id - a.id);
  return paginate(ctx, milestones, (m) => show(ctx, MILESTONE_CLOSED, m));
}

/** `GET /projects/:id/milestones`: not in the spec's endpoint list, but milestones given by title need it. */
export const milestoneRoutes: RouteTable = [{ method: 'GET', path: '/projects/:id/milestones', handler: listMilestones }];
