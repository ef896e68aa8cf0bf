/** The records the sandbox keeps. Times are epoch milliseconds; views render them. */

export type AccessLevel = 10 | 20 | 30 | 40 | 50;
export const GUEST = 10;
export const REPORTER = 20;
export const DEVELOPER = 30;
export const MAINTAINER = 40;
export const OWNER = 50;

export type Visibility = 'private' | 'internal' | 'public';

export interface User {
  id: number;
  username: string;
  name: string;
  email: string;
  /** `ldap_blocked` is reported as `blocked` but cannot be unblocked through the API. */
  state: 'active' | 'blocked' | 'ldap_blocked';
  admin: boolean;
  createdAt: number;
  bio: string;
  location: string;
  organization: string;
  websiteUrl: string;
  messenger: string;
  professionalProfile: string;
  microblog: string;
  lastSignInAt: number | null;
  currentSignInAt: number | null;
  confirmedAt: number | null;
  lastActivityAt: number | null;
  themeId: number;
  colorSchemeId: number;
  projectsLimit: number;
  identities: { provider: string; extern_uid: string }[];
  canCreateGroup: boolean;
  canCreateProject: boolean;
  twoFactorEnabled: boolean;
  external: boolean;
  sharedRunnersMinutesLimit: number | null;
  customAttributes: Record<string, string>;
  privateToken: string;
  namespaceId: number;
  avatarUrl: string | null;
}

export interface SshKey {
  id: number;
  userId: number;
  title: string;
  key: string;
  createdAt: number;
}
export interface GpgKey {
  id: number;
  userId: number;
  key: string;
  createdAt: number;
}
export interface Email {
  id: number;
  userId: number;
  email: string;
}
export interface ImpersonationToken {
  id: number;
  userId: number;
  name: string;
  token: string;
  scopes: string[];
  revoked: boolean;
  createdAt: number;
  expiresAt: string | null;
}

export interface Group {
  id: number;
  name: string;
  path: string;
  description: string;
  visibility: Visibility;
  parentId: number | null;
  lfsEnabled: boolean;
  requestAccessEnabled: boolean;
  membershipLock: boolean;
  shareWithGroupLock: boolean;
  sharedRunnersMinutesLimit: number | null;
  members: Map<number, AccessLevel>;
  ldapLinks: { cn: string; group_access: number; provider: string }[];
  createdAt: number;
}

/** A user's personal namespace (groups are namespaces too, with the group's id). */
export interface UserNamespace {
  id: number;
  userId: number;
}

export interface Project {
  id: number;
  name: string;
  path: string;
  namespaceId: number;
  description: string | null;
  defaultBranch: string;
  visibility: Visibility;
  tagList: string[];
  features: {
    issues_enabled: boolean;
    merge_requests_enabled: boolean;
    jobs_enabled: boolean;
    wiki_enabled: boolean;
    snippets_enabled: boolean;
    container_registry_enabled: boolean;
    shared_runners_enabled: boolean;
    lfs_enabled: boolean;
    request_access_enabled: boolean;
    public_jobs: boolean;
    resolve_outdated_diff_discussions: boolean;
    only_allow_merge_if_pipeline_succeeds: boolean;
    only_allow_merge_if_all_discussions_are_resolved: boolean;
    printing_merge_request_link_enabled: boolean;
  };
  createdAt: number;
  lastActivityAt: number;
  creatorId: number;
  importStatus: string;
  importError: string | null;
  importUrl: string | null;
  archived: boolean;
  starredBy: Set<number>;
  forkedFromId: number | null;
  members: Map<number, AccessLevel>;
  runnersToken: string;
  sharedWithGroups: { group_id: number; group_name: string; group_access_level: number }[];
  repositoryStorage: string;
  approvalsBeforeMerge: number;
  ciConfigPath: string | null;
  /** GitLab's `merge_method`: `merge`, `rebase_merge` or `ff` (the last two need a source branch rebased on the target). */
  mergeMethod: 'merge' | 'rebase_merge' | 'ff';
  statistics: { commit_count: number; storage_size: number; repository_size: number; lfs_objects_size: number; job_artifacts_size: number };
}

export interface Label {
  id: number;
  projectId: number;
  name: string;
  color: string;
  description: string | null;
}

export interface Milestone {
  id: number;
  iid: number;
  projectId: number;
  title: string;
  description: string;
  state: 'active' | 'closed';
  createdAt: number;
  updatedAt: number;
  dueDate: string | null;
  closedAt: number | null;
}

export interface AwardEmoji {
  name: string;
  userId: number;
}

export interface TimeTracked {
  timeEstimate: number;
  totalTimeSpent: number;
}

export interface Issue extends TimeTracked {
  id: number;
  iid: number;
  projectId: number;
  title: string;
  description: string | null;
  state: 'opened' | 'closed';
  createdAt: number;
  updatedAt: number;
  closedAt: number | null;
  /** Who closed it last (GitLab's `closed_by`). */
  closedById: number | null;
  /** The issue it was moved to (GitLab's `moved_to_id`). */
  movedToId: number | null;
  labels: string[];
  milestoneId: number | null;
  assigneeIds: number[];
  authorId: number;
  dueDate: string | null;
  confidential: boolean;
  weight: number | null;
  discussionLocked: boolean;
  subscribers: Set<number>;
  awards: AwardEmoji[];
  userAgent: { user_agent: string; ip_address: string; spamfilter_submitted: boolean };
}

