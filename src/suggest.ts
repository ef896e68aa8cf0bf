/** Edit distance with transpositions (optimal string alignment). */
function distance(a: string, b: string): number {
  const d: number[][] = [];
  for (let i = 0; i <= a.length; i++) d[i] = [i];
  for (let j = 0; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/** How a word says "not", if it does (`no-labels`, `not-label`, `remove-labels`, `unapprove`, `unresolved`). */
const NEGATION = /^-*((?:no|not|non|without|remove|exclude|disable)-|un(?=[a-z]))/;

const negation = (word: string): string => NEGATION.exec(word.toLowerCase())?.[1] ?? '';

/** `not`, `non`, `no` or `un` run into the word (`--nolabels`, `--notdraft`): no hyphen to tell. */
const RUN_IN = /^(not|non|no|un)(?=[a-z])/;

const compact = (word: string): string => word.toLowerCase().replace(/^-+/, '').replace(/-/g, '');

/** The word without a hyphened "not" (`no-labels` → `labels`). */
const saysNotPlainly = (word: string): string => compact(word).slice(negation(word).replace(/-$/, '').length);

/**
 * How `word` says "not" (without its hyphen) and the rest of it, beside the word it is compared
 * with: a "not" run into the word counts where it is what tells the two apart (`nolabels` beside
 * `labels` or `no-labels`), not in `notes` beside `note` or `votes`.
 */
function saysNot(word: string, other: string): { not: string; rest: string } {
  const hyphened = negation(word);
  const whole = compact(word);
  if (hyphened !== '') return { not: hyphened.replace(/-$/, ''), rest: whole.slice(hyphened.replace(/-$/, '').length) };
  const prefix = RUN_IN.exec(whole)?.[1];
  const otherRest = saysNotPlainly(other);
  if (prefix !== undefined && distance(whole.slice(prefix.length), otherRest) < distance(whole, otherRest))
    return { not: prefix, rest: whole.slice(prefix.length) };
  return { not: '', rest: whole };
}

/**
 * Whether two words alike in spelling differ in meaning by how they say "not": one negated and
 * the other not (`--label`, `--unlabel`, `--nolabels`), or negated otherwise (`--not-label`: leave
 * those out; `--no-labels`: only those without any).
 */
export const oppositeMeaning = (a: string, b: string): boolean => saysNot(a, b).not !== saysNot(b, a).not;

/**
 * The candidate closest to what was typed, when it is close enough to be a slip (`open` → `opened`,
 * `lst` → `list`, `titel` → `title`); undefined otherwise. A word of the opposite meaning is never
 * offered, however close (`--lable` is not `--unlabel`, `aprove` not `unapprove`). Two words that
 * say "not" alike are compared by what follows it (`--no-label` is not `--no-pager`).
 */
export function closest(typed: string, candidates: readonly string[]): string | undefined {
  const t = typed.toLowerCase();
  let best: string | undefined;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const c of candidates) {
    const [mine, theirs] = [saysNot(typed, c), saysNot(c, typed)];
    if (mine.not !== theirs.not) continue;
    const [a, b] = mine.not === '' ? [t, c.toLowerCase()] : [mine.rest, theirs.rest];
    // A prefix of a candidate is a slip however short it is (`merg` → `merged`).
    const score = t.length >= 2 && c.toLowerCase().startsWith(t) ? 0.5 : distance(a, b);
    if (score > Math.max(1, Math.floor(Math.max(a.length, b.length) * 0.4))) continue;
    if (score < bestScore) [best, bestScore] = [c, score];
  }
  return best;
}

/** ` (did you mean "opened"?)`, or nothing. */
export function didYouMean(typed: string, candidates: readonly string[]): string {
  const c = closest(typed, candidates);
  return c === undefined ? '' : `; did you mean "${c}"?`;
}

/**
 * commander's unknown option, in one line: `unknown option '--lables'; did you mean --labels?`
 * (only a flag of the same meaning is offered), or the option alone.
 */
export function unknownOptionMessage(flag: string, candidates: readonly string[]): string {
  const match = flag.startsWith('--')
    ? closest(
        flag.slice(2),
        candidates.map((c) => c.replace(/^--/, '')),
      )
    : undefined;
  return `error: unknown option '${flag}'${match === undefined ? '' : `; did you mean --${match}?`}`;
}
