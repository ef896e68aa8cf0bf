# bash completion for collab
# Generated from the command tree by scripts/gen-docs.mjs (npm run docs); do not edit.
# Install: collab completion bash > ~/.local/share/bash-completion/completions/collab
#      or: echo 'source <(collab completion bash)' >> ~/.bashrc

# Flags accepted at every level (a command's own flag of the same name wins), and those taking a value.
_collab_gflags=' --host --sudo -o --output --fields --raw-fields --header --no-input --color --no-color --no-pager --debug --timeout --retries --jq -r --raw -h --help '
_collab_gvflags=' --host --sudo -o --output --fields --color --timeout --retries --jq '

# Sets _collab_kids (verbs, nested nouns, argument values), _collab_flags and _collab_vflags
# (the command's own flags, and those taking a value) for the command path $1.
_collab_node() {
  case "$1" in
    '') _collab_kids='issue board mr job project group namespace user settings auth config api completion sandbox help' _collab_flags=' -V --version ' _collab_vflags='  ' ;;
    'issue') _collab_kids='list view create update close reopen delete move subscribe unsubscribe todo estimate reset-estimate spend reset-spent time-stats note notes closed-by user-agent' _collab_flags=' -h --help ' _collab_vflags='  ' ;;
    'issue list') _collab_kids='' _collab_flags=' -p --project -g --group -s --state -l --labels --no-labels -m --milestone --scope --author-id --assignee-id --author --assignee --my-reaction --iids --order-by --sort --search --created-after --created-before --per-page --page --all --limit --concurrency -h --help ' _collab_vflags=' -p --project -g --group -s --state -l --labels -m --milestone --scope --author-id --assignee-id --author --assignee --my-reaction --iids --order-by --sort --search --created-after --created-before --per-page --page --limit --concurrency ' ;;
    'issue view') _collab_kids='' _collab_flags=' -p --project -c --comments --no-system -w --web -h --help ' _collab_vflags=' -p --project ' ;;
    'issue create') _collab_kids='' _collab_flags=' -p --project -t --title -d --description --description-file --confidential -a --assignee-ids --milestone-id -l --labels --assignee --milestone --created-at --due-date -w --weight --mr-to-resolve --discussion -e --editor -h --help ' _collab_vflags=' -p --project -t --title -d --description --description-file -a --assignee-ids --milestone-id -l --labels --assignee --milestone --created-at --due-date -w --weight --mr-to-resolve --discussion ' ;;
    'issue update') _collab_kids='' _collab_flags=' -p --project -t --title -d --description --description-file --confidential --no-confidential -a --assignee-ids --milestone-id -l --labels --assignee --milestone --state-event --updated-at --due-date -w --weight --discussion-locked --no-discussion-locked --stdin --concurrency -e --editor -h --help ' _collab_vflags=' -p --project -t --title -d --description --description-file -a --assignee-ids --milestone-id -l --labels --assignee --milestone --state-event --updated-at --due-date -w --weight --concurrency ' ;;
    'issue close') _collab_kids='' _collab_flags=' -p --project --stdin --concurrency -h --help ' _collab_vflags=' -p --project --concurrency ' ;;
    'issue reopen') _collab_kids='' _collab_flags=' -p --project --stdin --concurrency -h --help ' _collab_vflags=' -p --project --concurrency ' ;;
    'issue delete') _collab_kids='' _collab_flags=' -p --project --stdin --concurrency -y --yes -h --help ' _collab_vflags=' -p --project --concurrency ' ;;
    'issue move') _collab_kids='' _collab_flags=' -p --project --to --stdin --concurrency -h --help ' _collab_vflags=' -p --project --to --concurrency ' ;;
    'issue subscribe') _collab_kids='' _collab_flags=' -p --project --stdin --concurrency -h --help ' _collab_vflags=' -p --project --concurrency ' ;;
    'issue unsubscribe') _collab_kids='' _collab_flags=' -p --project --stdin --concurrency -h --help ' _collab_vflags=' -p --project --concurrency ' ;;
    'issue todo') _collab_kids='' _collab_flags=' -p --project -h --help ' _collab_vflags=' -p --project ' ;;
    'issue estimate') _collab_kids='' _collab_flags=' -p --project -h --help ' _collab_vflags=' -p --project ' ;;
    'issue reset-estimate') _collab_kids='' _collab_flags=' -p --project -h --help ' _collab_vflags=' -p --project ' ;;
    'issue spend') _collab_kids='' _collab_flags=' -p --project -h --help ' _collab_vflags=' -p --project ' ;;
    'issue reset-spent') _collab_kids='' _collab_flags=' -p --project -h --help ' _collab_vflags=' -p --project ' ;;
    'issue time-stats') _collab_kids='' _collab_flags=' -p --project -h --help ' _collab_vflags=' -p --project ' ;;
    'issue note') _collab_kids='' _collab_flags=' -p --project -m --message -e --editor -h --help ' _collab_vflags=' -p --project -m --message ' ;;
    'issue notes') _collab_kids='' _collab_flags=' -p --project --order-by --sort --per-page --page --all --limit --concurrency -h --help ' _collab_vflags=' -p --project --order-by --sort --per-page --page --limit --concurrency ' ;;
    'issue closed-by') _collab_kids='' _collab_flags=' -p --project --per-page --page --all --limit --concurrency -h --help ' _collab_vflags=' -p --project --per-page --page --limit --concurrency ' ;;
    'issue user-agent') _collab_kids='' _collab_flags=' -p --project -h --help ' _collab_vflags=' -p --project ' ;;
    'board') _collab_kids='list lists list-view list-create list-move list-delete' _collab_flags=' -h --help ' _collab_vflags='  ' ;;
    'board list') _collab_kids='' _collab_flags=' -p --project --per-page --page --all --limit --concurrency -h --help ' _collab_vflags=' -p --project --per-page --page --limit --concurrency ' ;;
    'board lists') _collab_kids='' _collab_flags=' -p --project --per-page --page --all --limit --concurrency -h --help ' _collab_vflags=' -p --project --per-page --page --limit --concurrency ' ;;
    'board list-view') _collab_kids='' _collab_flags=' -p --project -h --help ' _collab_vflags=' -p --project ' ;;
    'board list-create') _collab_kids='' _collab_flags=' -p --project --label-id --label -h --help ' _collab_vflags=' -p --project --label-id --label ' ;;
    'board list-move') _collab_kids='' _collab_flags=' -p --project --position -h --help ' _collab_vflags=' -p --project --position ' ;;
    'board list-delete') _collab_kids='' _collab_flags=' -p --project -y --yes -h --help ' _collab_vflags=' -p --project ' ;;
    'mr') _collab_kids='list view create update close reopen delete note notes merge cancel-auto-merge approvals jobs approve unapprove commits changes closes-issues versions version subscribe unsubscribe todo' _collab_flags=' -h --help ' _collab_vflags='  ' ;;
    'mr list') _collab_kids='' _collab_flags=' -p --project -s --state --order-by --sort -m --milestone --view -l --labels --created-after --created-before --scope --author-id --assignee-id --author --assignee --reviewer --my-reaction --iids --per-page --page --all --limit --concurrency -h --help ' _collab_vflags=' -p --project -s --state --order-by --sort -m --milestone --view -l --labels --created-after --created-before --scope --author-id --assignee-id --author --assignee --reviewer --my-reaction --iids --per-page --page --limit --concurrency ' ;;
    'mr view') _collab_kids='' _collab_flags=' -p --project -c --comments --no-system -w --web -h --help ' _collab_vflags=' -p --project ' ;;
    'mr create') _collab_kids='' _collab_flags=' -p --project -s --source -b --target -t --title --assignee-id -d --description --description-file --assignee --reviewer --milestone --target-project-id -l --labels --milestone-id --remove-source-branch --approvals-before-merge --squash -e --editor -h --help ' _collab_vflags=' -p --project -s --source -b --target -t --title --assignee-id -d --description --description-file --assignee --reviewer --milestone --target-project-id -l --labels --milestone-id --approvals-before-merge ' ;;
    'mr update') _collab_kids='' _collab_flags=' -p --project -b --target -t --title --assignee-id -d --description --description-file --assignee --reviewer --milestone -l --labels --milestone-id --remove-source-branch --no-remove-source-branch --squash --no-squash --discussion-locked --no-discussion-locked -e --editor -h --help ' _collab_vflags=' -p --project -b --target -t --title --assignee-id -d --description --description-file --assignee --reviewer --milestone -l --labels --milestone-id ' ;;
    'mr close') _collab_kids='' _collab_flags=' -p --project --stdin --concurrency -h --help ' _collab_vflags=' -p --project --concurrency ' ;;
    'mr reopen') _collab_kids='' _collab_flags=' -p --project --stdin --concurrency -h --help ' _collab_vflags=' -p --project --concurrency ' ;;
    'mr delete') _collab_kids='' _collab_flags=' -p --project --stdin --concurrency -y --yes -h --help ' _collab_vflags=' -p --project --concurrency ' ;;
    'mr note') _collab_kids='' _collab_flags=' -p --project -m --message -e --editor -h --help ' _collab_vflags=' -p --project -m --message ' ;;
    'mr notes') _collab_kids='' _collab_flags=' -p --project --order-by --sort --per-page --page --all --limit --concurrency -h --help ' _collab_vflags=' -p --project --order-by --sort --per-page --page --limit --concurrency ' ;;
    'mr merge') _collab_kids='' _collab_flags=' -p --project -m --message --remove-source-branch --when-pipeline-succeeds --sha --sha-from-view --no-sha-from-view --stdin --concurrency -y --yes -h --help ' _collab_vflags=' -p --project -m --message --sha --concurrency ' ;;
    'mr cancel-auto-merge') _collab_kids='' _collab_flags=' -p --project -h --help ' _collab_vflags=' -p --project ' ;;
    'mr approvals') _collab_kids='' _collab_flags=' -p --project -h --help ' _collab_vflags=' -p --project ' ;;
    'mr jobs') _collab_kids='' _collab_flags=' -p --project --scope --per-page --page --all --limit --concurrency -h --help ' _collab_vflags=' -p --project --scope --per-page --page --limit --concurrency ' ;;
    'mr approve') _collab_kids='' _collab_flags=' -p --project --sha --stdin --concurrency -h --help ' _collab_vflags=' -p --project --sha --concurrency ' ;;
    'mr unapprove') _collab_kids='' _collab_flags=' -p --project -h --help ' _collab_vflags=' -p --project ' ;;
    'mr commits') _collab_kids='' _collab_flags=' -p --project --per-page --page --all --limit --concurrency -h --help ' _collab_vflags=' -p --project --per-page --page --limit --concurrency ' ;;
    'mr changes') _collab_kids='' _collab_flags=' -p --project -h --help ' _collab_vflags=' -p --project ' ;;
    'mr closes-issues') _collab_kids='' _collab_flags=' -p --project --per-page --page --all --limit --concurrency -h --help ' _collab_vflags=' -p --project --per-page --page --limit --concurrency ' ;;
    'mr versions') _collab_kids='' _collab_flags=' -p --project --per-page --page --all --limit --concurrency -h --help ' _collab_vflags=' -p --project --per-page --page --limit --concurrency ' ;;
    'mr version') _collab_kids='' _collab_flags=' -p --project -h --help ' _collab_vflags=' -p --project ' ;;
    'mr subscribe') _collab_kids='' _collab_flags=' -p --project --stdin --concurrency -h --help ' _collab_vflags=' -p --project --concurrency ' ;;
    'mr unsubscribe') _collab_kids='' _collab_flags=' -p --project --stdin --concurrency -h --help ' _collab_vflags=' -p --project --concurrency ' ;;
    'mr todo') _collab_kids='' _collab_flags=' -p --project -h --help ' _collab_vflags=' -p --project ' ;;
    'job') _collab_kids='list view trace artifacts artifact cancel retry play erase keep' _collab_flags=' -h --help ' _collab_vflags='  ' ;;
    'job list') _collab_kids='' _collab_flags=' -p --project --scope --pipeline --per-page --page --all --limit --concurrency -h --help ' _collab_vflags=' -p --project --scope --pipeline --per-page --page --limit --concurrency ' ;;
    'job view') _collab_kids='' _collab_flags=' -p --project -w --web -h --help ' _collab_vflags=' -p --project ' ;;
    'job trace') _collab_kids='' _collab_flags=' -p --project -f --follow --no-follow --exit-status --interval -h --help ' _collab_vflags=' -p --project --interval ' ;;
    'job artifacts') _collab_kids='' _collab_flags=' -p --project --ref --job --pipeline --sha256 -d --dest -x --extract --max-size --max-entries --job-token -h --help ' _collab_vflags=' -p --project --ref --job --pipeline --sha256 -d --dest -x --extract --max-size --max-entries ' ;;
    'job artifact') _collab_kids='' _collab_flags=' -p --project --ref --job --pipeline --sha256 -d --dest --job-token -h --help ' _collab_vflags=' -p --project --ref --job --pipeline --sha256 -d --dest ' ;;
    'job cancel') _collab_kids='' _collab_flags=' -p --project --stdin --concurrency -h --help ' _collab_vflags=' -p --project --concurrency ' ;;
    'job retry') _collab_kids='' _collab_flags=' -p --project --stdin --concurrency -h --help ' _collab_vflags=' -p --project --concurrency ' ;;
    'job play') _collab_kids='' _collab_flags=' -p --project -h --help ' _collab_vflags=' -p --project ' ;;
    'job erase') _collab_kids='' _collab_flags=' -p --project -y --yes -h --help ' _collab_vflags=' -p --project ' ;;
    'job keep') _collab_kids='' _collab_flags=' -p --project -h --help ' _collab_vflags=' -p --project ' ;;
    'project') _collab_kids='list view users forks create update delete fork star unstar archive unarchive upload' _collab_flags=' -h --help ' _collab_vflags='  ' ;;
    'project list') _collab_kids='' _collab_flags=' -u --user --archived --no-archived --visibility --order-by --sort --search --simple --owned --membership --starred --statistics --with-issues-enabled --with-merge-requests-enabled --all-visible --per-page --page --all --limit --concurrency -h --help ' _collab_vflags=' -u --user --visibility --order-by --sort --search --per-page --page --limit --concurrency ' ;;
    'project view') _collab_kids='' _collab_flags=' -p --project --statistics -w --web -h --help ' _collab_vflags=' -p --project ' ;;
    'project users') _collab_kids='' _collab_flags=' -p --project --search --per-page --page --all --limit --concurrency -h --help ' _collab_vflags=' -p --project --search --per-page --page --limit --concurrency ' ;;
    'project forks') _collab_kids='' _collab_flags=' -p --project --archived --no-archived --visibility --order-by --sort --search --simple --owned --membership --starred --statistics --with-issues-enabled --with-merge-requests-enabled --per-page --page --all --limit --concurrency -h --help ' _collab_vflags=' -p --project --visibility --order-by --sort --search --per-page --page --limit --concurrency ' ;;
    'project create') _collab_kids='' _collab_flags=' -n --name --path --namespace-id --default-branch -d --description --issues-enabled --no-issues-enabled --merge-requests-enabled --no-merge-requests-enabled --jobs-enabled --no-jobs-enabled --wiki-enabled --no-wiki-enabled --snippets-enabled --no-snippets-enabled --container-registry-enabled --no-container-registry-enabled --shared-runners-enabled --no-shared-runners-enabled --resolve-outdated-diff-discussions --no-resolve-outdated-diff-discussions --visibility --import-url --public-jobs --no-public-jobs --only-allow-merge-if-pipeline-succeeds --no-only-allow-merge-if-pipeline-succeeds --only-allow-merge-if-all-discussions-are-resolved --no-only-allow-merge-if-all-discussions-are-resolved --lfs-enabled --no-lfs-enabled --request-access-enabled --no-request-access-enabled --tag-list --avatar --printing-merge-request-link-enabled --no-printing-merge-request-link-enabled --ci-config-path --repository-storage --approvals-before-merge --for-user -h --help ' _collab_vflags=' -n --name --path --namespace-id --default-branch -d --description --visibility --import-url --tag-list --avatar --ci-config-path --repository-storage --approvals-before-merge --for-user ' ;;
    'project update') _collab_kids='' _collab_flags=' -p --project -n --name --path --default-branch -d --description --issues-enabled --no-issues-enabled --merge-requests-enabled --no-merge-requests-enabled --jobs-enabled --no-jobs-enabled --wiki-enabled --no-wiki-enabled --snippets-enabled --no-snippets-enabled --container-registry-enabled --no-container-registry-enabled --shared-runners-enabled --no-shared-runners-enabled --resolve-outdated-diff-discussions --no-resolve-outdated-diff-discussions --visibility --import-url --public-jobs --no-public-jobs --only-allow-merge-if-pipeline-succeeds --no-only-allow-merge-if-pipeline-succeeds --only-allow-merge-if-all-discussions-are-resolved --no-only-allow-merge-if-all-discussions-are-resolved --lfs-enabled --no-lfs-enabled --request-access-enabled --no-request-access-enabled --tag-list --avatar --ci-config-path --repository-storage --approvals-before-merge -h --help ' _collab_vflags=' -p --project -n --name --path --default-branch -d --description --visibility --import-url --tag-list --avatar --ci-config-path --repository-storage --approvals-before-merge ' ;;
    'project delete') _collab_kids='' _collab_flags=' -p --project -y --yes -h --help ' _collab_vflags=' -p --project ' ;;
    'project fork') _collab_kids='' _collab_flags=' -p --project --namespace --wait --wait-timeout -h --help ' _collab_vflags=' -p --project --namespace --wait-timeout ' ;;
    'project star') _collab_kids='' _collab_flags=' -p --project -h --help ' _collab_vflags=' -p --project ' ;;
    'project unstar') _collab_kids='' _collab_flags=' -p --project -h --help ' _collab_vflags=' -p --project ' ;;
    'project archive') _collab_kids='' _collab_flags=' -p --project -h --help ' _collab_vflags=' -p --project ' ;;
    'project unarchive') _collab_kids='' _collab_flags=' -p --project -h --help ' _collab_vflags=' -p --project ' ;;
    'project upload') _collab_kids='' _collab_flags=' -p --project --filename -h --help ' _collab_vflags=' -p --project --filename ' ;;
    'group') _collab_kids='list view projects create update delete transfer-project ldap-sync ldap-link' _collab_flags=' -h --help ' _collab_vflags='  ' ;;
    'group list') _collab_kids='' _collab_flags=' --skip-groups --all-visible --search --order-by --sort --statistics --owned --per-page --page --all --limit --concurrency -h --help ' _collab_vflags=' --skip-groups --search --order-by --sort --per-page --page --limit --concurrency ' ;;
    'group view') _collab_kids='' _collab_flags=' -g --group -w --web -h --help ' _collab_vflags=' -g --group ' ;;
    'group projects') _collab_kids='' _collab_flags=' -g --group --archived --no-archived --visibility --order-by --sort --search --simple --owned --starred --per-page --page --all --limit --concurrency -h --help ' _collab_vflags=' -g --group --visibility --order-by --sort --search --per-page --page --limit --concurrency ' ;;
    'group create') _collab_kids='' _collab_flags=' -n --name --path -d --description --membership-lock --no-membership-lock --share-with-group-lock --no-share-with-group-lock --visibility --lfs-enabled --no-lfs-enabled --request-access-enabled --no-request-access-enabled --parent-id --shared-runners-minutes-limit -h --help ' _collab_vflags=' -n --name --path -d --description --visibility --parent-id --shared-runners-minutes-limit ' ;;
    'group update') _collab_kids='' _collab_flags=' -g --group -n --name --path -d --description --membership-lock --no-membership-lock --share-with-group-lock --no-share-with-group-lock --visibility --lfs-enabled --no-lfs-enabled --request-access-enabled --no-request-access-enabled --shared-runners-minutes-limit -h --help ' _collab_vflags=' -g --group -n --name --path -d --description --visibility --shared-runners-minutes-limit ' ;;
    'group delete') _collab_kids='' _collab_flags=' -g --group -y --yes -h --help ' _collab_vflags=' -g --group ' ;;
    'group transfer-project') _collab_kids='' _collab_flags=' -g --group -y --yes -h --help ' _collab_vflags=' -g --group ' ;;
    'group ldap-sync') _collab_kids='' _collab_flags=' -g --group -h --help ' _collab_vflags=' -g --group ' ;;
    'group ldap-link') _collab_kids='add delete' _collab_flags=' -h --help ' _collab_vflags='  ' ;;
    'group ldap-link add') _collab_kids='' _collab_flags=' -g --group --cn --group-access --provider -h --help ' _collab_vflags=' -g --group --cn --group-access --provider ' ;;
    'group ldap-link delete') _collab_kids='' _collab_flags=' -g --group --provider -y --yes -h --help ' _collab_vflags=' -g --group --provider ' ;;
    'namespace') _collab_kids='list' _collab_flags=' -h --help ' _collab_vflags='  ' ;;
    'namespace list') _collab_kids='' _collab_flags=' --search --per-page --page --all --limit --concurrency -h --help ' _collab_vflags=' --search --per-page --page --limit --concurrency ' ;;
    'user') _collab_kids='list view me create update delete block unblock activities key gpg-key email token' _collab_flags=' -h --help ' _collab_vflags='  ' ;;
    'user list') _collab_kids='' _collab_flags=' --active --blocked --search --username --extern-uid --provider --external --created-before --created-after --custom-attribute --per-page --page --all --limit --concurrency -h --help ' _collab_vflags=' --search --username --extern-uid --provider --created-before --created-after --custom-attribute --per-page --page --limit --concurrency ' ;;
    'user view') _collab_kids='' _collab_flags=' -w --web -h --help ' _collab_vflags='  ' ;;
    'user me') _collab_kids='' _collab_flags=' -h --help ' _collab_vflags='  ' ;;
    'user create') _collab_kids='' _collab_flags=' --email --username --name --password-stdin --reset-password --messenger --professional-profile --microblog --website-url --organization --projects-limit --extern-uid --provider --bio --location --admin --no-admin --can-create-group --no-can-create-group --skip-confirmation --external --no-external --avatar --shared-runners-minutes-limit -h --help --skype --linkedin --twitter ' _collab_vflags=' --email --username --name --messenger --professional-profile --microblog --website-url --organization --projects-limit --extern-uid --provider --bio --location --avatar --shared-runners-minutes-limit --skype --linkedin --twitter ' ;;
    'user update') _collab_kids='' _collab_flags=' --email --username --name --password-stdin --messenger --professional-profile --microblog --website-url --organization --projects-limit --extern-uid --provider --bio --location --admin --no-admin --can-create-group --no-can-create-group --external --no-external --avatar --shared-runners-minutes-limit -h --help --skype --linkedin --twitter ' _collab_vflags=' --email --username --name --messenger --professional-profile --microblog --website-url --organization --projects-limit --extern-uid --provider --bio --location --avatar --shared-runners-minutes-limit --skype --linkedin --twitter ' ;;
    'user delete') _collab_kids='' _collab_flags=' --hard -y --yes -h --help ' _collab_vflags='  ' ;;
    'user block') _collab_kids='' _collab_flags=' --stdin --concurrency -h --help ' _collab_vflags=' --concurrency ' ;;
    'user unblock') _collab_kids='' _collab_flags=' --stdin --concurrency -h --help ' _collab_vflags=' --concurrency ' ;;
    'user activities') _collab_kids='' _collab_flags=' --from --per-page --page --all --limit --concurrency -h --help ' _collab_vflags=' --from --per-page --page --limit --concurrency ' ;;
    'user key') _collab_kids='list view add delete' _collab_flags=' -h --help ' _collab_vflags='  ' ;;
    'user key list') _collab_kids='' _collab_flags=' -u --user --per-page --page --all --limit --concurrency -h --help ' _collab_vflags=' -u --user --per-page --page --limit --concurrency ' ;;
    'user key view') _collab_kids='' _collab_flags=' -u --user -h --help ' _collab_vflags=' -u --user ' ;;
    'user key add') _collab_kids='' _collab_flags=' -t --title --key --key-file -u --user -h --help ' _collab_vflags=' -t --title --key --key-file -u --user ' ;;
    'user key delete') _collab_kids='' _collab_flags=' -u --user -y --yes -h --help ' _collab_vflags=' -u --user ' ;;
    'user gpg-key') _collab_kids='list view add delete' _collab_flags=' -h --help ' _collab_vflags='  ' ;;
    'user gpg-key list') _collab_kids='' _collab_flags=' -u --user --per-page --page --all --limit --concurrency -h --help ' _collab_vflags=' -u --user --per-page --page --limit --concurrency ' ;;
    'user gpg-key view') _collab_kids='' _collab_flags=' -u --user -h --help ' _collab_vflags=' -u --user ' ;;
    'user gpg-key add') _collab_kids='' _collab_flags=' --key --key-file -u --user -h --help ' _collab_vflags=' --key --key-file -u --user ' ;;
    'user gpg-key delete') _collab_kids='' _collab_flags=' -u --user -y --yes -h --help ' _collab_vflags=' -u --user ' ;;
    'user email') _collab_kids='list view add delete' _collab_flags=' -h --help ' _collab_vflags='  ' ;;
    'user email list') _collab_kids='' _collab_flags=' -u --user --per-page --page --all --limit --concurrency -h --help ' _collab_vflags=' -u --user --per-page --page --limit --concurrency ' ;;
    'user email view') _collab_kids='' _collab_flags=' -u --user -h --help ' _collab_vflags=' -u --user ' ;;
    'user email add') _collab_kids='' _collab_flags=' -e --email -u --user -h --help ' _collab_vflags=' -e --email -u --user ' ;;
    'user email delete') _collab_kids='' _collab_flags=' -u --user -y --yes -h --help ' _collab_vflags=' -u --user ' ;;
    'user token') _collab_kids='list view create revoke' _collab_flags=' -h --help ' _collab_vflags='  ' ;;
    'user token list') _collab_kids='' _collab_flags=' -u --user --state --per-page --page --all --limit --concurrency -h --help ' _collab_vflags=' -u --user --state --per-page --page --limit --concurrency ' ;;
    'user token view') _collab_kids='' _collab_flags=' -u --user -h --help ' _collab_vflags=' -u --user ' ;;
    'user token create') _collab_kids='' _collab_flags=' -u --user -n --name --scopes --expires-at -h --help ' _collab_vflags=' -u --user -n --name --scopes --expires-at ' ;;
    'user token revoke') _collab_kids='' _collab_flags=' -u --user -y --yes -h --help ' _collab_vflags=' -u --user ' ;;
    'settings') _collab_kids='view update' _collab_flags=' -h --help ' _collab_vflags='  ' ;;
    'settings view') _collab_kids='' _collab_flags=' -h --help ' _collab_vflags='  ' ;;
    'settings update') _collab_kids='' _collab_flags=' --admin-notification-email --after-sign-out-path --after-sign-up-text --spamfilter-api-key --spamfilter-enabled --no-spamfilter-enabled --allow-group-owners-to-manage-ldap --no-allow-group-owners-to-manage-ldap --authorized-keys-enabled --no-authorized-keys-enabled --clientside-errtracker-dsn --clientside-errtracker-enabled --no-clientside-errtracker-enabled --container-registry-token-expire-delay --default-artifacts-expire-in --default-branch-protection --default-group-visibility --default-project-visibility --default-snippet-visibility --default-projects-limit --disabled-oauth-sign-in-sources --domain-blacklist-enabled --no-domain-blacklist-enabled --domain-blacklist --domain-whitelist --rsa-key-restriction --dsa-key-restriction --ecdsa-key-restriction --ed25519-key-restriction --searchengine-cloud --no-searchengine-cloud --searchengine-cloud-access-key --searchengine-cloud-secret-access-key --searchengine-cloud-region --searchengine-experimental-indexer --no-searchengine-experimental-indexer --searchengine-indexing --no-searchengine-indexing --searchengine-search --no-searchengine-search --searchengine-url --email-author-in-body --no-email-author-in-body --enabled-git-access-protocol --geo-status-timeout --avatarservice-enabled --no-avatarservice-enabled --help-page-hide-commercial-content --no-help-page-hide-commercial-content --help-page-support-url --help-text --home-page-url --housekeeping-enabled --no-housekeeping-enabled --housekeeping-bitmaps-enabled --no-housekeeping-bitmaps-enabled --housekeeping-full-repack-period --housekeeping-gc-period --housekeeping-incremental-repack-period --html-emails-enabled --no-html-emails-enabled --import-sources --webide-enabled --no-webide-enabled --webide-url --max-artifacts-size --max-attachment-size --max-pages-size --metrics-enabled --no-metrics-enabled --metrics-host --metrics-method-call-threshold --metrics-packet-size --metrics-pool-size --metrics-sample-interval --metrics-timeout --metrics-port --password-authentication-enabled --no-password-authentication-enabled --performance-bar-allowed-group-id --performance-bar-enabled --no-performance-bar-enabled --diagram-enabled --no-diagram-enabled --diagram-url --polling-interval-multiplier --project-export-enabled --no-project-export-enabled --prometheus-metrics-enabled --no-prometheus-metrics-enabled --captcha-enabled --no-captcha-enabled --captcha-private-key --captcha-site-key --repository-checks-enabled --no-repository-checks-enabled --repository-size-limit --repository-storages --require-two-factor-authentication --no-require-two-factor-authentication --restricted-visibility-levels --send-user-confirmation-email --no-send-user-confirmation-email --errtracker-enabled --no-errtracker-enabled --errtracker-dsn --session-expire-delay --shared-runners-enabled --no-shared-runners-enabled --shared-runners-minutes --shared-runners-text --jobqueue-throttling-enabled --no-jobqueue-throttling-enabled --jobqueue-throttling-factor --jobqueue-throttling-queues --sign-in-text --signup-enabled --no-signup-enabled --chat-app-enabled --no-chat-app-enabled --chat-app-id --chat-app-secret --chat-app-verification-token --terminal-max-session-time --two-factor-grace-period --unique-ips-limit-enabled --no-unique-ips-limit-enabled --unique-ips-limit-per-user --unique-ips-limit-time-window --usage-ping-enabled --no-usage-ping-enabled --user-default-external --no-user-default-external --user-oauth-applications --no-user-oauth-applications --version-check-enabled --no-version-check-enabled -h --help --abuse-notification-email --akismet-api-key --akismet-enabled --no-akismet-enabled --sentry-clientside-dsn --clientside-sentry-enabled --no-clientside-sentry-enabled --domain-denylist-enabled --no-domain-denylist-enabled --domain-denylist --domain-allowlist --elasticsearch-aws --no-elasticsearch-aws --elasticsearch-aws-access-key --elasticsearch-aws-secret-access-key --elasticsearch-aws-region --elasticsearch-experimental-indexer --no-elasticsearch-experimental-indexer --elasticsearch-indexing --no-elasticsearch-indexing --elasticsearch-search --no-elasticsearch-search --elasticsearch-url --gravatar-enabled --no-gravatar-enabled --koding-enabled --no-koding-enabled --koding-url --password-authentication-enabled-for-web --no-password-authentication-enabled-for-web --plantuml-enabled --no-plantuml-enabled --plantuml-url --recaptcha-enabled --no-recaptcha-enabled --recaptcha-private-key --recaptcha-site-key --sentry-enabled --no-sentry-enabled --sentry-dsn --sidekiq-throttling-enabled --no-sidekiq-throttling-enabled --sidekiq-throttling-factor --sidekiq-throttling-queues --slack-app-enabled --no-slack-app-enabled --slack-app-id --slack-app-secret --slack-app-verification-token ' _collab_vflags=' --admin-notification-email --after-sign-out-path --after-sign-up-text --spamfilter-api-key --clientside-errtracker-dsn --container-registry-token-expire-delay --default-artifacts-expire-in --default-branch-protection --default-group-visibility --default-project-visibility --default-snippet-visibility --default-projects-limit --disabled-oauth-sign-in-sources --domain-blacklist --domain-whitelist --rsa-key-restriction --dsa-key-restriction --ecdsa-key-restriction --ed25519-key-restriction --searchengine-cloud-access-key --searchengine-cloud-secret-access-key --searchengine-cloud-region --searchengine-url --enabled-git-access-protocol --geo-status-timeout --help-page-support-url --help-text --home-page-url --housekeeping-full-repack-period --housekeeping-gc-period --housekeeping-incremental-repack-period --import-sources --webide-url --max-artifacts-size --max-attachment-size --max-pages-size --metrics-host --metrics-method-call-threshold --metrics-packet-size --metrics-pool-size --metrics-sample-interval --metrics-timeout --metrics-port --performance-bar-allowed-group-id --diagram-url --polling-interval-multiplier --captcha-private-key --captcha-site-key --repository-size-limit --repository-storages --restricted-visibility-levels --errtracker-dsn --session-expire-delay --shared-runners-minutes --shared-runners-text --jobqueue-throttling-factor --jobqueue-throttling-queues --sign-in-text --chat-app-id --chat-app-secret --chat-app-verification-token --terminal-max-session-time --two-factor-grace-period --unique-ips-limit-per-user --unique-ips-limit-time-window --abuse-notification-email --akismet-api-key --sentry-clientside-dsn --domain-denylist --domain-allowlist --elasticsearch-aws-access-key --elasticsearch-aws-secret-access-key --elasticsearch-aws-region --elasticsearch-url --koding-url --plantuml-url --recaptcha-private-key --recaptcha-site-key --sentry-dsn --sidekiq-throttling-factor --sidekiq-throttling-queues --slack-app-id --slack-app-secret --slack-app-verification-token ' ;;
    'auth') _collab_kids='login status logout token' _collab_flags=' -h --help ' _collab_vflags='  ' ;;
    'auth login') _collab_kids='' _collab_flags=' --token-stdin --oauth -h --help ' _collab_vflags='  ' ;;
    'auth status') _collab_kids='' _collab_flags=' -h --help ' _collab_vflags='  ' ;;
    'auth logout') _collab_kids='' _collab_flags=' -h --help ' _collab_vflags='  ' ;;
    'auth token') _collab_kids='' _collab_flags=' -h --help ' _collab_vflags='  ' ;;
    'config') _collab_kids='get set unset list' _collab_flags=' -h --help ' _collab_vflags='  ' ;;
    'config get') _collab_kids='' _collab_flags=' -h --help ' _collab_vflags='  ' ;;
    'config set') _collab_kids='' _collab_flags=' -h --help ' _collab_vflags='  ' ;;
    'config unset') _collab_kids='' _collab_flags=' -h --help ' _collab_vflags='  ' ;;
    'config list') _collab_kids='' _collab_flags=' -h --help ' _collab_vflags='  ' ;;
    'api') _collab_kids='' _collab_flags=' -X --method -f --raw-field -F --field -H --input --paginate -i --include -h --help ' _collab_vflags=' -X --method -f --raw-field -F --field -H --input ' ;;
    'completion') _collab_kids='bash zsh fish' _collab_flags=' -h --help ' _collab_vflags='  ' ;;
    'sandbox') _collab_kids='' _collab_flags=' --port --bind --seed --latency --bandwidth --artifact-mb --flavor -h --help ' _collab_vflags=' --port --bind --seed --latency --bandwidth --artifact-mb --flavor ' ;;
    'help') _collab_kids='environment exit-codes issue board mr job project group namespace user settings auth config api completion sandbox' _collab_flags=' -h --help ' _collab_vflags='  ' ;;
    *) _collab_kids='' _collab_flags=' ' _collab_vflags=' ' ;;
  esac
}

