# fish completion for collab
# Generated from the command tree by scripts/gen-docs.mjs (npm run docs); do not edit.
# Install: collab completion fish > ~/.config/fish/completions/collab.fish

# The flags accepted at every level (a command's own flag of the same name wins), with descriptions,
# their names, and those taking a value.
set -g __collab_gflags '--host'\t'instance base URL (env COLLAB_HOST)' '--sudo'\t'act as another user (id or username; administrators)' '-o'\t'output format (env COLLAB_OUTPUT) (choices: "table", "tsv", "json", "ndjson")' '--output'\t'output format (env COLLAB_OUTPUT) (choices: "table", "tsv", "json", "ndjson")' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command' '--raw-fields'\t'on a terminal, every field of the object (each key and its value) instead of the view\'s summary' '--header'\t'print a header row in tsv output' '--no-input'\t'never prompt (env COLLAB_NO_INPUT)' '--color'\t'colour: auto (a terminal, unless NO_COLOR), always (piped too, despite NO_COLOR), never (choices: "always", "never", "auto")' '--no-color'\t'no colour, as --color never (env NO_COLOR)' '--no-pager'\t'never page long output on a terminal (env COLLAB_PAGER, PAGER; default less -FRX)' '--debug'\t'log each HTTP exchange to stderr, secrets redacted (env COLLAB_DEBUG)' '--timeout'\t'one deadline per request, retries included (seconds or 90s, 10m, 1h; default 300); a waiting command stops waiting then (exit 124)' '--retries'\t'how often a failed read, or a request the server throttled, is tried again (env COLLAB_RETRIES; default 4)' '--jq'\t'filter the JSON output with jq (implies -o json; -o ndjson: per item)' '-r'\t'with --jq: print strings without quotes, as jq -r' '--raw'\t'with --jq: print strings without quotes, as jq -r' '-h'\t'display help for command' '--help'\t'display help for command'
set -g __collab_gnames '--host' '--sudo' '-o' '--output' '--fields' '--raw-fields' '--header' '--no-input' '--color' '--no-color' '--no-pager' '--debug' '--timeout' '--retries' '--jq' '-r' '--raw' '-h' '--help'
set -g __collab_gvflags '--host' '--sudo' '-o' '--output' '--fields' '--color' '--timeout' '--retries' '--jq'

