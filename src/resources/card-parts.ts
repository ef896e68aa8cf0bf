/** Pieces the cards of several resources share. */
import { type Span, span } from '../output/card.js';
import { relativeTime } from '../output/values.js';

/** How long ago an ISO time was (`3 days ago`). */
export const when = (iso: unknown, now: Date): Span[] | undefined => (typeof iso === 'string' ? span(relativeTime(iso, now)) : undefined);

/** A word shown when a flag is set (`Archived`). */
export const yes = (flag: unknown, word: string, tone: Span['tone'] = 'dim'): Span[] | undefined =>
  flag === true ? span(word, tone) : undefined;
