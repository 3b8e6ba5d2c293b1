#!/usr/bin/env bash
# Every vitest project, in two runs side by side: the browser tests (one file at a time: one Chromium
# and the one server their global setup starts) and the rest (the server tests on both backends and
# the unit tests, two files at a time). In one run vitest puts the browser tests after everything
# else, one file at a time with a core idle: about 12 of the suite's 20 minutes.
# Arguments go to both runs (a file or -t filter); a run that then has no file of its own passes.
# Exits non-zero when either run fails. The browser run's lines are prefixed with "e2e │ ".
set -uo pipefail
cd "$(dirname "$0")/.."

vitest=node_modules/.bin/vitest
"$vitest" run --project e2e --passWithNoTests "$@" > >(sed -u 's/^/e2e │ /') 2>&1 &
browser=$!
trap 'kill "$browser" 2>/dev/null' INT TERM

"$vitest" run --project unit --project pglite --project postgres --passWithNoTests "$@"
rest=$?

wait "$browser"
browser_status=$?
wait # the prefixing of its last lines
echo "server and unit tests: $([ "$rest" -eq 0 ] && echo passed || echo "FAILED ($rest)");" \
  "browser tests: $([ "$browser_status" -eq 0 ] && echo passed || echo "FAILED ($browser_status)")"
[ "$rest" -eq 0 ] && [ "$browser_status" -eq 0 ]