# REPLY: the command path after word $2 at path $1 (aliases resolved); fails for a positional argument.
_collab_child() {
  case "$1/$2" in
    '/issue') REPLY='issue' ;;
    '/board') REPLY='board' ;;
    '/mr') REPLY='mr' ;;
    '/job') REPLY='job' ;;
    '/project') REPLY='project' ;;
    '/group') REPLY='group' ;;
    '/namespace') REPLY='namespace' ;;
    '/user') REPLY='user' ;;
    '/settings') REPLY='settings' ;;
    '/auth') REPLY='auth' ;;
    '/config') REPLY='config' ;;
    '/api') REPLY='api' ;;
    '/completion') REPLY='completion' ;;
    '/sandbox') REPLY='sandbox' ;;
    '/help') REPLY='help' ;;
    'issue/list'|'issue/ls') REPLY='issue list' ;;
    'issue/view'|'issue/show') REPLY='issue view' ;;
    'issue/create'|'issue/new') REPLY='issue create' ;;
    'issue/update'|'issue/edit') REPLY='issue update' ;;
    'issue/close') REPLY='issue close' ;;
    'issue/reopen') REPLY='issue reopen' ;;
    'issue/delete'|'issue/rm') REPLY='issue delete' ;;
    'issue/move') REPLY='issue move' ;;
    'issue/subscribe') REPLY='issue subscribe' ;;
    'issue/unsubscribe') REPLY='issue unsubscribe' ;;
    'issue/todo') REPLY='issue todo' ;;
    'issue/estimate') REPLY='issue estimate' ;;
    'issue/reset-estimate') REPLY='issue reset-estimate' ;;
    'issue/spend') REPLY='issue spend' ;;
    'issue/reset-spent') REPLY='issue reset-spent' ;;
    'issue/time-stats') REPLY='issue time-stats' ;;
    'issue/note'|'issue/comment') REPLY='issue note' ;;
    'issue/notes'|'issue/comments') REPLY='issue notes' ;;
    'issue/closed-by') REPLY='issue closed-by' ;;
    'issue/user-agent') REPLY='issue user-agent' ;;
    'board/list'|'board/ls') REPLY='board list' ;;
    'board/lists') REPLY='board lists' ;;
    'board/list-view') REPLY='board list-view' ;;
    'board/list-create') REPLY='board list-create' ;;
    'board/list-move') REPLY='board list-move' ;;
    'board/list-delete') REPLY='board list-delete' ;;
    'mr/list'|'mr/ls') REPLY='mr list' ;;
    'mr/view'|'mr/show') REPLY='mr view' ;;
    'mr/create'|'mr/new') REPLY='mr create' ;;
    'mr/update'|'mr/edit') REPLY='mr update' ;;
    'mr/close') REPLY='mr close' ;;
    'mr/reopen') REPLY='mr reopen' ;;
    'mr/delete'|'mr/rm') REPLY='mr delete' ;;
    'mr/note'|'mr/comment') REPLY='mr note' ;;
    'mr/notes'|'mr/comments') REPLY='mr notes' ;;
    'mr/merge'|'mr/accept') REPLY='mr merge' ;;
    'mr/cancel-auto-merge') REPLY='mr cancel-auto-merge' ;;
    'mr/approvals') REPLY='mr approvals' ;;
    'mr/jobs'|'mr/pipelines'|'mr/checks') REPLY='mr jobs' ;;
    'mr/approve') REPLY='mr approve' ;;
    'mr/unapprove') REPLY='mr unapprove' ;;
    'mr/commits') REPLY='mr commits' ;;
    'mr/changes'|'mr/diff') REPLY='mr changes' ;;
    'mr/closes-issues') REPLY='mr closes-issues' ;;
    'mr/versions') REPLY='mr versions' ;;
    'mr/version') REPLY='mr version' ;;
    'mr/subscribe') REPLY='mr subscribe' ;;
    'mr/unsubscribe') REPLY='mr unsubscribe' ;;
    'mr/todo') REPLY='mr todo' ;;
    'job/list'|'job/ls') REPLY='job list' ;;
    'job/view'|'job/show') REPLY='job view' ;;
    'job/trace'|'job/log') REPLY='job trace' ;;
    'job/artifacts') REPLY='job artifacts' ;;
    'job/artifact') REPLY='job artifact' ;;
    'job/cancel') REPLY='job cancel' ;;
    'job/retry') REPLY='job retry' ;;
    'job/play') REPLY='job play' ;;
    'job/erase') REPLY='job erase' ;;
    'job/keep') REPLY='job keep' ;;
    'project/list'|'project/ls') REPLY='project list' ;;
    'project/view'|'project/show') REPLY='project view' ;;
    'project/users') REPLY='project users' ;;
    'project/forks') REPLY='project forks' ;;
    'project/create'|'project/new') REPLY='project create' ;;
    'project/update'|'project/edit') REPLY='project update' ;;
    'project/delete'|'project/rm') REPLY='project delete' ;;
    'project/fork') REPLY='project fork' ;;
    'project/star') REPLY='project star' ;;
    'project/unstar') REPLY='project unstar' ;;
    'project/archive') REPLY='project archive' ;;
    'project/unarchive') REPLY='project unarchive' ;;
    'project/upload') REPLY='project upload' ;;
    'group/list'|'group/ls') REPLY='group list' ;;
    'group/view'|'group/show') REPLY='group view' ;;
    'group/projects') REPLY='group projects' ;;
    'group/create'|'group/new') REPLY='group create' ;;
    'group/update'|'group/edit') REPLY='group update' ;;
    'group/delete'|'group/rm') REPLY='group delete' ;;
    'group/transfer-project') REPLY='group transfer-project' ;;
    'group/ldap-sync') REPLY='group ldap-sync' ;;
    'group/ldap-link') REPLY='group ldap-link' ;;
    'group ldap-link/add') REPLY='group ldap-link add' ;;
    'group ldap-link/delete'|'group ldap-link/rm') REPLY='group ldap-link delete' ;;
    'namespace/list'|'namespace/ls') REPLY='namespace list' ;;
    'user/list'|'user/ls') REPLY='user list' ;;
    'user/view'|'user/show') REPLY='user view' ;;
    'user/me'|'user/whoami') REPLY='user me' ;;
    'user/create') REPLY='user create' ;;
    'user/update'|'user/edit') REPLY='user update' ;;
    'user/delete'|'user/rm') REPLY='user delete' ;;
    'user/block') REPLY='user block' ;;
    'user/unblock') REPLY='user unblock' ;;
    'user/activities') REPLY='user activities' ;;
    'user/key') REPLY='user key' ;;
    'user/gpg-key') REPLY='user gpg-key' ;;
    'user/email') REPLY='user email' ;;
    'user/token') REPLY='user token' ;;
    'user key/list'|'user key/ls') REPLY='user key list' ;;
    'user key/view'|'user key/show') REPLY='user key view' ;;
    'user key/add'|'user key/create') REPLY='user key add' ;;
    'user key/delete'|'user key/rm') REPLY='user key delete' ;;
    'user gpg-key/list'|'user gpg-key/ls') REPLY='user gpg-key list' ;;
    'user gpg-key/view'|'user gpg-key/show') REPLY='user gpg-key view' ;;
    'user gpg-key/add'|'user gpg-key/create') REPLY='user gpg-key add' ;;
    'user gpg-key/delete'|'user gpg-key/rm') REPLY='user gpg-key delete' ;;
    'user email/list'|'user email/ls') REPLY='user email list' ;;
    'user email/view'|'user email/show') REPLY='user email view' ;;
    'user email/add'|'user email/create') REPLY='user email add' ;;
    'user email/delete'|'user email/rm') REPLY='user email delete' ;;
    'user token/list'|'user token/ls') REPLY='user token list' ;;
    'user token/view'|'user token/show') REPLY='user token view' ;;
    'user token/create') REPLY='user token create' ;;
    'user token/revoke'|'user token/delete') REPLY='user token revoke' ;;
    'settings/view'|'settings/show') REPLY='settings view' ;;
    'settings/update'|'settings/set') REPLY='settings update' ;;
    'auth/login') REPLY='auth login' ;;
    'auth/status') REPLY='auth status' ;;
    'auth/logout') REPLY='auth logout' ;;
    'auth/token') REPLY='auth token' ;;
    'config/get') REPLY='config get' ;;
    'config/set') REPLY='config set' ;;
    'config/unset') REPLY='config unset' ;;
    'config/list'|'config/ls') REPLY='config list' ;;
    *) return 1 ;;
  esac
}