export interface MrCommit {
  id: string;
  short_id: string;
  title: string;
  message: string;
  author_name: string;
  author_email: string;
  created_at: number;
}
export interface MrChange {
  old_path: string;
  new_path: string;
  a_mode: string;
  b_mode: string;
  diff: string;
  new_file: boolean;
  renamed_file: boolean;
  deleted_file: boolean;
}
export interface MrVersion {
  id: number;
  head_commit_sha: string;
  base_commit_sha: string;
  start_commit_sha: string;
  created_at: number;
  state: string;
  real_size: string;
}

export interface MergeRequest extends TimeTracked {
  id: number;
  iid: number;
  projectId: number;
  sourceProjectId: number;
  sourceBranch: string;
  targetBranch: string;
  title: string;
  description: string;
  state: 'opened' | 'closed' | 'merged' | 'reopened';
  createdAt: number;
  updatedAt: number;
  authorId: number;
  assigneeId: number | null;
  labels: string[];
  milestoneId: number | null;
  mergeWhenPipelineSucceeds: boolean;
  /** Who set it to merge when the pipeline succeeds (GitLab's `merge_user` until it is merged). */
  autoMergeById?: number | null;
  /** The commit messages an auto-merge was set with (GitLab's `merge_params`), used when it merges. */
  autoMergeMessages?: MergeMessages;
  mergeStatus: 'can_be_merged' | 'cannot_be_merged' | 'unchecked';
  sha: string;
  mergeCommitSha: string | null;
  mergedById: number | null;
  mergedAt: number | null;
  closedById: number | null;
  closedAt: number | null;
  /** Why the last merge failed (GitLab's `merge_error`), null when none did. */
  mergeError: string | null;
  /** Commits the target branch has that the source lacks (`need_rebase` where the project merges fast-forward). */
  divergedCommits: number;
  approvalsBeforeMerge: number | null;
  shouldRemoveSourceBranch: boolean | null;
  forceRemoveSourceBranch: boolean;
  squash: boolean;
  /** The commit the source branch was squashed into when it merged (GitLab's `squash_commit_sha`). */
  squashCommitSha?: string | null;
  discussionLocked: boolean;
  subscribers: Set<number>;
  awards: AwardEmoji[];
  approvedBy: number[];
  /** A rebase runs (`rebase_in_progress`) until the store's clock ends it (routes/rebase.ts). */
  rebasing?: boolean;
  /** Rules of its own (EE's approval rules); without, one `any_approver` rule of `approvalsBeforeMerge` (approval-rules.ts). */
  approvalRules?: ApprovalRule[];
  /** Reviewers set with GitLab's `reviewer_ids`; without, those who approved and the assignee of an open one. */
  reviewerIds?: number[];
  commits: MrCommit[];
  changes: MrChange[];
  versions: MrVersion[];
  closesIssueIids: number[];
}

/** `merge_commit_message` and `squash_commit_message` of a merge. */
export interface MergeMessages {
  merge?: string;
  squash?: string;
}

/** An approval rule of a merge request (ee/app/models/approval_merge_request_rule.rb): who may approve, how many must. */
export interface ApprovalRule {
  id: number;
  name: string;
  ruleType: 'any_approver' | 'regular' | 'code_owner' | 'report_approver';
  approvalsRequired: number;
  /** Who may approve; empty for `any_approver` (any Developer). */
  userIds: number[];
}

export interface Todo {
  id: number;
  userId: number;
  authorId: number;
  projectId: number;
  targetType: 'Issue' | 'MergeRequest';
  targetId: number;
  state: 'pending' | 'done';
  createdAt: number;
  /** GitLab's `action_name` (`assigned`, `mentioned`, `review_requested`, …); `marked` when absent (added by its owner). */
  action?: string;
}

export interface BoardList {
  id: number;
  labelId: number;
  position: number;
}
export interface Board {
  id: number;
  projectId: number;
  milestoneId: number | null;
  lists: BoardList[];
}

export interface Upload {
  id: number;
  projectId: number;
  secret: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A comment on an issue or a merge request; `system` notes record what happened (GitLab's activity). */
export interface Note {
  id: number;
  noteableType: 'Issue' | 'MergeRequest';
  /** The issue's or merge request's id (not its iid). */
  noteableId: number;
  projectId: number;
  authorId: number;
  body: string;
  system: boolean;
  internal: boolean;
  createdAt: number;
  updatedAt: number;
  /**
   * GitLab's class of the note: a comment on its own (`null`, the default), a note of a thread
   * (`DiscussionNote`), or one on a line of the diff (`DiffNote`, with its `position`).
   */
  type?: 'DiscussionNote' | 'DiffNote' | null;
  /** The thread it belongs to; absent for a comment on its own, which is a thread of one (threads.ts). */
  discussionId?: string;
  position?: DiffPosition;
  /** When and by whom a resolvable note was resolved (null or absent: not resolved). */
  resolvedAt?: number | null;
  resolvedById?: number | null;
}

/** Where a diff note sits (lib/gitlab/diff/position.rb, text positions): the diff's refs, the file, the line. */
export interface DiffPosition {
  base_sha: string;
  start_sha: string;
  head_sha: string;
  old_path: string;
  new_path: string;
  position_type: 'text';
  /** On the old side (a removed or unchanged line); null for an added line. */
  old_line: number | null;
  /** On the new side (an added or unchanged line); null for a removed line. */
  new_line: number | null;
  /** A multi-line note's first and last line; null for one line (the only kind the sandbox takes). */
  line_range: null;
}
