import { NOUNS } from '../commands/index.js';
import { CI_ENVIRONMENT, ENVIRONMENT, type Entry, EXIT_CODES, IRREVERSIBLE, IRREVERSIBLE_RULE, PRECEDENCE } from '../help-topics.js';
import type { DocArgument, DocCommand, DocOption } from './tree.js';

/** Text for roff: escapes, copy-pasteable dashes and quotes, non-ASCII as named code points. */
export function roff(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === '\\') out += '\\e';
    else if (ch === '-') out += '\\-';
    else if (ch === "'") out += '\\(aq';
    else if (ch === '`') out += '\\(ga';
    else if (code > 0x7e) out += `\\[u${code.toString(16).toUpperCase().padStart(4, '0')}]`;
    else out += ch;
  }
  // A line starting with . or ' would be read as a request.
  return out.replace(/^([.'])/gm, '\\&$1');
}

/** An argument of a macro (.SS "…"). */
function macroArg(text: string): string {
  return `"${roff(text).replace(/"/g, '\\(dq')}"`;
}

function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, ' ').trim())
    .filter(Boolean)
    .flatMap((p) => ['.PP', roff(p)]);
}

function optionItem(o: DocOption): string[] {
  const names = [o.short, o.long].filter(Boolean).map((n) => `\\fB${roff(n!)}\\fR`);
  const value = o.value ? ` \\fI${roff(o.value)}\\fR` : '';
  return ['.TP', `${names.join(', ')}${value}`, roff(o.description)];
}

function argumentItem(a: DocArgument): string[] {
  const name = a.required ? `<${a.name}${a.variadic ? '...' : ''}>` : `[${a.name}${a.variadic ? '...' : ''}]`;
  const choices = a.choices ? ` (one of: ${a.choices.join(', ')})` : '';
  return ['.TP', `\\fI${roff(name)}\\fR`, roff((a.description || a.name) + choices)];
}

function entryItems(entries: Entry[]): string[] {
  return entries.flatMap((e) => ['.TP', `\\fB${roff(e.name)}\\fR`, roff(e.description)]);
}

function exampleBlock(examples: string[]): string[] {
  return ['.PP', '.RS 4', '.nf', ...examples.map((e) => `$ ${roff(e)}`), '.fi', '.RE'];
}

function header(title: string, name: string, summary: string): string[] {
  return [
    '.\\" Generated from the command tree by scripts/gen-docs.mjs (npm run docs); do not edit.',
    `.TH ${roff(title.toUpperCase())} 1 "" "collab" "collab manual"`,
    // no hyphenation, ragged right: flag names and paths stay whole
    '.nh',
    '.ad l',
    '.SH NAME',
    `${roff(name)} \\- ${roff(summary)}`,
  ];
}

function synopsis(cmd: DocCommand): string {
  return `\\fBcollab ${roff(cmd.path.join(' '))}\\fR ${roff(cmd.usage)}`;
}

/** The leaves below a noun (verbs of nested nouns included), depth first. */
function leaves(cmd: DocCommand): DocCommand[] {
  return cmd.commands.length === 0 ? [cmd] : cmd.commands.flatMap(leaves);
}

function commandBody(cmd: DocCommand, heading: (title: string) => string[]): string[] {
  const lines: string[] = [...paragraphs(cmd.description || cmd.summary)];
  if (cmd.aliases.length) lines.push('.PP', `Aliases: ${cmd.aliases.map((a) => `\\fB${roff(a)}\\fR`).join(', ')}`);
  lines.push(...paragraphs(cmd.notes));
  if (cmd.arguments.length) lines.push(...heading('Arguments'), ...cmd.arguments.flatMap(argumentItem));
  // -h, --help is on every command: collab(1) says so once
  const options = cmd.options.filter((o) => o.long !== '--help');
  if (options.length) lines.push(...heading('Options'), ...options.flatMap(optionItem));
  if (cmd.examples.length) lines.push(...heading('Examples'), ...exampleBlock(cmd.examples));
  return lines;
}

/** Inside a .SS: a bold run-in heading, then indented items. */
function subHeading(title: string): string[] {
  return ['.PP', `\\fB${roff(title)}\\fR`];
}

