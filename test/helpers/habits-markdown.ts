import { GIT_CLONE, HABITS } from '../../src/habits-table.js';

/** README's table of gh's and glab's verbs, as src/habits-table.ts has them (test/commands/habits-table.test.ts compares). */
export function habitsMarkdown(): string {
  const rows = HABITS.map((h) => {
    const typed = `${h.tools.join(', ')}: \`${[h.words, ...h.example].join(' ')}\``;
    const ours = h.collab
      ? h.collab
          .map((c) => `\`${c.startsWith(GIT_CLONE) ? c.replace(`${GIT_CLONE} <1>`, 'git clone <url of <1>>') : `collab ${c}`}\``)
          .join(' and ')
      : `no equivalent: ${h.none}`;
    // Each collab flag once, with the other tool's flags that become it: `-b`/`--branch` as `--ref`.
    const groups = new Map<string, string[]>();
    for (const [from, to] of Object.entries(h.flags ?? {}))
      if (to !== '') groups.set(to.replace(' <v>', ''), [...(groups.get(to.replace(' <v>', '')) ?? []), from]);
    const flags = [...groups].map(([to, from]) =>
      from.length === 1 && from[0] === to ? `\`${to}\`` : `${from.map((f) => `\`${f}\``).join('/')} as \`${to}\``,
    );
    return `| ${typed} | ${ours}${flags.length > 0 ? ` (${flags.join(', ')})` : ''} |`;
  });
  return ['| typed | in collab (`<1>`, `<2>`: the words typed after the verb) |', '|---|---|', ...rows].join('\n');
}
