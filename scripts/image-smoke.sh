#!/bin/sh
# The image's smoke test (Dockerfile), which test/e2e/package.test.ts also runs against the built
# executable, as a user other than root, with no Node on the PATH: collab's own sandbox, then real
# commands against it (a listing, and artifacts fetched and extracted as inside a CI job).
set -eu
collab --version
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
collab sandbox --port 0 -o json >"$work/sandbox.json" &
sandbox=$!
tries=0
until grep -q '"url"' "$work/sandbox.json" 2>/dev/null; do
  tries=$((tries + 1))
  if [ "$tries" -gt 300 ]; then echo "smoke: the sandbox did not start" >&2; exit 1; fi
  sleep 0.1
done
url=$(sed -n 's/^{"url":"\([^"]*\)".*/\1/p' "$work/sandbox.json")
COLLAB_HOST=$url COLLAB_TOKEN=sandbox-admin-token collab issue list -p acme/platform/api --per-page 3 -o ndjson >"$work/issues"
test "$(wc -l <"$work/issues")" -eq 3
CI=true CI_SERVER_URL=$url CI_PROJECT_ID=1 CI_JOB_TOKEN=sandbox-job-token \
  collab job artifacts --ref main --job package --extract "$work/artifacts"
test -s "$work/artifacts/dist/app/version.txt"
kill -INT "$sandbox"
wait "$sandbox"
echo "smoke: ok"
