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
    return `| ${typed} | ${ours} |`;
  });
  return ['| typed | in collab (`<1>`, `<2>`: the words typed after the verb) |', '|---|---|', ...rows].join('\n');
}
