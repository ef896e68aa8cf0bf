/**
 * What gh and glab users type, verb by verb, and collab's command for it: the one table every
 * hint for another tool's words comes from (src/habits.ts), and README's "Habits from gh and
 * glab" table. test/commands/habits-table.test.ts runs each entry's command through collab's
 * parser with its example, so a hint always names a command that exists and parses.
 */

export type Tool = 'gh' | 'glab';

export interface Habit {
  /** The other tool's noun and verb, as typed (`run watch`, `ci trace`). */
  words: string;
  tools: readonly Tool[];
  /**
   * collab's command line for it, without `collab`: `<1>`, `<2>` … stand for the words typed
   * after the verb (a missing one is left out, with the flag before it); several lines when one
   * habit is several commands (`pr status`). Undefined: collab has no equivalent.
   */
  collab?: readonly string[];
  /** What collab offers instead, said when it has no equivalent. */
  none?: string;
  /** Words typed after the verb for the parser test (and README's example). */
  example: readonly string[];
  /** The command takes no `-p` (the project is its argument, or it spans projects): a typed `-R` is left out. */
  project?: false;
  /**
   * The other tool's flags and collab's for them, kept in the hint: `--log-failed` as is, `--ref <v>`
   * with the value typed after the other tool's flag, '' for a flag collab needs not (its default).
   */
  flags?: Readonly<Record<string, string>>;
}

/** gh's `--web`/`-w`: collab's `--web`. */
const WEB = { '--web': '--web', '-w': '--web' } as const;

const both: readonly Tool[] = ['gh', 'glab'];

