import { type CompletionModel, childAliases } from './completion-model.js';
import { caseTables, shQuote } from './completion-sh.js';

/** ` a b c `: padded so that `*" $word "*` tests membership. */
function padded(names: string[]): string {
  return shQuote(` ${names.join(' ')} `);
}

/** The script's functions that walk the command line: the same for every tree. */
const BASH_WALK = `

# Whether flag $1 takes a value at the current command (set by _collab_node).
_collab_takes_value() {
  [[ $_collab_vflags == *" $1 "* ]] && return 0
  [[ $_collab_flags == *" $1 "* ]] && return 1
  [[ $_collab_gvflags == *" $1 "* ]]
}

_collab() {
  local cur=\${COMP_WORDS[COMP_CWORD]} cmdpath='' pending='' word flag i REPLY
  local _collab_kids _collab_akids _collab_flags _collab_vflags
  local dashdash=0
  COMPREPLY=()
  for ((i = 1; i < COMP_CWORD; i++)); do
    word=\${COMP_WORDS[i]}
    if ((dashdash == 0)) && [[ $word == -- ]]; then
      dashdash=1
    elif ((dashdash == 0)) && [[ $word == -* ]]; then
      _collab_node "$cmdpath"
      if _collab_takes_value "$word"; then
        # --flag value, or --flag = value when = is a word break
        if [[ $word == --* && \${COMP_WORDS[i + 1]} == = ]]; then ((i++)); fi
        if ((i + 1 == COMP_CWORD)); then pending=$word; fi
        ((i++))
      fi
    elif _collab_child "$cmdpath" "$word"; then
      cmdpath=$REPLY
    fi
  done
  _collab_node "$cmdpath"
  if [[ -z $pending && $cur == = && \${COMP_WORDS[COMP_CWORD - 1]} == --* ]] && _collab_takes_value "\${COMP_WORDS[COMP_CWORD - 1]}"; then
    pending=\${COMP_WORDS[COMP_CWORD - 1]} cur=''
  fi
  if [[ -n $pending ]]; then
    REPLY=''
    _collab_values "$cmdpath" "$pending" || { [[ $_collab_flags != *" $pending "* ]] && _collab_values '' "$pending"; }
    case $REPLY in
      __file | __dir)
        local -a found
        if [[ $REPLY == __dir ]]; then
          IFS=$'\\n' read -r -d '' -a found < <(compgen -d -- "$cur")
        else
          IFS=$'\\n' read -r -d '' -a found < <(compgen -f -- "$cur")
        fi
        COMPREPLY=("\${found[@]}")
        compopt -o filenames 2>/dev/null
        ;;
      *) COMPREPLY=($(compgen -W "$REPLY" -- "$cur")) ;;
    esac
    return 0
  fi
  if ((dashdash == 0)) && [[ $cur == -* ]]; then
    local flags=$_collab_flags
    for flag in $_collab_gflags; do
      [[ $_collab_flags == *" $flag "* ]] || flags+=" $flag"
    done
    COMPREPLY=($(compgen -W "$flags" -- "$cur"))
  else
    COMPREPLY=($(compgen -W "$_collab_kids" -- "$cur"))
    ((\${#COMPREPLY[@]})) || COMPREPLY=($(compgen -W "$_collab_akids" -- "$cur"))
  fi
  return 0
}

complete -F _collab collab
`;

/**
 * The bash completion script. The command tree is embedded as `case` tables (bash 3.2 compatible:
 * no associative arrays); the function walks the words before the cursor to find the command path,
 * then offers verbs, flags or flag values. It never runs collab.
 */
export function bashCompletion(model: CompletionModel): string {
  const nodeCases = model.nodes.map((n) => {
    const kids = [...n.children.map((c) => c.name), ...n.words.map((w) => w.name)];
    const aliases = childAliases(n).map((c) => c.name);
    const flags = n.flags.map((f) => f.name);
    const valued = n.flags.filter((f) => f.takesValue).map((f) => f.name);
    return (
      `    ${shQuote(n.path)}) _collab_kids=${shQuote(kids.join(' '))} ` +
      `_collab_akids=${shQuote(aliases.join(' '))} _collab_flags=${padded(flags)} ` +
      `_collab_vflags=${padded(valued)} ;;`
    );
  });

  return `# bash completion for collab
# Generated from the command tree by scripts/gen-docs.mjs (npm run docs); do not edit.
# Install: collab completion bash > ~/.local/share/bash-completion/completions/collab
#      or: echo 'source <(collab completion bash)' >> ~/.bashrc

# Flags accepted at every level (a command's own flag of the same name wins), and those taking a value.
_collab_gflags=${padded(model.globals.map((f) => f.name))}
_collab_gvflags=${padded(model.globals.filter((f) => f.takesValue).map((f) => f.name))}

# Sets _collab_kids (verbs, nested nouns, argument values), _collab_akids (their aliases, offered
# when no name matches), _collab_flags and _collab_vflags
# (the command's own flags, and those taking a value) for the command path $1.
${caseTables(model, { cases: nodeCases, unknown: "_collab_kids='' _collab_akids='' _collab_flags=' ' _collab_vflags=' '" })}${BASH_WALK}`;
}