/** The page of one top-level command: `collab-issue.1`. */
function nounPage(cmd: DocCommand): string {
  const name = `collab-${cmd.name}`;
  const lines = [...header(name, name, cmd.summary), '.SH SYNOPSIS'];
  if (cmd.commands.length === 0) {
    lines.push(synopsis(cmd), '.SH DESCRIPTION', ...commandBody(cmd, (t) => [`.SH ${roff(t.toUpperCase())}`]));
  } else {
    const verbs = leaves(cmd);
    for (const v of verbs) lines.push(synopsis(v), '.br');
    lines.pop();
    lines.push('.SH DESCRIPTION', ...paragraphs(cmd.description || cmd.summary));
    if (cmd.aliases.length) lines.push('.PP', `Aliases: ${cmd.aliases.map((a) => `\\fB${roff(a)}\\fR`).join(', ')}`);
    lines.push('.PP', 'The global options of \\fBcollab\\fR(1) apply to every command.', '.SH COMMANDS');
    for (const v of verbs) {
      lines.push(`.SS ${macroArg(`collab ${v.path.join(' ')} ${v.usage}`)}`, ...commandBody(v, subHeading));
    }
  }
  lines.push('.SH SEE ALSO', '\\fBcollab\\fR(1)');
  return `${lines.join('\n')}\n`;
}

/** collab.1: the commands by section, global options, environment, exit status. */
function rootPage(root: DocCommand): string {
  const lines = [
    ...header('collab', 'collab', 'a command-line client for the Collaboration Service API v4 (GitLab v4 REST API)'),
    '.SH SYNOPSIS',
    `\\fBcollab\\fR \\fIcommand\\fR [\\fIverb\\fR] [\\fIargs\\fR] [\\fIflags\\fR]`,
    '.SH DESCRIPTION',
    ...paragraphs(
      'collab talks to a Collaboration Service (GitLab v4 REST API) instance: every ' +
        'endpoint has a named command of the form "collab <noun> <verb> [args] [flags]". ' +
        'Data goes to standard output (a table on a terminal, tab-separated values when ' +
        'piped, or JSON and NDJSON with -o), messages to standard error. ' +
        'A project is given with -p (numeric id, full path or web URL) or taken from ' +
        'COLLAB_PROJECT, CI_PROJECT_ID inside CI, or the git remote of the current directory.',
    ),
    '.PP',
    `Every command prints its flags and examples with \\fB\\-h\\fR, ` +
      `\\fB\\-\\-help\\fR (or \\fBcollab help\\fR \\fIcommand\\fR [\\fIverb\\fR]); each ` +
      `top-level command has a manual page of its own, listed below.`,
    '.SH COMMANDS',
  ];
  const byName = new Map(root.commands.map((c) => [c.name, c]));
  for (const section of ['Resources', 'Access', 'Tools'] as const) {
    lines.push(`.SS ${section}`);
    for (const entry of NOUNS.filter((n) => n.section === section)) {
      const cmd = byName.get(entry.name);
      lines.push('.TP', `\\fBcollab\\-${roff(entry.name)}\\fR(1)`, roff(cmd?.summary ?? entry.summary));
    }
  }
  const help = byName.get('help');
  if (help) lines.push('.TP', `\\fBcollab help\\fR [\\fItopic\\fR]`, roff(help.summary));
  lines.push('.SH GLOBAL OPTIONS', ...root.options.flatMap(optionItem));
  lines.push(
    '.SH ENVIRONMENT',
    ...entryItems(ENVIRONMENT),
    '.PP',
    'Inside a CI job (\\fBCI\\fR or \\fBGITLAB_CI\\fR set to true):',
    ...entryItems(CI_ENVIRONMENT),
    ...paragraphs(PRECEDENCE),
  );
  lines.push('.SH EXIT STATUS', ...entryItems(EXIT_CODES), ...paragraphs(`${IRREVERSIBLE_RULE} ${IRREVERSIBLE.join(', ')}.`));
  if (root.examples.length) lines.push('.SH EXAMPLES', ...exampleBlock(root.examples));
  const pages = NOUNS.map((n) => `\\fBcollab\\-${roff(n.name)}\\fR(1)`);
  lines.push('.SH SEE ALSO', `${pages.join(',\n')}`);
  return `${lines.join('\n')}\n`;
}

/** Every page: `collab.1` and one per top-level command, by file name. */
export function manPages(root: DocCommand): Map<string, string> {
  const pages = new Map<string, string>([['collab.1', rootPage(root)]]);
  for (const entry of NOUNS) {
    const cmd = root.commands.find((c) => c.name === entry.name);
    if (cmd) pages.set(`collab-${entry.name}.1`, nounPage(cmd));
  }
  return pages;
}
