import { both, entity, render } from '../entity.js';
import type { Thread } from '../threads.js';
import { NOTE } from './notes.js';

/**
 * `Discussion` (lib/api/entities/discussion.rb): a thread, its notes as `Note`s — those its caller
 * may read (lib/api/discussions.rb, `readable_discussion_notes`), filtered before it is rendered.
 */
export const DISCUSSION = entity<Thread>('Discussion: lib/api/entities/discussion.rb', {
  id: both((t) => t.id),
  individual_note: both((t) => t.individual),
  notes: both((t, v) => t.notes.map((n) => render(NOTE, n, v))),
});
