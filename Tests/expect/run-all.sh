#!/usr/bin/env bash
# Runs every expect script (*.exp), shell flow (flow-*.sh), tmux test (tmux-*.sh, common-tmux.sh) and Python script (../pexpect/*.py, the
# automation guide's pexpect and headless examples) against the built phone and prints
# "N passed, N failed".
# SOFTPHONE_BIN: the binary to test (make test sets it to the debug build).
set -u
here=$(cd "$(dirname "$0")" && pwd)
export SOFTPHONE_BIN=${SOFTPHONE_BIN:-$here/../../.build/debug/softphone}
[ -x "$SOFTPHONE_BIN" ] || { echo "expect tests: no phone binary at $SOFTPHONE_BIN (run swift build first)"; exit 1; }
passed=0; failed=0
for script in "$here"/*.exp "$here"/flow-*.sh "$here"/tmux-*.sh "$here"/../pexpect/*.py; do
  name=$(basename "$script")
  work=$(mktemp -d /tmp/softphone-expect-XXXXXX)
  case "$script" in *.exp) runner=(expect -f) ;; *.py) runner=(python3) ;; *) runner=(bash) ;; esac
  # A script that hangs fails instead of holding up the whole run.
  if SOFTPHONE_WORK=$work timeout 300 "${runner[@]}" "$script" >"$work/log" 2>&1; then
    echo "expect: $name passed"; passed=$((passed + 1)); rm -rf "$work"
  else
    echo "expect: $name FAILED (log below, files in $work)"; sed 's/^/  | /' "$work/log" | tail -n 60; failed=$((failed + 1))
  fi
done
echo "expect: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
