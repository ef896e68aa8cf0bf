import { type CompletionModel, childAliases } from './completion-model.js';
import { caseTables, shQuote } from './completion-sh.js';

/** `name:description` for _describe (a colon in the name must be escaped). */
function described(name: string, description: string): string {
  return shQuote(`${name.replace(/:/g, '\\:')}:${description.replace(/\s+/g, ' ')}`);
}

function names(list: string[]): string {
  return list.map(shQuote).join(' ');
}

/** The script's functions that walk the command line: the same for every tree. */
const ZSH_WALK = `

# Whether flag $1 takes a value at the current command (after _collab_node and _collab_globals).
_collab_takes_value() {
  (( \${vflags[(Ie)$1]} )) && return 0
  (( \${fnames[(Ie)$1]} )) && return 1
  (( \${gvflags[(Ie)$1]} ))
}

_collab() {
  local cmdpath='' pending='' word REPLY
  local -a kids akids args flags fnames vflags gflags gnames gvflags values
  integer i dashdash=0
  _collab_globals
  for (( i = 2; i < CURRENT; i++ )); do
    word=\${words[i]}
    if (( ! dashdash )) && [[ $word == -- ]]; then
      dashdash=1
    elif (( ! dashdash )) && [[ $word == -* ]]; then
      _collab_node "$cmdpath"
      if [[ $word != --*=* ]] && _collab_takes_value "$word"; then
        (( i + 1 == CURRENT )) && pending=$word
        (( i++ ))
      fi
    elif _collab_child "$cmdpath" "$word"; then
      cmdpath=$REPLY
    fi
  done
  _collab_node "$cmdpath"
  if [[ -z $pending && $PREFIX == --*=* ]] && (( ! dashdash )); then
    # --flag=value: complete the value after the =
    pending=\${PREFIX%%=*}
    _collab_takes_value "$pending" || pending=''
    [[ -n $pending ]] && compset -P '*='
  fi
  if [[ -n $pending ]]; then
    REPLY=''
    _collab_values "$cmdpath" "$pending" || { (( ! \${fnames[(Ie)$pending]} )) && _collab_values '' "$pending"; }
    case $REPLY in
      __file) _files ;;
      __dir) _files -/ ;;
      '') _message -e values 'value' ;;
      *) values=(\${=REPLY}); compadd -a values ;;
    esac
    return
  fi
  if (( ! dashdash )) && [[ $PREFIX == -* ]]; then
    for (( i = 1; i <= \${#gnames}; i++ )); do
      (( \${fnames[(Ie)\${gnames[i]}]} )) || flags+=("\${gflags[i]}")
    done
    _describe -t options 'option' flags
    return
  fi
  local ret=1
  (( \${#kids} )) && _describe -t commands 'command' kids && ret=0
  (( ret && \${#akids} )) && _describe -t aliases 'alias' akids && ret=0
  (( \${#args} )) && _describe -t values 'value' args && ret=0
  return $ret
}

if [[ \${zsh_eval_context[-1]} == loadautofunc ]]; then
  _collab "$@"
elif (( \${+functions[compdef]} )); then
  compdef _collab collab
fi
`;

/**
 * The zsh completion function (autoloadable from $fpath as `_collab`). Same walk as the bash
 * script, with descriptions: the tree is embedded as `case` tables and nothing runs collab.
 */
export function zshCompletion(model: CompletionModel): string {
  const nodeCases = model.nodes.map((n) => {
    const kids = n.children.map((c) => described(c.name, c.summary));
    const aliases = childAliases(n).map((c) => described(c.name, c.summary));
    const words = n.words.map((w) => described(w.name, w.description));
    const flags = n.flags.map((f) => described(f.name, f.description));
    return [
      `    ${shQuote(n.path)})`,
      `      kids=(${kids.join(' ')})`,
      `      akids=(${aliases.join(' ')})`,
      `      args=(${words.join(' ')})`,
      `      flags=(${flags.join(' ')})`,
      `      fnames=(${names(n.flags.map((f) => f.name))})`,
      `      vflags=(${names(n.flags.filter((f) => f.takesValue).map((f) => f.name))}) ;;`,
    ].join('\n');
  });
  const globals = model.globals;

  return `#compdef collab
# zsh completion for collab
# Generated from the command tree by scripts/gen-docs.mjs (npm run docs); do not edit.
# Install: collab completion zsh > "\${fpath[1]}/_collab"   (then restart zsh; compinit must run)
#      or: put this file as _collab in a directory of your $fpath

# Sets the caller's gflags (name:description), gnames and gvflags: the flags accepted at every
# level (a command's own flag of the same name wins), and those taking a value.
_collab_globals() {
  gflags=(${globals.map((f) => described(f.name, f.description)).join(' ')})
  gnames=(${names(globals.map((f) => f.name))})
  gvflags=(${names(globals.filter((f) => f.takesValue).map((f) => f.name))})
}

# Sets the caller's kids, akids (their aliases, offered when no name matches), args (name:description), flags (name:description), fnames and vflags
# (the command's own flags, and those taking a value) for the command path $1.
${caseTables(model, { cases: nodeCases, unknown: 'kids=() akids=() args=() flags=() fnames=() vflags=()' })}${ZSH_WALK}`;
}