# Sets __collab_kids and __collab_flags (candidates with descriptions), __collab_fnames and
# __collab_vflags (the command's own flags, and those taking a value) for the command path $argv[1].
function __collab_node
    switch "$argv[1]"
        case ''
            set -g __collab_kids 'issue'\t'Issues: list, view, create, update, close, reopen, delete, move, comment, subscribe, todo, time tracking' 'board'\t'Issue boards and their lists' 'mr'\t'Merge requests: list, create, approve, merge safely' 'todo'\t'Your to-do list: what needs you (GitLab)' 'job'\t'CI jobs: list, trace, retry, download artifacts' 'pipeline'\t'CI pipelines: list, view, wait, run, retry, cancel, lint' 'release'\t'Releases: create with links, list, view, upload and download assets' 'package'\t'Generic packages: upload, download, list, delete' 'variable'\t'CI/CD variables: list, get, set, delete, export' 'project'\t'Projects: list, view, create, fork, star, archive, upload' 'group'\t'Groups: list, view, create, transfer projects, LDAP links' 'namespace'\t'Namespaces: the users and groups projects live in' 'user'\t'Users, SSH/GPG keys, emails, impersonation tokens' 'settings'\t'Instance application settings (administrators)' 'auth'\t'Log in, show status, log out, print the token' 'config'\t'Get and set defaults (host, output, per_page, project)' 'api'\t'Send any request to the API (same auth, paginator and output)' 'completion'\t'Print a shell completion script (bash, zsh, fish)' 'sandbox'\t'Run a local, in-memory server that speaks the whole API, seeded with demo data' 'mcp'\t'Serve collab to AI assistants (Model Context Protocol)' 'version'\t'Print the version (the same as collab --version)' 'help'\t'help on a command or a topic (environment, exit-codes, man)'
            set -g __collab_akids 
            set -g __collab_flags '-V'\t'print the version' '--version'\t'print the version'
            set -g __collab_fnames '-V' '--version'
            set -g __collab_vflags 
        case 'issue'
            set -g __collab_kids 'list'\t'List a project\'s, a group\'s or your issues' 'view'\t'Show one issue' 'create'\t'Create an issue' 'update'\t'Change an issue (title, description, labels, assignees, milestone, state, …)' 'close'\t'Close an issue' 'reopen'\t'Reopen a closed issue' 'delete'\t'Delete an issue' 'move'\t'Move an issue to another project' 'subscribe'\t'Subscribe to notifications of an issue' 'unsubscribe'\t'Unsubscribe from notifications of an issue' 'todo'\t'Add an issue to your todo list' 'estimate'\t'Set the time estimate of an issue' 'reset-estimate'\t'Reset the time estimate of an issue to zero' 'spend'\t'Add time spent on an issue' 'reset-spent'\t'Reset the time spent on an issue to zero' 'time-stats'\t'Show the time estimate and time spent of an issue' 'note'\t'Comment on an issue' 'notes'\t'List the comments and system notes of an issue' 'closed-by'\t'List the merge requests that close an issue when merged' 'user-agent'\t'Show the user agent, IP address and spam-filter state recorded when the issue was created (administrators)'
            set -g __collab_akids 'ls'\t'List a project\'s, a group\'s or your issues' 'show'\t'Show one issue' 'new'\t'Create an issue' 'edit'\t'Change an issue (title, description, labels, assignees, milestone, state, …)' 'rm'\t'Delete an issue' 'comment'\t'Comment on an issue' 'comments'\t'List the comments and system notes of an issue'
            set -g __collab_flags '-h'\t'display help for command' '--help'\t'display help for command'
            set -g __collab_fnames '-h' '--help'
            set -g __collab_vflags 
        case 'issue list'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-g'\t'group: numeric id or full path' '--group'\t'group: numeric id or full path' '-s'\t'only issues in this state (opened, closed, all; default opened)' '--state'\t'only issues in this state (opened, closed, all; default opened)' '-c'\t'only closed issues (--state closed)' '--closed'\t'only closed issues (--state closed)' '-l'\t'comma-separated label names; an issue must carry all' '--labels'\t'comma-separated label names; an issue must carry all' '--no-labels'\t'only issues without labels' '-m'\t'milestone title' '--milestone'\t'milestone title' '--scope'\t'created-by-me (default without a project), assigned-to-me or all (created-by-me, assigned-to-me, all)' '--author-id'\t'issues created by this user id' '--assignee-id'\t'issues assigned to this user id' '--author'\t'issues created by this user: username or @me' '-a'\t'issues assigned to this user: username or @me; none: nobody, any: somebody' '--assignee'\t'issues assigned to this user: username or @me; none: nobody, any: somebody' '--not-label'\t'leave out issues with these labels, comma-separated (GitLab)' '--not-milestone'\t'leave out issues of this milestone (GitLab)' '--not-author'\t'leave out issues created by this user: username or @me (GitLab)' '--not-assignee'\t'leave out issues assigned to this user: username or @me (GitLab)' '--my-reaction'\t'issues you reacted to with this emoji (also --my-reaction-emoji)' '--iids'\t'only these IIDs (comma-separated)' '--order-by'\t'sort field (default created_at) (created_at, updated_at)' '--sort'\t'sort direction (default desc) (asc, desc)' '--search'\t'match title and description' '--in'\t'where --search looks: title, description or title,description (GitLab; default both) (title, description)' '--created-after'\t'created on or after (project lists only)' '--created-before'\t'created on or before (project lists only)' '--per-page'\t'items per page (1-100)' '--page'\t'page number to fetch' '--all'\t'fetch every page' '-L'\t'stop after n items' '--limit'\t'stop after n items' '--concurrency'\t'pages fetched at once with --all (1-16, default 8)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--my-reaction-emoji'\t'the API\'s name for --my-reaction' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '-g' '--group' '-s' '--state' '-c' '--closed' '-l' '--labels' '--no-labels' '-m' '--milestone' '--scope' '--author-id' '--assignee-id' '--author' '-a' '--assignee' '--not-label' '--not-milestone' '--not-author' '--not-assignee' '--my-reaction' '--iids' '--order-by' '--sort' '--search' '--in' '--created-after' '--created-before' '--per-page' '--page' '--all' '-L' '--limit' '--concurrency' '-h' '--help' '-R' '--repo' '--my-reaction-emoji' '--fields'
            set -g __collab_vflags '-p' '--project' '-g' '--group' '-s' '--state' '-l' '--labels' '-m' '--milestone' '--scope' '--author-id' '--assignee-id' '--author' '-a' '--assignee' '--not-label' '--not-milestone' '--not-author' '--not-assignee' '--my-reaction' '--iids' '--order-by' '--sort' '--search' '--in' '--created-after' '--created-before' '--per-page' '--page' '-L' '--limit' '--concurrency' '-R' '--repo' '--my-reaction-emoji' '--fields'
        case 'issue view'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-c'\t'show the discussion after it: comments, and what happened (GitLab\'s notes API)' '--comments'\t'show the discussion after it: comments, and what happened (GitLab\'s notes API)' '--no-system'\t'with --comments: leave out system notes ("changed the description")' '-w'\t'open it in the browser ($BROWSER, else the system opener); off a terminal or with no browser, print its URL' '--web'\t'open it in the browser ($BROWSER, else the system opener); off a terminal or with no browser, print its URL' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '-c' '--comments' '--no-system' '-w' '--web' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '-R' '--repo' '--fields'
        case 'issue create'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-t'\t'issue title (required)' '--title'\t'issue title (required)' '-d'\t'description (Markdown)' '--description'\t'description (Markdown)' '--description-file'\t'read the description from a file (- for stdin)' '--confidential'\t'create it confidential (default: not)' '--assignee-ids'\t'assignee user ids, comma-separated' '--milestone-id'\t'milestone id' '-l'\t'comma-separated label names (also --label)' '--labels'\t'comma-separated label names (also --label)' '-a'\t'assignees: usernames or @me, comma-separated' '--assignee'\t'assignees: usernames or @me, comma-separated' '--milestone'\t'milestone by its title' '--created-at'\t'ISO 8601 creation time (administrators and project owners)' '--due-date'\t'due date, YYYY-MM-DD' '-w'\t'weight, 0 to 9' '--weight'\t'weight, 0 to 9' '--mr-to-resolve'\t'IID of a merge request whose open discussions this issue resolves (fills a default description) (also --merge-request-to-resolve-discussions-of)' '--discussion'\t'id of one discussion of that merge request to resolve (needs --mr-to-resolve) (also --discussion-to-resolve)' '-y'\t'ask nothing (as glab create -y): suggested values are taken, a missing required flag is exit 2, no editor offered' '--yes'\t'ask nothing (as glab create -y): suggested values are taken, a missing required flag is exit 2, no editor offered' '-e'\t'write the description in $VISUAL or $EDITOR (offered on a terminal when none is given); empty: nothing is sent' '--editor'\t'write the description in $VISUAL or $EDITOR (offered on a terminal when none is given); empty: nothing is sent' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--label'\t'glab\'s name for --labels' '--merge-request-to-resolve-discussions-of'\t'the API\'s name for --mr-to-resolve' '--discussion-to-resolve'\t'the API\'s name for --discussion' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '-t' '--title' '-d' '--description' '--description-file' '--confidential' '--assignee-ids' '--milestone-id' '-l' '--labels' '-a' '--assignee' '--milestone' '--created-at' '--due-date' '-w' '--weight' '--mr-to-resolve' '--discussion' '-y' '--yes' '-e' '--editor' '-h' '--help' '-R' '--repo' '--label' '--merge-request-to-resolve-discussions-of' '--discussion-to-resolve' '--fields'
            set -g __collab_vflags '-p' '--project' '-t' '--title' '-d' '--description' '--description-file' '--assignee-ids' '--milestone-id' '-l' '--labels' '-a' '--assignee' '--milestone' '--created-at' '--due-date' '-w' '--weight' '--mr-to-resolve' '--discussion' '-R' '--repo' '--label' '--merge-request-to-resolve-discussions-of' '--discussion-to-resolve' '--fields'
        case 'issue update'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-t'\t'new title' '--title'\t'new title' '-d'\t'description (Markdown)' '--description'\t'description (Markdown)' '--description-file'\t'read the description from a file (- for stdin)' '--confidential'\t'make the issue confidential' '--no-confidential'\t'the opposite of --confidential' '--assignee-ids'\t'assignee user ids, comma-separated (0 unassigns everyone)' '--milestone-id'\t'milestone id (0 removes the milestone)' '-l'\t'comma-separated label names: replaces every label (--add-labels and --remove-labels keep the others)' '--labels'\t'comma-separated label names: replaces every label (--add-labels and --remove-labels keep the others)' '--add-labels'\t'add these labels, keeping the others (comma-separated; may be given again; GitLab) (also --label, --add-label)' '--remove-labels'\t'remove these labels, keeping the others (comma-separated; may be given again; GitLab) (also --unlabel, --remove-label)' '-a'\t'assignees: usernames or @me, comma-separated' '--assignee'\t'assignees: usernames or @me, comma-separated' '--milestone'\t'milestone by its title' '--state-event'\t'close or reopen (or use `issue close` / `issue reopen`) (close, reopen)' '--updated-at'\t'ISO 8601 update time (administrators and project owners)' '--due-date'\t'due date, YYYY-MM-DD' '-w'\t'weight, 0 to 9' '--weight'\t'weight, 0 to 9' '--discussion-locked'\t'only project members may comment' '--no-discussion-locked'\t'the opposite of --discussion-locked' '--stdin'\t'read the iids from standard input: one a line, or JSON objects with "iid" (what -o ndjson or -o json prints)' '--concurrency'\t'items sent at once (1-16, default 4)' '-e'\t'write the description in $VISUAL or $EDITOR, starting from the current one; empty: nothing is sent' '--editor'\t'write the description in $VISUAL or $EDITOR, starting from the current one; empty: nothing is sent' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--label'\t'glab\'s name for --add-labels' '--add-label'\t'gh\'s name for --add-labels' '--unlabel'\t'glab\'s name for --remove-labels' '--remove-label'\t'gh\'s name for --remove-labels' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '-t' '--title' '-d' '--description' '--description-file' '--confidential' '--no-confidential' '--assignee-ids' '--milestone-id' '-l' '--labels' '--add-labels' '--remove-labels' '-a' '--assignee' '--milestone' '--state-event' '--updated-at' '--due-date' '-w' '--weight' '--discussion-locked' '--no-discussion-locked' '--stdin' '--concurrency' '-e' '--editor' '-h' '--help' '-R' '--repo' '--label' '--add-label' '--unlabel' '--remove-label' '--fields'
            set -g __collab_vflags '-p' '--project' '-t' '--title' '-d' '--description' '--description-file' '--assignee-ids' '--milestone-id' '-l' '--labels' '--add-labels' '--remove-labels' '-a' '--assignee' '--milestone' '--state-event' '--updated-at' '--due-date' '-w' '--weight' '--concurrency' '-R' '--repo' '--label' '--add-label' '--unlabel' '--remove-label' '--fields'
        case 'issue close'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--stdin'\t'read the iids from standard input: one a line, or JSON objects with "iid" (what -o ndjson or -o json prints)' '--concurrency'\t'items sent at once (1-16, default 4)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--stdin' '--concurrency' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '--concurrency' '-R' '--repo' '--fields'
        case 'issue reopen'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--stdin'\t'read the iids from standard input: one a line, or JSON objects with "iid" (what -o ndjson or -o json prints)' '--concurrency'\t'items sent at once (1-16, default 4)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--stdin' '--concurrency' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '--concurrency' '-R' '--repo' '--fields'
        case 'issue delete'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--stdin'\t'read the iids from standard input: one a line, or JSON objects with "iid" (what -o ndjson or -o json prints)' '--concurrency'\t'items sent at once (1-16, default 4)' '-y'\t'do not ask for confirmation' '--yes'\t'do not ask for confirmation' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project'
            set -g __collab_fnames '-p' '--project' '--stdin' '--concurrency' '-y' '--yes' '-h' '--help' '-R' '--repo'
            set -g __collab_vflags '-p' '--project' '--concurrency' '-R' '--repo'
        case 'issue move'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--to'\t'target project: id, full path or web URL (also --to-project-id) (required)' '--stdin'\t'read the iids from standard input: one a line, or JSON objects with "iid" (what -o ndjson or -o json prints)' '--concurrency'\t'items sent at once (1-16, default 4)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--to-project-id'\t'the API\'s name for --to' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--to' '--stdin' '--concurrency' '-h' '--help' '-R' '--repo' '--to-project-id' '--fields'
            set -g __collab_vflags '-p' '--project' '--to' '--concurrency' '-R' '--repo' '--to-project-id' '--fields'
        case 'issue subscribe'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--stdin'\t'read the iids from standard input: one a line, or JSON objects with "iid" (what -o ndjson or -o json prints)' '--concurrency'\t'items sent at once (1-16, default 4)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--stdin' '--concurrency' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '--concurrency' '-R' '--repo' '--fields'
        case 'issue unsubscribe'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--stdin'\t'read the iids from standard input: one a line, or JSON objects with "iid" (what -o ndjson or -o json prints)' '--concurrency'\t'items sent at once (1-16, default 4)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--stdin' '--concurrency' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '--concurrency' '-R' '--repo' '--fields'
        case 'issue todo'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '-R' '--repo' '--fields'
        case 'issue estimate'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '-R' '--repo' '--fields'
        case 'issue reset-estimate'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '-R' '--repo' '--fields'
        case 'issue spend'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '-R' '--repo' '--fields'
        case 'issue reset-spent'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '-R' '--repo' '--fields'
        case 'issue time-stats'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '-R' '--repo' '--fields'
        case 'issue note'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-m'\t'the comment (Markdown) (also --body)' '--message'\t'the comment (Markdown) (also --body)' '-e'\t'write the message in $VISUAL or $EDITOR (offered on a terminal when none is given); empty: nothing is sent' '--editor'\t'write the message in $VISUAL or $EDITOR (offered on a terminal when none is given); empty: nothing is sent' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--body'\t'the API\'s name for --message' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '-m' '--message' '-e' '--editor' '-h' '--help' '-R' '--repo' '--body' '--fields'
            set -g __collab_vflags '-p' '--project' '-m' '--message' '-R' '--repo' '--body' '--fields'
        case 'issue notes'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--order-by'\t'sort field (default created_at) (created_at, updated_at)' '--sort'\t'sort direction (default desc) (asc, desc)' '--per-page'\t'items per page (1-100)' '--page'\t'page number to fetch' '--all'\t'fetch every page' '-L'\t'stop after n items' '--limit'\t'stop after n items' '--concurrency'\t'pages fetched at once with --all (1-16, default 8)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--order-by' '--sort' '--per-page' '--page' '--all' '-L' '--limit' '--concurrency' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '--order-by' '--sort' '--per-page' '--page' '-L' '--limit' '--concurrency' '-R' '--repo' '--fields'
        case 'issue closed-by'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--per-page'\t'items per page (1-100)' '--page'\t'page number to fetch' '--all'\t'fetch every page' '-L'\t'stop after n items' '--limit'\t'stop after n items' '--concurrency'\t'pages fetched at once with --all (1-16, default 8)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--per-page' '--page' '--all' '-L' '--limit' '--concurrency' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '--per-page' '--page' '-L' '--limit' '--concurrency' '-R' '--repo' '--fields'
        case 'issue user-agent'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '-R' '--repo' '--fields'
        case 'board'
            set -g __collab_kids 'list'\t'List a project\'s issue boards with their lists' 'view'\t'Show a board: its columns with their issues, fitted to the width' 'lists'\t'Show a board\'s lists (label columns; backlog and closed are not lists)' 'list-view'\t'Show one list of a board' 'list-create'\t'Add a list for a label to a board' 'list-move'\t'Move a list of a board to another position' 'list-delete'\t'Remove a list from a board'
            set -g __collab_akids 'ls'\t'List a project\'s issue boards with their lists' 'show'\t'Show a board: its columns with their issues, fitted to the width'
            set -g __collab_flags '-h'\t'display help for command' '--help'\t'display help for command'
            set -g __collab_fnames '-h' '--help'
            set -g __collab_vflags 
        case 'board list'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--per-page'\t'items per page (1-100)' '--page'\t'page number to fetch' '--all'\t'fetch every page' '-L'\t'stop after n items' '--limit'\t'stop after n items' '--concurrency'\t'pages fetched at once with --all (1-16, default 8)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--per-page' '--page' '--all' '-L' '--limit' '--concurrency' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '--per-page' '--page' '-L' '--limit' '--concurrency' '-R' '--repo' '--fields'
        case 'board view'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--per-list'\t'issues shown per column, 1-100 (default 20)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--per-list' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '--per-list' '-R' '--repo' '--fields'
        case 'board lists'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--per-page'\t'items per page (1-100)' '--page'\t'page number to fetch' '--all'\t'fetch every page' '-L'\t'stop after n items' '--limit'\t'stop after n items' '--concurrency'\t'pages fetched at once with --all (1-16, default 8)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--per-page' '--page' '--all' '-L' '--limit' '--concurrency' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '--per-page' '--page' '-L' '--limit' '--concurrency' '-R' '--repo' '--fields'
        case 'board list-view'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '-R' '--repo' '--fields'
        case 'board list-create'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--label-id'\t'id of the label the list shows' '--label'\t'name of the label (looked up in the project labels)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--label-id' '--label' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '--label-id' '--label' '-R' '--repo' '--fields'
        case 'board list-move'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--position'\t'new position, 0 is the first list (required)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--position' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '--position' '-R' '--repo' '--fields'
        case 'board list-delete'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-y'\t'do not ask for confirmation' '--yes'\t'do not ask for confirmation' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project'
            set -g __collab_fnames '-p' '--project' '-y' '--yes' '-h' '--help' '-R' '--repo'
            set -g __collab_vflags '-p' '--project' '-R' '--repo'
        case 'mr'
            set -g __collab_kids 'list'\t'List a project\'s merge requests, or yours' 'view'\t'Show one merge request' 'create'\t'Open a merge request' 'update'\t'Change a merge request' 'ready'\t'Mark a merge request as ready (its title without the draft prefix)' 'draft'\t'Mark a merge request as a draft ("Draft: " before its title)' 'close'\t'Close a merge request' 'reopen'\t'Reopen a closed merge request' 'delete'\t'Delete a merge request' 'note'\t'Comment on a merge request, reply in a thread, comment on a line, resolve' 'notes'\t'List a merge request\'s comments, thread by thread' 'discussions'\t'List a merge request\'s threads with their ids' 'resolve'\t'Resolve a thread of a merge request' 'unresolve'\t'Reopen a resolved thread of a merge request' 'checkout'\t'Check out a merge request in a local branch' 'merge'\t'Merge a merge request, pinned to the head you saw' 'rebase'\t'Rebase a merge request\'s source branch onto its target, on the server' 'cancel-auto-merge'\t'Cancel "merge when the pipeline succeeds"' 'approvals'\t'Show who approved a merge request, who is still missing, and its approval rules' 'jobs'\t'List the jobs of a merge request\'s head pipeline' 'checks'\t'A merge request\'s checks: its head pipeline\'s jobs (--watch: wait for it to end)' 'approve'\t'Approve a merge request' 'unapprove'\t'Withdraw your approval of a merge request' 'commits'\t'List the commits of a merge request' 'changes'\t'Show the changes of a merge request as a diff' 'closes-issues'\t'List the issues a merge request closes when merged' 'versions'\t'List the diff versions of a merge request' 'version'\t'Show one diff version of a merge request' 'subscribe'\t'Subscribe to notifications of a merge request' 'unsubscribe'\t'Unsubscribe from notifications of a merge request' 'todo'\t'Add a merge request to your todo list'
            set -g __collab_akids 'ls'\t'List a project\'s merge requests, or yours' 'show'\t'Show one merge request' 'new'\t'Open a merge request' 'edit'\t'Change a merge request' 'rm'\t'Delete a merge request' 'comment'\t'Comment on a merge request, reply in a thread, comment on a line, resolve' 'comments'\t'List a merge request\'s comments, thread by thread' 'threads'\t'List a merge request\'s threads with their ids' 'co'\t'Check out a merge request in a local branch' 'accept'\t'Merge a merge request, pinned to the head you saw' 'pipelines'\t'List the jobs of a merge request\'s head pipeline' 'diff'\t'Show the changes of a merge request as a diff'
            set -g __collab_flags '-h'\t'display help for command' '--help'\t'display help for command'
            set -g __collab_fnames '-h' '--help'
            set -g __collab_vflags 
        case 'mr list'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-s'\t'only merge requests in this state (opened, closed, merged, all; default opened)' '--state'\t'only merge requests in this state (opened, closed, merged, all; default opened)' '-c'\t'only closed merge requests (--state closed)' '--closed'\t'only closed merge requests (--state closed)' '-M'\t'only merged merge requests (--state merged)' '--merged'\t'only merged merge requests (--state merged)' '--order-by'\t'sort field (default created_at) (created_at, updated_at)' '--sort'\t'sort direction (default desc) (asc, desc)' '-m'\t'milestone title' '--milestone'\t'milestone title' '--view'\t'simple: only iid, URL, title, description and state (simple)' '-l'\t'comma-separated label names' '--labels'\t'comma-separated label names' '--created-after'\t'created on or after this date-time' '--created-before'\t'created on or before this date-time' '--scope'\t'created-by-me (the default without a project), assigned-to-me, reviews-for-me (a recent GitLab) or all (created-by-me, assigned-to-me, reviews-for-me, all)' '--author-id'\t'created by this user id (with --scope all or assigned-to-me without a project)' '--assignee-id'\t'assigned to this user id' '--author'\t'merge requests created by this user: username or @me' '-a'\t'merge requests assigned to this user: username or @me; none: nobody, any: somebody' '--assignee'\t'merge requests assigned to this user: username or @me; none: nobody, any: somebody' '--reviewer'\t'merge requests this user is asked to review: username or @me; none: nobody, any: somebody (GitLab) (also --reviewer-id)' '--not-label'\t'leave out merge requests with these labels, comma-separated (GitLab)' '--not-milestone'\t'leave out merge requests of this milestone (GitLab)' '--not-author'\t'leave out merge requests created by this user: username or @me (GitLab)' '--not-assignee'\t'leave out merge requests assigned to this user: username or @me (GitLab)' '--not-reviewer'\t'leave out merge requests asked of this user: username or @me (GitLab)' '--my-reaction'\t'merge requests you reacted to with this emoji (also --my-reaction-emoji)' '--iids'\t'only these IIDs, comma-separated (project lists only)' '--search'\t'match title and description (GitLab)' '--in'\t'where --search looks: title, description or title,description (GitLab; default both) (title, description)' '--draft'\t'only drafts (--no-draft: only those ready for review)' '--no-draft'\t'the opposite of --draft' '--per-page'\t'items per page (1-100)' '--page'\t'page number to fetch' '--all'\t'fetch every page' '-L'\t'stop after n items' '--limit'\t'stop after n items' '--concurrency'\t'pages fetched at once with --all (1-16, default 8)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--reviewer-id'\t'the API\'s name for --reviewer' '--my-reaction-emoji'\t'the API\'s name for --my-reaction' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '-s' '--state' '-c' '--closed' '-M' '--merged' '--order-by' '--sort' '-m' '--milestone' '--view' '-l' '--labels' '--created-after' '--created-before' '--scope' '--author-id' '--assignee-id' '--author' '-a' '--assignee' '--reviewer' '--not-label' '--not-milestone' '--not-author' '--not-assignee' '--not-reviewer' '--my-reaction' '--iids' '--search' '--in' '--draft' '--no-draft' '--per-page' '--page' '--all' '-L' '--limit' '--concurrency' '-h' '--help' '-R' '--repo' '--reviewer-id' '--my-reaction-emoji' '--fields'
            set -g __collab_vflags '-p' '--project' '-s' '--state' '--order-by' '--sort' '-m' '--milestone' '--view' '-l' '--labels' '--created-after' '--created-before' '--scope' '--author-id' '--assignee-id' '--author' '-a' '--assignee' '--reviewer' '--not-label' '--not-milestone' '--not-author' '--not-assignee' '--not-reviewer' '--my-reaction' '--iids' '--search' '--in' '--per-page' '--page' '-L' '--limit' '--concurrency' '-R' '--repo' '--reviewer-id' '--my-reaction-emoji' '--fields'
        case 'mr view'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-c'\t'show the discussion after it: comments, and what happened (GitLab\'s notes API)' '--comments'\t'show the discussion after it: comments, and what happened (GitLab\'s notes API)' '--no-system'\t'with --comments: leave out system notes ("changed the description")' '--unresolved'\t'only threads still to resolve' '--resolved'\t'only resolved threads' '-w'\t'open it in the browser ($BROWSER, else the system opener); off a terminal or with no browser, print its URL' '--web'\t'open it in the browser ($BROWSER, else the system opener); off a terminal or with no browser, print its URL' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '-c' '--comments' '--no-system' '--unresolved' '--resolved' '-w' '--web' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '-R' '--repo' '--fields'
        case 'mr create'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-s'\t'source branch (default: the branch checked out here) (also --source-branch)' '--source'\t'source branch (default: the branch checked out here) (also --source-branch)' '-b'\t'target branch (default: the target project\'s default branch) (also --target-branch)' '--target'\t'target branch (default: the target project\'s default branch) (also --target-branch)' '-t'\t'title' '--title'\t'title' '--assignee-id'\t'assign to this user id' '-d'\t'description (Markdown)' '--description'\t'description (Markdown)' '--description-file'\t'read the description from a file, or from stdin with -' '--fill'\t'title and description from the branch\'s commits (one commit: its message; several: the branch name and a list); asks nothing' '--fill-commit-body'\t'with --fill and several commits: each commit\'s body below its subject in the description' '--fill-verbose'\t'the same as --fill-commit-body' '--push'\t'push the source branch first (git push -u <remote> <branch>); --fill pushes it when the remote lacks it, --no-push keeps it from doing so' '--no-push'\t'the opposite of --push' '-i'\t'open it for this issue: "Closes #<iid>" in the description, the issue\'s title unless --title is given' '--related-issue'\t'open it for this issue: "Closes #<iid>" in the description, the issue\'s title unless --title is given' '--copy-issue-labels'\t'with --related-issue: the issue\'s labels (beside --labels) and its milestone (unless one is given)' '-a'\t'assign to this user: username or @me' '--assignee'\t'assign to this user: username or @me' '--reviewer'\t'reviewers: usernames or @me, comma-separated (GitLab) (also --reviewer-ids)' '--milestone'\t'milestone by its title' '--target-project-id'\t'target project id (for a merge request from a fork)' '-l'\t'comma-separated label names (also --label)' '--labels'\t'comma-separated label names (also --label)' '--milestone-id'\t'milestone id' '--remove-source-branch'\t'delete the source branch once merged' '--approvals-before-merge'\t'approvals required (only raises the target project’s value; inherited when absent)' '--squash'\t'squash the commits when merging' '--draft'\t'open it as a draft (its title starts with "Draft: ")' '-y'\t'ask nothing (as glab create -y): suggested values are taken, a missing required flag is exit 2, no editor offered' '--yes'\t'ask nothing (as glab create -y): suggested values are taken, a missing required flag is exit 2, no editor offered' '-e'\t'write the description in $VISUAL or $EDITOR (offered on a terminal when none is given); empty: nothing is sent' '--editor'\t'write the description in $VISUAL or $EDITOR (offered on a terminal when none is given); empty: nothing is sent' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--source-branch'\t'the API\'s name for --source' '--target-branch'\t'the API\'s name for --target' '--reviewer-ids'\t'the API\'s name for --reviewer' '--label'\t'glab\'s name for --labels' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '-s' '--source' '-b' '--target' '-t' '--title' '--assignee-id' '-d' '--description' '--description-file' '--fill' '--fill-commit-body' '--fill-verbose' '--push' '--no-push' '-i' '--related-issue' '--copy-issue-labels' '-a' '--assignee' '--reviewer' '--milestone' '--target-project-id' '-l' '--labels' '--milestone-id' '--remove-source-branch' '--approvals-before-merge' '--squash' '--draft' '-y' '--yes' '-e' '--editor' '-h' '--help' '-R' '--repo' '--source-branch' '--target-branch' '--reviewer-ids' '--label' '--fields'
            set -g __collab_vflags '-p' '--project' '-s' '--source' '-b' '--target' '-t' '--title' '--assignee-id' '-d' '--description' '--description-file' '-i' '--related-issue' '-a' '--assignee' '--reviewer' '--milestone' '--target-project-id' '-l' '--labels' '--milestone-id' '--approvals-before-merge' '-R' '--repo' '--source-branch' '--target-branch' '--reviewer-ids' '--label' '--fields'
        case 'mr update'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-b'\t'new target branch (also --target-branch)' '--target'\t'new target branch (also --target-branch)' '-t'\t'new title' '--title'\t'new title' '--assignee-id'\t'assign to this user id (0 unassigns)' '-d'\t'description (Markdown)' '--description'\t'description (Markdown)' '--description-file'\t'read the description from a file, or from stdin with -' '-a'\t'assign to this user: username or @me' '--assignee'\t'assign to this user: username or @me' '--reviewer'\t'reviewers: usernames or @me, comma-separated (GitLab) (also --reviewer-ids)' '--milestone'\t'milestone by its title' '-l'\t'comma-separated label names: replaces every label (--add-labels and --remove-labels keep the others)' '--labels'\t'comma-separated label names: replaces every label (--add-labels and --remove-labels keep the others)' '--add-labels'\t'add these labels, keeping the others (comma-separated; may be given again; GitLab) (also --label, --add-label)' '--remove-labels'\t'remove these labels, keeping the others (comma-separated; may be given again; GitLab) (also --unlabel, --remove-label)' '--milestone-id'\t'milestone id (0 removes the milestone)' '--remove-source-branch'\t'delete the source branch once merged' '--no-remove-source-branch'\t'the opposite of --remove-source-branch' '--squash'\t'squash the commits when merging' '--no-squash'\t'the opposite of --squash' '--discussion-locked'\t'only project members may comment' '--no-discussion-locked'\t'the opposite of --discussion-locked' '--draft'\t'mark it as a draft ("Draft: " before its title)' '--ready'\t'mark it as ready: its title without the draft prefix' '--stdin'\t'read the iids from standard input: one a line, or JSON objects with "iid" (what -o ndjson or -o json prints)' '--concurrency'\t'items sent at once (1-16, default 4)' '-e'\t'write the description in $VISUAL or $EDITOR, starting from the current one; empty: nothing is sent' '--editor'\t'write the description in $VISUAL or $EDITOR, starting from the current one; empty: nothing is sent' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--target-branch'\t'the API\'s name for --target' '--reviewer-ids'\t'the API\'s name for --reviewer' '--label'\t'glab\'s name for --add-labels' '--add-label'\t'gh\'s name for --add-labels' '--unlabel'\t'glab\'s name for --remove-labels' '--remove-label'\t'gh\'s name for --remove-labels' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '-b' '--target' '-t' '--title' '--assignee-id' '-d' '--description' '--description-file' '-a' '--assignee' '--reviewer' '--milestone' '-l' '--labels' '--add-labels' '--remove-labels' '--milestone-id' '--remove-source-branch' '--no-remove-source-branch' '--squash' '--no-squash' '--discussion-locked' '--no-discussion-locked' '--draft' '--ready' '--stdin' '--concurrency' '-e' '--editor' '-h' '--help' '-R' '--repo' '--target-branch' '--reviewer-ids' '--label' '--add-label' '--unlabel' '--remove-label' '--fields'
            set -g __collab_vflags '-p' '--project' '-b' '--target' '-t' '--title' '--assignee-id' '-d' '--description' '--description-file' '-a' '--assignee' '--reviewer' '--milestone' '-l' '--labels' '--add-labels' '--remove-labels' '--milestone-id' '--concurrency' '-R' '--repo' '--target-branch' '--reviewer-ids' '--label' '--add-label' '--unlabel' '--remove-label' '--fields'
        case 'mr ready'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--undo'\t'mark it as a draft instead (gh pr ready --undo)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--undo' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '-R' '--repo' '--fields'
        case 'mr draft'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '-R' '--repo' '--fields'
        case 'mr close'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--stdin'\t'read the iids from standard input: one a line, or JSON objects with "iid" (what -o ndjson or -o json prints)' '--concurrency'\t'items sent at once (1-16, default 4)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--stdin' '--concurrency' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '--concurrency' '-R' '--repo' '--fields'
        case 'mr reopen'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--stdin'\t'read the iids from standard input: one a line, or JSON objects with "iid" (what -o ndjson or -o json prints)' '--concurrency'\t'items sent at once (1-16, default 4)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--stdin' '--concurrency' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '--concurrency' '-R' '--repo' '--fields'
        case 'mr delete'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--stdin'\t'read the iids from standard input: one a line, or JSON objects with "iid" (what -o ndjson or -o json prints)' '--concurrency'\t'items sent at once (1-16, default 4)' '-y'\t'do not ask for confirmation' '--yes'\t'do not ask for confirmation' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project'
            set -g __collab_fnames '-p' '--project' '--stdin' '--concurrency' '-y' '--yes' '-h' '--help' '-R' '--repo'
            set -g __collab_vflags '-p' '--project' '--concurrency' '-R' '--repo'
        case 'mr note'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-m'\t'the comment (Markdown) (also --body)' '--message'\t'the comment (Markdown) (also --body)' '--reply'\t'reply in this thread: its id, its first characters, or the id of one of its notes' '--file'\t'start a thread on a line of this file in the diff' '--line'\t'with --file: the line, as the new file numbers it' '--old-line'\t'with --line: the line as the old file numbers it (a removed line)' '--internal'\t'an internal note: only members from Reporter up see it' '--resolve'\t'resolve this thread (after the comment, if any)' '--unresolve'\t'reopen this resolved thread (after the comment, if any)' '-e'\t'write the message in $VISUAL or $EDITOR (offered on a terminal when none is given); empty: nothing is sent' '--editor'\t'write the message in $VISUAL or $EDITOR (offered on a terminal when none is given); empty: nothing is sent' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--body'\t'the API\'s name for --message' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '-m' '--message' '--reply' '--file' '--line' '--old-line' '--internal' '--resolve' '--unresolve' '-e' '--editor' '-h' '--help' '-R' '--repo' '--body' '--fields'
            set -g __collab_vflags '-p' '--project' '-m' '--message' '--reply' '--file' '--line' '--resolve' '--unresolve' '-R' '--repo' '--body' '--fields'
        case 'mr notes'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--order-by'\t'order threads by their first note (created_at, the default) or their last (updated_at) (created_at, updated_at)' '--sort'\t'threads newest first (desc, the default) or oldest first (asc) (asc, desc)' '--unresolved'\t'only threads still to resolve' '--resolved'\t'only resolved threads' '--no-system'\t'leave out system notes ("changed the description")' '--all'\t'every note (always so: threads are read whole, every page)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--order-by' '--sort' '--unresolved' '--resolved' '--no-system' '--all' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '--order-by' '--sort' '-R' '--repo' '--fields'
        case 'mr discussions'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--unresolved'\t'only threads still to resolve' '--resolved'\t'only resolved threads' '--no-system'\t'leave out system notes ("changed the description")' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--unresolved' '--resolved' '--no-system' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '-R' '--repo' '--fields'
        case 'mr resolve'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '-R' '--repo' '--fields'
        case 'mr unresolve'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '-R' '--repo' '--fields'
        case 'mr checkout'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-b'\t'the local branch to use (default: the source branch name)' '--branch'\t'the local branch to use (default: the source branch name)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project'
            set -g __collab_fnames '-p' '--project' '-b' '--branch' '-h' '--help' '-R' '--repo'
            set -g __collab_vflags '-p' '--project' '-b' '--branch' '-R' '--repo'
        case 'mr merge'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-m'\t'merge commit message (also --merge-commit-message)' '--message'\t'merge commit message (also --merge-commit-message)' '--remove-source-branch'\t'delete the source branch after merging (also --should-remove-source-branch)' '--when-pipeline-succeeds'\t'merge once the pipeline succeeds instead of now (GitLab\'s auto-merge; --auto for short) (also --merge-when-pipeline-succeeds)' '--auto'\t'set it to merge by itself once its pipeline succeeds (and, on GitLab, its approvals are given)' '--sha'\t'merge only if the source branch head is this commit' '--squash'\t'squash the source branch\'s commits into one as it merges (GitLab)' '--squash-message'\t'the message of the squashed commit (implies --squash; GitLab) (also --squash-commit-message)' '--sha-from-view'\t'read the merge request first and merge only its current head (default on a terminal)' '--no-sha-from-view'\t'the opposite of --sha-from-view' '--stdin'\t'read the iids from standard input: one a line, or JSON objects with "iid" (what -o ndjson or -o json prints)' '--concurrency'\t'items sent at once (1-16, default 4)' '-y'\t'do not ask for confirmation' '--yes'\t'do not ask for confirmation' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--merge-commit-message'\t'the API\'s name for --message' '--should-remove-source-branch'\t'the API\'s name for --remove-source-branch' '--merge-when-pipeline-succeeds'\t'the API\'s name for --when-pipeline-succeeds' '--squash-commit-message'\t'the API\'s name for --squash-message' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '-m' '--message' '--remove-source-branch' '--when-pipeline-succeeds' '--auto' '--sha' '--squash' '--squash-message' '--sha-from-view' '--no-sha-from-view' '--stdin' '--concurrency' '-y' '--yes' '-h' '--help' '-R' '--repo' '--merge-commit-message' '--should-remove-source-branch' '--merge-when-pipeline-succeeds' '--squash-commit-message' '--fields'
            set -g __collab_vflags '-p' '--project' '-m' '--message' '--sha' '--squash-message' '--concurrency' '-R' '--repo' '--merge-commit-message' '--squash-commit-message' '--fields'
        case 'mr rebase'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--skip-ci'\t'create no pipeline for the rebased head' '--interval'\t'seconds between polls at first (default 1); the wait grows while nothing changes' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--skip-ci' '--interval' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '--interval' '-R' '--repo' '--fields'
        case 'mr cancel-auto-merge'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '-R' '--repo' '--fields'
        case 'mr approvals'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '-R' '--repo' '--fields'
        case 'mr jobs'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--scope'\t'only jobs in these statuses (comma-separated) (created, waiting_for_resource, preparing, waiting_for_callback, pending, running, success, failed, canceling, canceled, skipped, manual, scheduled)' '--per-page'\t'items per page (1-100)' '--page'\t'page number to fetch' '--all'\t'fetch every page' '-L'\t'stop after n items' '--limit'\t'stop after n items' '--concurrency'\t'pages fetched at once with --all (1-16, default 8)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--scope' '--per-page' '--page' '--all' '-L' '--limit' '--concurrency' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '--scope' '--per-page' '--page' '-L' '--limit' '--concurrency' '-R' '--repo' '--fields'
        case 'mr checks'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--watch'\t'wait for the head pipeline to end (exit as pipeline wait does)' '--interval'\t'seconds between polls at first (default 3)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--watch' '--interval' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '--interval' '-R' '--repo' '--fields'
        case 'mr approve'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--sha'\t'approve only if the source branch head is this commit' '--stdin'\t'read the iids from standard input: one a line, or JSON objects with "iid" (what -o ndjson or -o json prints)' '--concurrency'\t'items sent at once (1-16, default 4)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--sha' '--stdin' '--concurrency' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '--sha' '--concurrency' '-R' '--repo' '--fields'
        case 'mr unapprove'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '-R' '--repo' '--fields'
        case 'mr commits'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--per-page'\t'items per page (1-100)' '--page'\t'page number to fetch' '--all'\t'fetch every page' '-L'\t'stop after n items' '--limit'\t'stop after n items' '--concurrency'\t'pages fetched at once with --all (1-16, default 8)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--per-page' '--page' '--all' '-L' '--limit' '--concurrency' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '--per-page' '--page' '-L' '--limit' '--concurrency' '-R' '--repo' '--fields'
        case 'mr changes'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--name-only'\t'only the paths of the changed files, one a line (git diff --name-only)' '--stat'\t'how many lines each file gains and loses, and the total (git diff --stat)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--name-only' '--stat' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '-R' '--repo' '--fields'
        case 'mr closes-issues'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--per-page'\t'items per page (1-100)' '--page'\t'page number to fetch' '--all'\t'fetch every page' '-L'\t'stop after n items' '--limit'\t'stop after n items' '--concurrency'\t'pages fetched at once with --all (1-16, default 8)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--per-page' '--page' '--all' '-L' '--limit' '--concurrency' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '--per-page' '--page' '-L' '--limit' '--concurrency' '-R' '--repo' '--fields'
        case 'mr versions'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--per-page'\t'items per page (1-100)' '--page'\t'page number to fetch' '--all'\t'fetch every page' '-L'\t'stop after n items' '--limit'\t'stop after n items' '--concurrency'\t'pages fetched at once with --all (1-16, default 8)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--per-page' '--page' '--all' '-L' '--limit' '--concurrency' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '--per-page' '--page' '-L' '--limit' '--concurrency' '-R' '--repo' '--fields'
        case 'mr version'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '-R' '--repo' '--fields'
        case 'mr subscribe'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--stdin'\t'read the iids from standard input: one a line, or JSON objects with "iid" (what -o ndjson or -o json prints)' '--concurrency'\t'items sent at once (1-16, default 4)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--stdin' '--concurrency' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '--concurrency' '-R' '--repo' '--fields'
        case 'mr unsubscribe'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--stdin'\t'read the iids from standard input: one a line, or JSON objects with "iid" (what -o ndjson or -o json prints)' '--concurrency'\t'items sent at once (1-16, default 4)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--stdin' '--concurrency' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '--concurrency' '-R' '--repo' '--fields'
        case 'mr todo'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '-R' '--repo' '--fields'
        case 'todo'
            set -g __collab_kids 'list'\t'List your to-do items: pending ones, newest first' 'done'\t'Mark to-do items as done, or all of them with --all'
            set -g __collab_akids 'ls'\t'List your to-do items: pending ones, newest first'
            set -g __collab_flags '-h'\t'display help for command' '--help'\t'display help for command'
            set -g __collab_fnames '-h' '--help'
            set -g __collab_vflags 
        case 'todo list'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '--state'\t'pending or done (pending, done; default pending)' '--action'\t'why it is there (assigned, mentioned, build_failed, marked, approval_required, unmergeable, directly_addressed, merge_train_removed, review_requested, member_access_requested, review_submitted)' '--type'\t'what it is about (Issue, MergeRequest, Commit, Epic, DesignManagement::Design, AlertManagement::Alert)' '-p'\t'only those of this project (also --project-id)' '--project'\t'only those of this project (also --project-id)' '-g'\t'only those of this group (also --group-id)' '--group'\t'only those of this group (also --group-id)' '--author'\t'only those this user caused: username or @me (also --author-id)' '--per-page'\t'items per page (1-100)' '--page'\t'page number to fetch' '--all'\t'fetch every page' '-L'\t'stop after n items' '--limit'\t'stop after n items' '--concurrency'\t'pages fetched at once with --all (1-16, default 8)' '-h'\t'display help for command' '--help'\t'display help for command' '--project-id'\t'the API\'s name for --project' '--group-id'\t'the API\'s name for --group' '--author-id'\t'the API\'s name for --author' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '--state' '--action' '--type' '-p' '--project' '-g' '--group' '--author' '--per-page' '--page' '--all' '-L' '--limit' '--concurrency' '-h' '--help' '--project-id' '--group-id' '--author-id' '--fields'
            set -g __collab_vflags '--state' '--action' '--type' '-p' '--project' '-g' '--group' '--author' '--per-page' '--page' '-L' '--limit' '--concurrency' '--project-id' '--group-id' '--author-id' '--fields'
        case 'todo done'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '--all'\t'every pending to-do item' '--stdin'\t'read the ids from standard input: one a line, or JSON objects with "id" (what -o ndjson or -o json prints)' '--concurrency'\t'items sent at once (1-16, default 4)' '-h'\t'display help for command' '--help'\t'display help for command' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '--all' '--stdin' '--concurrency' '-h' '--help' '--fields'
            set -g __collab_vflags '--concurrency' '--fields'
        case 'job'
            set -g __collab_kids 'list'\t'List a project\'s jobs, or a pipeline\'s' 'view'\t'Show one job' 'trace'\t'Print a job\'s log, following a running job on a terminal' 'artifacts'\t'Download a job\'s artifacts archive (by job id, or by job name on a ref or in a pipeline)' 'artifact'\t'Print one file of a job\'s artifacts (or save it with --dest)' 'cancel'\t'Cancel a job' 'retry'\t'Retry a job (prints the new job)' 'play'\t'Start a manual job' 'erase'\t'Erase a job\'s artifacts and trace' 'keep'\t'Keep a job\'s artifacts (no expiry)'
            set -g __collab_akids 'ls'\t'List a project\'s jobs, or a pipeline\'s' 'show'\t'Show one job' 'log'\t'Print a job\'s log, following a running job on a terminal'
            set -g __collab_flags '-h'\t'display help for command' '--help'\t'display help for command'
            set -g __collab_fnames '-h' '--help'
            set -g __collab_vflags 
        case 'job list'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--scope'\t'only jobs in these statuses (comma-separated) (created, waiting_for_resource, preparing, waiting_for_callback, pending, running, success, failed, canceling, canceled, skipped, manual, scheduled)' '--pipeline'\t'only the jobs of this pipeline (current: the CI job\'s own, CI_PIPELINE_ID)' '--per-page'\t'items per page (1-100)' '--page'\t'page number to fetch' '--all'\t'fetch every page' '-L'\t'stop after n items' '--limit'\t'stop after n items' '--concurrency'\t'pages fetched at once with --all (1-16, default 8)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--scope' '--pipeline' '--per-page' '--page' '--all' '-L' '--limit' '--concurrency' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '--scope' '--pipeline' '--per-page' '--page' '-L' '--limit' '--concurrency' '-R' '--repo' '--fields'
        case 'job view'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--ref'\t'with a job name: look in the latest pipeline of this branch or tag (default: the branch checked out)' '--pipeline'\t'with a job name: look in this pipeline (current: the CI job\'s own, CI_PIPELINE_ID)' '-w'\t'open it in the browser ($BROWSER, else the system opener); off a terminal or with no browser, print its URL' '--web'\t'open it in the browser ($BROWSER, else the system opener); off a terminal or with no browser, print its URL' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--ref' '--pipeline' '-w' '--web' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '--ref' '--pipeline' '-R' '--repo' '--fields'
        case 'job trace'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--job'\t'the job by its name (as the argument takes it)' '--ref'\t'with a job name: look in the latest pipeline of this branch or tag (default: the branch checked out)' '--pipeline'\t'with a job name: look in this pipeline (current: the CI job\'s own, CI_PIPELINE_ID)' '--failed'\t'the log of every failed job of the pipeline (--ref, --pipeline, or the one here)' '-f'\t'print what is new until the job ends (the default on a terminal)' '--follow'\t'print what is new until the job ends (the default on a terminal)' '--no-follow'\t'the opposite of --follow' '--exit-status'\t'exit 1 unless the job succeeded, naming its status' '--interval'\t'seconds between polls while following (default 3)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project'
            set -g __collab_fnames '-p' '--project' '--job' '--ref' '--pipeline' '--failed' '-f' '--follow' '--no-follow' '--exit-status' '--interval' '-h' '--help' '-R' '--repo'
            set -g __collab_vflags '-p' '--project' '--job' '--ref' '--pipeline' '--interval' '-R' '--repo'
        case 'job artifacts'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--ref'\t'branch or tag: the last successful job named --job on it (inside CI: default the ref of the job\'s pipeline, refs/merge-requests/<iid>/head in a merge request pipeline)' '--job'\t'job name: that job on --ref, or in --pipeline' '--pipeline'\t'take the job named --job from this pipeline (current: the CI job\'s own, CI_PIPELINE_ID)' '--sha256'\t'the SHA-256 the download must have: on a mismatch nothing is kept (saved, extracted or printed)' '-d'\t'where to write the archive (default ./artifacts.zip; - for stdout); replaces only a regular file' '--dest'\t'where to write the archive (default ./artifacts.zip; - for stdout); replaces only a regular file' '-x'\t'unzip into this directory, checked first: nothing may lead outside it or replace what it holds by another kind' '--extract'\t'unzip into this directory, checked first: nothing may lead outside it or replace what it holds by another kind' '--max-size'\t'with --extract: the most the archive\'s files may add up to (default 200 times the archive, at least 100 MiB, at most 8 GiB)' '--max-entries'\t'with --extract: the most entries the archive may hold (default 100000)' '--job-token'\t'authenticate with the CI job token from CI_JOB_TOKEN, even when a personal token is set' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--ref' '--job' '--pipeline' '--sha256' '-d' '--dest' '-x' '--extract' '--max-size' '--max-entries' '--job-token' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '--ref' '--job' '--pipeline' '--sha256' '-d' '--dest' '-x' '--extract' '--max-size' '--max-entries' '-R' '--repo' '--fields'
        case 'job artifact'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--ref'\t'branch or tag: the last successful job named --job on it (inside CI: default the ref of the job\'s pipeline, refs/merge-requests/<iid>/head in a merge request pipeline)' '--job'\t'job name: that job on --ref, or in --pipeline' '--pipeline'\t'take the job named --job from this pipeline (current: the CI job\'s own, CI_PIPELINE_ID)' '--sha256'\t'the SHA-256 the download must have: on a mismatch nothing is kept (saved, extracted or printed)' '-d'\t'write the file here instead of stdout; replaces only a regular file' '--dest'\t'write the file here instead of stdout; replaces only a regular file' '--job-token'\t'authenticate with the CI job token from CI_JOB_TOKEN, even when a personal token is set' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--ref' '--job' '--pipeline' '--sha256' '-d' '--dest' '--job-token' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '--ref' '--job' '--pipeline' '--sha256' '-d' '--dest' '-R' '--repo' '--fields'
        case 'job cancel'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--ref'\t'with a job name: look in the latest pipeline of this branch or tag (default: the branch checked out)' '--pipeline'\t'with a job name: look in this pipeline (current: the CI job\'s own, CI_PIPELINE_ID)' '--force'\t'force-cancel a job stuck in `canceling` (maintainers)' '--stdin'\t'read the ids from standard input: one a line, or JSON objects with "id" (what -o ndjson or -o json prints)' '--concurrency'\t'items sent at once (1-16, default 4)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--ref' '--pipeline' '--force' '--stdin' '--concurrency' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '--ref' '--pipeline' '--concurrency' '-R' '--repo' '--fields'
        case 'job retry'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--ref'\t'with a job name: look in the latest pipeline of this branch or tag (default: the branch checked out)' '--pipeline'\t'with a job name: look in this pipeline (current: the CI job\'s own, CI_PIPELINE_ID)' '--stdin'\t'read the ids from standard input: one a line, or JSON objects with "id" (what -o ndjson or -o json prints)' '--concurrency'\t'items sent at once (1-16, default 4)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--ref' '--pipeline' '--stdin' '--concurrency' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '--ref' '--pipeline' '--concurrency' '-R' '--repo' '--fields'
        case 'job play'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--ref'\t'with a job name: look in the latest pipeline of this branch or tag (default: the branch checked out)' '--pipeline'\t'with a job name: look in this pipeline (current: the CI job\'s own, CI_PIPELINE_ID)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--ref' '--pipeline' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '--ref' '--pipeline' '-R' '--repo' '--fields'
        case 'job erase'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--ref'\t'with a job name: look in the latest pipeline of this branch or tag (default: the branch checked out)' '--pipeline'\t'with a job name: look in this pipeline (current: the CI job\'s own, CI_PIPELINE_ID)' '-y'\t'do not ask for confirmation' '--yes'\t'do not ask for confirmation' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--ref' '--pipeline' '-y' '--yes' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '--ref' '--pipeline' '-R' '--repo' '--fields'
        case 'job keep'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--ref'\t'with a job name: look in the latest pipeline of this branch or tag (default: the branch checked out)' '--pipeline'\t'with a job name: look in this pipeline (current: the CI job\'s own, CI_PIPELINE_ID)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--ref' '--pipeline' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '--ref' '--pipeline' '-R' '--repo' '--fields'
        case 'pipeline'
            set -g __collab_kids 'list'\t'List a project\'s pipelines, newest first' 'view'\t'Show a pipeline and its jobs by stage (default: the latest of the branch checked out)' 'wait'\t'Wait for a pipeline to end: exit 0 when it succeeded, 1 when not, 124 on --timeout' 'run'\t'Start a pipeline on a ref, with variables (--wait: then wait for it)' 'retry'\t'Retry a pipeline\'s failed and canceled jobs' 'cancel'\t'Cancel the jobs of a running pipeline' 'delete'\t'Delete a pipeline, its jobs, logs and artifacts (irreversible)' 'report'\t'A pipeline\'s test report: totals and the suites that failed' 'lint'\t'Check a CI configuration: exit 0 when valid, 1 when not'
            set -g __collab_akids 'ls'\t'List a project\'s pipelines, newest first' 'show'\t'Show a pipeline and its jobs by stage (default: the latest of the branch checked out)' 'status'\t'Show a pipeline and its jobs by stage (default: the latest of the branch checked out)' 'watch'\t'Wait for a pipeline to end: exit 0 when it succeeded, 1 when not, 124 on --timeout' 'create'\t'Start a pipeline on a ref, with variables (--wait: then wait for it)' 'start'\t'Start a pipeline on a ref, with variables (--wait: then wait for it)' 'rm'\t'Delete a pipeline, its jobs, logs and artifacts (irreversible)' 'test-report'\t'A pipeline\'s test report: totals and the suites that failed'
            set -g __collab_flags '-h'\t'display help for command' '--help'\t'display help for command'
            set -g __collab_fnames '-h' '--help'
            set -g __collab_vflags 
        case 'pipeline list'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--ref'\t'pipelines of this branch or tag (default: the branch checked out)' '--branch'\t'the same as --ref' '--all-refs'\t'every ref, not only the branch checked out' '--status'\t'pipelines in this status (created, waiting_for_resource, preparing, waiting_for_callback, pending, running, success, failed, canceling, canceled, skipped, manual, scheduled)' '--source'\t'pipelines started this way (push, web, schedule, …) (push, web, trigger, schedule, api, external, pipeline, chat, webide, merge_request_event, external_pull_request_event, parent_pipeline, ondemand_dast_scan, ondemand_dast_validation, security_orchestration_policy, container_registry_push, duo_workflow, pipeline_execution_policy_schedule)' '--sha'\t'pipelines of this commit' '--username'\t'pipelines started by this user' '--updated-after'\t'updated on or after (ISO 8601)' '--updated-before'\t'updated on or before (ISO 8601)' '--per-page'\t'items per page (1-100)' '--page'\t'page number to fetch' '--all'\t'fetch every page' '-L'\t'stop after n items' '--limit'\t'stop after n items' '--concurrency'\t'pages fetched at once with --all (1-16, default 8)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--ref' '--branch' '--all-refs' '--status' '--source' '--sha' '--username' '--updated-after' '--updated-before' '--per-page' '--page' '--all' '-L' '--limit' '--concurrency' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '--ref' '--branch' '--status' '--source' '--sha' '--username' '--updated-after' '--updated-before' '--per-page' '--page' '-L' '--limit' '--concurrency' '-R' '--repo' '--fields'
        case 'pipeline view'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--ref'\t'without a pipeline id: the latest pipeline of this branch or tag (default: the branch checked out)' '--watch'\t'wait for it to end (exit as pipeline wait does)' '--log-failed'\t'print the log of every failed job' '--interval'\t'seconds between polls at first (default 3); the wait grows while nothing changes' '-w'\t'open it in the browser ($BROWSER, else the system opener); off a terminal or with no browser, print its URL' '--web'\t'open it in the browser ($BROWSER, else the system opener); off a terminal or with no browser, print its URL' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--ref' '--watch' '--log-failed' '--interval' '-w' '--web' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '--ref' '--interval' '-R' '--repo' '--fields'
        case 'pipeline wait'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--ref'\t'without a pipeline id: the latest pipeline of this branch or tag (default: the branch checked out)' '--interval'\t'seconds between polls at first (default 3); the wait grows while nothing changes' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--ref' '--interval' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '--ref' '--interval' '-R' '--repo' '--fields'
        case 'pipeline run'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-b'\t'branch or tag (default: the branch checked out; inside a CI job, its ref)' '--ref'\t'branch or tag (default: the branch checked out; inside a CI job, its ref)' '--variable'\t'a variable for the pipeline, KEY=VALUE (repeatable)' '--variables-file'\t'variables from a file (- for stdin): JSON, or KEY=VALUE lines' '-w'\t'then wait for it to end (exit as pipeline wait does)' '--wait'\t'then wait for it to end (exit as pipeline wait does)' '--interval'\t'seconds between polls at first (default 3); the wait grows while nothing changes' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '-b' '--ref' '--variable' '--variables-file' '-w' '--wait' '--interval' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '-b' '--ref' '--variable' '--variables-file' '--interval' '-R' '--repo' '--fields'
        case 'pipeline retry'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '-R' '--repo' '--fields'
        case 'pipeline cancel'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '-R' '--repo' '--fields'
        case 'pipeline delete'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-y'\t'do not ask for confirmation' '--yes'\t'do not ask for confirmation' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project'
            set -g __collab_fnames '-p' '--project' '-y' '--yes' '-h' '--help' '-R' '--repo'
            set -g __collab_vflags '-p' '--project' '-R' '--repo'
        case 'pipeline report'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project'
            set -g __collab_fnames '-p' '--project' '-h' '--help' '-R' '--repo'
            set -g __collab_vflags '-p' '--project' '-R' '--repo'
        case 'pipeline lint'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project'
            set -g __collab_fnames '-p' '--project' '-h' '--help' '-R' '--repo'
            set -g __collab_vflags '-p' '--project' '-R' '--repo'
        case 'release'
            set -g __collab_kids 'create'\t'Create a release for a tag, with its notes and asset links' 'list'\t'List a project\'s releases, newest first' 'view'\t'Show a release, or the latest one' 'update'\t'Change a release\'s name, notes, milestones or date' 'delete'\t'Delete a release (its tag stays)' 'upload'\t'Upload files to the package registry and link them to a release' 'download'\t'Download a release\'s assets (one with --asset)' 'link'\t'A release\'s asset links: add, list, delete'
            set -g __collab_akids 'new'\t'Create a release for a tag, with its notes and asset links' 'ls'\t'List a project\'s releases, newest first' 'show'\t'Show a release, or the latest one' 'edit'\t'Change a release\'s name, notes, milestones or date' 'rm'\t'Delete a release (its tag stays)'
            set -g __collab_flags '-h'\t'display help for command' '--help'\t'display help for command'
            set -g __collab_fnames '-h' '--help'
            set -g __collab_vflags 
        case 'release create'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--name'\t'release name (default: the tag)' '-n'\t'release notes (Markdown) (also --description)' '--notes'\t'release notes (Markdown) (also --description)' '-F'\t'read the release notes from a file (- for stdin)' '--notes-file'\t'read the release notes from a file (- for stdin)' '-m'\t'a milestone title the release is associated with (repeatable) (also --milestones)' '--milestone'\t'a milestone title the release is associated with (repeatable) (also --milestones)' '--released-at'\t'when it is (or was) released; default now (ISO 8601)' '--ref'\t'create the tag from this branch, tag or commit when it does not exist' '--tag-message'\t'with --ref: the message of the annotated tag created' '-l'\t'an asset link (repeatable): type package, runbook, image or other; path a direct asset path' '--link'\t'an asset link (repeatable): type package, runbook, image or other; path a direct asset path' '--assets-links'\t'asset links as a JSON array of GitLab\'s link objects' '-e'\t'write the notes in $VISUAL or $EDITOR (offered on a terminal when none is given); empty: nothing is sent' '--editor'\t'write the notes in $VISUAL or $EDITOR (offered on a terminal when none is given); empty: nothing is sent' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--description'\t'the API\'s name for --notes' '--milestones'\t'the API\'s name for --milestone' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--name' '-n' '--notes' '-F' '--notes-file' '-m' '--milestone' '--released-at' '--ref' '--tag-message' '-l' '--link' '--assets-links' '-e' '--editor' '-h' '--help' '-R' '--repo' '--description' '--milestones' '--fields'
            set -g __collab_vflags '-p' '--project' '--name' '-n' '--notes' '-F' '--notes-file' '-m' '--milestone' '--released-at' '--ref' '--tag-message' '-l' '--link' '--assets-links' '-R' '--repo' '--description' '--milestones' '--fields'
        case 'release list'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--order-by'\t'order (default released_at) (released_at, created_at)' '--sort'\t'direction (default desc) (desc, asc)' '--per-page'\t'items per page (1-100)' '--page'\t'page number to fetch' '--all'\t'fetch every page' '-L'\t'stop after n items' '--limit'\t'stop after n items' '--concurrency'\t'pages fetched at once with --all (1-16, default 8)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--order-by' '--sort' '--per-page' '--page' '--all' '-L' '--limit' '--concurrency' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '--order-by' '--sort' '--per-page' '--page' '-L' '--limit' '--concurrency' '-R' '--repo' '--fields'
        case 'release view'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--latest'\t'the latest release (by release date)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--latest' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '-R' '--repo' '--fields'
        case 'release update'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--name'\t'new release name' '-n'\t'release notes (Markdown) (also --description)' '--notes'\t'release notes (Markdown) (also --description)' '-F'\t'read the release notes from a file (- for stdin)' '--notes-file'\t'read the release notes from a file (- for stdin)' '-m'\t'a milestone title the release is associated with (repeatable) (also --milestones)' '--milestone'\t'a milestone title the release is associated with (repeatable) (also --milestones)' '--released-at'\t'when it is (or was) released; default now (ISO 8601)' '-e'\t'write the notes in $VISUAL or $EDITOR, starting from the current one; empty: nothing is sent' '--editor'\t'write the notes in $VISUAL or $EDITOR, starting from the current one; empty: nothing is sent' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--description'\t'the API\'s name for --notes' '--milestones'\t'the API\'s name for --milestone' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--name' '-n' '--notes' '-F' '--notes-file' '-m' '--milestone' '--released-at' '-e' '--editor' '-h' '--help' '-R' '--repo' '--description' '--milestones' '--fields'
            set -g __collab_vflags '-p' '--project' '--name' '-n' '--notes' '-F' '--notes-file' '-m' '--milestone' '--released-at' '-R' '--repo' '--description' '--milestones' '--fields'
        case 'release delete'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-y'\t'do not ask for confirmation' '--yes'\t'do not ask for confirmation' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project'
            set -g __collab_fnames '-p' '--project' '-y' '--yes' '-h' '--help' '-R' '--repo'
            set -g __collab_vflags '-p' '--project' '-R' '--repo'
        case 'release upload'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--package-name'\t'the generic package the files go into (default release-assets)' '--package-version'\t'its version (default: the tag)' '--type'\t'the links\' type (other, runbook, image, package; default package)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--package-name' '--package-version' '--type' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '--package-name' '--package-version' '--type' '-R' '--repo' '--fields'
        case 'release download'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-a'\t'the asset (link name, or file name) to download' '--asset'\t'the asset (link name, or file name) to download' '-d'\t'with --asset its file (- for stdout); else the directory' '--dest'\t'with --asset its file (- for stdout); else the directory' '--sha256'\t'with --asset: the SHA-256 it must have' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '-a' '--asset' '-d' '--dest' '--sha256' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '-a' '--asset' '-d' '--dest' '--sha256' '-R' '--repo' '--fields'
        case 'release link'
            set -g __collab_kids 'add'\t'Add an asset link to a release' 'list'\t'List a release\'s asset links' 'delete'\t'Delete an asset link of a release'
            set -g __collab_akids 'create'\t'Add an asset link to a release' 'ls'\t'List a release\'s asset links' 'rm'\t'Delete an asset link of a release'
            set -g __collab_flags '-h'\t'display help for command' '--help'\t'display help for command'
            set -g __collab_fnames '-h' '--help'
            set -g __collab_vflags 
        case 'release link add'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--name'\t'the link name, unique in the release (required)' '--url'\t'where it points (http, https or ftp) (required)' '--type'\t'kind of asset (default other) (also --link-type) (other, runbook, image, package)' '--path'\t'a direct asset path: …/releases/:tag/downloads/path (also --direct-asset-path)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--link-type'\t'the API\'s name for --type' '--direct-asset-path'\t'the API\'s name for --path' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--name' '--url' '--type' '--path' '-h' '--help' '-R' '--repo' '--link-type' '--direct-asset-path' '--fields'
            set -g __collab_vflags '-p' '--project' '--name' '--url' '--type' '--path' '-R' '--repo' '--link-type' '--direct-asset-path' '--fields'
        case 'release link list'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--per-page'\t'items per page (1-100)' '--page'\t'page number to fetch' '--all'\t'fetch every page' '-L'\t'stop after n items' '--limit'\t'stop after n items' '--concurrency'\t'pages fetched at once with --all (1-16, default 8)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--per-page' '--page' '--all' '-L' '--limit' '--concurrency' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '--per-page' '--page' '-L' '--limit' '--concurrency' '-R' '--repo' '--fields'
        case 'release link delete'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-y'\t'do not ask for confirmation' '--yes'\t'do not ask for confirmation' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project'
            set -g __collab_fnames '-p' '--project' '-y' '--yes' '-h' '--help' '-R' '--repo'
            set -g __collab_vflags '-p' '--project' '-R' '--repo'
        case 'package'
            set -g __collab_kids 'upload'\t'Upload files to a generic package' 'download'\t'Download a file of a generic package' 'list'\t'List a project\'s packages' 'delete'\t'Delete a package and its files'
            set -g __collab_akids 'ls'\t'List a project\'s packages' 'rm'\t'Delete a package and its files'
            set -g __collab_flags '-h'\t'display help for command' '--help'\t'display help for command'
            set -g __collab_fnames '-h' '--help'
            set -g __collab_vflags 
        case 'package upload'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--file-name'\t'the name in the package (one file; default: its own name)' '--status'\t'hidden: kept out of package lists (default, hidden)' '--select'\t'GitLab\'s answer: the package file (always asked for: its SHA-256 is checked) (package_file)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--file-name' '--status' '--select' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '--file-name' '--status' '--select' '-R' '--repo' '--fields'
        case 'package download'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-d'\t'where to write it (default: its name here; - for stdout)' '--dest'\t'where to write it (default: its name here; - for stdout)' '--sha256'\t'the SHA-256 it must have; nothing is kept otherwise' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '-d' '--dest' '--sha256' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '-d' '--dest' '--sha256' '-R' '--repo' '--fields'
        case 'package list'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--name'\t'packages whose name contains this (also --package-name)' '--version'\t'packages of this version (also --package-version)' '--type'\t'one kind of package (also --package-type) (maven, npm, conan, nuget, pypi, composer, generic, golang, debian, rubygems, helm, terraform_module, rpm, ml_model, cargo)' '--status'\t'packages in this state (default, hidden, processing, error, pending_destruction, deprecated)' '--order-by'\t'order (default created_at) (created_at, name, version, type)' '--sort'\t'direction (default asc) (asc, desc)' '--per-page'\t'items per page (1-100)' '--page'\t'page number to fetch' '--all'\t'fetch every page' '-L'\t'stop after n items' '--limit'\t'stop after n items' '--concurrency'\t'pages fetched at once with --all (1-16, default 8)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--package-name'\t'the API\'s name for --name' '--package-version'\t'the API\'s name for --version' '--package-type'\t'the API\'s name for --type' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--name' '--version' '--type' '--status' '--order-by' '--sort' '--per-page' '--page' '--all' '-L' '--limit' '--concurrency' '-h' '--help' '-R' '--repo' '--package-name' '--package-version' '--package-type' '--fields'
            set -g __collab_vflags '-p' '--project' '--name' '--version' '--type' '--status' '--order-by' '--sort' '--per-page' '--page' '-L' '--limit' '--concurrency' '-R' '--repo' '--package-name' '--package-version' '--package-type' '--fields'
        case 'package delete'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-y'\t'do not ask for confirmation' '--yes'\t'do not ask for confirmation' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project'
            set -g __collab_fnames '-p' '--project' '-y' '--yes' '-h' '--help' '-R' '--repo'
            set -g __collab_vflags '-p' '--project' '-R' '--repo'
        case 'variable'
            set -g __collab_kids 'list'\t'List a project\'s or group\'s CI/CD variables' 'get'\t'Print a CI/CD variable\'s value' 'set'\t'Set a CI/CD variable: update it, or create it' 'delete'\t'Delete a CI/CD variable' 'export'\t'Print the variables as lines a shell sources (or env, JSON)'
            set -g __collab_akids 'ls'\t'List a project\'s or group\'s CI/CD variables' 'view'\t'Print a CI/CD variable\'s value' 'rm'\t'Delete a CI/CD variable'
            set -g __collab_flags '-h'\t'display help for command' '--help'\t'display help for command'
            set -g __collab_fnames '-h' '--help'
            set -g __collab_vflags 
        case 'variable list'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-g'\t'group: numeric id or full path' '--group'\t'group: numeric id or full path' '--per-page'\t'items per page (1-100)' '--page'\t'page number to fetch' '--all'\t'fetch every page' '-L'\t'stop after n items' '--limit'\t'stop after n items' '--concurrency'\t'pages fetched at once with --all (1-16, default 8)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '-g' '--group' '--per-page' '--page' '--all' '-L' '--limit' '--concurrency' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '-g' '--group' '--per-page' '--page' '-L' '--limit' '--concurrency' '-R' '--repo' '--fields'
        case 'variable get'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-g'\t'group: numeric id or full path' '--group'\t'group: numeric id or full path' '--scope'\t'the environment scope of the variable (when the key has several: production, review/*)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '-g' '--group' '--scope' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '-g' '--group' '--scope' '-R' '--repo' '--fields'
        case 'variable set'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-g'\t'group: numeric id or full path' '--group'\t'group: numeric id or full path' '--value'\t'the value (or give it as the second argument)' '--value-file'\t'read the value from a file, as it is (- for stdin)' '--masked'\t'masked in job logs (GitLab: 8 characters or more, one line)' '--no-masked'\t'the opposite of --masked' '--protected'\t'only in pipelines of protected branches and tags' '--no-protected'\t'the opposite of --protected' '--expand'\t'--no-expand: $OTHER in the value stays as written (GitLab\'s raw; --raw is --jq\'s)' '--no-expand'\t'the opposite of --expand' '--type'\t'env_var (default) or file (env_var, file)' '--scope'\t'its environment scope (default *; picks one of several)' '--description'\t'what it is for' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '-g' '--group' '--value' '--value-file' '--masked' '--no-masked' '--protected' '--no-protected' '--expand' '--no-expand' '--type' '--scope' '--description' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '-g' '--group' '--value' '--value-file' '--type' '--scope' '--description' '-R' '--repo' '--fields'
        case 'variable delete'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-g'\t'group: numeric id or full path' '--group'\t'group: numeric id or full path' '--scope'\t'the environment scope of the variable (when the key has several: production, review/*)' '-y'\t'do not ask for confirmation' '--yes'\t'do not ask for confirmation' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project'
            set -g __collab_fnames '-p' '--project' '-g' '--group' '--scope' '-y' '--yes' '-h' '--help' '-R' '--repo'
            set -g __collab_vflags '-p' '--project' '-g' '--group' '--scope' '-R' '--repo'
        case 'variable export'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-g'\t'group: numeric id or full path' '--group'\t'group: numeric id or full path' '--format'\t'sh (default), env or json (sh, env, json)' '--scope'\t'the environment a job runs in' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project'
            set -g __collab_fnames '-p' '--project' '-g' '--group' '--format' '--scope' '-h' '--help' '-R' '--repo'
            set -g __collab_vflags '-p' '--project' '-g' '--group' '--format' '--scope' '-R' '--repo'
        case 'project'
            set -g __collab_kids 'list'\t'List the projects you are a member of, every project visible to you, or a user\'s projects' 'view'\t'Show one project' 'users'\t'List the users of a project' 'labels'\t'List a project\'s labels' 'forks'\t'List the forks of a project' 'create'\t'Create a project (yours, or for another user with --for-user)' 'update'\t'Change a project\'s settings' 'delete'\t'Delete a project with everything inside' 'fork'\t'Fork a project into a namespace' 'star'\t'Star a project' 'unstar'\t'Remove your star from a project' 'archive'\t'Archive a project (read-only)' 'unarchive'\t'Unarchive a project' 'upload'\t'Upload a file to a project and print its markdown link'
            set -g __collab_akids 'ls'\t'List the projects you are a member of, every project visible to you, or a user\'s projects' 'show'\t'Show one project' 'new'\t'Create a project (yours, or for another user with --for-user)' 'edit'\t'Change a project\'s settings' 'rm'\t'Delete a project with everything inside'
            set -g __collab_flags '-h'\t'display help for command' '--help'\t'display help for command'
            set -g __collab_fnames '-h' '--help'
            set -g __collab_vflags 
        case 'project list'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-u'\t'list this user\'s projects' '--user'\t'list this user\'s projects' '--archived'\t'only archived projects (--no-archived: only active ones)' '--no-archived'\t'the opposite of --archived' '--visibility'\t'only projects with this visibility (private, internal, public)' '--order-by'\t'sort field (default created_at) (id, name, path, created_at, updated_at, last_activity_at)' '--sort'\t'sort direction (default desc) (asc, desc)' '--search'\t'match name, path and description' '--simple'\t'only id, URLs, name and path of each project' '--owned'\t'only projects you own' '--membership'\t'only projects you are a member of' '--starred'\t'only projects you starred' '--statistics'\t'include storage and commit statistics' '--with-issues-enabled'\t'only projects with issues enabled' '--with-merge-requests-enabled'\t'only projects with merge requests enabled' '--all-visible'\t'every project visible to you, not only those you are a member of' '--per-page'\t'items per page (1-100)' '--page'\t'page number to fetch' '--all'\t'fetch every page' '-L'\t'stop after n items' '--limit'\t'stop after n items' '--concurrency'\t'pages fetched at once with --all (1-16, default 8)' '-h'\t'display help for command' '--help'\t'display help for command' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-u' '--user' '--archived' '--no-archived' '--visibility' '--order-by' '--sort' '--search' '--simple' '--owned' '--membership' '--starred' '--statistics' '--with-issues-enabled' '--with-merge-requests-enabled' '--all-visible' '--per-page' '--page' '--all' '-L' '--limit' '--concurrency' '-h' '--help' '--fields'
            set -g __collab_vflags '-u' '--user' '--visibility' '--order-by' '--sort' '--search' '--per-page' '--page' '-L' '--limit' '--concurrency' '--fields'
        case 'project view'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--statistics'\t'include storage and commit statistics' '-w'\t'open it in the browser ($BROWSER, else the system opener); off a terminal or with no browser, print its URL' '--web'\t'open it in the browser ($BROWSER, else the system opener); off a terminal or with no browser, print its URL' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--statistics' '-w' '--web' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '-R' '--repo' '--fields'
        case 'project users'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--search'\t'match username and name' '--per-page'\t'items per page (1-100)' '--page'\t'page number to fetch' '--all'\t'fetch every page' '-L'\t'stop after n items' '--limit'\t'stop after n items' '--concurrency'\t'pages fetched at once with --all (1-16, default 8)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--search' '--per-page' '--page' '--all' '-L' '--limit' '--concurrency' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '--search' '--per-page' '--page' '-L' '--limit' '--concurrency' '-R' '--repo' '--fields'
        case 'project labels'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--search'\t'only labels whose name contains this' '--per-page'\t'items per page (1-100)' '--page'\t'page number to fetch' '--all'\t'fetch every page' '-L'\t'stop after n items' '--limit'\t'stop after n items' '--concurrency'\t'pages fetched at once with --all (1-16, default 8)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--search' '--per-page' '--page' '--all' '-L' '--limit' '--concurrency' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '--search' '--per-page' '--page' '-L' '--limit' '--concurrency' '-R' '--repo' '--fields'
        case 'project forks'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--archived'\t'only archived projects (--no-archived: only active ones)' '--no-archived'\t'the opposite of --archived' '--visibility'\t'only projects with this visibility (private, internal, public)' '--order-by'\t'sort field (default created_at) (id, name, path, created_at, updated_at, last_activity_at)' '--sort'\t'sort direction (default desc) (asc, desc)' '--search'\t'match name, path and description' '--simple'\t'only id, URLs, name and path of each project' '--owned'\t'only projects you own' '--membership'\t'only projects you are a member of' '--starred'\t'only projects you starred' '--statistics'\t'include storage and commit statistics' '--with-issues-enabled'\t'only projects with issues enabled' '--with-merge-requests-enabled'\t'only projects with merge requests enabled' '--per-page'\t'items per page (1-100)' '--page'\t'page number to fetch' '--all'\t'fetch every page' '-L'\t'stop after n items' '--limit'\t'stop after n items' '--concurrency'\t'pages fetched at once with --all (1-16, default 8)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--archived' '--no-archived' '--visibility' '--order-by' '--sort' '--search' '--simple' '--owned' '--membership' '--starred' '--statistics' '--with-issues-enabled' '--with-merge-requests-enabled' '--per-page' '--page' '--all' '-L' '--limit' '--concurrency' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '--visibility' '--order-by' '--sort' '--search' '--per-page' '--page' '-L' '--limit' '--concurrency' '-R' '--repo' '--fields'
        case 'project create'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-n'\t'project name' '--name'\t'project name' '--path'\t'repository path (default: generated from the name)' '--namespace-id'\t'namespace (group or user) id to create it in; default: yours' '--default-branch'\t'default branch (default master)' '-d'\t'short description' '--description'\t'short description' '--issues-enabled'\t'enable issues' '--no-issues-enabled'\t'the opposite of --issues-enabled' '--merge-requests-enabled'\t'enable merge requests' '--no-merge-requests-enabled'\t'the opposite of --merge-requests-enabled' '--jobs-enabled'\t'enable CI jobs' '--no-jobs-enabled'\t'the opposite of --jobs-enabled' '--wiki-enabled'\t'enable the wiki' '--no-wiki-enabled'\t'the opposite of --wiki-enabled' '--snippets-enabled'\t'enable snippets' '--no-snippets-enabled'\t'the opposite of --snippets-enabled' '--container-registry-enabled'\t'enable the container registry' '--no-container-registry-enabled'\t'the opposite of --container-registry-enabled' '--shared-runners-enabled'\t'enable shared runners' '--no-shared-runners-enabled'\t'the opposite of --shared-runners-enabled' '--resolve-outdated-diff-discussions'\t'auto-resolve diff discussions on lines changed by a push' '--no-resolve-outdated-diff-discussions'\t'the opposite of --resolve-outdated-diff-discussions' '--visibility'\t'who can see the project (private, internal, public)' '--import-url'\t'URL to import the repository from' '--public-jobs'\t'jobs viewable by non-members' '--no-public-jobs'\t'the opposite of --public-jobs' '--only-allow-merge-if-pipeline-succeeds'\t'merge only when the pipeline succeeded' '--no-only-allow-merge-if-pipeline-succeeds'\t'the opposite of --only-allow-merge-if-pipeline-succeeds' '--only-allow-merge-if-all-discussions-are-resolved'\t'merge only when every discussion is resolved' '--no-only-allow-merge-if-all-discussions-are-resolved'\t'the opposite of --only-allow-merge-if-all-discussions-are-resolved' '--lfs-enabled'\t'enable Git LFS' '--no-lfs-enabled'\t'the opposite of --lfs-enabled' '--request-access-enabled'\t'let users request access' '--no-request-access-enabled'\t'the opposite of --request-access-enabled' '--tag-list'\t'comma-separated tags (replaces the current ones)' '--avatar'\t'avatar image file (sent as multipart form data)' '--printing-merge-request-link-enabled'\t'show the merge request link when pushing from the command line' '--no-printing-merge-request-link-enabled'\t'the opposite of --printing-merge-request-link-enabled' '--ci-config-path'\t'path of the CI configuration file' '--repository-storage'\t'storage shard (administrators)' '--approvals-before-merge'\t'default approvals required on merge requests' '--for-user'\t'create the project for this user (administrators)' '-h'\t'display help for command' '--help'\t'display help for command' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-n' '--name' '--path' '--namespace-id' '--default-branch' '-d' '--description' '--issues-enabled' '--no-issues-enabled' '--merge-requests-enabled' '--no-merge-requests-enabled' '--jobs-enabled' '--no-jobs-enabled' '--wiki-enabled' '--no-wiki-enabled' '--snippets-enabled' '--no-snippets-enabled' '--container-registry-enabled' '--no-container-registry-enabled' '--shared-runners-enabled' '--no-shared-runners-enabled' '--resolve-outdated-diff-discussions' '--no-resolve-outdated-diff-discussions' '--visibility' '--import-url' '--public-jobs' '--no-public-jobs' '--only-allow-merge-if-pipeline-succeeds' '--no-only-allow-merge-if-pipeline-succeeds' '--only-allow-merge-if-all-discussions-are-resolved' '--no-only-allow-merge-if-all-discussions-are-resolved' '--lfs-enabled' '--no-lfs-enabled' '--request-access-enabled' '--no-request-access-enabled' '--tag-list' '--avatar' '--printing-merge-request-link-enabled' '--no-printing-merge-request-link-enabled' '--ci-config-path' '--repository-storage' '--approvals-before-merge' '--for-user' '-h' '--help' '--fields'
            set -g __collab_vflags '-n' '--name' '--path' '--namespace-id' '--default-branch' '-d' '--description' '--visibility' '--import-url' '--tag-list' '--avatar' '--ci-config-path' '--repository-storage' '--approvals-before-merge' '--for-user' '--fields'
        case 'project update'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-n'\t'project name' '--name'\t'project name' '--path'\t'repository path (default: generated from the name)' '--default-branch'\t'default branch (default master)' '-d'\t'short description' '--description'\t'short description' '--issues-enabled'\t'enable issues' '--no-issues-enabled'\t'the opposite of --issues-enabled' '--merge-requests-enabled'\t'enable merge requests' '--no-merge-requests-enabled'\t'the opposite of --merge-requests-enabled' '--jobs-enabled'\t'enable CI jobs' '--no-jobs-enabled'\t'the opposite of --jobs-enabled' '--wiki-enabled'\t'enable the wiki' '--no-wiki-enabled'\t'the opposite of --wiki-enabled' '--snippets-enabled'\t'enable snippets' '--no-snippets-enabled'\t'the opposite of --snippets-enabled' '--container-registry-enabled'\t'enable the container registry' '--no-container-registry-enabled'\t'the opposite of --container-registry-enabled' '--shared-runners-enabled'\t'enable shared runners' '--no-shared-runners-enabled'\t'the opposite of --shared-runners-enabled' '--resolve-outdated-diff-discussions'\t'auto-resolve diff discussions on lines changed by a push' '--no-resolve-outdated-diff-discussions'\t'the opposite of --resolve-outdated-diff-discussions' '--visibility'\t'who can see the project (private, internal, public)' '--import-url'\t'URL to import the repository from' '--public-jobs'\t'jobs viewable by non-members' '--no-public-jobs'\t'the opposite of --public-jobs' '--only-allow-merge-if-pipeline-succeeds'\t'merge only when the pipeline succeeded' '--no-only-allow-merge-if-pipeline-succeeds'\t'the opposite of --only-allow-merge-if-pipeline-succeeds' '--only-allow-merge-if-all-discussions-are-resolved'\t'merge only when every discussion is resolved' '--no-only-allow-merge-if-all-discussions-are-resolved'\t'the opposite of --only-allow-merge-if-all-discussions-are-resolved' '--lfs-enabled'\t'enable Git LFS' '--no-lfs-enabled'\t'the opposite of --lfs-enabled' '--request-access-enabled'\t'let users request access' '--no-request-access-enabled'\t'the opposite of --request-access-enabled' '--tag-list'\t'comma-separated tags (replaces the current ones)' '--avatar'\t'avatar image file (sent as multipart form data)' '--ci-config-path'\t'path of the CI configuration file' '--repository-storage'\t'storage shard (administrators)' '--approvals-before-merge'\t'default approvals required on merge requests' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '-n' '--name' '--path' '--default-branch' '-d' '--description' '--issues-enabled' '--no-issues-enabled' '--merge-requests-enabled' '--no-merge-requests-enabled' '--jobs-enabled' '--no-jobs-enabled' '--wiki-enabled' '--no-wiki-enabled' '--snippets-enabled' '--no-snippets-enabled' '--container-registry-enabled' '--no-container-registry-enabled' '--shared-runners-enabled' '--no-shared-runners-enabled' '--resolve-outdated-diff-discussions' '--no-resolve-outdated-diff-discussions' '--visibility' '--import-url' '--public-jobs' '--no-public-jobs' '--only-allow-merge-if-pipeline-succeeds' '--no-only-allow-merge-if-pipeline-succeeds' '--only-allow-merge-if-all-discussions-are-resolved' '--no-only-allow-merge-if-all-discussions-are-resolved' '--lfs-enabled' '--no-lfs-enabled' '--request-access-enabled' '--no-request-access-enabled' '--tag-list' '--avatar' '--ci-config-path' '--repository-storage' '--approvals-before-merge' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '-n' '--name' '--path' '--default-branch' '-d' '--description' '--visibility' '--import-url' '--tag-list' '--avatar' '--ci-config-path' '--repository-storage' '--approvals-before-merge' '-R' '--repo' '--fields'
        case 'project delete'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-y'\t'do not ask for confirmation' '--yes'\t'do not ask for confirmation' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project'
            set -g __collab_fnames '-p' '--project' '-y' '--yes' '-h' '--help' '-R' '--repo'
            set -g __collab_vflags '-p' '--project' '-R' '--repo'
        case 'project fork'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--namespace'\t'namespace to fork into: id or path (required)' '--wait'\t'wait until the copy has finished' '--wait-timeout'\t'longest wait with --wait (default 300)' '-y'\t'ask nothing (as glab create -y): suggested values are taken, a missing required flag is exit 2, no editor offered' '--yes'\t'ask nothing (as glab create -y): suggested values are taken, a missing required flag is exit 2, no editor offered' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--namespace' '--wait' '--wait-timeout' '-y' '--yes' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '--namespace' '--wait-timeout' '-R' '--repo' '--fields'
        case 'project star'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '-R' '--repo' '--fields'
        case 'project unstar'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '-R' '--repo' '--fields'
        case 'project archive'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '-R' '--repo' '--fields'
        case 'project unarchive'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '-R' '--repo' '--fields'
        case 'project upload'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-p'\t'project: numeric id, full path (group/project) or web URL' '--project'\t'project: numeric id, full path (group/project) or web URL' '--filename'\t'name for the uploaded file (default: the file name; required with -)' '-h'\t'display help for command' '--help'\t'display help for command' '-R'\t'gh\'s name for --project' '--repo'\t'gh\'s name for --project' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-p' '--project' '--filename' '-h' '--help' '-R' '--repo' '--fields'
            set -g __collab_vflags '-p' '--project' '--filename' '-R' '--repo' '--fields'
        case 'group'
            set -g __collab_kids 'list'\t'List the groups you are a member of, or every group you can see' 'view'\t'Show a group with its projects' 'projects'\t'List a group\'s projects' 'create'\t'Create a group (nested with --parent-id)' 'update'\t'Change a group\'s settings' 'delete'\t'Delete a group with all its projects' 'transfer-project'\t'Move a project into a group\'s namespace (administrators)' 'ldap-sync'\t'Sync a group with its linked LDAP group' 'ldap-link'\t'LDAP group links of a group: add, delete'
            set -g __collab_akids 'ls'\t'List the groups you are a member of, or every group you can see' 'show'\t'Show a group with its projects' 'new'\t'Create a group (nested with --parent-id)' 'edit'\t'Change a group\'s settings' 'rm'\t'Delete a group with all its projects'
            set -g __collab_flags '-h'\t'display help for command' '--help'\t'display help for command'
            set -g __collab_fnames '-h' '--help'
            set -g __collab_vflags 
        case 'group list'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '--skip-groups'\t'leave out these group ids (comma-separated)' '--all-visible'\t'every group you can see, not only yours' '--search'\t'match name or path' '--order-by'\t'sort field (default name) (name, path)' '--sort'\t'sort direction (default asc) (asc, desc)' '--statistics'\t'include statistics (administrators)' '--owned'\t'only groups you own' '--per-page'\t'items per page (1-100)' '--page'\t'page number to fetch' '--all'\t'fetch every page' '-L'\t'stop after n items' '--limit'\t'stop after n items' '--concurrency'\t'pages fetched at once with --all (1-16, default 8)' '-h'\t'display help for command' '--help'\t'display help for command' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '--skip-groups' '--all-visible' '--search' '--order-by' '--sort' '--statistics' '--owned' '--per-page' '--page' '--all' '-L' '--limit' '--concurrency' '-h' '--help' '--fields'
            set -g __collab_vflags '--skip-groups' '--search' '--order-by' '--sort' '--per-page' '--page' '-L' '--limit' '--concurrency' '--fields'
        case 'group view'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-g'\t'group: numeric id or full path' '--group'\t'group: numeric id or full path' '-w'\t'open it in the browser ($BROWSER, else the system opener); off a terminal or with no browser, print its URL' '--web'\t'open it in the browser ($BROWSER, else the system opener); off a terminal or with no browser, print its URL' '-h'\t'display help for command' '--help'\t'display help for command' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-g' '--group' '-w' '--web' '-h' '--help' '--fields'
            set -g __collab_vflags '-g' '--group' '--fields'
        case 'group projects'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-g'\t'group: numeric id or full path' '--group'\t'group: numeric id or full path' '--archived'\t'only archived projects (--no-archived: only active ones)' '--no-archived'\t'the opposite of --archived' '--visibility'\t'only projects with this visibility (private, internal, public)' '--order-by'\t'sort field (default created_at) (id, name, path, created_at, updated_at, last_activity_at)' '--sort'\t'sort direction (default desc) (asc, desc)' '--search'\t'match name, path and description' '--simple'\t'only id, URLs, name and path of each project' '--owned'\t'only projects you own' '--starred'\t'only projects you starred' '--per-page'\t'items per page (1-100)' '--page'\t'page number to fetch' '--all'\t'fetch every page' '-L'\t'stop after n items' '--limit'\t'stop after n items' '--concurrency'\t'pages fetched at once with --all (1-16, default 8)' '-h'\t'display help for command' '--help'\t'display help for command' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-g' '--group' '--archived' '--no-archived' '--visibility' '--order-by' '--sort' '--search' '--simple' '--owned' '--starred' '--per-page' '--page' '--all' '-L' '--limit' '--concurrency' '-h' '--help' '--fields'
            set -g __collab_vflags '-g' '--group' '--visibility' '--order-by' '--sort' '--search' '--per-page' '--page' '-L' '--limit' '--concurrency' '--fields'
        case 'group create'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-n'\t'group name (required)' '--name'\t'group name (required)' '--path'\t'group path (default: derived from the name)' '-d'\t'short description' '--description'\t'short description' '--membership-lock'\t'prevent adding members to projects within the group' '--no-membership-lock'\t'the opposite of --membership-lock' '--share-with-group-lock'\t'prevent sharing projects of the group with other groups' '--no-share-with-group-lock'\t'the opposite of --share-with-group-lock' '--visibility'\t'who can see the group (private, internal, public)' '--lfs-enabled'\t'enable Git LFS for its projects' '--no-lfs-enabled'\t'the opposite of --lfs-enabled' '--request-access-enabled'\t'let users request access' '--no-request-access-enabled'\t'the opposite of --request-access-enabled' '--parent-id'\t'parent group id, for a nested group' '--shared-runners-minutes-limit'\t'pipeline minutes quota (administrators)' '-y'\t'ask nothing (as glab create -y): suggested values are taken, a missing required flag is exit 2, no editor offered' '--yes'\t'ask nothing (as glab create -y): suggested values are taken, a missing required flag is exit 2, no editor offered' '-h'\t'display help for command' '--help'\t'display help for command' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-n' '--name' '--path' '-d' '--description' '--membership-lock' '--no-membership-lock' '--share-with-group-lock' '--no-share-with-group-lock' '--visibility' '--lfs-enabled' '--no-lfs-enabled' '--request-access-enabled' '--no-request-access-enabled' '--parent-id' '--shared-runners-minutes-limit' '-y' '--yes' '-h' '--help' '--fields'
            set -g __collab_vflags '-n' '--name' '--path' '-d' '--description' '--visibility' '--parent-id' '--shared-runners-minutes-limit' '--fields'
        case 'group update'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-g'\t'group: numeric id or full path' '--group'\t'group: numeric id or full path' '-n'\t'new name' '--name'\t'new name' '--path'\t'new path' '-d'\t'short description' '--description'\t'short description' '--membership-lock'\t'prevent adding members to projects within the group' '--no-membership-lock'\t'the opposite of --membership-lock' '--share-with-group-lock'\t'prevent sharing projects of the group with other groups' '--no-share-with-group-lock'\t'the opposite of --share-with-group-lock' '--visibility'\t'who can see the group (private, internal, public)' '--lfs-enabled'\t'enable Git LFS for its projects' '--no-lfs-enabled'\t'the opposite of --lfs-enabled' '--request-access-enabled'\t'let users request access' '--no-request-access-enabled'\t'the opposite of --request-access-enabled' '--shared-runners-minutes-limit'\t'pipeline minutes quota (administrators)' '-h'\t'display help for command' '--help'\t'display help for command' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-g' '--group' '-n' '--name' '--path' '-d' '--description' '--membership-lock' '--no-membership-lock' '--share-with-group-lock' '--no-share-with-group-lock' '--visibility' '--lfs-enabled' '--no-lfs-enabled' '--request-access-enabled' '--no-request-access-enabled' '--shared-runners-minutes-limit' '-h' '--help' '--fields'
            set -g __collab_vflags '-g' '--group' '-n' '--name' '--path' '-d' '--description' '--visibility' '--shared-runners-minutes-limit' '--fields'
        case 'group delete'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-g'\t'group: numeric id or full path' '--group'\t'group: numeric id or full path' '-y'\t'do not ask for confirmation' '--yes'\t'do not ask for confirmation' '-h'\t'display help for command' '--help'\t'display help for command'
            set -g __collab_fnames '-g' '--group' '-y' '--yes' '-h' '--help'
            set -g __collab_vflags '-g' '--group'
        case 'group transfer-project'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-g'\t'group: numeric id or full path' '--group'\t'group: numeric id or full path' '-y'\t'do not ask for confirmation' '--yes'\t'do not ask for confirmation' '-h'\t'display help for command' '--help'\t'display help for command' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-g' '--group' '-y' '--yes' '-h' '--help' '--fields'
            set -g __collab_vflags '-g' '--group' '--fields'
        case 'group ldap-sync'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-g'\t'group: numeric id or full path' '--group'\t'group: numeric id or full path' '-h'\t'display help for command' '--help'\t'display help for command'
            set -g __collab_fnames '-g' '--group' '-h' '--help'
            set -g __collab_vflags '-g' '--group'
        case 'group ldap-link'
            set -g __collab_kids 'add'\t'Link an LDAP group to a group' 'delete'\t'Remove an LDAP group link'
            set -g __collab_akids 'rm'\t'Remove an LDAP group link'
            set -g __collab_flags '-h'\t'display help for command' '--help'\t'display help for command'
            set -g __collab_fnames '-h' '--help'
            set -g __collab_vflags 
        case 'group ldap-link add'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-g'\t'group: numeric id or full path' '--group'\t'group: numeric id or full path' '--cn'\t'LDAP group CN (required)' '--group-access'\t'minimum access level of its members (guest, reporter, developer, maintainer, owner, 10, 20, 30, 40, 50) (required)' '--provider'\t'LDAP provider name (required)' '-h'\t'display help for command' '--help'\t'display help for command' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-g' '--group' '--cn' '--group-access' '--provider' '-h' '--help' '--fields'
            set -g __collab_vflags '-g' '--group' '--cn' '--group-access' '--provider' '--fields'
        case 'group ldap-link delete'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-g'\t'group: numeric id or full path' '--group'\t'group: numeric id or full path' '--provider'\t'only the link of this LDAP provider' '-y'\t'do not ask for confirmation' '--yes'\t'do not ask for confirmation' '-h'\t'display help for command' '--help'\t'display help for command'
            set -g __collab_fnames '-g' '--group' '--provider' '-y' '--yes' '-h' '--help'
            set -g __collab_vflags '-g' '--group' '--provider'
        case 'namespace'
            set -g __collab_kids 'list'\t'List the namespaces (users and groups) you can see'
            set -g __collab_akids 'ls'\t'List the namespaces (users and groups) you can see'
            set -g __collab_flags '-h'\t'display help for command' '--help'\t'display help for command'
            set -g __collab_fnames '-h' '--help'
            set -g __collab_vflags 
        case 'namespace list'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '--search'\t'only namespaces whose name or path matches' '--per-page'\t'items per page (1-100)' '--page'\t'page number to fetch' '--all'\t'fetch every page' '-L'\t'stop after n items' '--limit'\t'stop after n items' '--concurrency'\t'pages fetched at once with --all (1-16, default 8)' '-h'\t'display help for command' '--help'\t'display help for command' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '--search' '--per-page' '--page' '--all' '-L' '--limit' '--concurrency' '-h' '--help' '--fields'
            set -g __collab_vflags '--search' '--per-page' '--page' '-L' '--limit' '--concurrency' '--fields'
        case 'user'
            set -g __collab_kids 'list'\t'List users (administrators see the admin view)' 'view'\t'Show one user by id or username' 'me'\t'Show the current user (or, with --sudo, the user acted as)' 'create'\t'Create a user (administrators)' 'update'\t'Change a user (administrators)' 'delete'\t'Delete a user (administrators)' 'block'\t'Block a user (no sign-in, no API access) (administrators)' 'unblock'\t'Unblock a blocked user (administrators)' 'activities'\t'Users\' last activity dates, oldest first (administrators)' 'key'\t'SSH keys: yours, or (administrators) another user’s with --user' 'gpg-key'\t'GPG keys: yours, or (administrators) another user’s with --user' 'email'\t'Secondary emails: yours, or (administrators) another user’s with --user' 'token'\t'Impersonation tokens of a user (administrators)'
            set -g __collab_akids 'ls'\t'List users (administrators see the admin view)' 'show'\t'Show one user by id or username' 'whoami'\t'Show the current user (or, with --sudo, the user acted as)' 'edit'\t'Change a user (administrators)' 'rm'\t'Delete a user (administrators)'
            set -g __collab_flags '-h'\t'display help for command' '--help'\t'display help for command'
            set -g __collab_fnames '-h' '--help'
            set -g __collab_vflags 
        case 'user list'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '--active'\t'only active users' '--blocked'\t'only blocked users' '--search'\t'match email or username' '--username'\t'exactly this username' '--extern-uid'\t'external identity uid (with --provider)' '--provider'\t'external identity provider (with --extern-uid)' '--external'\t'only external users' '--created-before'\t'created before this date-time' '--created-after'\t'created after this date-time' '--custom-attribute'\t'custom attribute filter (administrators; repeatable)' '--per-page'\t'items per page (1-100)' '--page'\t'page number to fetch' '--all'\t'fetch every page' '-L'\t'stop after n items' '--limit'\t'stop after n items' '--concurrency'\t'pages fetched at once with --all (1-16, default 8)' '-h'\t'display help for command' '--help'\t'display help for command' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '--active' '--blocked' '--search' '--username' '--extern-uid' '--provider' '--external' '--created-before' '--created-after' '--custom-attribute' '--per-page' '--page' '--all' '-L' '--limit' '--concurrency' '-h' '--help' '--fields'
            set -g __collab_vflags '--search' '--username' '--extern-uid' '--provider' '--created-before' '--created-after' '--custom-attribute' '--per-page' '--page' '-L' '--limit' '--concurrency' '--fields'
        case 'user view'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-w'\t'open it in the browser ($BROWSER, else the system opener); off a terminal or with no browser, print its URL' '--web'\t'open it in the browser ($BROWSER, else the system opener); off a terminal or with no browser, print its URL' '-h'\t'display help for command' '--help'\t'display help for command' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-w' '--web' '-h' '--help' '--fields'
            set -g __collab_vflags '--fields'
        case 'user me'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-h'\t'display help for command' '--help'\t'display help for command' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-h' '--help' '--fields'
            set -g __collab_vflags '--fields'
        case 'user create'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '--email'\t'primary email (required)' '--username'\t'username (required)' '--name'\t'full name (required)' '--password-stdin'\t'read the password from standard input' '--reset-password'\t'send a password reset link instead of setting a password' '--messenger'\t'messenger handle (also --skype)' '--professional-profile'\t'professional profile handle (also --linkedin)' '--microblog'\t'microblog handle (also --twitter)' '--website-url'\t'website URL' '--organization'\t'organization' '--projects-limit'\t'how many projects the user may create' '--extern-uid'\t'external identity uid' '--provider'\t'external identity provider' '--bio'\t'short biography' '--location'\t'location' '--admin'\t'make the user an administrator' '--no-admin'\t'the opposite of --admin' '--can-create-group'\t'allow creating groups' '--no-can-create-group'\t'the opposite of --can-create-group' '--skip-confirmation'\t'mark the email as confirmed (no confirmation mail)' '--external'\t'make the user external' '--no-external'\t'the opposite of --external' '--avatar'\t'avatar image file (sent as multipart form data)' '--shared-runners-minutes-limit'\t'monthly pipeline minutes on shared runners' '-y'\t'ask nothing (as glab create -y): suggested values are taken, a missing required flag is exit 2, no editor offered' '--yes'\t'ask nothing (as glab create -y): suggested values are taken, a missing required flag is exit 2, no editor offered' '-h'\t'display help for command' '--help'\t'display help for command' '--skype'\t'GitLab\'s name for --messenger' '--linkedin'\t'GitLab\'s name for --professional-profile' '--twitter'\t'GitLab\'s name for --microblog' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '--email' '--username' '--name' '--password-stdin' '--reset-password' '--messenger' '--professional-profile' '--microblog' '--website-url' '--organization' '--projects-limit' '--extern-uid' '--provider' '--bio' '--location' '--admin' '--no-admin' '--can-create-group' '--no-can-create-group' '--skip-confirmation' '--external' '--no-external' '--avatar' '--shared-runners-minutes-limit' '-y' '--yes' '-h' '--help' '--skype' '--linkedin' '--twitter' '--fields'
            set -g __collab_vflags '--email' '--username' '--name' '--messenger' '--professional-profile' '--microblog' '--website-url' '--organization' '--projects-limit' '--extern-uid' '--provider' '--bio' '--location' '--avatar' '--shared-runners-minutes-limit' '--skype' '--linkedin' '--twitter' '--fields'
        case 'user update'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '--email'\t'primary email' '--username'\t'username' '--name'\t'full name' '--password-stdin'\t'read the password from standard input' '--messenger'\t'messenger handle (also --skype)' '--professional-profile'\t'professional profile handle (also --linkedin)' '--microblog'\t'microblog handle (also --twitter)' '--website-url'\t'website URL' '--organization'\t'organization' '--projects-limit'\t'how many projects the user may create' '--extern-uid'\t'external identity uid' '--provider'\t'external identity provider' '--bio'\t'short biography' '--location'\t'location' '--admin'\t'make the user an administrator' '--no-admin'\t'the opposite of --admin' '--can-create-group'\t'allow creating groups' '--no-can-create-group'\t'the opposite of --can-create-group' '--external'\t'make the user external' '--no-external'\t'the opposite of --external' '--avatar'\t'avatar image file (sent as multipart form data)' '--shared-runners-minutes-limit'\t'monthly pipeline minutes on shared runners' '-h'\t'display help for command' '--help'\t'display help for command' '--skype'\t'GitLab\'s name for --messenger' '--linkedin'\t'GitLab\'s name for --professional-profile' '--twitter'\t'GitLab\'s name for --microblog' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '--email' '--username' '--name' '--password-stdin' '--messenger' '--professional-profile' '--microblog' '--website-url' '--organization' '--projects-limit' '--extern-uid' '--provider' '--bio' '--location' '--admin' '--no-admin' '--can-create-group' '--no-can-create-group' '--external' '--no-external' '--avatar' '--shared-runners-minutes-limit' '-h' '--help' '--skype' '--linkedin' '--twitter' '--fields'
            set -g __collab_vflags '--email' '--username' '--name' '--messenger' '--professional-profile' '--microblog' '--website-url' '--organization' '--projects-limit' '--extern-uid' '--provider' '--bio' '--location' '--avatar' '--shared-runners-minutes-limit' '--skype' '--linkedin' '--twitter' '--fields'
        case 'user delete'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '--hard'\t'also delete their contributions (otherwise moved to the ghost user) and the groups only they own (also --hard-delete)' '-y'\t'do not ask for confirmation' '--yes'\t'do not ask for confirmation' '-h'\t'display help for command' '--help'\t'display help for command' '--hard-delete'\t'the API\'s name for --hard'
            set -g __collab_fnames '--hard' '-y' '--yes' '-h' '--help' '--hard-delete'
            set -g __collab_vflags 
        case 'user block'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '--stdin'\t'read the ids from standard input: one a line, or JSON objects with "id" (what -o ndjson or -o json prints)' '--concurrency'\t'items sent at once (1-16, default 4)' '-h'\t'display help for command' '--help'\t'display help for command'
            set -g __collab_fnames '--stdin' '--concurrency' '-h' '--help'
            set -g __collab_vflags '--concurrency'
        case 'user unblock'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '--stdin'\t'read the ids from standard input: one a line, or JSON objects with "id" (what -o ndjson or -o json prints)' '--concurrency'\t'items sent at once (1-16, default 4)' '-h'\t'display help for command' '--help'\t'display help for command'
            set -g __collab_fnames '--stdin' '--concurrency' '-h' '--help'
            set -g __collab_vflags '--concurrency'
        case 'user activities'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '--from'\t'activity since this date (default: six months ago)' '--per-page'\t'items per page (1-100)' '--page'\t'page number to fetch' '--all'\t'fetch every page' '-L'\t'stop after n items' '--limit'\t'stop after n items' '--concurrency'\t'pages fetched at once with --all (1-16, default 8)' '-h'\t'display help for command' '--help'\t'display help for command' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '--from' '--per-page' '--page' '--all' '-L' '--limit' '--concurrency' '-h' '--help' '--fields'
            set -g __collab_vflags '--from' '--per-page' '--page' '-L' '--limit' '--concurrency' '--fields'
        case 'user key'
            set -g __collab_kids 'list'\t'List your SSH keys, or another user\'s' 'view'\t'Show one of your SSH keys' 'add'\t'Add an SSH key to your account, or another user\'s' 'delete'\t'Delete one of your SSH keys, or another user\'s'
            set -g __collab_akids 'ls'\t'List your SSH keys, or another user\'s' 'show'\t'Show one of your SSH keys' 'create'\t'Add an SSH key to your account, or another user\'s' 'rm'\t'Delete one of your SSH keys, or another user\'s'
            set -g __collab_flags '-h'\t'display help for command' '--help'\t'display help for command'
            set -g __collab_fnames '-h' '--help'
            set -g __collab_vflags 
        case 'user key list'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-u'\t'another user\'s (administrators); default: your own' '--user'\t'another user\'s (administrators); default: your own' '--per-page'\t'items per page (1-100)' '--page'\t'page number to fetch' '--all'\t'fetch every page' '-L'\t'stop after n items' '--limit'\t'stop after n items' '--concurrency'\t'pages fetched at once with --all (1-16, default 8)' '-h'\t'display help for command' '--help'\t'display help for command' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-u' '--user' '--per-page' '--page' '--all' '-L' '--limit' '--concurrency' '-h' '--help' '--fields'
            set -g __collab_vflags '-u' '--user' '--per-page' '--page' '-L' '--limit' '--concurrency' '--fields'
        case 'user key view'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-u'\t'another user\'s (administrators); default: your own' '--user'\t'another user\'s (administrators); default: your own' '-h'\t'display help for command' '--help'\t'display help for command' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-u' '--user' '-h' '--help' '--fields'
            set -g __collab_vflags '-u' '--user' '--fields'
        case 'user key add'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-t'\t'a name for the key (required)' '--title'\t'a name for the key (required)' '--key'\t'the public key text' '--key-file'\t'read the public key from a file (- for stdin)' '-u'\t'another user\'s (administrators); default: your own' '--user'\t'another user\'s (administrators); default: your own' '-y'\t'ask nothing (as glab create -y): suggested values are taken, a missing required flag is exit 2, no editor offered' '--yes'\t'ask nothing (as glab create -y): suggested values are taken, a missing required flag is exit 2, no editor offered' '-h'\t'display help for command' '--help'\t'display help for command' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-t' '--title' '--key' '--key-file' '-u' '--user' '-y' '--yes' '-h' '--help' '--fields'
            set -g __collab_vflags '-t' '--title' '--key' '--key-file' '-u' '--user' '--fields'
        case 'user key delete'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-u'\t'another user\'s (administrators); default: your own' '--user'\t'another user\'s (administrators); default: your own' '-y'\t'do not ask for confirmation' '--yes'\t'do not ask for confirmation' '-h'\t'display help for command' '--help'\t'display help for command'
            set -g __collab_fnames '-u' '--user' '-y' '--yes' '-h' '--help'
            set -g __collab_vflags '-u' '--user'
        case 'user gpg-key'
            set -g __collab_kids 'list'\t'List your GPG keys, or another user\'s' 'view'\t'Show one of your GPG keys, or another user\'s' 'add'\t'Add a GPG key to your account, or another user\'s' 'delete'\t'Delete one of your GPG keys, or another user\'s'
            set -g __collab_akids 'ls'\t'List your GPG keys, or another user\'s' 'show'\t'Show one of your GPG keys, or another user\'s' 'create'\t'Add a GPG key to your account, or another user\'s' 'rm'\t'Delete one of your GPG keys, or another user\'s'
            set -g __collab_flags '-h'\t'display help for command' '--help'\t'display help for command'
            set -g __collab_fnames '-h' '--help'
            set -g __collab_vflags 
        case 'user gpg-key list'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-u'\t'another user\'s (administrators); default: your own' '--user'\t'another user\'s (administrators); default: your own' '--per-page'\t'items per page (1-100)' '--page'\t'page number to fetch' '--all'\t'fetch every page' '-L'\t'stop after n items' '--limit'\t'stop after n items' '--concurrency'\t'pages fetched at once with --all (1-16, default 8)' '-h'\t'display help for command' '--help'\t'display help for command' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-u' '--user' '--per-page' '--page' '--all' '-L' '--limit' '--concurrency' '-h' '--help' '--fields'
            set -g __collab_vflags '-u' '--user' '--per-page' '--page' '-L' '--limit' '--concurrency' '--fields'
        case 'user gpg-key view'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-u'\t'another user\'s (administrators); default: your own' '--user'\t'another user\'s (administrators); default: your own' '-h'\t'display help for command' '--help'\t'display help for command' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-u' '--user' '-h' '--help' '--fields'
            set -g __collab_vflags '-u' '--user' '--fields'
        case 'user gpg-key add'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '--key'\t'the armored public key block text' '--key-file'\t'read the armored public key block from a file (- for stdin)' '-u'\t'another user\'s (administrators); default: your own' '--user'\t'another user\'s (administrators); default: your own' '-h'\t'display help for command' '--help'\t'display help for command' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '--key' '--key-file' '-u' '--user' '-h' '--help' '--fields'
            set -g __collab_vflags '--key' '--key-file' '-u' '--user' '--fields'
        case 'user gpg-key delete'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-u'\t'another user\'s (administrators); default: your own' '--user'\t'another user\'s (administrators); default: your own' '-y'\t'do not ask for confirmation' '--yes'\t'do not ask for confirmation' '-h'\t'display help for command' '--help'\t'display help for command'
            set -g __collab_fnames '-u' '--user' '-y' '--yes' '-h' '--help'
            set -g __collab_vflags '-u' '--user'
        case 'user email'
            set -g __collab_kids 'list'\t'List your emails, or another user\'s' 'view'\t'Show one of your emails' 'add'\t'Add an email to your account, or another user\'s' 'delete'\t'Delete one of your emails, or another user\'s'
            set -g __collab_akids 'ls'\t'List your emails, or another user\'s' 'show'\t'Show one of your emails' 'create'\t'Add an email to your account, or another user\'s' 'rm'\t'Delete one of your emails, or another user\'s'
            set -g __collab_flags '-h'\t'display help for command' '--help'\t'display help for command'
            set -g __collab_fnames '-h' '--help'
            set -g __collab_vflags 
        case 'user email list'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-u'\t'another user\'s (administrators); default: your own' '--user'\t'another user\'s (administrators); default: your own' '--per-page'\t'items per page (1-100)' '--page'\t'page number to fetch' '--all'\t'fetch every page' '-L'\t'stop after n items' '--limit'\t'stop after n items' '--concurrency'\t'pages fetched at once with --all (1-16, default 8)' '-h'\t'display help for command' '--help'\t'display help for command' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-u' '--user' '--per-page' '--page' '--all' '-L' '--limit' '--concurrency' '-h' '--help' '--fields'
            set -g __collab_vflags '-u' '--user' '--per-page' '--page' '-L' '--limit' '--concurrency' '--fields'
        case 'user email view'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-u'\t'another user\'s (administrators); default: your own' '--user'\t'another user\'s (administrators); default: your own' '-h'\t'display help for command' '--help'\t'display help for command' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-u' '--user' '-h' '--help' '--fields'
            set -g __collab_vflags '-u' '--user' '--fields'
        case 'user email add'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-e'\t'the email address (required)' '--email'\t'the email address (required)' '-u'\t'another user\'s (administrators); default: your own' '--user'\t'another user\'s (administrators); default: your own' '-y'\t'ask nothing (as glab create -y): suggested values are taken, a missing required flag is exit 2, no editor offered' '--yes'\t'ask nothing (as glab create -y): suggested values are taken, a missing required flag is exit 2, no editor offered' '-h'\t'display help for command' '--help'\t'display help for command' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-e' '--email' '-u' '--user' '-y' '--yes' '-h' '--help' '--fields'
            set -g __collab_vflags '-e' '--email' '-u' '--user' '--fields'
        case 'user email delete'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-u'\t'another user\'s (administrators); default: your own' '--user'\t'another user\'s (administrators); default: your own' '-y'\t'do not ask for confirmation' '--yes'\t'do not ask for confirmation' '-h'\t'display help for command' '--help'\t'display help for command'
            set -g __collab_fnames '-u' '--user' '-y' '--yes' '-h' '--help'
            set -g __collab_vflags '-u' '--user'
        case 'user token'
            set -g __collab_kids 'list'\t'List a user\'s impersonation tokens (administrators)' 'view'\t'Show one impersonation token (administrators)' 'create'\t'Create an impersonation token (its secret is printed once)' 'revoke'\t'Revoke an impersonation token (administrators)'
            set -g __collab_akids 'ls'\t'List a user\'s impersonation tokens (administrators)' 'show'\t'Show one impersonation token (administrators)' 'delete'\t'Revoke an impersonation token (administrators)'
            set -g __collab_flags '-h'\t'display help for command' '--help'\t'display help for command'
            set -g __collab_fnames '-h' '--help'
            set -g __collab_vflags 
        case 'user token list'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-u'\t'the user the token acts as (required)' '--user'\t'the user the token acts as (required)' '--state'\t'which tokens (default all) (all, active, inactive)' '--per-page'\t'items per page (1-100)' '--page'\t'page number to fetch' '--all'\t'fetch every page' '-L'\t'stop after n items' '--limit'\t'stop after n items' '--concurrency'\t'pages fetched at once with --all (1-16, default 8)' '-h'\t'display help for command' '--help'\t'display help for command' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-u' '--user' '--state' '--per-page' '--page' '--all' '-L' '--limit' '--concurrency' '-h' '--help' '--fields'
            set -g __collab_vflags '-u' '--user' '--state' '--per-page' '--page' '-L' '--limit' '--concurrency' '--fields'
        case 'user token view'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-u'\t'the user the token acts as (required)' '--user'\t'the user the token acts as (required)' '-h'\t'display help for command' '--help'\t'display help for command' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-u' '--user' '-h' '--help' '--fields'
            set -g __collab_vflags '-u' '--user' '--fields'
        case 'user token create'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-u'\t'the user the token acts as (required)' '--user'\t'the user the token acts as (required)' '-n'\t'a name for the token (required)' '--name'\t'a name for the token (required)' '--scopes'\t'comma-separated scopes (api, read_user) (required)' '--expires-at'\t'expiry date (default: never on the spec\'s servers; GitLab 16+ applies the instance\'s maximum token lifetime)' '-y'\t'ask nothing (as glab create -y): suggested values are taken, a missing required flag is exit 2, no editor offered' '--yes'\t'ask nothing (as glab create -y): suggested values are taken, a missing required flag is exit 2, no editor offered' '-h'\t'display help for command' '--help'\t'display help for command' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-u' '--user' '-n' '--name' '--scopes' '--expires-at' '-y' '--yes' '-h' '--help' '--fields'
            set -g __collab_vflags '-u' '--user' '-n' '--name' '--scopes' '--expires-at' '--fields'
        case 'user token revoke'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-u'\t'the user the token acts as (required)' '--user'\t'the user the token acts as (required)' '-y'\t'do not ask for confirmation' '--yes'\t'do not ask for confirmation' '-h'\t'display help for command' '--help'\t'display help for command'
            set -g __collab_fnames '-u' '--user' '-y' '--yes' '-h' '--help'
            set -g __collab_vflags '-u' '--user'
        case 'settings'
            set -g __collab_kids 'view'\t'Show the application settings (administrators)' 'update'\t'Change application settings'
            set -g __collab_akids 'show'\t'Show the application settings (administrators)' 'set'\t'Change application settings'
            set -g __collab_flags '-h'\t'display help for command' '--help'\t'display help for command'
            set -g __collab_fnames '-h' '--help'
            set -g __collab_vflags 
        case 'settings view'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-h'\t'display help for command' '--help'\t'display help for command' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-h' '--help' '--fields'
            set -g __collab_vflags '--fields'
        case 'settings update'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '--admin-notification-email'\t'receives abuse reports when set (also --abuse-notification-email)' '--after-sign-out-path'\t'redirect after logout' '--after-sign-up-text'\t'text shown after sign-up' '--spamfilter-api-key'\t'spam filter API key (also --akismet-api-key)' '--spamfilter-enabled'\t'spam filter (also --akismet-enabled)' '--no-spamfilter-enabled'\t'the opposite of --spamfilter-enabled' '--allow-group-owners-to-manage-ldap'\t'group owners may manage LDAP' '--no-allow-group-owners-to-manage-ldap'\t'the opposite of --allow-group-owners-to-manage-ldap' '--authorized-keys-enabled'\t'write authorized_keys; disable only if the SSH server looks keys up from the database' '--no-authorized-keys-enabled'\t'the opposite of --authorized-keys-enabled' '--clientside-errtracker-dsn'\t'client-side error tracker DSN (also --sentry-clientside-dsn)' '--clientside-errtracker-enabled'\t'client-side error reporting; needs --clientside-errtracker-dsn (also --clientside-sentry-enabled)' '--no-clientside-errtracker-enabled'\t'the opposite of --clientside-errtracker-enabled' '--container-registry-token-expire-delay'\t'container registry token lifetime in minutes' '--default-artifacts-expire-in'\t'default artifact expiry (e.g. "30 days")' '--default-branch-protection'\t'0 not protected, 1 partially (developers push), 2 fully protected' '--default-group-visibility'\t'default visibility of new groups (private, internal, public)' '--default-project-visibility'\t'default visibility of new projects (private, internal, public)' '--default-snippet-visibility'\t'default visibility of new snippets (private, internal, public)' '--default-projects-limit'\t'projects per user' '--disabled-oauth-sign-in-sources'\t'OAuth sign-in sources to disable (comma-separated)' '--domain-blacklist-enabled'\t'refuse sign-up from the --domain-blacklist domains; needs --domain-blacklist (also --domain-denylist-enabled)' '--no-domain-blacklist-enabled'\t'the opposite of --domain-blacklist-enabled' '--domain-blacklist'\t'email domains refused at sign-up (comma-separated) (also --domain-denylist)' '--domain-whitelist'\t'only these email domains may sign up (empty: no restriction) (comma-separated) (also --domain-allowlist)' '--rsa-key-restriction'\t'minimum RSA key size in bits (0 no restriction, -1 disables the type)' '--dsa-key-restriction'\t'minimum DSA key size in bits (0 no restriction, -1 disables the type)' '--ecdsa-key-restriction'\t'minimum ECDSA key size in bits (0 no restriction, -1 disables the type)' '--ed25519-key-restriction'\t'minimum ED25519 key size in bits (0 no restriction, -1 disables the type)' '--searchengine-cloud'\t'use a cloud-hosted search engine (also --elasticsearch-aws)' '--no-searchengine-cloud'\t'the opposite of --searchengine-cloud' '--searchengine-cloud-access-key'\t'cloud search engine access key (also --elasticsearch-aws-access-key)' '--searchengine-cloud-secret-access-key'\t'cloud search engine secret access key (also --elasticsearch-aws-secret-access-key)' '--searchengine-cloud-region'\t'cloud search engine region (also --elasticsearch-aws-region)' '--searchengine-experimental-indexer'\t'experimental search indexer (also --elasticsearch-experimental-indexer)' '--no-searchengine-experimental-indexer'\t'the opposite of --searchengine-experimental-indexer' '--searchengine-indexing'\t'search engine indexing (also --elasticsearch-indexing)' '--no-searchengine-indexing'\t'the opposite of --searchengine-indexing' '--searchengine-search'\t'search through the search engine (also --elasticsearch-search)' '--no-searchengine-search'\t'the opposite of --searchengine-search' '--searchengine-url'\t'search engine URL (comma-separated for clusters) (also --elasticsearch-url)' '--email-author-in-body'\t'put the author in the email body' '--no-email-author-in-body'\t'the opposite of --email-author-in-body' '--enabled-git-access-protocol'\t'git access protocol (both: nil on the spec\'s servers and older GitLab, all on newer GitLab) (ssh, http, nil, all)' '--geo-status-timeout'\t'seconds' '--avatarservice-enabled'\t'avatar service (also --gravatar-enabled)' '--no-avatarservice-enabled'\t'the opposite of --avatarservice-enabled' '--help-page-hide-commercial-content'\t'hide commercial content on the help page' '--no-help-page-hide-commercial-content'\t'the opposite of --help-page-hide-commercial-content' '--help-page-support-url'\t'support URL on the help page' '--help-text'\t'help text' '--home-page-url'\t'redirect target when not logged in' '--housekeeping-enabled'\t'repository housekeeping' '--no-housekeeping-enabled'\t'the opposite of --housekeeping-enabled' '--housekeeping-bitmaps-enabled'\t'housekeeping bitmaps' '--no-housekeeping-bitmaps-enabled'\t'the opposite of --housekeeping-bitmaps-enabled' '--housekeeping-full-repack-period'\t'pushes between full repacks' '--housekeeping-gc-period'\t'pushes between garbage collections' '--housekeeping-incremental-repack-period'\t'pushes between incremental repacks' '--html-emails-enabled'\t'HTML emails' '--no-html-emails-enabled'\t'the opposite of --html-emails-enabled' '--import-sources'\t'sources allowed for project import (comma-separated)' '--webide-enabled'\t'web IDE; needs --webide-url (also --koding-enabled)' '--no-webide-enabled'\t'the opposite of --webide-enabled' '--webide-url'\t'web IDE URL (also --koding-url)' '--max-artifacts-size'\t'MB' '--max-attachment-size'\t'MB' '--max-pages-size'\t'MB' '--metrics-enabled'\t'time-series metrics; needs --metrics-host, --metrics-method-call-threshold, --metrics-packet-size, --metrics-pool-size, --metrics-sample-interval, --metrics-timeout' '--no-metrics-enabled'\t'the opposite of --metrics-enabled' '--metrics-host'\t'metrics host' '--metrics-method-call-threshold'\t'ms' '--metrics-packet-size'\t'datapoints per UDP packet' '--metrics-pool-size'\t'connections' '--metrics-sample-interval'\t'seconds' '--metrics-timeout'\t'seconds' '--metrics-port'\t'UDP port' '--password-authentication-enabled'\t'password sign-in (also --password-authentication-enabled-for-web)' '--no-password-authentication-enabled'\t'the opposite of --password-authentication-enabled' '--performance-bar-allowed-group-id'\t'group allowed to see the performance bar' '--performance-bar-enabled'\t'performance bar' '--no-performance-bar-enabled'\t'the opposite of --performance-bar-enabled' '--diagram-enabled'\t'diagram rendering; needs --diagram-url (also --plantuml-enabled)' '--no-diagram-enabled'\t'the opposite of --diagram-enabled' '--diagram-url'\t'diagram service URL (also --plantuml-url)' '--polling-interval-multiplier'\t'0 disables polling' '--project-export-enabled'\t'project export' '--no-project-export-enabled'\t'the opposite of --project-export-enabled' '--prometheus-metrics-enabled'\t'Prometheus metrics' '--no-prometheus-metrics-enabled'\t'the opposite of --prometheus-metrics-enabled' '--captcha-enabled'\t'captcha at sign-up; needs --captcha-private-key, --captcha-site-key (also --recaptcha-enabled)' '--no-captcha-enabled'\t'the opposite of --captcha-enabled' '--captcha-private-key'\t'captcha private key (also --recaptcha-private-key)' '--captcha-site-key'\t'captcha site key (also --recaptcha-site-key)' '--repository-checks-enabled'\t'periodic repository integrity check' '--no-repository-checks-enabled'\t'the opposite of --repository-checks-enabled' '--repository-size-limit'\t'MB' '--repository-storages'\t'enabled storage names (new projects land in one at random) (comma-separated)' '--require-two-factor-authentication'\t'require two-factor authentication' '--no-require-two-factor-authentication'\t'the opposite of --require-two-factor-authentication' '--restricted-visibility-levels'\t'visibility levels non-admins cannot use (comma-separated) (private, internal, public)' '--send-user-confirmation-email'\t'confirmation email at sign-up' '--no-send-user-confirmation-email'\t'the opposite of --send-user-confirmation-email' '--errtracker-enabled'\t'error tracker; needs --errtracker-dsn (also --sentry-enabled)' '--no-errtracker-enabled'\t'the opposite of --errtracker-enabled' '--errtracker-dsn'\t'error tracker DSN (also --sentry-dsn)' '--session-expire-delay'\t'minutes; restart needed' '--shared-runners-enabled'\t'shared runners for new projects; needs --shared-runners-minutes' '--no-shared-runners-enabled'\t'the opposite of --shared-runners-enabled' '--shared-runners-minutes'\t'monthly pipeline minutes per group' '--shared-runners-text'\t'shared runners text' '--jobqueue-throttling-enabled'\t'job queue throttling; needs --jobqueue-throttling-factor, --jobqueue-throttling-queues (also --sidekiq-throttling-enabled)' '--no-jobqueue-throttling-enabled'\t'the opposite of --jobqueue-throttling-enabled' '--jobqueue-throttling-factor'\t'strictly between 0 and 1 (also --sidekiq-throttling-factor)' '--jobqueue-throttling-queues'\t'throttled queues (comma-separated) (also --sidekiq-throttling-queues)' '--sign-in-text'\t'text on the sign-in page' '--signup-enabled'\t'sign-up' '--no-signup-enabled'\t'the opposite of --signup-enabled' '--chat-app-enabled'\t'chat app; needs --chat-app-id, --chat-app-secret, --chat-app-verification-token (also --slack-app-enabled)' '--no-chat-app-enabled'\t'the opposite of --chat-app-enabled' '--chat-app-id'\t'chat app id (also --slack-app-id)' '--chat-app-secret'\t'chat app secret (also --slack-app-secret)' '--chat-app-verification-token'\t'chat app verification token (also --slack-app-verification-token)' '--terminal-max-session-time'\t'seconds; 0 unlimited' '--two-factor-grace-period'\t'hours' '--unique-ips-limit-enabled'\t'limit sign-ins from distinct IPs; needs --unique-ips-limit-per-user, --unique-ips-limit-time-window' '--no-unique-ips-limit-enabled'\t'the opposite of --unique-ips-limit-enabled' '--unique-ips-limit-per-user'\t'distinct IPs per user' '--unique-ips-limit-time-window'\t'seconds' '--usage-ping-enabled'\t'weekly usage report' '--no-usage-ping-enabled'\t'the opposite of --usage-ping-enabled' '--user-default-external'\t'new users are external' '--no-user-default-external'\t'the opposite of --user-default-external' '--user-oauth-applications'\t'users may register OAuth applications' '--no-user-oauth-applications'\t'the opposite of --user-oauth-applications' '--version-check-enabled'\t'version check' '--no-version-check-enabled'\t'the opposite of --version-check-enabled' '-h'\t'display help for command' '--help'\t'display help for command' '--abuse-notification-email'\t'GitLab\'s name for --admin-notification-email' '--akismet-api-key'\t'GitLab\'s name for --spamfilter-api-key' '--akismet-enabled'\t'GitLab\'s name for --spamfilter-enabled' '--no-akismet-enabled'\t'GitLab\'s name for --spamfilter-enabled' '--sentry-clientside-dsn'\t'GitLab\'s name for --clientside-errtracker-dsn' '--clientside-sentry-enabled'\t'GitLab\'s name for --clientside-errtracker-enabled' '--no-clientside-sentry-enabled'\t'GitLab\'s name for --clientside-errtracker-enabled' '--domain-denylist-enabled'\t'GitLab\'s name for --domain-blacklist-enabled' '--no-domain-denylist-enabled'\t'GitLab\'s name for --domain-blacklist-enabled' '--domain-denylist'\t'GitLab\'s name for --domain-blacklist' '--domain-allowlist'\t'GitLab\'s name for --domain-whitelist' '--elasticsearch-aws'\t'GitLab\'s name for --searchengine-cloud' '--no-elasticsearch-aws'\t'GitLab\'s name for --searchengine-cloud' '--elasticsearch-aws-access-key'\t'GitLab\'s name for --searchengine-cloud-access-key' '--elasticsearch-aws-secret-access-key'\t'GitLab\'s name for --searchengine-cloud-secret-access-key' '--elasticsearch-aws-region'\t'GitLab\'s name for --searchengine-cloud-region' '--elasticsearch-experimental-indexer'\t'GitLab\'s name for --searchengine-experimental-indexer' '--no-elasticsearch-experimental-indexer'\t'GitLab\'s name for --searchengine-experimental-indexer' '--elasticsearch-indexing'\t'GitLab\'s name for --searchengine-indexing' '--no-elasticsearch-indexing'\t'GitLab\'s name for --searchengine-indexing' '--elasticsearch-search'\t'GitLab\'s name for --searchengine-search' '--no-elasticsearch-search'\t'GitLab\'s name for --searchengine-search' '--elasticsearch-url'\t'GitLab\'s name for --searchengine-url' '--gravatar-enabled'\t'GitLab\'s name for --avatarservice-enabled' '--no-gravatar-enabled'\t'GitLab\'s name for --avatarservice-enabled' '--koding-enabled'\t'GitLab\'s name for --webide-enabled' '--no-koding-enabled'\t'GitLab\'s name for --webide-enabled' '--koding-url'\t'GitLab\'s name for --webide-url' '--password-authentication-enabled-for-web'\t'GitLab\'s name for --password-authentication-enabled' '--no-password-authentication-enabled-for-web'\t'GitLab\'s name for --password-authentication-enabled' '--plantuml-enabled'\t'GitLab\'s name for --diagram-enabled' '--no-plantuml-enabled'\t'GitLab\'s name for --diagram-enabled' '--plantuml-url'\t'GitLab\'s name for --diagram-url' '--recaptcha-enabled'\t'GitLab\'s name for --captcha-enabled' '--no-recaptcha-enabled'\t'GitLab\'s name for --captcha-enabled' '--recaptcha-private-key'\t'GitLab\'s name for --captcha-private-key' '--recaptcha-site-key'\t'GitLab\'s name for --captcha-site-key' '--sentry-enabled'\t'GitLab\'s name for --errtracker-enabled' '--no-sentry-enabled'\t'GitLab\'s name for --errtracker-enabled' '--sentry-dsn'\t'GitLab\'s name for --errtracker-dsn' '--sidekiq-throttling-enabled'\t'GitLab\'s name for --jobqueue-throttling-enabled' '--no-sidekiq-throttling-enabled'\t'GitLab\'s name for --jobqueue-throttling-enabled' '--sidekiq-throttling-factor'\t'GitLab\'s name for --jobqueue-throttling-factor' '--sidekiq-throttling-queues'\t'GitLab\'s name for --jobqueue-throttling-queues' '--slack-app-enabled'\t'GitLab\'s name for --chat-app-enabled' '--no-slack-app-enabled'\t'GitLab\'s name for --chat-app-enabled' '--slack-app-id'\t'GitLab\'s name for --chat-app-id' '--slack-app-secret'\t'GitLab\'s name for --chat-app-secret' '--slack-app-verification-token'\t'GitLab\'s name for --chat-app-verification-token' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '--admin-notification-email' '--after-sign-out-path' '--after-sign-up-text' '--spamfilter-api-key' '--spamfilter-enabled' '--no-spamfilter-enabled' '--allow-group-owners-to-manage-ldap' '--no-allow-group-owners-to-manage-ldap' '--authorized-keys-enabled' '--no-authorized-keys-enabled' '--clientside-errtracker-dsn' '--clientside-errtracker-enabled' '--no-clientside-errtracker-enabled' '--container-registry-token-expire-delay' '--default-artifacts-expire-in' '--default-branch-protection' '--default-group-visibility' '--default-project-visibility' '--default-snippet-visibility' '--default-projects-limit' '--disabled-oauth-sign-in-sources' '--domain-blacklist-enabled' '--no-domain-blacklist-enabled' '--domain-blacklist' '--domain-whitelist' '--rsa-key-restriction' '--dsa-key-restriction' '--ecdsa-key-restriction' '--ed25519-key-restriction' '--searchengine-cloud' '--no-searchengine-cloud' '--searchengine-cloud-access-key' '--searchengine-cloud-secret-access-key' '--searchengine-cloud-region' '--searchengine-experimental-indexer' '--no-searchengine-experimental-indexer' '--searchengine-indexing' '--no-searchengine-indexing' '--searchengine-search' '--no-searchengine-search' '--searchengine-url' '--email-author-in-body' '--no-email-author-in-body' '--enabled-git-access-protocol' '--geo-status-timeout' '--avatarservice-enabled' '--no-avatarservice-enabled' '--help-page-hide-commercial-content' '--no-help-page-hide-commercial-content' '--help-page-support-url' '--help-text' '--home-page-url' '--housekeeping-enabled' '--no-housekeeping-enabled' '--housekeeping-bitmaps-enabled' '--no-housekeeping-bitmaps-enabled' '--housekeeping-full-repack-period' '--housekeeping-gc-period' '--housekeeping-incremental-repack-period' '--html-emails-enabled' '--no-html-emails-enabled' '--import-sources' '--webide-enabled' '--no-webide-enabled' '--webide-url' '--max-artifacts-size' '--max-attachment-size' '--max-pages-size' '--metrics-enabled' '--no-metrics-enabled' '--metrics-host' '--metrics-method-call-threshold' '--metrics-packet-size' '--metrics-pool-size' '--metrics-sample-interval' '--metrics-timeout' '--metrics-port' '--password-authentication-enabled' '--no-password-authentication-enabled' '--performance-bar-allowed-group-id' '--performance-bar-enabled' '--no-performance-bar-enabled' '--diagram-enabled' '--no-diagram-enabled' '--diagram-url' '--polling-interval-multiplier' '--project-export-enabled' '--no-project-export-enabled' '--prometheus-metrics-enabled' '--no-prometheus-metrics-enabled' '--captcha-enabled' '--no-captcha-enabled' '--captcha-private-key' '--captcha-site-key' '--repository-checks-enabled' '--no-repository-checks-enabled' '--repository-size-limit' '--repository-storages' '--require-two-factor-authentication' '--no-require-two-factor-authentication' '--restricted-visibility-levels' '--send-user-confirmation-email' '--no-send-user-confirmation-email' '--errtracker-enabled' '--no-errtracker-enabled' '--errtracker-dsn' '--session-expire-delay' '--shared-runners-enabled' '--no-shared-runners-enabled' '--shared-runners-minutes' '--shared-runners-text' '--jobqueue-throttling-enabled' '--no-jobqueue-throttling-enabled' '--jobqueue-throttling-factor' '--jobqueue-throttling-queues' '--sign-in-text' '--signup-enabled' '--no-signup-enabled' '--chat-app-enabled' '--no-chat-app-enabled' '--chat-app-id' '--chat-app-secret' '--chat-app-verification-token' '--terminal-max-session-time' '--two-factor-grace-period' '--unique-ips-limit-enabled' '--no-unique-ips-limit-enabled' '--unique-ips-limit-per-user' '--unique-ips-limit-time-window' '--usage-ping-enabled' '--no-usage-ping-enabled' '--user-default-external' '--no-user-default-external' '--user-oauth-applications' '--no-user-oauth-applications' '--version-check-enabled' '--no-version-check-enabled' '-h' '--help' '--abuse-notification-email' '--akismet-api-key' '--akismet-enabled' '--no-akismet-enabled' '--sentry-clientside-dsn' '--clientside-sentry-enabled' '--no-clientside-sentry-enabled' '--domain-denylist-enabled' '--no-domain-denylist-enabled' '--domain-denylist' '--domain-allowlist' '--elasticsearch-aws' '--no-elasticsearch-aws' '--elasticsearch-aws-access-key' '--elasticsearch-aws-secret-access-key' '--elasticsearch-aws-region' '--elasticsearch-experimental-indexer' '--no-elasticsearch-experimental-indexer' '--elasticsearch-indexing' '--no-elasticsearch-indexing' '--elasticsearch-search' '--no-elasticsearch-search' '--elasticsearch-url' '--gravatar-enabled' '--no-gravatar-enabled' '--koding-enabled' '--no-koding-enabled' '--koding-url' '--password-authentication-enabled-for-web' '--no-password-authentication-enabled-for-web' '--plantuml-enabled' '--no-plantuml-enabled' '--plantuml-url' '--recaptcha-enabled' '--no-recaptcha-enabled' '--recaptcha-private-key' '--recaptcha-site-key' '--sentry-enabled' '--no-sentry-enabled' '--sentry-dsn' '--sidekiq-throttling-enabled' '--no-sidekiq-throttling-enabled' '--sidekiq-throttling-factor' '--sidekiq-throttling-queues' '--slack-app-enabled' '--no-slack-app-enabled' '--slack-app-id' '--slack-app-secret' '--slack-app-verification-token' '--fields'
            set -g __collab_vflags '--admin-notification-email' '--after-sign-out-path' '--after-sign-up-text' '--spamfilter-api-key' '--clientside-errtracker-dsn' '--container-registry-token-expire-delay' '--default-artifacts-expire-in' '--default-branch-protection' '--default-group-visibility' '--default-project-visibility' '--default-snippet-visibility' '--default-projects-limit' '--disabled-oauth-sign-in-sources' '--domain-blacklist' '--domain-whitelist' '--rsa-key-restriction' '--dsa-key-restriction' '--ecdsa-key-restriction' '--ed25519-key-restriction' '--searchengine-cloud-access-key' '--searchengine-cloud-secret-access-key' '--searchengine-cloud-region' '--searchengine-url' '--enabled-git-access-protocol' '--geo-status-timeout' '--help-page-support-url' '--help-text' '--home-page-url' '--housekeeping-full-repack-period' '--housekeeping-gc-period' '--housekeeping-incremental-repack-period' '--import-sources' '--webide-url' '--max-artifacts-size' '--max-attachment-size' '--max-pages-size' '--metrics-host' '--metrics-method-call-threshold' '--metrics-packet-size' '--metrics-pool-size' '--metrics-sample-interval' '--metrics-timeout' '--metrics-port' '--performance-bar-allowed-group-id' '--diagram-url' '--polling-interval-multiplier' '--captcha-private-key' '--captcha-site-key' '--repository-size-limit' '--repository-storages' '--restricted-visibility-levels' '--errtracker-dsn' '--session-expire-delay' '--shared-runners-minutes' '--shared-runners-text' '--jobqueue-throttling-factor' '--jobqueue-throttling-queues' '--sign-in-text' '--chat-app-id' '--chat-app-secret' '--chat-app-verification-token' '--terminal-max-session-time' '--two-factor-grace-period' '--unique-ips-limit-per-user' '--unique-ips-limit-time-window' '--abuse-notification-email' '--akismet-api-key' '--sentry-clientside-dsn' '--domain-denylist' '--domain-allowlist' '--elasticsearch-aws-access-key' '--elasticsearch-aws-secret-access-key' '--elasticsearch-aws-region' '--elasticsearch-url' '--koding-url' '--plantuml-url' '--recaptcha-private-key' '--recaptcha-site-key' '--sentry-dsn' '--sidekiq-throttling-factor' '--sidekiq-throttling-queues' '--slack-app-id' '--slack-app-secret' '--slack-app-verification-token' '--fields'
        case 'auth'
            set -g __collab_kids 'login'\t'Check a token with GET /user and store it for the host (0600 config file)' 'status'\t'Show the host, the user, where the token comes from, its scopes and expiry (exit 4 when not logged in)' 'logout'\t'Remove the stored token of the host' 'token'\t'Print the token in use (for scripts)'
            set -g __collab_akids 
            set -g __collab_flags '-h'\t'display help for command' '--help'\t'display help for command'
            set -g __collab_fnames '-h' '--help'
            set -g __collab_vflags 
        case 'auth login'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '--token-stdin'\t'read the token from standard input' '--oauth'\t'the token is an OAuth token (sent as Authorization: Bearer)' '-h'\t'display help for command' '--help'\t'display help for command'
            set -g __collab_fnames '--token-stdin' '--oauth' '-h' '--help'
            set -g __collab_vflags 
        case 'auth status'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-h'\t'display help for command' '--help'\t'display help for command' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-h' '--help' '--fields'
            set -g __collab_vflags '--fields'
        case 'auth logout'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-h'\t'display help for command' '--help'\t'display help for command'
            set -g __collab_fnames '-h' '--help'
            set -g __collab_vflags 
        case 'auth token'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-h'\t'display help for command' '--help'\t'display help for command'
            set -g __collab_fnames '-h' '--help'
            set -g __collab_vflags 
        case 'config'
            set -g __collab_kids 'get'\t'Print a value' 'set'\t'Set a value' 'unset'\t'Remove a value' 'list'\t'List every value (tokens are not shown)'
            set -g __collab_akids 'ls'\t'List every value (tokens are not shown)'
            set -g __collab_flags '-h'\t'display help for command' '--help'\t'display help for command'
            set -g __collab_fnames '-h' '--help'
            set -g __collab_vflags 
        case 'config get'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-h'\t'display help for command' '--help'\t'display help for command'
            set -g __collab_fnames '-h' '--help'
            set -g __collab_vflags 
        case 'config set'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-h'\t'display help for command' '--help'\t'display help for command'
            set -g __collab_fnames '-h' '--help'
            set -g __collab_vflags 
        case 'config unset'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-h'\t'display help for command' '--help'\t'display help for command'
            set -g __collab_fnames '-h' '--help'
            set -g __collab_vflags 
        case 'config list'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-h'\t'display help for command' '--help'\t'display help for command' '--fields'\t'columns (table/tsv) or keys (json/ndjson) to print, checked before anything is sent; alone, lists the fields of the command'
            set -g __collab_fnames '-h' '--help' '--fields'
            set -g __collab_vflags '--fields'
        case 'api'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-X'\t'HTTP method (default GET, or POST when fields are given)' '--method'\t'HTTP method (default GET, or POST when fields are given)' '-f'\t'a string parameter (repeatable)' '--raw-field'\t'a string parameter (repeatable)' '-F'\t'a typed parameter: numbers, true/false, null, @file (repeatable)' '--field'\t'a typed parameter: numbers, true/false, null, @file (repeatable)' '-H'\t'an extra request header (repeatable)' '--input'\t'the request body from a file (streamed, with its Content-Length), or - for stdin (read whole first)' '--dest'\t'write the answer to this file (temporary file, renamed when complete; - for stdout), however large' '--paginate'\t'fetch every page of a list (one JSON array, or NDJSON with -o ndjson)' '-i'\t'print the status line and response headers first' '--include'\t'print the status line and response headers first' '-h'\t'display help for command' '--help'\t'display help for command'
            set -g __collab_fnames '-X' '--method' '-f' '--raw-field' '-F' '--field' '-H' '--input' '--dest' '--paginate' '-i' '--include' '-h' '--help'
            set -g __collab_vflags '-X' '--method' '-f' '--raw-field' '-F' '--field' '-H' '--input' '--dest'
        case 'completion'
            set -g __collab_kids 'bash'\t'the shell' 'zsh'\t'the shell' 'fish'\t'the shell'
            set -g __collab_akids 
            set -g __collab_flags '-h'\t'display help for command' '--help'\t'display help for command'
            set -g __collab_fnames '-h' '--help'
            set -g __collab_vflags 
        case 'sandbox'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '--port'\t'port to listen on (0 = a free one) (default 0)' '--bind'\t'address to listen on (default 127.0.0.1; --host works too)' '--seed'\t'demo data, nothing, or demo data with n issues in acme/platform/api (default demo)' '--latency'\t'delay every response by this many milliseconds' '--bandwidth'\t'send every response through one link of this speed (20 Mbit/s is 2441)' '--artifact-mb'\t'make the artifact of job "package" on main this large (streamed; at most 4094)' '--flavor'\t'the API dialect served: the spec\'s, or GitLab\'s (names, methods, answers, GET /version) (default spec)' '-h'\t'display help for command' '--help'\t'display help for command'
            set -g __collab_fnames '--port' '--bind' '--seed' '--latency' '--bandwidth' '--artifact-mb' '--flavor' '-h' '--help'
            set -g __collab_vflags '--port' '--bind' '--seed' '--latency' '--bandwidth' '--artifact-mb' '--flavor'
        case 'mcp'
            set -g __collab_kids 'serve'\t'Offer collab to AI assistants: every command a tool, over MCP on stdio'
            set -g __collab_akids 
            set -g __collab_flags '-h'\t'display help for command' '--help'\t'display help for command'
            set -g __collab_fnames '-h' '--help'
            set -g __collab_vflags 
        case 'mcp serve'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '--allow-writes'\t'offer the commands that change data too (create, update, close, approve, …)' '--allow-destructive'\t'with --allow-writes: the irreversible ones too (delete, erase, merge, revoke, …), run without asking' '--allow-secrets'\t'offer the commands whose answer is secret values too (variable_list, variable_get, variable_export: CI/CD variables\' values), and answer secret fields (runners_token) unmasked' '-p'\t'every tool works in this project only (numeric id or full path); tools that work in none are not offered' '--project'\t'every tool works in this project only (numeric id or full path); tools that work in none are not offered' '--root'\t'where downloads are saved and uploads read from; without it no tool reads or writes a file' '-h'\t'display help for command' '--help'\t'display help for command'
            set -g __collab_fnames '--allow-writes' '--allow-destructive' '--allow-secrets' '-p' '--project' '--root' '-h' '--help'
            set -g __collab_vflags '-p' '--project' '--root'
        case 'version'
            set -g __collab_kids 
            set -g __collab_akids 
            set -g __collab_flags '-h'\t'display help for command' '--help'\t'display help for command'
            set -g __collab_fnames '-h' '--help'
            set -g __collab_vflags 
        case 'help'
            set -g __collab_kids 'environment'\t'help topic' 'exit-codes'\t'help topic' 'issue'\t'Issues: list, view, create, update, close, reopen, delete, move, comment, subscribe, todo, time tracking' 'board'\t'Issue boards and their lists' 'mr'\t'Merge requests: list, create, approve, merge safely' 'todo'\t'Your to-do list: what needs you (GitLab)' 'job'\t'CI jobs: list, trace, retry, download artifacts' 'pipeline'\t'CI pipelines: list, view, wait, run, retry, cancel, lint' 'release'\t'Releases: create with links, list, view, upload and download assets' 'package'\t'Generic packages: upload, download, list, delete' 'variable'\t'CI/CD variables: list, get, set, delete, export' 'project'\t'Projects: list, view, create, fork, star, archive, upload' 'group'\t'Groups: list, view, create, transfer projects, LDAP links' 'namespace'\t'Namespaces: the users and groups projects live in' 'user'\t'Users, SSH/GPG keys, emails, impersonation tokens' 'settings'\t'Instance application settings (administrators)' 'auth'\t'Log in, show status, log out, print the token' 'config'\t'Get and set defaults (host, output, per_page, project)' 'api'\t'Send any request to the API (same auth, paginator and output)' 'completion'\t'Print a shell completion script (bash, zsh, fish)' 'sandbox'\t'Run a local, in-memory server that speaks the whole API, seeded with demo data' 'mcp'\t'Serve collab to AI assistants (Model Context Protocol)' 'version'\t'Print the version (the same as collab --version)'
            set -g __collab_akids 
            set -g __collab_flags '-h'\t'display help for command' '--help'\t'display help for command'
            set -g __collab_fnames '-h' '--help'
            set -g __collab_vflags 
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
        case '/issue'
            echo 'issue'
        case '/board'
            echo 'board'
        case '/mr'
            echo 'mr'
        case '/todo'
            echo 'todo'
        case '/job'
            echo 'job'
        case '/pipeline'
            echo 'pipeline'
        case '/release'
            echo 'release'
        case '/package'
            echo 'package'
        case '/variable'
            echo 'variable'
        case '/project'
            echo 'project'
        case '/group'
            echo 'group'
        case '/namespace'
            echo 'namespace'
        case '/user'
            echo 'user'
        case '/settings'
            echo 'settings'
        case '/auth'
            echo 'auth'
        case '/config'
            echo 'config'
        case '/api'
            echo 'api'
        case '/completion'
            echo 'completion'
        case '/sandbox'
            echo 'sandbox'
        case '/mcp'
            echo 'mcp'
        case '/version'
            echo 'version'
        case '/help'
            echo 'help'
        case 'issue/list' 'issue/ls'
            echo 'issue list'
        case 'issue/view' 'issue/show'
            echo 'issue view'
        case 'issue/create' 'issue/new'
            echo 'issue create'
        case 'issue/update' 'issue/edit'
            echo 'issue update'
        case 'issue/close'
            echo 'issue close'
        case 'issue/reopen'
            echo 'issue reopen'
        case 'issue/delete' 'issue/rm'
            echo 'issue delete'
        case 'issue/move'
            echo 'issue move'
        case 'issue/subscribe'
            echo 'issue subscribe'
        case 'issue/unsubscribe'
            echo 'issue unsubscribe'
        case 'issue/todo'
            echo 'issue todo'
        case 'issue/estimate'
            echo 'issue estimate'
        case 'issue/reset-estimate'
            echo 'issue reset-estimate'
        case 'issue/spend'
            echo 'issue spend'
        case 'issue/reset-spent'
            echo 'issue reset-spent'
        case 'issue/time-stats'
            echo 'issue time-stats'
        case 'issue/note' 'issue/comment'
            echo 'issue note'
        case 'issue/notes' 'issue/comments'
            echo 'issue notes'
        case 'issue/closed-by'
            echo 'issue closed-by'
        case 'issue/user-agent'
            echo 'issue user-agent'
        case 'board/list' 'board/ls'
            echo 'board list'
        case 'board/view' 'board/show'
            echo 'board view'
        case 'board/lists'
            echo 'board lists'
        case 'board/list-view'
            echo 'board list-view'
        case 'board/list-create'
            echo 'board list-create'
        case 'board/list-move'
            echo 'board list-move'
        case 'board/list-delete'
            echo 'board list-delete'
        case 'mr/list' 'mr/ls'
            echo 'mr list'
        case 'mr/view' 'mr/show'
            echo 'mr view'
        case 'mr/create' 'mr/new'
            echo 'mr create'
        case 'mr/update' 'mr/edit'
            echo 'mr update'
        case 'mr/ready'
            echo 'mr ready'
        case 'mr/draft'
            echo 'mr draft'
        case 'mr/close'
            echo 'mr close'
        case 'mr/reopen'
            echo 'mr reopen'
        case 'mr/delete' 'mr/rm'
            echo 'mr delete'
        case 'mr/note' 'mr/comment'
            echo 'mr note'
        case 'mr/notes' 'mr/comments'
            echo 'mr notes'
        case 'mr/discussions' 'mr/threads'
            echo 'mr discussions'
        case 'mr/resolve'
            echo 'mr resolve'
        case 'mr/unresolve'
            echo 'mr unresolve'
        case 'mr/checkout' 'mr/co'
            echo 'mr checkout'
        case 'mr/merge' 'mr/accept'
            echo 'mr merge'
        case 'mr/rebase'
            echo 'mr rebase'
        case 'mr/cancel-auto-merge'
            echo 'mr cancel-auto-merge'
        case 'mr/approvals'
            echo 'mr approvals'
        case 'mr/jobs' 'mr/pipelines'
            echo 'mr jobs'
        case 'mr/checks'
            echo 'mr checks'
        case 'mr/approve'
            echo 'mr approve'
        case 'mr/unapprove'
            echo 'mr unapprove'
        case 'mr/commits'
            echo 'mr commits'
        case 'mr/changes' 'mr/diff'
            echo 'mr changes'
        case 'mr/closes-issues'
            echo 'mr closes-issues'
        case 'mr/versions'
            echo 'mr versions'
        case 'mr/version'
            echo 'mr version'
        case 'mr/subscribe'
            echo 'mr subscribe'
        case 'mr/unsubscribe'
            echo 'mr unsubscribe'
        case 'mr/todo'
            echo 'mr todo'
        case 'todo/list' 'todo/ls'
            echo 'todo list'
        case 'todo/done'
            echo 'todo done'
        case 'job/list' 'job/ls'
            echo 'job list'
        case 'job/view' 'job/show'
            echo 'job view'
        case 'job/trace' 'job/log'
            echo 'job trace'
        case 'job/artifacts'
            echo 'job artifacts'
        case 'job/artifact'
            echo 'job artifact'
        case 'job/cancel'
            echo 'job cancel'
        case 'job/retry'
            echo 'job retry'
        case 'job/play'
            echo 'job play'
        case 'job/erase'
            echo 'job erase'
        case 'job/keep'
            echo 'job keep'
        case 'pipeline/list' 'pipeline/ls'
            echo 'pipeline list'
        case 'pipeline/view' 'pipeline/show' 'pipeline/status'
            echo 'pipeline view'
        case 'pipeline/wait' 'pipeline/watch'
            echo 'pipeline wait'
        case 'pipeline/run' 'pipeline/create' 'pipeline/start'
            echo 'pipeline run'
        case 'pipeline/retry'
            echo 'pipeline retry'
        case 'pipeline/cancel'
            echo 'pipeline cancel'
        case 'pipeline/delete' 'pipeline/rm'
            echo 'pipeline delete'
        case 'pipeline/report' 'pipeline/test-report'
            echo 'pipeline report'
        case 'pipeline/lint'
            echo 'pipeline lint'
        case 'release/create' 'release/new'
            echo 'release create'
        case 'release/list' 'release/ls'
            echo 'release list'
        case 'release/view' 'release/show'
            echo 'release view'
        case 'release/update' 'release/edit'
            echo 'release update'
        case 'release/delete' 'release/rm'
            echo 'release delete'
        case 'release/upload'
            echo 'release upload'
        case 'release/download'
            echo 'release download'
        case 'release/link'
            echo 'release link'
        case 'release link/add' 'release link/create'
            echo 'release link add'
        case 'release link/list' 'release link/ls'
            echo 'release link list'
        case 'release link/delete' 'release link/rm'
            echo 'release link delete'
        case 'package/upload'
            echo 'package upload'
        case 'package/download'
            echo 'package download'
        case 'package/list' 'package/ls'
            echo 'package list'
        case 'package/delete' 'package/rm'
            echo 'package delete'
        case 'variable/list' 'variable/ls'
            echo 'variable list'
        case 'variable/get' 'variable/view'
            echo 'variable get'
        case 'variable/set'
            echo 'variable set'
        case 'variable/delete' 'variable/rm'
            echo 'variable delete'
        case 'variable/export'
            echo 'variable export'
        case 'project/list' 'project/ls'
            echo 'project list'
        case 'project/view' 'project/show'
            echo 'project view'
        case 'project/users'
            echo 'project users'
        case 'project/labels'
            echo 'project labels'
        case 'project/forks'
            echo 'project forks'
        case 'project/create' 'project/new'
            echo 'project create'
        case 'project/update' 'project/edit'
            echo 'project update'
        case 'project/delete' 'project/rm'
            echo 'project delete'
        case 'project/fork'
            echo 'project fork'
        case 'project/star'
            echo 'project star'
        case 'project/unstar'
            echo 'project unstar'
        case 'project/archive'
            echo 'project archive'
        case 'project/unarchive'
            echo 'project unarchive'
        case 'project/upload'
            echo 'project upload'
        case 'group/list' 'group/ls'
            echo 'group list'
        case 'group/view' 'group/show'
            echo 'group view'
        case 'group/projects'
            echo 'group projects'
        case 'group/create' 'group/new'
            echo 'group create'
        case 'group/update' 'group/edit'
            echo 'group update'
        case 'group/delete' 'group/rm'
            echo 'group delete'
        case 'group/transfer-project'
            echo 'group transfer-project'
        case 'group/ldap-sync'
            echo 'group ldap-sync'
        case 'group/ldap-link'
            echo 'group ldap-link'
        case 'group ldap-link/add'
            echo 'group ldap-link add'
        case 'group ldap-link/delete' 'group ldap-link/rm'
            echo 'group ldap-link delete'
        case 'namespace/list' 'namespace/ls'
            echo 'namespace list'
        case 'user/list' 'user/ls'
            echo 'user list'
        case 'user/view' 'user/show'
            echo 'user view'
        case 'user/me' 'user/whoami'
            echo 'user me'
        case 'user/create'
            echo 'user create'
        case 'user/update' 'user/edit'
            echo 'user update'
        case 'user/delete' 'user/rm'
            echo 'user delete'
        case 'user/block'
            echo 'user block'
        case 'user/unblock'
            echo 'user unblock'
        case 'user/activities'
            echo 'user activities'
        case 'user/key'
            echo 'user key'
        case 'user/gpg-key'
            echo 'user gpg-key'
        case 'user/email'
            echo 'user email'
        case 'user/token'
            echo 'user token'
        case 'user key/list' 'user key/ls'
            echo 'user key list'
        case 'user key/view' 'user key/show'
            echo 'user key view'
        case 'user key/add' 'user key/create'
            echo 'user key add'
        case 'user key/delete' 'user key/rm'
            echo 'user key delete'
        case 'user gpg-key/list' 'user gpg-key/ls'
            echo 'user gpg-key list'
        case 'user gpg-key/view' 'user gpg-key/show'
            echo 'user gpg-key view'
        case 'user gpg-key/add' 'user gpg-key/create'
            echo 'user gpg-key add'
        case 'user gpg-key/delete' 'user gpg-key/rm'
            echo 'user gpg-key delete'
        case 'user email/list' 'user email/ls'
            echo 'user email list'
        case 'user email/view' 'user email/show'
            echo 'user email view'
        case 'user email/add' 'user email/create'
            echo 'user email add'
        case 'user email/delete' 'user email/rm'
            echo 'user email delete'
        case 'user token/list' 'user token/ls'
            echo 'user token list'
        case 'user token/view' 'user token/show'
            echo 'user token view'
        case 'user token/create'
            echo 'user token create'
        case 'user token/revoke' 'user token/delete'
            echo 'user token revoke'
        case 'settings/view' 'settings/show'
            echo 'settings view'
        case 'settings/update' 'settings/set'
            echo 'settings update'
        case 'auth/login'
            echo 'auth login'
        case 'auth/status'
            echo 'auth status'
        case 'auth/logout'
            echo 'auth logout'
        case 'auth/token'
            echo 'auth token'
        case 'config/get'
            echo 'config get'
        case 'config/set'
            echo 'config set'
        case 'config/unset'
            echo 'config unset'
        case 'config/list' 'config/ls'
            echo 'config list'
        case 'mcp/serve'
            echo 'mcp serve'
        case '*'
            return 1
    end
end

# Prints the values of flag $argv[2] at path $argv[1] (path '' for the global flags), one a line:
# words, __file or __dir.
function __collab_values
    switch "$argv[1]|$argv[2]"
        case '|-o' '|--output'
            printf '%s\n' 'table' 'tsv' 'json' 'ndjson'
        case '|--color'
            printf '%s\n' 'always' 'never' 'auto'
        case 'issue list|-s' 'issue list|--state'
            printf '%s\n' 'opened' 'closed' 'all'
        case 'issue list|--scope'
            printf '%s\n' 'created-by-me' 'assigned-to-me' 'all'
        case 'issue list|--order-by'
            printf '%s\n' 'created_at' 'updated_at'
        case 'issue list|--sort'
            printf '%s\n' 'asc' 'desc'
        case 'issue list|--in'
            printf '%s\n' 'title' 'description'
        case 'issue list|--fields'
            printf '%s\n' 'iid' 'state' 'title' 'labels' 'assignees' 'tasks' 'updated_at' 'id' 'project_id' 'description' 'created_at' 'closed_at' 'milestone' 'assignee' 'author' 'user_notes_count' 'due_date' 'web_url' 'confidential' 'weight' 'discussion_locked' 'time_stats' 'references' 'type' 'issue_type' 'task_completion_status' 'subscribed' '_links' 'closed_by' 'merge_requests_count' 'upvotes' 'downvotes' 'has_tasks' 'task_status' 'moved_to_id' 'service_desk_reply_to' 'blocking_issues_count' 'severity' 'health_status' 'epic' 'epic_iid' 'iteration' 'imported' 'imported_from'
        case 'issue view|--fields'
            printf '%s\n' 'iid' 'state' 'title' 'labels' 'assignees' 'tasks' 'updated_at' 'id' 'project_id' 'description' 'created_at' 'closed_at' 'milestone' 'assignee' 'author' 'user_notes_count' 'due_date' 'web_url' 'confidential' 'weight' 'discussion_locked' 'time_stats' 'references' 'type' 'issue_type' 'task_completion_status' 'subscribed' '_links' 'closed_by' 'merge_requests_count' 'upvotes' 'downvotes' 'has_tasks' 'task_status' 'moved_to_id' 'service_desk_reply_to' 'blocking_issues_count' 'severity' 'health_status' 'epic' 'epic_iid' 'iteration' 'imported' 'imported_from'
        case 'issue create|--description-file'
            printf '%s\n' __file
        case 'issue create|--fields'
            printf '%s\n' 'iid' 'state' 'title' 'labels' 'assignees' 'tasks' 'updated_at' 'id' 'project_id' 'description' 'created_at' 'closed_at' 'milestone' 'assignee' 'author' 'user_notes_count' 'due_date' 'web_url' 'confidential' 'weight' 'discussion_locked' 'time_stats' 'references' 'type' 'issue_type' 'task_completion_status' 'subscribed' '_links' 'closed_by' 'merge_requests_count' 'upvotes' 'downvotes' 'has_tasks' 'task_status' 'moved_to_id' 'service_desk_reply_to' 'blocking_issues_count' 'severity' 'health_status' 'epic' 'epic_iid' 'iteration' 'imported' 'imported_from'
        case 'issue update|--description-file'
            printf '%s\n' __file
        case 'issue update|--state-event'
            printf '%s\n' 'close' 'reopen'
        case 'issue update|--fields'
            printf '%s\n' 'iid' 'state' 'title' 'labels' 'assignees' 'tasks' 'updated_at' 'id' 'project_id' 'description' 'created_at' 'closed_at' 'milestone' 'assignee' 'author' 'user_notes_count' 'due_date' 'web_url' 'confidential' 'weight' 'discussion_locked' 'time_stats' 'references' 'type' 'issue_type' 'task_completion_status' 'subscribed' '_links' 'closed_by' 'merge_requests_count' 'upvotes' 'downvotes' 'has_tasks' 'task_status' 'moved_to_id' 'service_desk_reply_to' 'blocking_issues_count' 'severity' 'health_status' 'epic' 'epic_iid' 'iteration' 'imported' 'imported_from'
        case 'issue close|--fields'
            printf '%s\n' 'iid' 'state' 'title' 'labels' 'assignees' 'tasks' 'updated_at' 'id' 'project_id' 'description' 'created_at' 'closed_at' 'milestone' 'assignee' 'author' 'user_notes_count' 'due_date' 'web_url' 'confidential' 'weight' 'discussion_locked' 'time_stats' 'references' 'type' 'issue_type' 'task_completion_status' 'subscribed' '_links' 'closed_by' 'merge_requests_count' 'upvotes' 'downvotes' 'has_tasks' 'task_status' 'moved_to_id' 'service_desk_reply_to' 'blocking_issues_count' 'severity' 'health_status' 'epic' 'epic_iid' 'iteration' 'imported' 'imported_from'
        case 'issue reopen|--fields'
            printf '%s\n' 'iid' 'state' 'title' 'labels' 'assignees' 'tasks' 'updated_at' 'id' 'project_id' 'description' 'created_at' 'closed_at' 'milestone' 'assignee' 'author' 'user_notes_count' 'due_date' 'web_url' 'confidential' 'weight' 'discussion_locked' 'time_stats' 'references' 'type' 'issue_type' 'task_completion_status' 'subscribed' '_links' 'closed_by' 'merge_requests_count' 'upvotes' 'downvotes' 'has_tasks' 'task_status' 'moved_to_id' 'service_desk_reply_to' 'blocking_issues_count' 'severity' 'health_status' 'epic' 'epic_iid' 'iteration' 'imported' 'imported_from'
        case 'issue move|--fields'
            printf '%s\n' 'iid' 'state' 'title' 'labels' 'assignees' 'tasks' 'updated_at' 'id' 'project_id' 'description' 'created_at' 'closed_at' 'milestone' 'assignee' 'author' 'user_notes_count' 'due_date' 'web_url' 'confidential' 'weight' 'discussion_locked' 'time_stats' 'references' 'type' 'issue_type' 'task_completion_status' 'subscribed' '_links' 'closed_by' 'merge_requests_count' 'upvotes' 'downvotes' 'has_tasks' 'task_status' 'moved_to_id' 'service_desk_reply_to' 'blocking_issues_count' 'severity' 'health_status' 'epic' 'epic_iid' 'iteration' 'imported' 'imported_from'
        case 'issue subscribe|--fields'
            printf '%s\n' 'iid' 'state' 'title' 'labels' 'assignees' 'tasks' 'updated_at' 'id' 'project_id' 'description' 'created_at' 'closed_at' 'milestone' 'assignee' 'author' 'user_notes_count' 'due_date' 'web_url' 'confidential' 'weight' 'discussion_locked' 'time_stats' 'references' 'type' 'issue_type' 'task_completion_status' 'subscribed' '_links' 'closed_by' 'merge_requests_count' 'upvotes' 'downvotes' 'has_tasks' 'task_status' 'moved_to_id' 'service_desk_reply_to' 'blocking_issues_count' 'severity' 'health_status' 'epic' 'epic_iid' 'iteration' 'imported' 'imported_from'
        case 'issue unsubscribe|--fields'
            printf '%s\n' 'iid' 'state' 'title' 'labels' 'assignees' 'tasks' 'updated_at' 'id' 'project_id' 'description' 'created_at' 'closed_at' 'milestone' 'assignee' 'author' 'user_notes_count' 'due_date' 'web_url' 'confidential' 'weight' 'discussion_locked' 'time_stats' 'references' 'type' 'issue_type' 'task_completion_status' 'subscribed' '_links' 'closed_by' 'merge_requests_count' 'upvotes' 'downvotes' 'has_tasks' 'task_status' 'moved_to_id' 'service_desk_reply_to' 'blocking_issues_count' 'severity' 'health_status' 'epic' 'epic_iid' 'iteration' 'imported' 'imported_from'
        case 'issue todo|--fields'
            printf '%s\n' 'id' 'state' 'action_name' 'target_type' 'body' 'target_url' 'created_at' 'project' 'author' 'target' 'group' 'updated_at'
        case 'issue estimate|--fields'
            printf '%s\n' 'time_estimate' 'human_time_estimate' 'total_time_spent' 'human_total_time_spent'
        case 'issue reset-estimate|--fields'
            printf '%s\n' 'time_estimate' 'human_time_estimate' 'total_time_spent' 'human_total_time_spent'
        case 'issue spend|--fields'
            printf '%s\n' 'time_estimate' 'human_time_estimate' 'total_time_spent' 'human_total_time_spent'
        case 'issue reset-spent|--fields'
            printf '%s\n' 'time_estimate' 'human_time_estimate' 'total_time_spent' 'human_total_time_spent'
        case 'issue time-stats|--fields'
            printf '%s\n' 'time_estimate' 'human_time_estimate' 'total_time_spent' 'human_total_time_spent'
        case 'issue note|--fields'
            printf '%s\n' 'id' 'author' 'body' 'system' 'created_at' 'type' 'attachment' 'updated_at' 'noteable_id' 'noteable_type' 'project_id' 'noteable_iid' 'resolvable' 'resolved' 'resolved_by' 'resolved_at' 'confidential' 'internal' 'imported' 'imported_from' 'commit_id' 'position' 'commands_changes'
        case 'issue notes|--order-by'
            printf '%s\n' 'created_at' 'updated_at'
        case 'issue notes|--sort'
            printf '%s\n' 'asc' 'desc'
        case 'issue notes|--fields'
            printf '%s\n' 'id' 'author' 'body' 'system' 'created_at' 'type' 'attachment' 'updated_at' 'noteable_id' 'noteable_type' 'project_id' 'noteable_iid' 'resolvable' 'resolved' 'resolved_by' 'resolved_at' 'confidential' 'internal' 'imported' 'imported_from' 'commit_id' 'position' 'commands_changes'
        case 'issue closed-by|--fields'
            printf '%s\n' 'iid' 'state' 'title' 'source_branch' 'target_branch' 'author' 'updated_at' 'id' 'project_id' 'description' 'created_at' 'upvotes' 'downvotes' 'assignee' 'source_project_id' 'target_project_id' 'labels' 'work_in_progress' 'milestone' 'merge_when_pipeline_succeeds' 'merge_status' 'sha' 'merge_commit_sha' 'user_notes_count' 'approvals_before_merge' 'should_remove_source_branch' 'force_remove_source_branch' 'squash' 'web_url' 'discussion_locked' 'time_stats' 'assignees' 'reviewers' 'draft' 'detailed_merge_status' 'has_conflicts' 'references' 'subscribed' 'head_pipeline' 'changes' 'merged_at' 'merged_by' 'merge_user' 'closed_at' 'closed_by' 'squash_commit_sha' 'allow_collaboration' 'allow_maintainer_to_push' 'squash_on_merge' 'task_completion_status' 'blocking_discussions_resolved' 'pipeline' 'changes_count' 'diff_refs' 'first_contribution' 'user' 'prepared_at' 'imported' 'imported_from' 'latest_build_started_at' 'latest_build_finished_at' 'first_deployed_to_production_at' 'diverged_commits_count' 'rebase_in_progress' 'merge_error' 'status' 'merge_after' 'reference' 'overflow'
        case 'issue user-agent|--fields'
            printf '%s\n' 'user_agent' 'ip_address' 'spamfilter_submitted'
        case 'board list|--fields'
            printf '%s\n' 'id' 'project.path_with_namespace' 'milestone.title' 'lists' 'project' 'milestone' 'name' 'hide_backlog_list' 'hide_closed_list' 'group' 'assignee' 'labels' 'weight' 'iteration'
        case 'board view|--fields'
            printf '%s\n' 'list' 'iid' 'title' 'assignees' 'list_id' 'id' 'project_id' 'description' 'state' 'created_at' 'updated_at' 'closed_at' 'labels' 'milestone' 'assignee' 'author' 'user_notes_count' 'due_date' 'web_url' 'confidential' 'weight' 'discussion_locked' 'time_stats' 'references' 'type' 'issue_type' 'task_completion_status' 'closed_by' 'merge_requests_count' 'upvotes' 'downvotes' 'has_tasks' 'task_status' 'moved_to_id' 'service_desk_reply_to' 'blocking_issues_count' 'severity' 'health_status' 'epic' 'epic_iid' 'iteration' 'imported' 'imported_from' '_links'
        case 'board lists|--fields'
            printf '%s\n' 'id' 'position' 'label.name' 'label.color' 'label.description' 'label' 'max_issue_count' 'max_issue_weight' 'limit_metric' 'assignee' 'milestone' 'iteration'
        case 'board list-view|--fields'
            printf '%s\n' 'id' 'position' 'label.name' 'label.color' 'label.description' 'label' 'max_issue_count' 'max_issue_weight' 'limit_metric' 'assignee' 'milestone' 'iteration'
        case 'board list-create|--fields'
            printf '%s\n' 'id' 'position' 'label.name' 'label.color' 'label.description' 'label' 'max_issue_count' 'max_issue_weight' 'limit_metric' 'assignee' 'milestone' 'iteration'
        case 'board list-move|--fields'
            printf '%s\n' 'id' 'position' 'label.name' 'label.color' 'label.description' 'label' 'max_issue_count' 'max_issue_weight' 'limit_metric' 'assignee' 'milestone' 'iteration'
        case 'mr list|-s' 'mr list|--state'
            printf '%s\n' 'opened' 'closed' 'merged' 'all'
        case 'mr list|--order-by'
            printf '%s\n' 'created_at' 'updated_at'
        case 'mr list|--sort'
            printf '%s\n' 'asc' 'desc'
        case 'mr list|--view'
            printf '%s\n' 'simple'
        case 'mr list|--scope'
            printf '%s\n' 'created-by-me' 'assigned-to-me' 'reviews-for-me' 'all'
        case 'mr list|--in'
            printf '%s\n' 'title' 'description'
        case 'mr list|--fields'
            printf '%s\n' 'iid' 'state' 'title' 'branches' 'author' 'reviewers' 'detailed_merge_status' 'updated_at' 'id' 'project_id' 'description' 'created_at' 'target_branch' 'source_branch' 'upvotes' 'downvotes' 'assignee' 'source_project_id' 'target_project_id' 'labels' 'work_in_progress' 'milestone' 'merge_when_pipeline_succeeds' 'merge_status' 'sha' 'merge_commit_sha' 'user_notes_count' 'approvals_before_merge' 'should_remove_source_branch' 'force_remove_source_branch' 'squash' 'web_url' 'discussion_locked' 'time_stats' 'assignees' 'draft' 'has_conflicts' 'references' 'subscribed' 'head_pipeline' 'changes' 'merged_at' 'merged_by' 'merge_user' 'closed_at' 'closed_by' 'squash_commit_sha' 'allow_collaboration' 'allow_maintainer_to_push' 'squash_on_merge' 'task_completion_status' 'blocking_discussions_resolved' 'pipeline' 'changes_count' 'diff_refs' 'first_contribution' 'user' 'prepared_at' 'imported' 'imported_from' 'latest_build_started_at' 'latest_build_finished_at' 'first_deployed_to_production_at' 'diverged_commits_count' 'rebase_in_progress' 'merge_error' 'status' 'merge_after' 'reference' 'overflow'
        case 'mr view|--fields'
            printf '%s\n' 'iid' 'state' 'title' 'branches' 'author' 'reviewers' 'detailed_merge_status' 'updated_at' 'id' 'project_id' 'description' 'created_at' 'target_branch' 'source_branch' 'upvotes' 'downvotes' 'assignee' 'source_project_id' 'target_project_id' 'labels' 'work_in_progress' 'milestone' 'merge_when_pipeline_succeeds' 'merge_status' 'sha' 'merge_commit_sha' 'user_notes_count' 'approvals_before_merge' 'should_remove_source_branch' 'force_remove_source_branch' 'squash' 'web_url' 'discussion_locked' 'time_stats' 'assignees' 'draft' 'has_conflicts' 'references' 'subscribed' 'head_pipeline' 'changes' 'merged_at' 'merged_by' 'merge_user' 'closed_at' 'closed_by' 'squash_commit_sha' 'allow_collaboration' 'allow_maintainer_to_push' 'squash_on_merge' 'task_completion_status' 'blocking_discussions_resolved' 'pipeline' 'changes_count' 'diff_refs' 'first_contribution' 'user' 'prepared_at' 'imported' 'imported_from' 'latest_build_started_at' 'latest_build_finished_at' 'first_deployed_to_production_at' 'diverged_commits_count' 'rebase_in_progress' 'merge_error' 'status' 'merge_after' 'reference' 'overflow'
        case 'mr create|--description-file'
            printf '%s\n' __file
        case 'mr create|--fields'
            printf '%s\n' 'iid' 'state' 'title' 'branches' 'author' 'reviewers' 'detailed_merge_status' 'updated_at' 'id' 'project_id' 'description' 'created_at' 'target_branch' 'source_branch' 'upvotes' 'downvotes' 'assignee' 'source_project_id' 'target_project_id' 'labels' 'work_in_progress' 'milestone' 'merge_when_pipeline_succeeds' 'merge_status' 'sha' 'merge_commit_sha' 'user_notes_count' 'approvals_before_merge' 'should_remove_source_branch' 'force_remove_source_branch' 'squash' 'web_url' 'discussion_locked' 'time_stats' 'assignees' 'draft' 'has_conflicts' 'references' 'subscribed' 'head_pipeline' 'changes' 'merged_at' 'merged_by' 'merge_user' 'closed_at' 'closed_by' 'squash_commit_sha' 'allow_collaboration' 'allow_maintainer_to_push' 'squash_on_merge' 'task_completion_status' 'blocking_discussions_resolved' 'pipeline' 'changes_count' 'diff_refs' 'first_contribution' 'user' 'prepared_at' 'imported' 'imported_from' 'latest_build_started_at' 'latest_build_finished_at' 'first_deployed_to_production_at' 'diverged_commits_count' 'rebase_in_progress' 'merge_error' 'status' 'merge_after' 'reference' 'overflow'
        case 'mr update|--description-file'
            printf '%s\n' __file
        case 'mr update|--fields'
            printf '%s\n' 'iid' 'state' 'title' 'branches' 'author' 'reviewers' 'detailed_merge_status' 'updated_at' 'id' 'project_id' 'description' 'created_at' 'target_branch' 'source_branch' 'upvotes' 'downvotes' 'assignee' 'source_project_id' 'target_project_id' 'labels' 'work_in_progress' 'milestone' 'merge_when_pipeline_succeeds' 'merge_status' 'sha' 'merge_commit_sha' 'user_notes_count' 'approvals_before_merge' 'should_remove_source_branch' 'force_remove_source_branch' 'squash' 'web_url' 'discussion_locked' 'time_stats' 'assignees' 'draft' 'has_conflicts' 'references' 'subscribed' 'head_pipeline' 'changes' 'merged_at' 'merged_by' 'merge_user' 'closed_at' 'closed_by' 'squash_commit_sha' 'allow_collaboration' 'allow_maintainer_to_push' 'squash_on_merge' 'task_completion_status' 'blocking_discussions_resolved' 'pipeline' 'changes_count' 'diff_refs' 'first_contribution' 'user' 'prepared_at' 'imported' 'imported_from' 'latest_build_started_at' 'latest_build_finished_at' 'first_deployed_to_production_at' 'diverged_commits_count' 'rebase_in_progress' 'merge_error' 'status' 'merge_after' 'reference' 'overflow'
        case 'mr ready|--fields'
            printf '%s\n' 'iid' 'state' 'title' 'branches' 'author' 'reviewers' 'detailed_merge_status' 'updated_at' 'id' 'project_id' 'description' 'created_at' 'target_branch' 'source_branch' 'upvotes' 'downvotes' 'assignee' 'source_project_id' 'target_project_id' 'labels' 'work_in_progress' 'milestone' 'merge_when_pipeline_succeeds' 'merge_status' 'sha' 'merge_commit_sha' 'user_notes_count' 'approvals_before_merge' 'should_remove_source_branch' 'force_remove_source_branch' 'squash' 'web_url' 'discussion_locked' 'time_stats' 'assignees' 'draft' 'has_conflicts' 'references' 'subscribed' 'head_pipeline' 'changes' 'merged_at' 'merged_by' 'merge_user' 'closed_at' 'closed_by' 'squash_commit_sha' 'allow_collaboration' 'allow_maintainer_to_push' 'squash_on_merge' 'task_completion_status' 'blocking_discussions_resolved' 'pipeline' 'changes_count' 'diff_refs' 'first_contribution' 'user' 'prepared_at' 'imported' 'imported_from' 'latest_build_started_at' 'latest_build_finished_at' 'first_deployed_to_production_at' 'diverged_commits_count' 'rebase_in_progress' 'merge_error' 'status' 'merge_after' 'reference' 'overflow'
        case 'mr draft|--fields'
            printf '%s\n' 'iid' 'state' 'title' 'branches' 'author' 'reviewers' 'detailed_merge_status' 'updated_at' 'id' 'project_id' 'description' 'created_at' 'target_branch' 'source_branch' 'upvotes' 'downvotes' 'assignee' 'source_project_id' 'target_project_id' 'labels' 'work_in_progress' 'milestone' 'merge_when_pipeline_succeeds' 'merge_status' 'sha' 'merge_commit_sha' 'user_notes_count' 'approvals_before_merge' 'should_remove_source_branch' 'force_remove_source_branch' 'squash' 'web_url' 'discussion_locked' 'time_stats' 'assignees' 'draft' 'has_conflicts' 'references' 'subscribed' 'head_pipeline' 'changes' 'merged_at' 'merged_by' 'merge_user' 'closed_at' 'closed_by' 'squash_commit_sha' 'allow_collaboration' 'allow_maintainer_to_push' 'squash_on_merge' 'task_completion_status' 'blocking_discussions_resolved' 'pipeline' 'changes_count' 'diff_refs' 'first_contribution' 'user' 'prepared_at' 'imported' 'imported_from' 'latest_build_started_at' 'latest_build_finished_at' 'first_deployed_to_production_at' 'diverged_commits_count' 'rebase_in_progress' 'merge_error' 'status' 'merge_after' 'reference' 'overflow'
        case 'mr close|--fields'
            printf '%s\n' 'iid' 'state' 'title' 'branches' 'author' 'reviewers' 'detailed_merge_status' 'updated_at' 'id' 'project_id' 'description' 'created_at' 'target_branch' 'source_branch' 'upvotes' 'downvotes' 'assignee' 'source_project_id' 'target_project_id' 'labels' 'work_in_progress' 'milestone' 'merge_when_pipeline_succeeds' 'merge_status' 'sha' 'merge_commit_sha' 'user_notes_count' 'approvals_before_merge' 'should_remove_source_branch' 'force_remove_source_branch' 'squash' 'web_url' 'discussion_locked' 'time_stats' 'assignees' 'draft' 'has_conflicts' 'references' 'subscribed' 'head_pipeline' 'changes' 'merged_at' 'merged_by' 'merge_user' 'closed_at' 'closed_by' 'squash_commit_sha' 'allow_collaboration' 'allow_maintainer_to_push' 'squash_on_merge' 'task_completion_status' 'blocking_discussions_resolved' 'pipeline' 'changes_count' 'diff_refs' 'first_contribution' 'user' 'prepared_at' 'imported' 'imported_from' 'latest_build_started_at' 'latest_build_finished_at' 'first_deployed_to_production_at' 'diverged_commits_count' 'rebase_in_progress' 'merge_error' 'status' 'merge_after' 'reference' 'overflow'
        case 'mr reopen|--fields'
            printf '%s\n' 'iid' 'state' 'title' 'branches' 'author' 'reviewers' 'detailed_merge_status' 'updated_at' 'id' 'project_id' 'description' 'created_at' 'target_branch' 'source_branch' 'upvotes' 'downvotes' 'assignee' 'source_project_id' 'target_project_id' 'labels' 'work_in_progress' 'milestone' 'merge_when_pipeline_succeeds' 'merge_status' 'sha' 'merge_commit_sha' 'user_notes_count' 'approvals_before_merge' 'should_remove_source_branch' 'force_remove_source_branch' 'squash' 'web_url' 'discussion_locked' 'time_stats' 'assignees' 'draft' 'has_conflicts' 'references' 'subscribed' 'head_pipeline' 'changes' 'merged_at' 'merged_by' 'merge_user' 'closed_at' 'closed_by' 'squash_commit_sha' 'allow_collaboration' 'allow_maintainer_to_push' 'squash_on_merge' 'task_completion_status' 'blocking_discussions_resolved' 'pipeline' 'changes_count' 'diff_refs' 'first_contribution' 'user' 'prepared_at' 'imported' 'imported_from' 'latest_build_started_at' 'latest_build_finished_at' 'first_deployed_to_production_at' 'diverged_commits_count' 'rebase_in_progress' 'merge_error' 'status' 'merge_after' 'reference' 'overflow'
        case 'mr note|--file'
            printf '%s\n' __file
        case 'mr note|--fields'
            printf '%s\n' 'id' 'author' 'body' 'system' 'created_at' 'type' 'attachment' 'updated_at' 'noteable_id' 'noteable_type' 'project_id' 'noteable_iid' 'resolvable' 'resolved' 'resolved_by' 'resolved_at' 'confidential' 'internal' 'imported' 'imported_from' 'commit_id' 'position' 'commands_changes'
        case 'mr notes|--order-by'
            printf '%s\n' 'created_at' 'updated_at'
        case 'mr notes|--sort'
            printf '%s\n' 'asc' 'desc'
        case 'mr notes|--fields'
            printf '%s\n' 'id' 'thread' 'author' 'body' 'where' 'resolved' 'internal' 'system' 'created_at' 'type' 'attachment' 'updated_at' 'noteable_id' 'noteable_type' 'project_id' 'noteable_iid' 'resolvable' 'resolved_by' 'resolved_at' 'confidential' 'imported' 'imported_from' 'commit_id' 'position' 'commands_changes'
        case 'mr discussions|--fields'
            printf '%s\n' 'id' 'state' 'where' 'author' 'notes' 'internal' 'body' 'updated_at' 'individual_note'
        case 'mr resolve|--fields'
            printf '%s\n' 'id' 'state' 'where' 'author' 'notes' 'internal' 'body' 'updated_at' 'individual_note'
        case 'mr unresolve|--fields'
            printf '%s\n' 'id' 'state' 'where' 'author' 'notes' 'internal' 'body' 'updated_at' 'individual_note'
        case 'mr merge|--fields'
            printf '%s\n' 'iid' 'state' 'title' 'branches' 'author' 'reviewers' 'detailed_merge_status' 'updated_at' 'id' 'project_id' 'description' 'created_at' 'target_branch' 'source_branch' 'upvotes' 'downvotes' 'assignee' 'source_project_id' 'target_project_id' 'labels' 'work_in_progress' 'milestone' 'merge_when_pipeline_succeeds' 'merge_status' 'sha' 'merge_commit_sha' 'user_notes_count' 'approvals_before_merge' 'should_remove_source_branch' 'force_remove_source_branch' 'squash' 'web_url' 'discussion_locked' 'time_stats' 'assignees' 'draft' 'has_conflicts' 'references' 'subscribed' 'head_pipeline' 'changes' 'merged_at' 'merged_by' 'merge_user' 'closed_at' 'closed_by' 'squash_commit_sha' 'allow_collaboration' 'allow_maintainer_to_push' 'squash_on_merge' 'task_completion_status' 'blocking_discussions_resolved' 'pipeline' 'changes_count' 'diff_refs' 'first_contribution' 'user' 'prepared_at' 'imported' 'imported_from' 'latest_build_started_at' 'latest_build_finished_at' 'first_deployed_to_production_at' 'diverged_commits_count' 'rebase_in_progress' 'merge_error' 'status' 'merge_after' 'reference' 'overflow'
        case 'mr rebase|--fields'
            printf '%s\n' 'iid' 'state' 'title' 'branches' 'author' 'reviewers' 'detailed_merge_status' 'updated_at' 'id' 'project_id' 'description' 'created_at' 'target_branch' 'source_branch' 'upvotes' 'downvotes' 'assignee' 'source_project_id' 'target_project_id' 'labels' 'work_in_progress' 'milestone' 'merge_when_pipeline_succeeds' 'merge_status' 'sha' 'merge_commit_sha' 'user_notes_count' 'approvals_before_merge' 'should_remove_source_branch' 'force_remove_source_branch' 'squash' 'web_url' 'discussion_locked' 'time_stats' 'assignees' 'draft' 'has_conflicts' 'references' 'subscribed' 'head_pipeline' 'changes' 'merged_at' 'merged_by' 'merge_user' 'closed_at' 'closed_by' 'squash_commit_sha' 'allow_collaboration' 'allow_maintainer_to_push' 'squash_on_merge' 'task_completion_status' 'blocking_discussions_resolved' 'pipeline' 'changes_count' 'diff_refs' 'first_contribution' 'user' 'prepared_at' 'imported' 'imported_from' 'latest_build_started_at' 'latest_build_finished_at' 'first_deployed_to_production_at' 'diverged_commits_count' 'rebase_in_progress' 'merge_error' 'status' 'merge_after' 'reference' 'overflow'
        case 'mr cancel-auto-merge|--fields'
            printf '%s\n' 'iid' 'state' 'title' 'branches' 'author' 'reviewers' 'detailed_merge_status' 'updated_at' 'id' 'project_id' 'description' 'created_at' 'target_branch' 'source_branch' 'upvotes' 'downvotes' 'assignee' 'source_project_id' 'target_project_id' 'labels' 'work_in_progress' 'milestone' 'merge_when_pipeline_succeeds' 'merge_status' 'sha' 'merge_commit_sha' 'user_notes_count' 'approvals_before_merge' 'should_remove_source_branch' 'force_remove_source_branch' 'squash' 'web_url' 'discussion_locked' 'time_stats' 'assignees' 'draft' 'has_conflicts' 'references' 'subscribed' 'head_pipeline' 'changes' 'merged_at' 'merged_by' 'merge_user' 'closed_at' 'closed_by' 'squash_commit_sha' 'allow_collaboration' 'allow_maintainer_to_push' 'squash_on_merge' 'task_completion_status' 'blocking_discussions_resolved' 'pipeline' 'changes_count' 'diff_refs' 'first_contribution' 'user' 'prepared_at' 'imported' 'imported_from' 'latest_build_started_at' 'latest_build_finished_at' 'first_deployed_to_production_at' 'diverged_commits_count' 'rebase_in_progress' 'merge_error' 'status' 'merge_after' 'reference' 'overflow'
        case 'mr approvals|--fields'
            printf '%s\n' 'approved_by' 'id' 'iid' 'project_id' 'title' 'description' 'state' 'created_at' 'updated_at' 'merge_status' 'approvals_required' 'approvals_missing' 'approvals_left' 'approved' 'require_password_to_approve' 'suggested_approvers' 'approvers' 'approver_groups' 'user_has_approved' 'user_can_approve' 'approval_rules_left' 'has_approval_rules' 'merge_request_approvers_available' 'multiple_approval_rules_available' 'invalid_approvers_rules'
        case 'mr jobs|--scope'
            printf '%s\n' 'created' 'waiting_for_resource' 'preparing' 'waiting_for_callback' 'pending' 'running' 'success' 'failed' 'canceling' 'canceled' 'skipped' 'manual' 'scheduled'
        case 'mr jobs|--fields'
            printf '%s\n' 'id' 'status' 'stage' 'name' 'ref' 'duration' 'pipeline.id' 'created_at' 'tag' 'coverage' 'started_at' 'finished_at' 'erased_at' 'queued_duration' 'user' 'commit' 'pipeline' 'artifacts_file' 'artifacts_expire_at' 'runner' 'web_url' 'download_url' 'allow_failure' 'project' 'artifacts' 'tag_list' 'runner_manager' 'failure_reason' 'archived'
        case 'mr checks|--fields'
            printf '%s\n' 'id' 'status' 'stage' 'name' 'ref' 'duration' 'pipeline.id' 'created_at' 'tag' 'coverage' 'started_at' 'finished_at' 'erased_at' 'queued_duration' 'user' 'commit' 'pipeline' 'artifacts_file' 'artifacts_expire_at' 'runner' 'web_url' 'download_url' 'allow_failure' 'project' 'artifacts' 'tag_list' 'runner_manager' 'failure_reason' 'archived'
        case 'mr approve|--fields'
            printf '%s\n' 'approved_by' 'id' 'iid' 'project_id' 'title' 'description' 'state' 'created_at' 'updated_at' 'merge_status' 'approvals_required' 'approvals_missing' 'approvals_left' 'approved' 'require_password_to_approve' 'suggested_approvers' 'approvers' 'approver_groups' 'user_has_approved' 'user_can_approve' 'approval_rules_left' 'has_approval_rules' 'merge_request_approvers_available' 'multiple_approval_rules_available' 'invalid_approvers_rules'
        case 'mr unapprove|--fields'
            printf '%s\n' 'approved_by' 'id' 'iid' 'project_id' 'title' 'description' 'state' 'created_at' 'updated_at' 'merge_status' 'approvals_required' 'approvals_missing' 'approvals_left' 'approved' 'require_password_to_approve' 'suggested_approvers' 'approvers' 'approver_groups' 'user_has_approved' 'user_can_approve' 'approval_rules_left' 'has_approval_rules' 'merge_request_approvers_available' 'multiple_approval_rules_available' 'invalid_approvers_rules'
        case 'mr commits|--fields'
            printf '%s\n' 'short_id' 'title' 'author_name' 'created_at' 'id' 'message' 'author_email' 'parent_ids' 'authored_date' 'committer_name' 'committer_email' 'committed_date' 'trailers' 'extended_trailers' 'web_url'
        case 'mr changes|--fields'
            printf '%s\n' 'iid' 'state' 'title' 'branches' 'author' 'reviewers' 'detailed_merge_status' 'updated_at' 'id' 'project_id' 'description' 'created_at' 'target_branch' 'source_branch' 'upvotes' 'downvotes' 'assignee' 'source_project_id' 'target_project_id' 'labels' 'work_in_progress' 'milestone' 'merge_when_pipeline_succeeds' 'merge_status' 'sha' 'merge_commit_sha' 'user_notes_count' 'approvals_before_merge' 'should_remove_source_branch' 'force_remove_source_branch' 'squash' 'web_url' 'discussion_locked' 'time_stats' 'assignees' 'draft' 'has_conflicts' 'references' 'subscribed' 'head_pipeline' 'changes' 'merged_at' 'merged_by' 'merge_user' 'closed_at' 'closed_by' 'squash_commit_sha' 'allow_collaboration' 'allow_maintainer_to_push' 'squash_on_merge' 'task_completion_status' 'blocking_discussions_resolved' 'pipeline' 'changes_count' 'diff_refs' 'first_contribution' 'user' 'prepared_at' 'imported' 'imported_from' 'latest_build_started_at' 'latest_build_finished_at' 'first_deployed_to_production_at' 'diverged_commits_count' 'rebase_in_progress' 'merge_error' 'status' 'merge_after' 'reference' 'overflow'
        case 'mr closes-issues|--fields'
            printf '%s\n' 'issue' 'state' 'title' 'web_url' 'id' 'iid' 'project_id' 'description' 'created_at' 'updated_at' 'closed_at' 'labels' 'milestone' 'assignees' 'assignee' 'author' 'user_notes_count' 'due_date' 'confidential' 'weight' 'discussion_locked' 'time_stats' 'references' 'type' 'issue_type' 'task_completion_status' 'subscribed' '_links' 'closed_by' 'merge_requests_count' 'upvotes' 'downvotes' 'has_tasks' 'task_status' 'moved_to_id' 'service_desk_reply_to' 'blocking_issues_count' 'severity' 'health_status' 'epic' 'epic_iid' 'iteration' 'imported' 'imported_from'
        case 'mr versions|--fields'
            printf '%s\n' 'id' 'state' 'head_commit_sha' 'base_commit_sha' 'start_commit_sha' 'real_size' 'created_at' 'merge_request_id' 'commits' 'diffs' 'patch_id_sha'
        case 'mr version|--fields'
            printf '%s\n' 'id' 'state' 'head_commit_sha' 'base_commit_sha' 'start_commit_sha' 'real_size' 'created_at' 'merge_request_id' 'commits' 'diffs' 'patch_id_sha'
        case 'mr subscribe|--fields'
            printf '%s\n' 'iid' 'state' 'title' 'branches' 'author' 'reviewers' 'detailed_merge_status' 'updated_at' 'id' 'project_id' 'description' 'created_at' 'target_branch' 'source_branch' 'upvotes' 'downvotes' 'assignee' 'source_project_id' 'target_project_id' 'labels' 'work_in_progress' 'milestone' 'merge_when_pipeline_succeeds' 'merge_status' 'sha' 'merge_commit_sha' 'user_notes_count' 'approvals_before_merge' 'should_remove_source_branch' 'force_remove_source_branch' 'squash' 'web_url' 'discussion_locked' 'time_stats' 'assignees' 'draft' 'has_conflicts' 'references' 'subscribed' 'head_pipeline' 'changes' 'merged_at' 'merged_by' 'merge_user' 'closed_at' 'closed_by' 'squash_commit_sha' 'allow_collaboration' 'allow_maintainer_to_push' 'squash_on_merge' 'task_completion_status' 'blocking_discussions_resolved' 'pipeline' 'changes_count' 'diff_refs' 'first_contribution' 'user' 'prepared_at' 'imported' 'imported_from' 'latest_build_started_at' 'latest_build_finished_at' 'first_deployed_to_production_at' 'diverged_commits_count' 'rebase_in_progress' 'merge_error' 'status' 'merge_after' 'reference' 'overflow'
        case 'mr unsubscribe|--fields'
            printf '%s\n' 'iid' 'state' 'title' 'branches' 'author' 'reviewers' 'detailed_merge_status' 'updated_at' 'id' 'project_id' 'description' 'created_at' 'target_branch' 'source_branch' 'upvotes' 'downvotes' 'assignee' 'source_project_id' 'target_project_id' 'labels' 'work_in_progress' 'milestone' 'merge_when_pipeline_succeeds' 'merge_status' 'sha' 'merge_commit_sha' 'user_notes_count' 'approvals_before_merge' 'should_remove_source_branch' 'force_remove_source_branch' 'squash' 'web_url' 'discussion_locked' 'time_stats' 'assignees' 'draft' 'has_conflicts' 'references' 'subscribed' 'head_pipeline' 'changes' 'merged_at' 'merged_by' 'merge_user' 'closed_at' 'closed_by' 'squash_commit_sha' 'allow_collaboration' 'allow_maintainer_to_push' 'squash_on_merge' 'task_completion_status' 'blocking_discussions_resolved' 'pipeline' 'changes_count' 'diff_refs' 'first_contribution' 'user' 'prepared_at' 'imported' 'imported_from' 'latest_build_started_at' 'latest_build_finished_at' 'first_deployed_to_production_at' 'diverged_commits_count' 'rebase_in_progress' 'merge_error' 'status' 'merge_after' 'reference' 'overflow'
        case 'mr todo|--fields'
            printf '%s\n' 'project' 'target' 'id' 'author' 'action_name' 'target_type' 'target_url' 'body' 'state' 'created_at' 'group' 'updated_at'
        case 'todo list|--state'
            printf '%s\n' 'pending' 'done'
        case 'todo list|--action'
            printf '%s\n' 'assigned' 'mentioned' 'build_failed' 'marked' 'approval_required' 'unmergeable' 'directly_addressed' 'merge_train_removed' 'review_requested' 'member_access_requested' 'review_submitted'
        case 'todo list|--type'
            printf '%s\n' 'Issue' 'MergeRequest' 'Commit' 'Epic' 'DesignManagement::Design' 'AlertManagement::Alert'
        case 'todo list|--fields'
            printf '%s\n' 'id' 'target' 'action_name' 'title' 'author' 'state' 'created_at' 'project' 'target_type' 'target_url' 'body' 'group' 'updated_at'
        case 'todo done|--fields'
            printf '%s\n' 'id' 'target' 'action_name' 'title' 'author' 'state' 'created_at' 'project' 'target_type' 'target_url' 'body' 'group' 'updated_at'
        case 'job list|--scope'
            printf '%s\n' 'created' 'waiting_for_resource' 'preparing' 'waiting_for_callback' 'pending' 'running' 'success' 'failed' 'canceling' 'canceled' 'skipped' 'manual' 'scheduled'
        case 'job list|--fields'
            printf '%s\n' 'id' 'status' 'stage' 'name' 'ref' 'duration' 'pipeline.id' 'created_at' 'tag' 'coverage' 'started_at' 'finished_at' 'erased_at' 'queued_duration' 'user' 'commit' 'pipeline' 'artifacts_file' 'artifacts_expire_at' 'runner' 'web_url' 'download_url' 'allow_failure' 'project' 'artifacts' 'tag_list' 'runner_manager' 'failure_reason' 'archived'
        case 'job view|--fields'
            printf '%s\n' 'id' 'status' 'stage' 'name' 'ref' 'duration' 'pipeline.id' 'created_at' 'tag' 'coverage' 'started_at' 'finished_at' 'erased_at' 'queued_duration' 'user' 'commit' 'pipeline' 'artifacts_file' 'artifacts_expire_at' 'runner' 'web_url' 'download_url' 'allow_failure' 'project' 'artifacts' 'tag_list' 'runner_manager' 'failure_reason' 'archived'
        case 'job artifacts|-d' 'job artifacts|--dest'
            printf '%s\n' __file
        case 'job artifacts|-x' 'job artifacts|--extract'
            printf '%s\n' __dir
        case 'job artifacts|--fields'
            printf '%s\n' 'path' 'size' 'sha256' 'job_id' 'job_name' 'pipeline_id' 'ref' 'extracted_to' 'files'
        case 'job artifact|-d' 'job artifact|--dest'
            printf '%s\n' __file
        case 'job artifact|--fields'
            printf '%s\n' 'path' 'artifact_path' 'size' 'sha256' 'job_id' 'job_name' 'pipeline_id' 'ref'
        case 'job cancel|--fields'
            printf '%s\n' 'id' 'name' 'status' 'stage' 'ref' 'tag' 'coverage' 'created_at' 'started_at' 'finished_at' 'erased_at' 'duration' 'queued_duration' 'user' 'commit' 'pipeline' 'artifacts_file' 'artifacts_expire_at' 'runner' 'web_url' 'download_url' 'allow_failure' 'project' 'artifacts' 'tag_list' 'runner_manager' 'failure_reason' 'archived'
        case 'job retry|--fields'
            printf '%s\n' 'id' 'name' 'status' 'stage' 'ref' 'tag' 'coverage' 'created_at' 'started_at' 'finished_at' 'erased_at' 'duration' 'queued_duration' 'user' 'commit' 'pipeline' 'artifacts_file' 'artifacts_expire_at' 'runner' 'web_url' 'download_url' 'allow_failure' 'project' 'artifacts' 'tag_list' 'runner_manager' 'failure_reason' 'archived'
        case 'job play|--fields'
            printf '%s\n' 'id' 'name' 'status' 'stage' 'ref' 'tag' 'coverage' 'created_at' 'started_at' 'finished_at' 'erased_at' 'duration' 'queued_duration' 'user' 'commit' 'pipeline' 'artifacts_file' 'artifacts_expire_at' 'runner' 'web_url' 'download_url' 'allow_failure' 'project' 'artifacts' 'tag_list' 'runner_manager' 'failure_reason' 'archived'
        case 'job erase|--fields'
            printf '%s\n' 'id' 'name' 'status' 'stage' 'ref' 'tag' 'coverage' 'created_at' 'started_at' 'finished_at' 'erased_at' 'duration' 'queued_duration' 'user' 'commit' 'pipeline' 'artifacts_file' 'artifacts_expire_at' 'runner' 'web_url' 'download_url' 'allow_failure' 'project' 'artifacts' 'tag_list' 'runner_manager' 'failure_reason' 'archived'
        case 'job keep|--fields'
            printf '%s\n' 'id' 'name' 'status' 'stage' 'ref' 'tag' 'coverage' 'created_at' 'started_at' 'finished_at' 'erased_at' 'duration' 'queued_duration' 'user' 'commit' 'pipeline' 'artifacts_file' 'artifacts_expire_at' 'runner' 'web_url' 'download_url' 'allow_failure' 'project' 'artifacts' 'tag_list' 'runner_manager' 'failure_reason' 'archived'
        case 'pipeline list|--status'
            printf '%s\n' 'created' 'waiting_for_resource' 'preparing' 'waiting_for_callback' 'pending' 'running' 'success' 'failed' 'canceling' 'canceled' 'skipped' 'manual' 'scheduled'
        case 'pipeline list|--source'
            printf '%s\n' 'push' 'web' 'trigger' 'schedule' 'api' 'external' 'pipeline' 'chat' 'webide' 'merge_request_event' 'external_pull_request_event' 'parent_pipeline' 'ondemand_dast_scan' 'ondemand_dast_validation' 'security_orchestration_policy' 'container_registry_push' 'duo_workflow' 'pipeline_execution_policy_schedule'
        case 'pipeline list|--fields'
            printf '%s\n' 'id' 'status' 'ref' 'sha' 'source' 'created_at' 'iid' 'project_id' 'updated_at' 'web_url' 'name'
        case 'pipeline view|--fields'
            printf '%s\n' 'id' 'status' 'ref' 'sha' 'source' 'user.username' 'duration' 'created_at' 'web_url' 'iid' 'project_id' 'updated_at' 'name' 'before_sha' 'tag' 'yaml_errors' 'user' 'started_at' 'finished_at' 'committed_at' 'queued_duration' 'coverage' 'detailed_status'
        case 'pipeline wait|--fields'
            printf '%s\n' 'id' 'status' 'ref' 'sha' 'source' 'user.username' 'duration' 'created_at' 'web_url' 'iid' 'project_id' 'updated_at' 'name' 'before_sha' 'tag' 'yaml_errors' 'user' 'started_at' 'finished_at' 'committed_at' 'queued_duration' 'coverage' 'detailed_status'
        case 'pipeline run|--variables-file'
            printf '%s\n' __file
        case 'pipeline run|--fields'
            printf '%s\n' 'id' 'status' 'ref' 'web_url' 'iid' 'project_id' 'sha' 'source' 'created_at' 'updated_at' 'name' 'before_sha' 'tag' 'yaml_errors' 'user' 'started_at' 'finished_at' 'committed_at' 'duration' 'queued_duration' 'coverage' 'detailed_status'
        case 'pipeline retry|--fields'
            printf '%s\n' 'id' 'status' 'ref' 'web_url' 'iid' 'project_id' 'sha' 'source' 'created_at' 'updated_at' 'name' 'before_sha' 'tag' 'yaml_errors' 'user' 'started_at' 'finished_at' 'committed_at' 'duration' 'queued_duration' 'coverage' 'detailed_status'
        case 'pipeline cancel|--fields'
            printf '%s\n' 'id' 'status' 'ref' 'web_url' 'iid' 'project_id' 'sha' 'source' 'created_at' 'updated_at' 'name' 'before_sha' 'tag' 'yaml_errors' 'user' 'started_at' 'finished_at' 'committed_at' 'duration' 'queued_duration' 'coverage' 'detailed_status'
        case 'release create|-F' 'release create|--notes-file'
            printf '%s\n' __file
        case 'release create|--fields'
            printf '%s\n' 'tag_name' 'name' 'released_at' 'links' 'author' 'description' 'description_html' 'created_at' 'upcoming_release' 'commit' 'milestones' 'commit_path' 'tag_path' 'assets' 'evidences' '_links'
        case 'release list|--order-by'
            printf '%s\n' 'released_at' 'created_at'
        case 'release list|--sort'
            printf '%s\n' 'desc' 'asc'
        case 'release list|--fields'
            printf '%s\n' 'tag_name' 'name' 'released_at' 'links' 'author' 'description' 'description_html' 'created_at' 'upcoming_release' 'commit' 'milestones' 'commit_path' 'tag_path' 'assets' 'evidences' '_links'
        case 'release view|--fields'
            printf '%s\n' 'tag_name' 'name' 'released_at' 'links' 'author' 'description' 'description_html' 'created_at' 'upcoming_release' 'commit' 'milestones' 'commit_path' 'tag_path' 'assets' 'evidences' '_links'
        case 'release update|-F' 'release update|--notes-file'
            printf '%s\n' __file
        case 'release update|--fields'
            printf '%s\n' 'tag_name' 'name' 'released_at' 'links' 'author' 'description' 'description_html' 'created_at' 'upcoming_release' 'commit' 'milestones' 'commit_path' 'tag_path' 'assets' 'evidences' '_links'
        case 'release upload|--type'
            printf '%s\n' 'other' 'runbook' 'image' 'package'
        case 'release upload|--fields'
            printf '%s\n' 'file' 'size' 'sha256' 'url' 'name' 'gitlab_sha256' 'direct_asset_url' 'link_id' 'package' 'version'
        case 'release download|-d' 'release download|--dest'
            printf '%s\n' __file
        case 'release download|--fields'
            printf '%s\n' 'path' 'tag' 'asset' 'url' 'size' 'sha256'
        case 'release link add|--type'
            printf '%s\n' 'other' 'runbook' 'image' 'package'
        case 'release link add|--link-type'
            printf '%s\n' 'other' 'runbook' 'image' 'package'
        case 'release link add|--fields'
            printf '%s\n' 'id' 'name' 'link_type' 'url' 'direct_asset_url' 'external' 'filepath'
        case 'release link list|--fields'
            printf '%s\n' 'id' 'name' 'link_type' 'url' 'direct_asset_url' 'external' 'filepath'
        case 'package upload|--status'
            printf '%s\n' 'default' 'hidden'
        case 'package upload|--select'
            printf '%s\n' 'package_file'
        case 'package upload|--fields'
            printf '%s\n' 'file' 'file_name' 'size' 'sha256' 'package' 'version' 'gitlab_sha256' 'package_id' 'package_file_id' 'url'
        case 'package download|-d' 'package download|--dest'
            printf '%s\n' __file
        case 'package download|--fields'
            printf '%s\n' 'path' 'package' 'version' 'file_name' 'size' 'sha256'
        case 'package list|--type'
            printf '%s\n' 'maven' 'npm' 'conan' 'nuget' 'pypi' 'composer' 'generic' 'golang' 'debian' 'rubygems' 'helm' 'terraform_module' 'rpm' 'ml_model' 'cargo'
        case 'package list|--status'
            printf '%s\n' 'default' 'hidden' 'processing' 'error' 'pending_destruction' 'deprecated'
        case 'package list|--order-by'
            printf '%s\n' 'created_at' 'name' 'version' 'type'
        case 'package list|--sort'
            printf '%s\n' 'asc' 'desc'
        case 'package list|--package-type'
            printf '%s\n' 'maven' 'npm' 'conan' 'nuget' 'pypi' 'composer' 'generic' 'golang' 'debian' 'rubygems' 'helm' 'terraform_module' 'rpm' 'ml_model' 'cargo'
        case 'package list|--fields'
            printf '%s\n' 'id' 'name' 'version' 'package_type' 'status' 'created_at' 'conan_package_name' '_links' 'last_downloaded_at' 'project_id' 'project_path' 'tags' 'pipeline' 'pipelines' 'versions'
        case 'variable list|--fields'
            printf '%s\n' 'key' 'value' 'environment_scope' 'variable_type' 'protected' 'masked' 'hidden' 'raw' 'description'
        case 'variable get|--fields'
            printf '%s\n' 'key' 'value' 'environment_scope' 'variable_type' 'protected' 'masked' 'hidden' 'raw' 'description'
        case 'variable set|--value-file'
            printf '%s\n' __file
        case 'variable set|--type'
            printf '%s\n' 'env_var' 'file'
        case 'variable set|--fields'
            printf '%s\n' 'key' 'value' 'environment_scope' 'variable_type' 'protected' 'masked' 'hidden' 'raw' 'description'
        case 'variable export|--format'
            printf '%s\n' 'sh' 'env' 'json'
        case 'project list|--visibility'
            printf '%s\n' 'private' 'internal' 'public'
        case 'project list|--order-by'
            printf '%s\n' 'id' 'name' 'path' 'created_at' 'updated_at' 'last_activity_at'
        case 'project list|--sort'
            printf '%s\n' 'asc' 'desc'
        case 'project list|--fields'
            printf '%s\n' 'id' 'path_with_namespace' 'visibility' 'topics' 'star_count' 'last_activity_at' 'description' 'default_branch' 'ssh_url_to_repo' 'http_url_to_repo' 'web_url' 'tag_list' 'name' 'name_with_namespace' 'path' 'issues_enabled' 'merge_requests_enabled' 'jobs_enabled' 'wiki_enabled' 'snippets_enabled' 'container_registry_enabled' 'resolve_outdated_diff_discussions' 'open_issues_count' 'created_at' 'creator_id' 'namespace' 'import_status' 'import_error' 'permissions' 'archived' 'avatar_url' 'shared_runners_enabled' 'lfs_enabled' 'forks_count' 'runners_token' 'public_jobs' 'shared_with_groups' 'repository_storage' 'only_allow_merge_if_pipeline_succeeds' 'only_allow_merge_if_all_discussions_are_resolved' 'printing_merge_requests_link_enabled' 'request_access_enabled' 'approvals_before_merge' 'ci_config_path' '_links' 'owner' 'forked_from_project' 'description_html' 'readme_url' 'updated_at' 'import_url' 'empty_repo' 'mirror' 'statistics' 'merge_method' 'squash_option' 'emails_disabled' 'visibility_level' 'issues_access_level' 'merge_requests_access_level' 'builds_access_level' 'wiki_access_level' 'snippets_access_level' 'repository_access_level' 'pages_access_level' 'operations_access_level' 'analytics_access_level' 'container_registry_access_level' 'security_and_compliance_access_level' 'releases_access_level' 'environments_access_level' 'feature_flags_access_level' 'infrastructure_access_level' 'monitor_access_level' 'model_experiments_access_level' 'model_registry_access_level' 'packages_enabled' 'service_desk_enabled' 'service_desk_address' 'can_create_merge_request_in' 'autoclose_referenced_issues' 'compliance_frameworks' 'container_expiration_policy' 'ci_default_git_depth' 'ci_forward_deployment_enabled' 'ci_job_token_scope_enabled' 'keep_latest_artifact' 'build_timeout' 'auto_devops_enabled' 'auto_devops_deploy_strategy' 'auto_cancel_pending_pipelines' 'remove_source_branch_after_merge' 'suggestion_commit_message' 'merge_commit_template' 'squash_commit_template' 'issue_branch_template' 'warn_about_potentially_unwanted_characters' 'marked_for_deletion_at' 'marked_for_deletion_on' 'external_authorization_classification_label' 'requirements_enabled' 'security_and_compliance_enabled' 'group_runners_enabled' 'enforce_auth_checks_on_uploads' 'runner_token_expiration_interval' 'restrict_user_defined_variables' 'created_by' 'container_registry_image_prefix' 'repository_object_format' 'forking_access_level' 'emails_enabled' 'mr_default_target_self' 'import_type' 'ci_delete_pipelines_in_seconds' 'ci_forward_deployment_rollback_allowed' 'ci_separated_caches' 'ci_allow_fork_pipelines_to_run_in_parent_project' 'ci_id_token_sub_claim_components' 'build_git_strategy' 'ci_pipeline_variables_minimum_override_role' 'ci_push_repository_for_job_token_allowed' 'allow_merge_on_skipped_pipeline' 'max_artifacts_size' 'requirements_access_level'
        case 'project view|--fields'
            printf '%s\n' 'id' 'path_with_namespace' 'visibility' 'topics' 'star_count' 'last_activity_at' 'description' 'default_branch' 'ssh_url_to_repo' 'http_url_to_repo' 'web_url' 'tag_list' 'name' 'name_with_namespace' 'path' 'issues_enabled' 'merge_requests_enabled' 'jobs_enabled' 'wiki_enabled' 'snippets_enabled' 'container_registry_enabled' 'resolve_outdated_diff_discussions' 'open_issues_count' 'created_at' 'creator_id' 'namespace' 'import_status' 'import_error' 'permissions' 'archived' 'avatar_url' 'shared_runners_enabled' 'lfs_enabled' 'forks_count' 'runners_token' 'public_jobs' 'shared_with_groups' 'repository_storage' 'only_allow_merge_if_pipeline_succeeds' 'only_allow_merge_if_all_discussions_are_resolved' 'printing_merge_requests_link_enabled' 'request_access_enabled' 'approvals_before_merge' 'ci_config_path' '_links' 'owner' 'forked_from_project' 'description_html' 'readme_url' 'updated_at' 'import_url' 'empty_repo' 'mirror' 'statistics' 'merge_method' 'squash_option' 'emails_disabled' 'visibility_level' 'issues_access_level' 'merge_requests_access_level' 'builds_access_level' 'wiki_access_level' 'snippets_access_level' 'repository_access_level' 'pages_access_level' 'operations_access_level' 'analytics_access_level' 'container_registry_access_level' 'security_and_compliance_access_level' 'releases_access_level' 'environments_access_level' 'feature_flags_access_level' 'infrastructure_access_level' 'monitor_access_level' 'model_experiments_access_level' 'model_registry_access_level' 'packages_enabled' 'service_desk_enabled' 'service_desk_address' 'can_create_merge_request_in' 'autoclose_referenced_issues' 'compliance_frameworks' 'container_expiration_policy' 'ci_default_git_depth' 'ci_forward_deployment_enabled' 'ci_job_token_scope_enabled' 'keep_latest_artifact' 'build_timeout' 'auto_devops_enabled' 'auto_devops_deploy_strategy' 'auto_cancel_pending_pipelines' 'remove_source_branch_after_merge' 'suggestion_commit_message' 'merge_commit_template' 'squash_commit_template' 'issue_branch_template' 'warn_about_potentially_unwanted_characters' 'marked_for_deletion_at' 'marked_for_deletion_on' 'external_authorization_classification_label' 'requirements_enabled' 'security_and_compliance_enabled' 'group_runners_enabled' 'enforce_auth_checks_on_uploads' 'runner_token_expiration_interval' 'restrict_user_defined_variables' 'created_by' 'container_registry_image_prefix' 'repository_object_format' 'forking_access_level' 'emails_enabled' 'mr_default_target_self' 'import_type' 'ci_delete_pipelines_in_seconds' 'ci_forward_deployment_rollback_allowed' 'ci_separated_caches' 'ci_allow_fork_pipelines_to_run_in_parent_project' 'ci_id_token_sub_claim_components' 'build_git_strategy' 'ci_pipeline_variables_minimum_override_role' 'ci_push_repository_for_job_token_allowed' 'allow_merge_on_skipped_pipeline' 'max_artifacts_size' 'requirements_access_level'
        case 'project users|--fields'
            printf '%s\n' 'id' 'username' 'name' 'state' 'avatar_url' 'web_url' 'locked'
        case 'project labels|--fields'
            printf '%s\n' 'id' 'name' 'color' 'description' 'description_html' 'text_color' 'remove_on_close' 'subscribed' 'priority' 'is_project_label' 'open_issues_count' 'closed_issues_count' 'open_merge_requests_count'
        case 'project forks|--visibility'
            printf '%s\n' 'private' 'internal' 'public'
        case 'project forks|--order-by'
            printf '%s\n' 'id' 'name' 'path' 'created_at' 'updated_at' 'last_activity_at'
        case 'project forks|--sort'
            printf '%s\n' 'asc' 'desc'
        case 'project forks|--fields'
            printf '%s\n' 'id' 'path_with_namespace' 'visibility' 'topics' 'star_count' 'last_activity_at' 'description' 'default_branch' 'ssh_url_to_repo' 'http_url_to_repo' 'web_url' 'tag_list' 'name' 'name_with_namespace' 'path' 'issues_enabled' 'merge_requests_enabled' 'jobs_enabled' 'wiki_enabled' 'snippets_enabled' 'container_registry_enabled' 'resolve_outdated_diff_discussions' 'open_issues_count' 'created_at' 'creator_id' 'namespace' 'import_status' 'import_error' 'permissions' 'archived' 'avatar_url' 'shared_runners_enabled' 'lfs_enabled' 'forks_count' 'runners_token' 'public_jobs' 'shared_with_groups' 'repository_storage' 'only_allow_merge_if_pipeline_succeeds' 'only_allow_merge_if_all_discussions_are_resolved' 'printing_merge_requests_link_enabled' 'request_access_enabled' 'approvals_before_merge' 'ci_config_path' '_links' 'owner' 'forked_from_project' 'description_html' 'readme_url' 'updated_at' 'import_url' 'empty_repo' 'mirror' 'statistics' 'merge_method' 'squash_option' 'emails_disabled' 'visibility_level' 'issues_access_level' 'merge_requests_access_level' 'builds_access_level' 'wiki_access_level' 'snippets_access_level' 'repository_access_level' 'pages_access_level' 'operations_access_level' 'analytics_access_level' 'container_registry_access_level' 'security_and_compliance_access_level' 'releases_access_level' 'environments_access_level' 'feature_flags_access_level' 'infrastructure_access_level' 'monitor_access_level' 'model_experiments_access_level' 'model_registry_access_level' 'packages_enabled' 'service_desk_enabled' 'service_desk_address' 'can_create_merge_request_in' 'autoclose_referenced_issues' 'compliance_frameworks' 'container_expiration_policy' 'ci_default_git_depth' 'ci_forward_deployment_enabled' 'ci_job_token_scope_enabled' 'keep_latest_artifact' 'build_timeout' 'auto_devops_enabled' 'auto_devops_deploy_strategy' 'auto_cancel_pending_pipelines' 'remove_source_branch_after_merge' 'suggestion_commit_message' 'merge_commit_template' 'squash_commit_template' 'issue_branch_template' 'warn_about_potentially_unwanted_characters' 'marked_for_deletion_at' 'marked_for_deletion_on' 'external_authorization_classification_label' 'requirements_enabled' 'security_and_compliance_enabled' 'group_runners_enabled' 'enforce_auth_checks_on_uploads' 'runner_token_expiration_interval' 'restrict_user_defined_variables' 'created_by' 'container_registry_image_prefix' 'repository_object_format' 'forking_access_level' 'emails_enabled' 'mr_default_target_self' 'import_type' 'ci_delete_pipelines_in_seconds' 'ci_forward_deployment_rollback_allowed' 'ci_separated_caches' 'ci_allow_fork_pipelines_to_run_in_parent_project' 'ci_id_token_sub_claim_components' 'build_git_strategy' 'ci_pipeline_variables_minimum_override_role' 'ci_push_repository_for_job_token_allowed' 'allow_merge_on_skipped_pipeline' 'max_artifacts_size' 'requirements_access_level'
        case 'project create|--visibility'
            printf '%s\n' 'private' 'internal' 'public'
        case 'project create|--avatar'
            printf '%s\n' __file
        case 'project create|--fields'
            printf '%s\n' 'id' 'path_with_namespace' 'visibility' 'topics' 'star_count' 'last_activity_at' 'description' 'default_branch' 'ssh_url_to_repo' 'http_url_to_repo' 'web_url' 'tag_list' 'name' 'name_with_namespace' 'path' 'issues_enabled' 'merge_requests_enabled' 'jobs_enabled' 'wiki_enabled' 'snippets_enabled' 'container_registry_enabled' 'resolve_outdated_diff_discussions' 'open_issues_count' 'created_at' 'creator_id' 'namespace' 'import_status' 'import_error' 'permissions' 'archived' 'avatar_url' 'shared_runners_enabled' 'lfs_enabled' 'forks_count' 'runners_token' 'public_jobs' 'shared_with_groups' 'repository_storage' 'only_allow_merge_if_pipeline_succeeds' 'only_allow_merge_if_all_discussions_are_resolved' 'printing_merge_requests_link_enabled' 'request_access_enabled' 'approvals_before_merge' 'ci_config_path' '_links' 'owner' 'forked_from_project' 'description_html' 'readme_url' 'updated_at' 'import_url' 'empty_repo' 'mirror' 'statistics' 'merge_method' 'squash_option' 'emails_disabled' 'visibility_level' 'issues_access_level' 'merge_requests_access_level' 'builds_access_level' 'wiki_access_level' 'snippets_access_level' 'repository_access_level' 'pages_access_level' 'operations_access_level' 'analytics_access_level' 'container_registry_access_level' 'security_and_compliance_access_level' 'releases_access_level' 'environments_access_level' 'feature_flags_access_level' 'infrastructure_access_level' 'monitor_access_level' 'model_experiments_access_level' 'model_registry_access_level' 'packages_enabled' 'service_desk_enabled' 'service_desk_address' 'can_create_merge_request_in' 'autoclose_referenced_issues' 'compliance_frameworks' 'container_expiration_policy' 'ci_default_git_depth' 'ci_forward_deployment_enabled' 'ci_job_token_scope_enabled' 'keep_latest_artifact' 'build_timeout' 'auto_devops_enabled' 'auto_devops_deploy_strategy' 'auto_cancel_pending_pipelines' 'remove_source_branch_after_merge' 'suggestion_commit_message' 'merge_commit_template' 'squash_commit_template' 'issue_branch_template' 'warn_about_potentially_unwanted_characters' 'marked_for_deletion_at' 'marked_for_deletion_on' 'external_authorization_classification_label' 'requirements_enabled' 'security_and_compliance_enabled' 'group_runners_enabled' 'enforce_auth_checks_on_uploads' 'runner_token_expiration_interval' 'restrict_user_defined_variables' 'created_by' 'container_registry_image_prefix' 'repository_object_format' 'forking_access_level' 'emails_enabled' 'mr_default_target_self' 'import_type' 'ci_delete_pipelines_in_seconds' 'ci_forward_deployment_rollback_allowed' 'ci_separated_caches' 'ci_allow_fork_pipelines_to_run_in_parent_project' 'ci_id_token_sub_claim_components' 'build_git_strategy' 'ci_pipeline_variables_minimum_override_role' 'ci_push_repository_for_job_token_allowed' 'allow_merge_on_skipped_pipeline' 'max_artifacts_size' 'requirements_access_level'
        case 'project update|--visibility'
            printf '%s\n' 'private' 'internal' 'public'
        case 'project update|--avatar'
            printf '%s\n' __file
        case 'project update|--fields'
            printf '%s\n' 'id' 'path_with_namespace' 'visibility' 'topics' 'star_count' 'last_activity_at' 'description' 'default_branch' 'ssh_url_to_repo' 'http_url_to_repo' 'web_url' 'tag_list' 'name' 'name_with_namespace' 'path' 'issues_enabled' 'merge_requests_enabled' 'jobs_enabled' 'wiki_enabled' 'snippets_enabled' 'container_registry_enabled' 'resolve_outdated_diff_discussions' 'open_issues_count' 'created_at' 'creator_id' 'namespace' 'import_status' 'import_error' 'permissions' 'archived' 'avatar_url' 'shared_runners_enabled' 'lfs_enabled' 'forks_count' 'runners_token' 'public_jobs' 'shared_with_groups' 'repository_storage' 'only_allow_merge_if_pipeline_succeeds' 'only_allow_merge_if_all_discussions_are_resolved' 'printing_merge_requests_link_enabled' 'request_access_enabled' 'approvals_before_merge' 'ci_config_path' '_links' 'owner' 'forked_from_project' 'description_html' 'readme_url' 'updated_at' 'import_url' 'empty_repo' 'mirror' 'statistics' 'merge_method' 'squash_option' 'emails_disabled' 'visibility_level' 'issues_access_level' 'merge_requests_access_level' 'builds_access_level' 'wiki_access_level' 'snippets_access_level' 'repository_access_level' 'pages_access_level' 'operations_access_level' 'analytics_access_level' 'container_registry_access_level' 'security_and_compliance_access_level' 'releases_access_level' 'environments_access_level' 'feature_flags_access_level' 'infrastructure_access_level' 'monitor_access_level' 'model_experiments_access_level' 'model_registry_access_level' 'packages_enabled' 'service_desk_enabled' 'service_desk_address' 'can_create_merge_request_in' 'autoclose_referenced_issues' 'compliance_frameworks' 'container_expiration_policy' 'ci_default_git_depth' 'ci_forward_deployment_enabled' 'ci_job_token_scope_enabled' 'keep_latest_artifact' 'build_timeout' 'auto_devops_enabled' 'auto_devops_deploy_strategy' 'auto_cancel_pending_pipelines' 'remove_source_branch_after_merge' 'suggestion_commit_message' 'merge_commit_template' 'squash_commit_template' 'issue_branch_template' 'warn_about_potentially_unwanted_characters' 'marked_for_deletion_at' 'marked_for_deletion_on' 'external_authorization_classification_label' 'requirements_enabled' 'security_and_compliance_enabled' 'group_runners_enabled' 'enforce_auth_checks_on_uploads' 'runner_token_expiration_interval' 'restrict_user_defined_variables' 'created_by' 'container_registry_image_prefix' 'repository_object_format' 'forking_access_level' 'emails_enabled' 'mr_default_target_self' 'import_type' 'ci_delete_pipelines_in_seconds' 'ci_forward_deployment_rollback_allowed' 'ci_separated_caches' 'ci_allow_fork_pipelines_to_run_in_parent_project' 'ci_id_token_sub_claim_components' 'build_git_strategy' 'ci_pipeline_variables_minimum_override_role' 'ci_push_repository_for_job_token_allowed' 'allow_merge_on_skipped_pipeline' 'max_artifacts_size' 'requirements_access_level'
        case 'project fork|--fields'
            printf '%s\n' 'id' 'path_with_namespace' 'visibility' 'topics' 'star_count' 'last_activity_at' 'description' 'default_branch' 'ssh_url_to_repo' 'http_url_to_repo' 'web_url' 'tag_list' 'name' 'name_with_namespace' 'path' 'issues_enabled' 'merge_requests_enabled' 'jobs_enabled' 'wiki_enabled' 'snippets_enabled' 'container_registry_enabled' 'resolve_outdated_diff_discussions' 'open_issues_count' 'created_at' 'creator_id' 'namespace' 'import_status' 'import_error' 'permissions' 'archived' 'avatar_url' 'shared_runners_enabled' 'lfs_enabled' 'forks_count' 'runners_token' 'public_jobs' 'shared_with_groups' 'repository_storage' 'only_allow_merge_if_pipeline_succeeds' 'only_allow_merge_if_all_discussions_are_resolved' 'printing_merge_requests_link_enabled' 'request_access_enabled' 'approvals_before_merge' 'ci_config_path' '_links' 'owner' 'forked_from_project' 'description_html' 'readme_url' 'updated_at' 'import_url' 'empty_repo' 'mirror' 'statistics' 'merge_method' 'squash_option' 'emails_disabled' 'visibility_level' 'issues_access_level' 'merge_requests_access_level' 'builds_access_level' 'wiki_access_level' 'snippets_access_level' 'repository_access_level' 'pages_access_level' 'operations_access_level' 'analytics_access_level' 'container_registry_access_level' 'security_and_compliance_access_level' 'releases_access_level' 'environments_access_level' 'feature_flags_access_level' 'infrastructure_access_level' 'monitor_access_level' 'model_experiments_access_level' 'model_registry_access_level' 'packages_enabled' 'service_desk_enabled' 'service_desk_address' 'can_create_merge_request_in' 'autoclose_referenced_issues' 'compliance_frameworks' 'container_expiration_policy' 'ci_default_git_depth' 'ci_forward_deployment_enabled' 'ci_job_token_scope_enabled' 'keep_latest_artifact' 'build_timeout' 'auto_devops_enabled' 'auto_devops_deploy_strategy' 'auto_cancel_pending_pipelines' 'remove_source_branch_after_merge' 'suggestion_commit_message' 'merge_commit_template' 'squash_commit_template' 'issue_branch_template' 'warn_about_potentially_unwanted_characters' 'marked_for_deletion_at' 'marked_for_deletion_on' 'external_authorization_classification_label' 'requirements_enabled' 'security_and_compliance_enabled' 'group_runners_enabled' 'enforce_auth_checks_on_uploads' 'runner_token_expiration_interval' 'restrict_user_defined_variables' 'created_by' 'container_registry_image_prefix' 'repository_object_format' 'forking_access_level' 'emails_enabled' 'mr_default_target_self' 'import_type' 'ci_delete_pipelines_in_seconds' 'ci_forward_deployment_rollback_allowed' 'ci_separated_caches' 'ci_allow_fork_pipelines_to_run_in_parent_project' 'ci_id_token_sub_claim_components' 'build_git_strategy' 'ci_pipeline_variables_minimum_override_role' 'ci_push_repository_for_job_token_allowed' 'allow_merge_on_skipped_pipeline' 'max_artifacts_size' 'requirements_access_level'
        case 'project star|--fields'
            printf '%s\n' 'id' 'path_with_namespace' 'visibility' 'topics' 'star_count' 'last_activity_at' 'description' 'default_branch' 'ssh_url_to_repo' 'http_url_to_repo' 'web_url' 'tag_list' 'name' 'name_with_namespace' 'path' 'issues_enabled' 'merge_requests_enabled' 'jobs_enabled' 'wiki_enabled' 'snippets_enabled' 'container_registry_enabled' 'resolve_outdated_diff_discussions' 'open_issues_count' 'created_at' 'creator_id' 'namespace' 'import_status' 'import_error' 'permissions' 'archived' 'avatar_url' 'shared_runners_enabled' 'lfs_enabled' 'forks_count' 'runners_token' 'public_jobs' 'shared_with_groups' 'repository_storage' 'only_allow_merge_if_pipeline_succeeds' 'only_allow_merge_if_all_discussions_are_resolved' 'printing_merge_requests_link_enabled' 'request_access_enabled' 'approvals_before_merge' 'ci_config_path' '_links' 'owner' 'forked_from_project' 'description_html' 'readme_url' 'updated_at' 'import_url' 'empty_repo' 'mirror' 'statistics' 'merge_method' 'squash_option' 'emails_disabled' 'visibility_level' 'issues_access_level' 'merge_requests_access_level' 'builds_access_level' 'wiki_access_level' 'snippets_access_level' 'repository_access_level' 'pages_access_level' 'operations_access_level' 'analytics_access_level' 'container_registry_access_level' 'security_and_compliance_access_level' 'releases_access_level' 'environments_access_level' 'feature_flags_access_level' 'infrastructure_access_level' 'monitor_access_level' 'model_experiments_access_level' 'model_registry_access_level' 'packages_enabled' 'service_desk_enabled' 'service_desk_address' 'can_create_merge_request_in' 'autoclose_referenced_issues' 'compliance_frameworks' 'container_expiration_policy' 'ci_default_git_depth' 'ci_forward_deployment_enabled' 'ci_job_token_scope_enabled' 'keep_latest_artifact' 'build_timeout' 'auto_devops_enabled' 'auto_devops_deploy_strategy' 'auto_cancel_pending_pipelines' 'remove_source_branch_after_merge' 'suggestion_commit_message' 'merge_commit_template' 'squash_commit_template' 'issue_branch_template' 'warn_about_potentially_unwanted_characters' 'marked_for_deletion_at' 'marked_for_deletion_on' 'external_authorization_classification_label' 'requirements_enabled' 'security_and_compliance_enabled' 'group_runners_enabled' 'enforce_auth_checks_on_uploads' 'runner_token_expiration_interval' 'restrict_user_defined_variables' 'created_by' 'container_registry_image_prefix' 'repository_object_format' 'forking_access_level' 'emails_enabled' 'mr_default_target_self' 'import_type' 'ci_delete_pipelines_in_seconds' 'ci_forward_deployment_rollback_allowed' 'ci_separated_caches' 'ci_allow_fork_pipelines_to_run_in_parent_project' 'ci_id_token_sub_claim_components' 'build_git_strategy' 'ci_pipeline_variables_minimum_override_role' 'ci_push_repository_for_job_token_allowed' 'allow_merge_on_skipped_pipeline' 'max_artifacts_size' 'requirements_access_level'
        case 'project unstar|--fields'
            printf '%s\n' 'id' 'path_with_namespace' 'visibility' 'topics' 'star_count' 'last_activity_at' 'description' 'default_branch' 'ssh_url_to_repo' 'http_url_to_repo' 'web_url' 'tag_list' 'name' 'name_with_namespace' 'path' 'issues_enabled' 'merge_requests_enabled' 'jobs_enabled' 'wiki_enabled' 'snippets_enabled' 'container_registry_enabled' 'resolve_outdated_diff_discussions' 'open_issues_count' 'created_at' 'creator_id' 'namespace' 'import_status' 'import_error' 'permissions' 'archived' 'avatar_url' 'shared_runners_enabled' 'lfs_enabled' 'forks_count' 'runners_token' 'public_jobs' 'shared_with_groups' 'repository_storage' 'only_allow_merge_if_pipeline_succeeds' 'only_allow_merge_if_all_discussions_are_resolved' 'printing_merge_requests_link_enabled' 'request_access_enabled' 'approvals_before_merge' 'ci_config_path' '_links' 'owner' 'forked_from_project' 'description_html' 'readme_url' 'updated_at' 'import_url' 'empty_repo' 'mirror' 'statistics' 'merge_method' 'squash_option' 'emails_disabled' 'visibility_level' 'issues_access_level' 'merge_requests_access_level' 'builds_access_level' 'wiki_access_level' 'snippets_access_level' 'repository_access_level' 'pages_access_level' 'operations_access_level' 'analytics_access_level' 'container_registry_access_level' 'security_and_compliance_access_level' 'releases_access_level' 'environments_access_level' 'feature_flags_access_level' 'infrastructure_access_level' 'monitor_access_level' 'model_experiments_access_level' 'model_registry_access_level' 'packages_enabled' 'service_desk_enabled' 'service_desk_address' 'can_create_merge_request_in' 'autoclose_referenced_issues' 'compliance_frameworks' 'container_expiration_policy' 'ci_default_git_depth' 'ci_forward_deployment_enabled' 'ci_job_token_scope_enabled' 'keep_latest_artifact' 'build_timeout' 'auto_devops_enabled' 'auto_devops_deploy_strategy' 'auto_cancel_pending_pipelines' 'remove_source_branch_after_merge' 'suggestion_commit_message' 'merge_commit_template' 'squash_commit_template' 'issue_branch_template' 'warn_about_potentially_unwanted_characters' 'marked_for_deletion_at' 'marked_for_deletion_on' 'external_authorization_classification_label' 'requirements_enabled' 'security_and_compliance_enabled' 'group_runners_enabled' 'enforce_auth_checks_on_uploads' 'runner_token_expiration_interval' 'restrict_user_defined_variables' 'created_by' 'container_registry_image_prefix' 'repository_object_format' 'forking_access_level' 'emails_enabled' 'mr_default_target_self' 'import_type' 'ci_delete_pipelines_in_seconds' 'ci_forward_deployment_rollback_allowed' 'ci_separated_caches' 'ci_allow_fork_pipelines_to_run_in_parent_project' 'ci_id_token_sub_claim_components' 'build_git_strategy' 'ci_pipeline_variables_minimum_override_role' 'ci_push_repository_for_job_token_allowed' 'allow_merge_on_skipped_pipeline' 'max_artifacts_size' 'requirements_access_level'
        case 'project archive|--fields'
            printf '%s\n' 'id' 'path_with_namespace' 'visibility' 'topics' 'star_count' 'last_activity_at' 'description' 'default_branch' 'ssh_url_to_repo' 'http_url_to_repo' 'web_url' 'tag_list' 'name' 'name_with_namespace' 'path' 'issues_enabled' 'merge_requests_enabled' 'jobs_enabled' 'wiki_enabled' 'snippets_enabled' 'container_registry_enabled' 'resolve_outdated_diff_discussions' 'open_issues_count' 'created_at' 'creator_id' 'namespace' 'import_status' 'import_error' 'permissions' 'archived' 'avatar_url' 'shared_runners_enabled' 'lfs_enabled' 'forks_count' 'runners_token' 'public_jobs' 'shared_with_groups' 'repository_storage' 'only_allow_merge_if_pipeline_succeeds' 'only_allow_merge_if_all_discussions_are_resolved' 'printing_merge_requests_link_enabled' 'request_access_enabled' 'approvals_before_merge' 'ci_config_path' '_links' 'owner' 'forked_from_project' 'description_html' 'readme_url' 'updated_at' 'import_url' 'empty_repo' 'mirror' 'statistics' 'merge_method' 'squash_option' 'emails_disabled' 'visibility_level' 'issues_access_level' 'merge_requests_access_level' 'builds_access_level' 'wiki_access_level' 'snippets_access_level' 'repository_access_level' 'pages_access_level' 'operations_access_level' 'analytics_access_level' 'container_registry_access_level' 'security_and_compliance_access_level' 'releases_access_level' 'environments_access_level' 'feature_flags_access_level' 'infrastructure_access_level' 'monitor_access_level' 'model_experiments_access_level' 'model_registry_access_level' 'packages_enabled' 'service_desk_enabled' 'service_desk_address' 'can_create_merge_request_in' 'autoclose_referenced_issues' 'compliance_frameworks' 'container_expiration_policy' 'ci_default_git_depth' 'ci_forward_deployment_enabled' 'ci_job_token_scope_enabled' 'keep_latest_artifact' 'build_timeout' 'auto_devops_enabled' 'auto_devops_deploy_strategy' 'auto_cancel_pending_pipelines' 'remove_source_branch_after_merge' 'suggestion_commit_message' 'merge_commit_template' 'squash_commit_template' 'issue_branch_template' 'warn_about_potentially_unwanted_characters' 'marked_for_deletion_at' 'marked_for_deletion_on' 'external_authorization_classification_label' 'requirements_enabled' 'security_and_compliance_enabled' 'group_runners_enabled' 'enforce_auth_checks_on_uploads' 'runner_token_expiration_interval' 'restrict_user_defined_variables' 'created_by' 'container_registry_image_prefix' 'repository_object_format' 'forking_access_level' 'emails_enabled' 'mr_default_target_self' 'import_type' 'ci_delete_pipelines_in_seconds' 'ci_forward_deployment_rollback_allowed' 'ci_separated_caches' 'ci_allow_fork_pipelines_to_run_in_parent_project' 'ci_id_token_sub_claim_components' 'build_git_strategy' 'ci_pipeline_variables_minimum_override_role' 'ci_push_repository_for_job_token_allowed' 'allow_merge_on_skipped_pipeline' 'max_artifacts_size' 'requirements_access_level'
        case 'project unarchive|--fields'
            printf '%s\n' 'id' 'path_with_namespace' 'visibility' 'topics' 'star_count' 'last_activity_at' 'description' 'default_branch' 'ssh_url_to_repo' 'http_url_to_repo' 'web_url' 'tag_list' 'name' 'name_with_namespace' 'path' 'issues_enabled' 'merge_requests_enabled' 'jobs_enabled' 'wiki_enabled' 'snippets_enabled' 'container_registry_enabled' 'resolve_outdated_diff_discussions' 'open_issues_count' 'created_at' 'creator_id' 'namespace' 'import_status' 'import_error' 'permissions' 'archived' 'avatar_url' 'shared_runners_enabled' 'lfs_enabled' 'forks_count' 'runners_token' 'public_jobs' 'shared_with_groups' 'repository_storage' 'only_allow_merge_if_pipeline_succeeds' 'only_allow_merge_if_all_discussions_are_resolved' 'printing_merge_requests_link_enabled' 'request_access_enabled' 'approvals_before_merge' 'ci_config_path' '_links' 'owner' 'forked_from_project' 'description_html' 'readme_url' 'updated_at' 'import_url' 'empty_repo' 'mirror' 'statistics' 'merge_method' 'squash_option' 'emails_disabled' 'visibility_level' 'issues_access_level' 'merge_requests_access_level' 'builds_access_level' 'wiki_access_level' 'snippets_access_level' 'repository_access_level' 'pages_access_level' 'operations_access_level' 'analytics_access_level' 'container_registry_access_level' 'security_and_compliance_access_level' 'releases_access_level' 'environments_access_level' 'feature_flags_access_level' 'infrastructure_access_level' 'monitor_access_level' 'model_experiments_access_level' 'model_registry_access_level' 'packages_enabled' 'service_desk_enabled' 'service_desk_address' 'can_create_merge_request_in' 'autoclose_referenced_issues' 'compliance_frameworks' 'container_expiration_policy' 'ci_default_git_depth' 'ci_forward_deployment_enabled' 'ci_job_token_scope_enabled' 'keep_latest_artifact' 'build_timeout' 'auto_devops_enabled' 'auto_devops_deploy_strategy' 'auto_cancel_pending_pipelines' 'remove_source_branch_after_merge' 'suggestion_commit_message' 'merge_commit_template' 'squash_commit_template' 'issue_branch_template' 'warn_about_potentially_unwanted_characters' 'marked_for_deletion_at' 'marked_for_deletion_on' 'external_authorization_classification_label' 'requirements_enabled' 'security_and_compliance_enabled' 'group_runners_enabled' 'enforce_auth_checks_on_uploads' 'runner_token_expiration_interval' 'restrict_user_defined_variables' 'created_by' 'container_registry_image_prefix' 'repository_object_format' 'forking_access_level' 'emails_enabled' 'mr_default_target_self' 'import_type' 'ci_delete_pipelines_in_seconds' 'ci_forward_deployment_rollback_allowed' 'ci_separated_caches' 'ci_allow_fork_pipelines_to_run_in_parent_project' 'ci_id_token_sub_claim_components' 'build_git_strategy' 'ci_pipeline_variables_minimum_override_role' 'ci_push_repository_for_job_token_allowed' 'allow_merge_on_skipped_pipeline' 'max_artifacts_size' 'requirements_access_level'
        case 'project upload|--fields'
            printf '%s\n' 'markdown' 'url' 'alt' 'full_path' 'id'
        case 'group list|--order-by'
            printf '%s\n' 'name' 'path'
        case 'group list|--sort'
            printf '%s\n' 'asc' 'desc'
        case 'group list|--fields'
            printf '%s\n' 'id' 'full_path' 'visibility' 'description' 'name' 'path' 'lfs_enabled' 'avatar_url' 'web_url' 'request_access_enabled' 'full_name' 'parent_id' 'shared_runners_minutes_limit' 'projects' 'shared_projects' 'created_at' 'share_with_group_lock' 'require_two_factor_authentication' 'two_factor_grace_period' 'project_creation_level' 'auto_devops_enabled' 'subgroup_creation_level' 'emails_disabled' 'emails_enabled' 'mentions_disabled' 'default_branch_protection' 'default_branch' 'organization_id' 'file_template_project_id' 'ldap_cn' 'ldap_access' 'ldap_group_links' 'saml_group_links' 'statistics' 'shared_with_groups' 'runners_token' 'prevent_sharing_groups_outside_hierarchy' 'marked_for_deletion_on' 'wiki_access_level' 'duo_features_enabled' 'lock_duo_features_enabled' 'custom_attributes' 'show_diff_preview_in_email' 'archived' 'math_rendering_limits_enabled' 'lock_math_rendering_limits_enabled' 'default_branch_protection_defaults' 'shared_runners_setting' 'max_artifacts_size' 'extra_shared_runners_minutes_limit' 'prevent_forking_outside_group' 'membership_lock'
        case 'group view|--fields'
            printf '%s\n' 'id' 'full_path' 'visibility' 'description' 'name' 'path' 'lfs_enabled' 'avatar_url' 'web_url' 'request_access_enabled' 'full_name' 'parent_id' 'shared_runners_minutes_limit' 'projects' 'shared_projects' 'created_at' 'share_with_group_lock' 'require_two_factor_authentication' 'two_factor_grace_period' 'project_creation_level' 'auto_devops_enabled' 'subgroup_creation_level' 'emails_disabled' 'emails_enabled' 'mentions_disabled' 'default_branch_protection' 'default_branch' 'organization_id' 'file_template_project_id' 'ldap_cn' 'ldap_access' 'ldap_group_links' 'saml_group_links' 'statistics' 'shared_with_groups' 'runners_token' 'prevent_sharing_groups_outside_hierarchy' 'marked_for_deletion_on' 'wiki_access_level' 'duo_features_enabled' 'lock_duo_features_enabled' 'custom_attributes' 'show_diff_preview_in_email' 'archived' 'math_rendering_limits_enabled' 'lock_math_rendering_limits_enabled' 'default_branch_protection_defaults' 'shared_runners_setting' 'max_artifacts_size' 'extra_shared_runners_minutes_limit' 'prevent_forking_outside_group' 'membership_lock'
        case 'group projects|--visibility'
            printf '%s\n' 'private' 'internal' 'public'
        case 'group projects|--order-by'
            printf '%s\n' 'id' 'name' 'path' 'created_at' 'updated_at' 'last_activity_at'
        case 'group projects|--sort'
            printf '%s\n' 'asc' 'desc'
        case 'group projects|--fields'
            printf '%s\n' 'id' 'path_with_namespace' 'visibility' 'topics' 'star_count' 'last_activity_at' 'description' 'default_branch' 'ssh_url_to_repo' 'http_url_to_repo' 'web_url' 'tag_list' 'name' 'name_with_namespace' 'path' 'issues_enabled' 'merge_requests_enabled' 'jobs_enabled' 'wiki_enabled' 'snippets_enabled' 'container_registry_enabled' 'resolve_outdated_diff_discussions' 'open_issues_count' 'created_at' 'creator_id' 'namespace' 'import_status' 'import_error' 'permissions' 'archived' 'avatar_url' 'shared_runners_enabled' 'lfs_enabled' 'forks_count' 'runners_token' 'public_jobs' 'shared_with_groups' 'repository_storage' 'only_allow_merge_if_pipeline_succeeds' 'only_allow_merge_if_all_discussions_are_resolved' 'printing_merge_requests_link_enabled' 'request_access_enabled' 'approvals_before_merge' 'ci_config_path' '_links' 'owner' 'forked_from_project' 'description_html' 'readme_url' 'updated_at' 'import_url' 'empty_repo' 'mirror' 'statistics' 'merge_method' 'squash_option' 'emails_disabled' 'visibility_level' 'issues_access_level' 'merge_requests_access_level' 'builds_access_level' 'wiki_access_level' 'snippets_access_level' 'repository_access_level' 'pages_access_level' 'operations_access_level' 'analytics_access_level' 'container_registry_access_level' 'security_and_compliance_access_level' 'releases_access_level' 'environments_access_level' 'feature_flags_access_level' 'infrastructure_access_level' 'monitor_access_level' 'model_experiments_access_level' 'model_registry_access_level' 'packages_enabled' 'service_desk_enabled' 'service_desk_address' 'can_create_merge_request_in' 'autoclose_referenced_issues' 'compliance_frameworks' 'container_expiration_policy' 'ci_default_git_depth' 'ci_forward_deployment_enabled' 'ci_job_token_scope_enabled' 'keep_latest_artifact' 'build_timeout' 'auto_devops_enabled' 'auto_devops_deploy_strategy' 'auto_cancel_pending_pipelines' 'remove_source_branch_after_merge' 'suggestion_commit_message' 'merge_commit_template' 'squash_commit_template' 'issue_branch_template' 'warn_about_potentially_unwanted_characters' 'marked_for_deletion_at' 'marked_for_deletion_on' 'external_authorization_classification_label' 'requirements_enabled' 'security_and_compliance_enabled' 'group_runners_enabled' 'enforce_auth_checks_on_uploads' 'runner_token_expiration_interval' 'restrict_user_defined_variables' 'created_by' 'container_registry_image_prefix' 'repository_object_format' 'forking_access_level' 'emails_enabled' 'mr_default_target_self' 'import_type' 'ci_delete_pipelines_in_seconds' 'ci_forward_deployment_rollback_allowed' 'ci_separated_caches' 'ci_allow_fork_pipelines_to_run_in_parent_project' 'ci_id_token_sub_claim_components' 'build_git_strategy' 'ci_pipeline_variables_minimum_override_role' 'ci_push_repository_for_job_token_allowed' 'allow_merge_on_skipped_pipeline' 'max_artifacts_size' 'requirements_access_level'
        case 'group create|--visibility'
            printf '%s\n' 'private' 'internal' 'public'
        case 'group create|--fields'
            printf '%s\n' 'id' 'full_path' 'visibility' 'description' 'name' 'path' 'lfs_enabled' 'avatar_url' 'web_url' 'request_access_enabled' 'full_name' 'parent_id' 'shared_runners_minutes_limit' 'projects' 'shared_projects' 'created_at' 'share_with_group_lock' 'require_two_factor_authentication' 'two_factor_grace_period' 'project_creation_level' 'auto_devops_enabled' 'subgroup_creation_level' 'emails_disabled' 'emails_enabled' 'mentions_disabled' 'default_branch_protection' 'default_branch' 'organization_id' 'file_template_project_id' 'ldap_cn' 'ldap_access' 'ldap_group_links' 'saml_group_links' 'statistics' 'shared_with_groups' 'runners_token' 'prevent_sharing_groups_outside_hierarchy' 'marked_for_deletion_on' 'wiki_access_level' 'duo_features_enabled' 'lock_duo_features_enabled' 'custom_attributes' 'show_diff_preview_in_email' 'archived' 'math_rendering_limits_enabled' 'lock_math_rendering_limits_enabled' 'default_branch_protection_defaults' 'shared_runners_setting' 'max_artifacts_size' 'extra_shared_runners_minutes_limit' 'prevent_forking_outside_group' 'membership_lock'
        case 'group update|--visibility'
            printf '%s\n' 'private' 'internal' 'public'
        case 'group update|--fields'
            printf '%s\n' 'id' 'full_path' 'visibility' 'description' 'name' 'path' 'lfs_enabled' 'avatar_url' 'web_url' 'request_access_enabled' 'full_name' 'parent_id' 'shared_runners_minutes_limit' 'projects' 'shared_projects' 'created_at' 'share_with_group_lock' 'require_two_factor_authentication' 'two_factor_grace_period' 'project_creation_level' 'auto_devops_enabled' 'subgroup_creation_level' 'emails_disabled' 'emails_enabled' 'mentions_disabled' 'default_branch_protection' 'default_branch' 'organization_id' 'file_template_project_id' 'ldap_cn' 'ldap_access' 'ldap_group_links' 'saml_group_links' 'statistics' 'shared_with_groups' 'runners_token' 'prevent_sharing_groups_outside_hierarchy' 'marked_for_deletion_on' 'wiki_access_level' 'duo_features_enabled' 'lock_duo_features_enabled' 'custom_attributes' 'show_diff_preview_in_email' 'archived' 'math_rendering_limits_enabled' 'lock_math_rendering_limits_enabled' 'default_branch_protection_defaults' 'shared_runners_setting' 'max_artifacts_size' 'extra_shared_runners_minutes_limit' 'prevent_forking_outside_group' 'membership_lock'
        case 'group transfer-project|--fields'
            printf '%s\n' 'id' 'full_path' 'visibility' 'description' 'name' 'path' 'lfs_enabled' 'avatar_url' 'web_url' 'request_access_enabled' 'full_name' 'parent_id' 'shared_runners_minutes_limit' 'projects' 'shared_projects' 'created_at' 'share_with_group_lock' 'require_two_factor_authentication' 'two_factor_grace_period' 'project_creation_level' 'auto_devops_enabled' 'subgroup_creation_level' 'emails_disabled' 'emails_enabled' 'mentions_disabled' 'default_branch_protection' 'default_branch' 'organization_id' 'file_template_project_id' 'ldap_cn' 'ldap_access' 'ldap_group_links' 'saml_group_links' 'statistics' 'shared_with_groups' 'runners_token' 'prevent_sharing_groups_outside_hierarchy' 'marked_for_deletion_on' 'wiki_access_level' 'duo_features_enabled' 'lock_duo_features_enabled' 'custom_attributes' 'show_diff_preview_in_email' 'archived' 'math_rendering_limits_enabled' 'lock_math_rendering_limits_enabled' 'default_branch_protection_defaults' 'shared_runners_setting' 'max_artifacts_size' 'extra_shared_runners_minutes_limit' 'prevent_forking_outside_group' 'membership_lock'
        case 'group ldap-link add|--group-access'
            printf '%s\n' 'guest' 'reporter' 'developer' 'maintainer' 'owner' '10' '20' '30' '40' '50'
        case 'group ldap-link add|--fields'
            printf '%s\n' 'cn' 'group_access' 'provider' 'filter' 'member_role_id'
        case 'namespace list|--fields'
            printf '%s\n' 'id' 'kind' 'full_path' 'name' 'parent_id' 'path' 'members_count_with_descendants' 'plan' 'avatar_url' 'web_url' 'billable_members_count' 'end_date' 'trial_ends_on' 'trial' 'root_repository_size' 'projects_count' 'max_seats_used' 'seats_in_use'
        case 'user list|--fields'
            printf '%s\n' 'id' 'username' 'name' 'state' 'email' 'web_url' 'avatar_url' 'created_at' 'bio' 'location' 'messenger' 'professional_profile' 'microblog' 'website_url' 'organization' 'last_sign_in_at' 'current_sign_in_at' 'confirmed_at' 'theme_id' 'last_activity_on' 'color_scheme_id' 'projects_limit' 'identities' 'can_create_group' 'can_create_project' 'two_factor_enabled' 'external' 'is_admin' 'shared_runners_minutes_limit' 'locked' 'public_email' 'pronouns' 'bot' 'job_title' 'discord' 'private_profile' 'is_auditor' 'note' 'commit_email' 'namespace_id' 'created_by' 'extra_shared_runners_minutes_limit' 'using_license_seat' 'followers' 'following' 'local_time' 'work_information' 'current_sign_in_ip' 'last_sign_in_ip' 'sign_in_count' 'scim_identities' 'is_followed' 'email_reset_offered_at' 'highest_role'
        case 'user view|--fields'
            printf '%s\n' 'id' 'username' 'name' 'state' 'email' 'web_url' 'avatar_url' 'created_at' 'bio' 'location' 'messenger' 'professional_profile' 'microblog' 'website_url' 'organization' 'last_sign_in_at' 'current_sign_in_at' 'confirmed_at' 'theme_id' 'last_activity_on' 'color_scheme_id' 'projects_limit' 'identities' 'can_create_group' 'can_create_project' 'two_factor_enabled' 'external' 'is_admin' 'shared_runners_minutes_limit' 'locked' 'public_email' 'pronouns' 'bot' 'job_title' 'discord' 'private_profile' 'is_auditor' 'note' 'commit_email' 'namespace_id' 'created_by' 'extra_shared_runners_minutes_limit' 'using_license_seat' 'followers' 'following' 'local_time' 'work_information' 'current_sign_in_ip' 'last_sign_in_ip' 'sign_in_count' 'scim_identities' 'is_followed' 'email_reset_offered_at' 'highest_role'
        case 'user me|--fields'
            printf '%s\n' 'id' 'username' 'name' 'state' 'email' 'web_url' 'avatar_url' 'created_at' 'bio' 'location' 'messenger' 'professional_profile' 'microblog' 'website_url' 'organization' 'last_sign_in_at' 'current_sign_in_at' 'confirmed_at' 'theme_id' 'last_activity_on' 'color_scheme_id' 'projects_limit' 'identities' 'can_create_group' 'can_create_project' 'two_factor_enabled' 'external' 'is_admin' 'shared_runners_minutes_limit' 'locked' 'public_email' 'pronouns' 'bot' 'job_title' 'discord' 'private_profile' 'is_auditor' 'note' 'commit_email' 'namespace_id' 'created_by' 'extra_shared_runners_minutes_limit' 'using_license_seat' 'followers' 'following' 'local_time' 'work_information' 'current_sign_in_ip' 'last_sign_in_ip' 'sign_in_count' 'scim_identities' 'is_followed' 'email_reset_offered_at' 'highest_role'
        case 'user create|--fields'
            printf '%s\n' 'id' 'username' 'name' 'state' 'email' 'web_url' 'avatar_url' 'created_at' 'bio' 'location' 'messenger' 'professional_profile' 'microblog' 'website_url' 'organization' 'last_sign_in_at' 'current_sign_in_at' 'confirmed_at' 'theme_id' 'last_activity_on' 'color_scheme_id' 'projects_limit' 'identities' 'can_create_group' 'can_create_project' 'two_factor_enabled' 'external' 'is_admin' 'shared_runners_minutes_limit' 'locked' 'public_email' 'pronouns' 'bot' 'job_title' 'discord' 'private_profile' 'is_auditor' 'note' 'commit_email' 'namespace_id' 'created_by' 'extra_shared_runners_minutes_limit' 'using_license_seat' 'followers' 'following' 'local_time' 'work_information' 'current_sign_in_ip' 'last_sign_in_ip' 'sign_in_count' 'scim_identities' 'is_followed' 'email_reset_offered_at' 'highest_role'
        case 'user update|--fields'
            printf '%s\n' 'id' 'username' 'name' 'state' 'email' 'web_url' 'avatar_url' 'created_at' 'bio' 'location' 'messenger' 'professional_profile' 'microblog' 'website_url' 'organization' 'last_sign_in_at' 'current_sign_in_at' 'confirmed_at' 'theme_id' 'last_activity_on' 'color_scheme_id' 'projects_limit' 'identities' 'can_create_group' 'can_create_project' 'two_factor_enabled' 'external' 'is_admin' 'shared_runners_minutes_limit' 'locked' 'public_email' 'pronouns' 'bot' 'job_title' 'discord' 'private_profile' 'is_auditor' 'note' 'commit_email' 'namespace_id' 'created_by' 'extra_shared_runners_minutes_limit' 'using_license_seat' 'followers' 'following' 'local_time' 'work_information' 'current_sign_in_ip' 'last_sign_in_ip' 'sign_in_count' 'scim_identities' 'is_followed' 'email_reset_offered_at' 'highest_role'
        case 'user activities|--fields'
            printf '%s\n' 'username' 'last_activity_on' 'last_activity_at'
        case 'user key list|--fields'
            printf '%s\n' 'id' 'title' 'usage_type' 'created_at' 'key' 'expires_at' 'last_used_at'
        case 'user key view|--fields'
            printf '%s\n' 'id' 'title' 'usage_type' 'created_at' 'key' 'expires_at' 'last_used_at'
        case 'user key add|--key-file'
            printf '%s\n' __file
        case 'user key add|--fields'
            printf '%s\n' 'id' 'title' 'usage_type' 'created_at' 'key' 'expires_at' 'last_used_at'
        case 'user gpg-key list|--fields'
            printf '%s\n' 'id' 'created_at' 'key'
        case 'user gpg-key view|--fields'
            printf '%s\n' 'id' 'created_at' 'key'
        case 'user gpg-key add|--key-file'
            printf '%s\n' __file
        case 'user gpg-key add|--fields'
            printf '%s\n' 'id' 'created_at' 'key'
        case 'user email list|--fields'
            printf '%s\n' 'id' 'email' 'confirmed_at'
        case 'user email view|--fields'
            printf '%s\n' 'id' 'email' 'confirmed_at'
        case 'user email add|--fields'
            printf '%s\n' 'id' 'email' 'confirmed_at'
        case 'user token list|--state'
            printf '%s\n' 'all' 'active' 'inactive'
        case 'user token list|--fields'
            printf '%s\n' 'id' 'name' 'active' 'revoked' 'scopes' 'expires_at' 'created_at' 'user_id' 'impersonation' 'token' 'description' 'last_used_at' 'last_used_ips'
        case 'user token view|--fields'
            printf '%s\n' 'id' 'name' 'active' 'revoked' 'scopes' 'expires_at' 'created_at' 'user_id' 'impersonation' 'token' 'description' 'last_used_at' 'last_used_ips'
        case 'user token create|--scopes'
            printf '%s\n' 'api' 'read_user'
        case 'user token create|--fields'
            printf '%s\n' 'id' 'name' 'active' 'revoked' 'scopes' 'expires_at' 'created_at' 'user_id' 'impersonation' 'token' 'description' 'last_used_at' 'last_used_ips'
        case 'settings view|--fields'
            printf '%s\n' 'id' 'created_at' 'updated_at' 'admin_notification_email' 'after_sign_out_path' 'after_sign_up_text' 'spamfilter_api_key' 'spamfilter_enabled' 'allow_group_owners_to_manage_ldap' 'authorized_keys_enabled' 'clientside_errtracker_dsn' 'clientside_errtracker_enabled' 'container_registry_token_expire_delay' 'default_artifacts_expire_in' 'default_branch_protection' 'default_group_visibility' 'default_project_visibility' 'default_snippet_visibility' 'default_projects_limit' 'disabled_oauth_sign_in_sources' 'domain_blacklist_enabled' 'domain_blacklist' 'domain_whitelist' 'rsa_key_restriction' 'dsa_key_restriction' 'ecdsa_key_restriction' 'ed25519_key_restriction' 'searchengine_cloud' 'searchengine_cloud_access_key' 'searchengine_cloud_secret_access_key' 'searchengine_cloud_region' 'searchengine_experimental_indexer' 'searchengine_indexing' 'searchengine_search' 'searchengine_url' 'email_author_in_body' 'enabled_git_access_protocol' 'geo_status_timeout' 'avatarservice_enabled' 'help_page_hide_commercial_content' 'help_page_support_url' 'help_text' 'home_page_url' 'housekeeping_enabled' 'housekeeping_bitmaps_enabled' 'housekeeping_full_repack_period' 'housekeeping_gc_period' 'housekeeping_incremental_repack_period' 'html_emails_enabled' 'import_sources' 'webide_enabled' 'webide_url' 'max_artifacts_size' 'max_attachment_size' 'max_pages_size' 'metrics_enabled' 'metrics_host' 'metrics_method_call_threshold' 'metrics_packet_size' 'metrics_pool_size' 'metrics_sample_interval' 'metrics_timeout' 'metrics_port' 'password_authentication_enabled' 'performance_bar_allowed_group_id' 'performance_bar_enabled' 'diagram_enabled' 'diagram_url' 'polling_interval_multiplier' 'project_export_enabled' 'prometheus_metrics_enabled' 'captcha_enabled' 'captcha_private_key' 'captcha_site_key' 'repository_checks_enabled' 'repository_size_limit' 'repository_storages' 'require_two_factor_authentication' 'restricted_visibility_levels' 'send_user_confirmation_email' 'errtracker_enabled' 'errtracker_dsn' 'session_expire_delay' 'shared_runners_enabled' 'shared_runners_minutes' 'shared_runners_text' 'jobqueue_throttling_enabled' 'jobqueue_throttling_factor' 'jobqueue_throttling_queues' 'sign_in_text' 'signup_enabled' 'chat_app_enabled' 'chat_app_id' 'chat_app_secret' 'chat_app_verification_token' 'terminal_max_session_time' 'two_factor_grace_period' 'unique_ips_limit_enabled' 'unique_ips_limit_per_user' 'unique_ips_limit_time_window' 'usage_ping_enabled' 'user_default_external' 'user_oauth_applications' 'version_check_enabled'
        case 'settings update|--default-group-visibility'
            printf '%s\n' 'private' 'internal' 'public'
        case 'settings update|--default-project-visibility'
            printf '%s\n' 'private' 'internal' 'public'
        case 'settings update|--default-snippet-visibility'
            printf '%s\n' 'private' 'internal' 'public'
        case 'settings update|--enabled-git-access-protocol'
            printf '%s\n' 'ssh' 'http' 'nil' 'all'
        case 'settings update|--restricted-visibility-levels'
            printf '%s\n' 'private' 'internal' 'public'
        case 'settings update|--fields'
            printf '%s\n' 'id' 'created_at' 'updated_at' 'admin_notification_email' 'after_sign_out_path' 'after_sign_up_text' 'spamfilter_api_key' 'spamfilter_enabled' 'allow_group_owners_to_manage_ldap' 'authorized_keys_enabled' 'clientside_errtracker_dsn' 'clientside_errtracker_enabled' 'container_registry_token_expire_delay' 'default_artifacts_expire_in' 'default_branch_protection' 'default_group_visibility' 'default_project_visibility' 'default_snippet_visibility' 'default_projects_limit' 'disabled_oauth_sign_in_sources' 'domain_blacklist_enabled' 'domain_blacklist' 'domain_whitelist' 'rsa_key_restriction' 'dsa_key_restriction' 'ecdsa_key_restriction' 'ed25519_key_restriction' 'searchengine_cloud' 'searchengine_cloud_access_key' 'searchengine_cloud_secret_access_key' 'searchengine_cloud_region' 'searchengine_experimental_indexer' 'searchengine_indexing' 'searchengine_search' 'searchengine_url' 'email_author_in_body' 'enabled_git_access_protocol' 'geo_status_timeout' 'avatarservice_enabled' 'help_page_hide_commercial_content' 'help_page_support_url' 'help_text' 'home_page_url' 'housekeeping_enabled' 'housekeeping_bitmaps_enabled' 'housekeeping_full_repack_period' 'housekeeping_gc_period' 'housekeeping_incremental_repack_period' 'html_emails_enabled' 'import_sources' 'webide_enabled' 'webide_url' 'max_artifacts_size' 'max_attachment_size' 'max_pages_size' 'metrics_enabled' 'metrics_host' 'metrics_method_call_threshold' 'metrics_packet_size' 'metrics_pool_size' 'metrics_sample_interval' 'metrics_timeout' 'metrics_port' 'password_authentication_enabled' 'performance_bar_allowed_group_id' 'performance_bar_enabled' 'diagram_enabled' 'diagram_url' 'polling_interval_multiplier' 'project_export_enabled' 'prometheus_metrics_enabled' 'captcha_enabled' 'captcha_private_key' 'captcha_site_key' 'repository_checks_enabled' 'repository_size_limit' 'repository_storages' 'require_two_factor_authentication' 'restricted_visibility_levels' 'send_user_confirmation_email' 'errtracker_enabled' 'errtracker_dsn' 'session_expire_delay' 'shared_runners_enabled' 'shared_runners_minutes' 'shared_runners_text' 'jobqueue_throttling_enabled' 'jobqueue_throttling_factor' 'jobqueue_throttling_queues' 'sign_in_text' 'signup_enabled' 'chat_app_enabled' 'chat_app_id' 'chat_app_secret' 'chat_app_verification_token' 'terminal_max_session_time' 'two_factor_grace_period' 'unique_ips_limit_enabled' 'unique_ips_limit_per_user' 'unique_ips_limit_time_window' 'usage_ping_enabled' 'user_default_external' 'user_oauth_applications' 'version_check_enabled'
        case 'auth status|--fields'
            printf '%s\n' 'host' 'host_source' 'user' 'name' 'admin' 'token_source' 'token_type' 'token' 'scopes' 'expires_at' 'job_id' 'pipeline_id' 'reaches' 'hosts'
        case 'config list|--fields'
            printf '%s\n' 'host' 'key' 'value'
        case 'api|--input'
            printf '%s\n' __file
        case 'api|--dest'
            printf '%s\n' __file
        case 'mcp serve|--root'
            printf '%s\n' __dir
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
        printf '%s\n' $__collab_flags
        for i in (seq (count $__collab_gnames))
            contains -- $__collab_gnames[$i] $__collab_fnames; or printf '%s\n' $__collab_gflags[$i]
        end
    else
        # A child's aliases only when none of the names matches what was typed (mr di → diff).
        set -l names (string replace -r -- '\t.*' '' $__collab_kids)
        if test -z "$cur"; or string match -q -- "$cur*" $names
            printf '%s\n' $__collab_kids
        else
            printf '%s\n' $__collab_kids $__collab_akids
        end
    end
end

complete -c collab -e
complete -c collab -f -a '(__collab_complete)'
