import type { Note, User } from '../model.js';
import type { Store } from '../store.js';

const HOUR = 3_600_000;

const COMMENTS = [
  'I can reproduce this on the latest release.',
  'Thanks for the report! Could you attach the logs?',
  'Here they are: the error shows up right after the retry.',
  'This looks related to the change in the token refresh.',
  'Agreed, let us fix it in the next milestone.',
  'I have a patch ready; it needs a test first.',
  'Does this also happen with the API, or only in the web UI?',
  'Only with the API, as far as I can tell.',
  'Ping: is anyone looking at this?',
  'Should be fixed now, please check again.',
  'Confirmed fixed here. :tada:',
  'Let us keep it open until the release notes mention it.',
];

const REVIEW = [
  'Looks good to me overall, a few nits inline.',
  'Could we add a test for the empty case?',
  'Done, and rebased on the target branch.',
  'The pipeline is green now.',
  'One more question about the naming: `enabled` or `active`?',
  'Went with `enabled`, like the rest of the code.',
];

export interface NoteSeed {
  type: Note['noteableType'];
  id: number;
  projectId: number;
  createdAt: number;
  /** How many comments people wrote (`user_notes_count`). */
  comments: number;
  authors: User[];
  /** What happened, as GitLab's system notes word it, oldest first. */
  events: string[];
  /** Picks the first comment, so neighbours do not all say the same. */
  offset: number;
}

/** A conversation: system notes for what happened, then the comments, an hour apart. */
export function seedNotes(store: Store, s: NoteSeed): void {
  const list = store.notesOf(s.type, s.id);
  const texts = s.type === 'Issue' ? COMMENTS : REVIEW;
  let at = s.createdAt;
  const add = (body: string, system: boolean, authorId: number): void => {
    at += HOUR;
    list.push({
      id: store.nextId('note'),
      noteableType: s.type,
      noteableId: s.id,
      projectId: s.projectId,
      authorId,
      body,
      system,
      internal: false,
      createdAt: at,
      updatedAt: at,
    });
  };
  for (const event of s.events) add(event, true, s.authors[0].id);
  for (let k = 0; k < s.comments; k++) add(texts[(s.offset + k) % texts.length], false, s.authors[(s.offset + k) % s.authors.length].id);
}