# REPLY: the values of flag $2 at path $1 (path '' for the global flags): words, __file or __dir.
_collab_values() {
  case "$1|$2" in
    '|-o'|'|--output') REPLY='table tsv json ndjson' ;;
    '|--color') REPLY='always never auto' ;;
    'issue list|-s'|'issue list|--state') REPLY='opened closed all' ;;
    'issue list|--scope') REPLY='created-by-me assigned-to-me all' ;;
    'issue list|--order-by') REPLY='created_at updated_at' ;;
    'issue list|--sort') REPLY='asc desc' ;;
    'issue create|--description-file') REPLY='__file' ;;
    'issue update|--description-file') REPLY='__file' ;;
    'issue update|--state-event') REPLY='close reopen' ;;
    'issue notes|--order-by') REPLY='created_at updated_at' ;;
    'issue notes|--sort') REPLY='asc desc' ;;
    'mr list|-s'|'mr list|--state') REPLY='opened closed merged all' ;;
    'mr list|--order-by') REPLY='created_at updated_at' ;;
    'mr list|--sort') REPLY='asc desc' ;;
    'mr list|--view') REPLY='simple' ;;
    'mr list|--scope') REPLY='created-by-me assigned-to-me all' ;;
    'mr create|--description-file') REPLY='__file' ;;
    'mr update|--description-file') REPLY='__file' ;;
    'mr notes|--order-by') REPLY='created_at updated_at' ;;
    'mr notes|--sort') REPLY='asc desc' ;;
    'mr jobs|--scope') REPLY='created pending running failed success canceled skipped manual' ;;
    'job list|--scope') REPLY='created pending running failed success canceled skipped manual' ;;
    'job artifacts|-d'|'job artifacts|--dest') REPLY='__file' ;;
    'job artifacts|-x'|'job artifacts|--extract') REPLY='__dir' ;;
    'job artifact|-d'|'job artifact|--dest') REPLY='__file' ;;
    'project list|--visibility') REPLY='private internal public' ;;
    'project list|--order-by') REPLY='id name path created_at updated_at last_activity_at' ;;
    'project list|--sort') REPLY='asc desc' ;;
    'project forks|--visibility') REPLY='private internal public' ;;
    'project forks|--order-by') REPLY='id name path created_at updated_at last_activity_at' ;;
    'project forks|--sort') REPLY='asc desc' ;;
    'project create|--visibility') REPLY='private internal public' ;;
    'project create|--avatar') REPLY='__file' ;;
    'project update|--visibility') REPLY='private internal public' ;;
    'project update|--avatar') REPLY='__file' ;;
    'group list|--order-by') REPLY='name path' ;;
    'group list|--sort') REPLY='asc desc' ;;
    'group projects|--visibility') REPLY='private internal public' ;;
    'group projects|--order-by') REPLY='id name path created_at updated_at last_activity_at' ;;
    'group projects|--sort') REPLY='asc desc' ;;
    'group create|--visibility') REPLY='private internal public' ;;
    'group update|--visibility') REPLY='private internal public' ;;
    'group ldap-link add|--group-access') REPLY='guest reporter developer maintainer owner 10 20 30 40 50' ;;
    'user key add|--key-file') REPLY='__file' ;;
    'user gpg-key add|--key-file') REPLY='__file' ;;
    'user token list|--state') REPLY='all active inactive' ;;
    'user token create|--scopes') REPLY='api read_user' ;;
    'settings update|--default-group-visibility') REPLY='private internal public' ;;
    'settings update|--default-project-visibility') REPLY='private internal public' ;;
    'settings update|--default-snippet-visibility') REPLY='private internal public' ;;
    'settings update|--enabled-git-access-protocol') REPLY='ssh http nil all' ;;
    'settings update|--restricted-visibility-levels') REPLY='private internal public' ;;
    'api|--input') REPLY='__file' ;;
    *) return 1 ;;
  esac
}