export const HABITS: readonly Habit[] = [
  // glab's `ci`: collab's `ci` is `pipeline`; these verbs are another noun's, or named otherwise.
  { words: 'ci status', tools: ['glab'], collab: ['pipeline view'], example: [] },
  { words: 'ci view', tools: ['glab'], collab: ['pipeline view <1>'], example: ['4711'] },
  { words: 'ci get', tools: ['glab'], collab: ['pipeline view <1> -o json'], example: ['4711'] },
  { words: 'ci list', tools: ['glab'], collab: ['pipeline list'], example: [] },
  { words: 'ci run', tools: ['glab'], collab: ['pipeline run'], example: ['-b', 'main'] },
  {
    words: 'ci trace',
    tools: ['glab'],
    collab: ['job trace <1>'],
    flags: { '--branch': '--ref <v>', '-b': '--ref <v>', '--pipeline-id': '--pipeline <v>' },
    example: ['test', '-b', 'main'],
  },
  {
    words: 'ci artifact',
    tools: ['glab'],
    collab: ['job artifacts --ref <1> --job <2>'],
    flags: { '--path': '--extract <v>' },
    example: ['main', 'build', '--path', 'out/'],
  },
  { words: 'ci trigger', tools: ['glab'], collab: ['job play <1>'], example: ['deploy'] },
  { words: 'ci lint', tools: ['glab'], collab: ['pipeline lint <1>'], example: ['.gitlab-ci.yml'] },
  { words: 'ci config', tools: ['glab'], none: 'collab pipeline lint checks a configuration', example: ['compile'] },
  // gh's Actions runs are collab's pipelines.
  { words: 'run list', tools: ['gh'], collab: ['pipeline list'], example: [] },
  {
    words: 'run view',
    tools: ['gh'],
    collab: ['pipeline view <1>'],
    flags: { '--log-failed': '--log-failed', ...WEB, '--exit-status': '' },
    example: ['4711', '--log-failed'],
  },
  {
    words: 'run watch',
    tools: ['gh'],
    collab: ['pipeline wait <1>'],
    flags: { '--exit-status': '', '--interval': '--interval <v>', '-i': '--interval <v>' },
    example: ['4711', '--exit-status'],
  },
  { words: 'run rerun', tools: ['gh'], collab: ['pipeline retry <1>'], example: ['4711'] },
  { words: 'run cancel', tools: ['gh'], collab: ['pipeline cancel <1>'], example: ['4711'] },
  { words: 'run delete', tools: ['gh'], collab: ['pipeline delete <1>'], example: ['4711'] },
  {
    words: 'run download',
    tools: ['gh'],
    collab: ['job artifacts --pipeline <1>'],
    flags: { '--name': '--job <v>', '-n': '--job <v>', '--dir': '--extract <v>', '-D': '--extract <v>' },
    example: ['4711', '-n', 'build'],
  },
  // gh's argument is the workflow file: a project has one CI configuration, run for --ref with its fields as variables.
  {
    words: 'workflow run',
    tools: ['gh'],
    collab: ['pipeline run'],
    flags: {
      '--ref': '--ref <v>',
      '-r': '--ref <v>',
      '--raw-field': '--variable <v>',
      '-f': '--variable <v>',
      '--field': '--variable <v>',
      '-F': '--variable <v>',
    },
    example: ['deploy.yml', '--ref', 'main', '-f', 'ENV=staging'],
  },
  { words: 'workflow list', tools: ['gh'], none: 'a project has one CI configuration: collab pipeline lint checks it', example: [] },
  // Pull requests are merge requests.
  {
    words: 'pr checks',
    tools: ['gh'],
    collab: ['mr checks <1>'],
    flags: { '--watch': '--watch', '--interval': '--interval <v>', '-i': '--interval <v>', '--fail-fast': '' },
    example: ['3', '--watch'],
  },
  { words: 'pr status', tools: ['gh'], collab: ['mr list --author @me', 'mr list --reviewer @me'], example: [] },
  {
    words: 'pr view',
    tools: ['gh'],
    collab: ['mr view <1>'],
    flags: { ...WEB, '--comments': '--comments', '-c': '--comments' },
    example: ['3'],
  },
  { words: 'pr list', tools: ['gh'], collab: ['mr list'], example: [] },
  { words: 'pr create', tools: ['gh'], collab: ['mr create'], example: [] },
  { words: 'pr checkout', tools: ['gh'], collab: ['mr checkout <1>'], example: ['3'] },
  { words: 'pr diff', tools: ['gh'], collab: ['mr diff <1>'], example: ['3'] },
  { words: 'pr merge', tools: ['gh'], collab: ['mr merge <1>'], example: ['3'] },
  { words: 'pr close', tools: ['gh'], collab: ['mr close <1>'], example: ['3'] },
  { words: 'pr reopen', tools: ['gh'], collab: ['mr reopen <1>'], example: ['3'] },
  { words: 'pr comment', tools: ['gh'], collab: ['mr note <1>'], example: ['3'] },
  { words: 'pr edit', tools: ['gh'], collab: ['mr update <1>'], example: ['3'] },
  { words: 'pr ready', tools: ['gh'], collab: ['mr ready <1>'], example: ['3'] },
  { words: 'pr review', tools: ['gh'], collab: ['mr approve <1>'], example: ['3'] },
  // Repositories are projects; cloning is git's.
  { words: 'repo clone', tools: both, project: false, collab: ['git-clone <1>'], example: ['acme/platform/api'] },
  { words: 'repo view', tools: both, project: false, collab: ['project view <1>'], example: ['acme/platform/api'] },
  { words: 'repo list', tools: both, project: false, collab: ['project list'], example: [] },
  { words: 'repo create', tools: both, project: false, collab: ['project create'], example: [] },
  { words: 'repo fork', tools: both, project: false, collab: ['project fork <1>'], example: ['acme/platform/api'] },
  { words: 'repo delete', tools: both, project: false, collab: ['project delete <1>'], example: ['acme/platform/api'] },
  { words: 'repo archive', tools: both, project: false, collab: ['project archive <1>'], example: ['acme/platform/api'] },
  { words: 'org list', tools: ['gh'], project: false, collab: ['group list'], example: [] },
  // glab's merge request verbs named otherwise, its issue boards, and labels (gh's too).
  { words: 'mr issues', tools: ['glab'], collab: ['mr closes-issues <1>'], example: ['3'] },
  { words: 'mr for', tools: ['glab'], collab: ['mr create --related-issue <1>'], example: ['42'] },
  { words: 'mr revoke', tools: ['glab'], collab: ['mr unapprove <1>'], example: ['3'] },
  { words: 'issue board', tools: ['glab'], collab: ['board view'], example: ['view'] },
  { words: 'label list', tools: both, collab: ['project labels'], example: [] },
  // gh's other nouns.
  { words: 'browse', tools: ['gh'], collab: ['project view --web'], example: [] },
  { words: 'issue status', tools: ['gh'], collab: ['issue list --assignee @me', 'issue list --author @me'], example: [] },
  { words: 'gist', tools: ['gh'], none: 'collab has no snippets command; collab api /snippets reaches them', example: [] },
  {
    words: 'search',
    tools: ['gh'],
    none: 'lists take --search: collab issue list --search <text>, collab mr list --search <text>',
    example: [],
  },
  { words: 'codespace', tools: ['gh'], none: 'GitLab has no codespaces', example: [] },
];

/** The git word a habit's command stands for (`git-clone`): not collab's, built from the project. */
export const GIT_CLONE = 'git-clone';
