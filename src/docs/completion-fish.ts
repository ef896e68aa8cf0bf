import { type CompletionModel, type CompletionNode, childAliases, childTransitions, valueEntries } from './completion-model.js';

/** A word in single quotes for fish (where \\ and ' are the only escapes). */
function fishQuote(s: string): string {
  return `'${s.replace(/[\\']/g, (c) => `\\${c}`)}'`;
}

/** `name<TAB>description`, the form fish shows as a candidate with its description. */
function described(name: string, description: string): string {
  return `${fishQuote(name)}\\t${fishQuote(description.replace(/\s+/g, ' '))}`;
}

/** The script's functions that walk the command line: the same for every tree. */
const FISH_WALK = `
        case '*'
            return 1
    end
end

# Whether flag $argv[1] takes a value at the current command (after __collab_node).
function __collab_takes_value
    contains -- $argv[1] $__collab_vflags; and return 0
    contains -- $argv[1] $__collab_fnames; and return 1
    contains -- $argv[1] $__collab_gvflags
end

function __collab_complete
    set -l tokens (commandline -opc)
    set -l cur (commandline -ct)
    set -l cmdpath ''
    set -l pending ''
    set -l dashdash 0
    set -l i 2
    while test $i -le (count $tokens)
        set -l word $tokens[$i]
        if test $dashdash = 0; and test "$word" = --
            set dashdash 1
        else if test $dashdash = 0; and string match -q -- '-*' $word
            __collab_node $cmdpath
            if __collab_takes_value $word
                if test $i -eq (count $tokens)
                    set pending $word
                end
                set i (math $i + 1)
            end
        else if set -l next (__collab_child $cmdpath $word)
            set cmdpath $next
        end
        set i (math $i + 1)
    end
    __collab_node $cmdpath
    set -l prefix ''
    if test -z "$pending"; and test $dashdash = 0; and string match -q -- '--*=*' $cur
        # --flag=value: candidates keep the --flag= prefix
        set -l flag (string split -m 1 = -- $cur)[1]
        if __collab_takes_value $flag
            set pending $flag
            set prefix "$flag="
            set cur (string split -m 1 = -- $cur)[2]
        end
    end
    if test -n "$pending"
        set -l values (__collab_values $cmdpath $pending)
        or begin
            contains -- $pending $__collab_fnames; or set values (__collab_values '' $pending)
        end
        switch "$values"
            case __file
                __fish_complete_path $cur | string replace -r -- '^' "$prefix"
            case __dir
                __fish_complete_directories $cur | string replace -r -- '^' "$prefix"
            case '*'
                for v in $values
                    echo "$prefix$v"
                end
        end
        return
    end
    if test $dashdash = 0; and string match -q -- '-*' $cur
        printf '%s\\n' $__collab_flags
        for i in (seq (count $__collab_gnames))
            contains -- $__collab_gnames[$i] $__collab_fnames; or printf '%s\\n' $__collab_gflags[$i]
        end
    else
        # A child's aliases only when none of the names matches what was typed (mr di → diff).
        set -l names (string replace -r -- '\\t.*' '' $__collab_kids)
        if test -z "$cur"; or string match -q -- "$cur*" $names
            printf '%s\\n' $__collab_kids
        else
            printf '%s\\n' $__collab_kids $__collab_akids
        end
    end
end

complete -c collab -e
complete -c collab -f -a '(__collab_complete)'
`;

/** The `case` of one command path in __collab_node. */
function nodeCase(n: CompletionNode): string {
  const aliases = childAliases(n).map((c) => described(c.name, c.summary));
  const kids = [...n.children.map((c) => described(c.name, c.summary)), ...n.words.map((w) => described(w.name, w.description))];
  const flags = n.flags.map((f) => described(f.name, f.description));
  const valued = n.flags.filter((f) => f.takesValue).map((f) => fishQuote(f.name));
  return [
    `        case ${fishQuote(n.path)}`,
    `            set -g __collab_kids ${kids.join(' ')}`,
    `            set -g __collab_akids ${aliases.join(' ')}`,
    `            set -g __collab_flags ${flags.join(' ')}`,
    `            set -g __collab_fnames ${n.flags.map((f) => fishQuote(f.name)).join(' ')}`,
    `            set -g __collab_vflags ${valued.join(' ')}`,
  ].join('\n');
}

/**
 * The fish completion script: one `complete` rule whose candidates come from __collab_complete,
 * which walks the command line with the tree embedded as `switch` tables (nothing runs collab).
 */
export function fishCompletion(model: CompletionModel): string {
  const nodeCases = model.nodes.map(nodeCase);
  const childCases = childTransitions(model.nodes).map(
    (t) => `        case ${t.words.map((w) => fishQuote(`${t.from}/${w}`)).join(' ')}\n            echo ${fishQuote(t.to)}`,
  );
  const valueCases = valueEntries(model).map((e) => {
    const values = Array.isArray(e.values) ? e.values.map(fishQuote).join(' ') : `__${e.values}`;
    return `        case ${e.names.map((name) => fishQuote(`${e.path}|${name}`)).join(' ')}\n            printf '%s\\n' ${values}`;
  });

  return `# fish completion for collab
# Generated from the command tree by scripts/gen-docs.mjs (npm run docs); do not edit.
# Install: collab completion fish > ~/.config/fish/completions/collab.fish

# The flags accepted at every level (a command's own flag of the same name wins), with descriptions,
# their names, and those taking a value.
set -g __collab_gflags ${model.globals.map((f) => described(f.name, f.description)).join(' ')}
set -g __collab_gnames ${model.globals.map((f) => fishQuote(f.name)).join(' ')}
set -g __collab_gvflags ${model.globals
    .filter((f) => f.takesValue)
    .map((f) => fishQuote(f.name))
    .join(' ')}

# Sets __collab_kids and __collab_flags (candidates with descriptions), __collab_fnames and
# __collab_vflags (the command's own flags, and those taking a value) for the command path $argv[1].
function __collab_node
    switch "$argv[1]"
${nodeCases.join('\n')}
        case '*'
            set -g __collab_kids
            set -g __collab_akids
            set -g __collab_flags
            set -g __collab_fnames
            set -g __collab_vflags
    end
end

# Prints the command path after word $argv[2] at path $argv[1] (aliases resolved); fails for a positional argument.
function __collab_child
    switch "$argv[1]/$argv[2]"
${childCases.join('\n')}
        case '*'
            return 1
    end
end

# Prints the values of flag $argv[2] at path $argv[1] (path '' for the global flags), one a line:
# words, __file or __dir.
function __collab_values
    switch "$argv[1]|$argv[2]"
${valueCases.join('\n')}${FISH_WALK}`;
}