# Whether flag $1 takes a value at the current command (set by _collab_node).
_collab_takes_value() {
  [[ $_collab_vflags == *" $1 "* ]] && return 0
  [[ $_collab_flags == *" $1 "* ]] && return 1
  [[ $_collab_gvflags == *" $1 "* ]]
}

_collab() {
  local cur=${COMP_WORDS[COMP_CWORD]} cmdpath='' pending='' word flag i REPLY
  local _collab_kids _collab_flags _collab_vflags
  local dashdash=0
  COMPREPLY=()
  for ((i = 1; i < COMP_CWORD; i++)); do
    word=${COMP_WORDS[i]}
    if ((dashdash == 0)) && [[ $word == -- ]]; then
      dashdash=1
    elif ((dashdash == 0)) && [[ $word == -* ]]; then
      _collab_node "$cmdpath"
      if _collab_takes_value "$word"; then
        # --flag value, or --flag = value when = is a word break
        if [[ $word == --* && ${COMP_WORDS[i + 1]} == = ]]; then ((i++)); fi
        if ((i + 1 == COMP_CWORD)); then pending=$word; fi
        ((i++))
      fi
    elif _collab_child "$cmdpath" "$word"; then
      cmdpath=$REPLY
    fi
  done
  _collab_node "$cmdpath"
  if [[ -z $pending && $cur == = && ${COMP_WORDS[COMP_CWORD - 1]} == --* ]] && _collab_takes_value "${COMP_WORDS[COMP_CWORD - 1]}"; then
    pending=${COMP_WORDS[COMP_CWORD - 1]} cur=''
  fi
  if [[ -n $pending ]]; then
    REPLY=''
    _collab_values "$cmdpath" "$pending" || { [[ $_collab_flags != *" $pending "* ]] && _collab_values '' "$pending"; }
    case $REPLY in
      __file | __dir)
        local -a found
        if [[ $REPLY == __dir ]]; then
          IFS=$'\n' read -r -d '' -a found < <(compgen -d -- "$cur")
        else
          IFS=$'\n' read -r -d '' -a found < <(compgen -f -- "$cur")
        fi
        COMPREPLY=("${found[@]}")
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
  fi
  return 0
}

complete -F _collab collab
