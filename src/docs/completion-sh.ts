import { type CompletionModel, childTransitions, valueEntries } from './completion-model.js';

/** A word in single quotes for bash and zsh. */
export function shQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

function caseLabel(values: string[]): string {
  return values.map(shQuote).join('|');
}

/**
 * The `case` tables bash and zsh share: `_collab_node` (what one command path offers, in each
 * shell's own variables: `cases` and the `unknown` fallback), `_collab_child` (the command path
 * after a word) and `_collab_values` (the values a flag takes).
 */
export function caseTables(model: CompletionModel, node: { cases: string[]; unknown: string }): string {
  const childCases = childTransitions(model.nodes).map(
    (t) => `    ${caseLabel(t.words.map((w) => `${t.from}/${w}`))}) REPLY=${shQuote(t.to)} ;;`,
  );
  const valueCases = valueEntries(model).map((e) => {
    const reply = Array.isArray(e.values) ? e.values.join(' ') : `__${e.values}`;
    return `    ${caseLabel(e.names.map((name) => `${e.path}|${name}`))}) REPLY=${shQuote(reply)} ;;`;
  });
  return `_collab_node() {
  case "$1" in
${node.cases.join('\n')}
    *) ${node.unknown} ;;
  esac
}

# REPLY: the command path after word $2 at path $1 (aliases resolved); fails for a positional argument.
_collab_child() {
  case "$1/$2" in
${childCases.join('\n')}
    *) return 1 ;;
  esac
}

# REPLY: the values of flag $2 at path $1 (path '' for the global flags): words, __file or __dir.
_collab_values() {
  case "$1|$2" in
${valueCases.join('\n')}
    *) return 1 ;;
  esac
}`;
}
