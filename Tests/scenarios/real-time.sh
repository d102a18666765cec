#!/usr/bin/env bash
# Runs scenario files in real time against running phones, as a demo would: one phone for each
# run of scenarios that need the same app, settings and rules (started with the flags their
# `app`, `set` and `rule` lines ask for), the scenarios back to back on it.
#
# usage: Tests/scenarios/real-time.sh [SCENARIO...]   (default: every file in Assets/Scenarios)
# SOFTPHONE_BIN picks the binary (default: the debug build). Exit status: softphone scenario's.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=${SOFTPHONE_BIN:-$root/.build/debug/softphone}
work=$(mktemp -d)
phone=
trap 'if [ -n "$phone" ]; then kill "$phone" 2>/dev/null || true; fi; rm -rf "$work"' EXIT
[ $# -gt 0 ] || set -- "$root"/Assets/Scenarios/*.scenario

# The phone's flags for a scenario: its app (voip when none), settings, rules and build.
flags() {
    local app
    app=$(sed -n 's/^app[[:space:]]\{1,\}\([^[:space:]#]*\).*/\1/p' "$1" | head -n 1)
    printf -- '--app %s' "${app:-voip}"
    sed -n 's/^set[[:space:]]\{1,\}\([^[:space:]#]*\).*/ --set \1/p' "$1" | sort | tr -d '\n'
    sed -n 's/^rule[[:space:]]\{1,\}\([^[:space:]#]*\).*/ --rule \1/p' "$1" | tr -d '\n'
    sed -n 's/^build[[:space:]]\{1,\}\([^[:space:]#]*\).*/ --build \1/p' "$1" | tr -d '\n'
}

status=0 current= batch=() count=0
run_batch() {
    [ ${#batch[@]} -gt 0 ] || return 0
    count=$((count + 1))
    local sock=$work/phone$count.sock
    # shellcheck disable=SC2086  # the flags are words
    "$bin" --plain --no-audio --socket "$sock" --data-dir "$work/data$count" $current < /dev/null > "$work/phone$count.log" 2>&1 &
    phone=$!
    "$bin" wait phone.ready --socket "$sock" --timeout 20 > /dev/null
    "$bin" scenario --real-time --socket "$sock" "${batch[@]}" || status=$?
    "$bin" key q --socket "$sock" > /dev/null || true
    wait "$phone" || true
    phone=
    batch=()
}
for file in "$@"; do
    wanted=$(flags "$file")
    if [ "$wanted" != "$current" ]; then run_batch; current=$wanted; fi
    batch+=("$file")
done
run_batch
exit "$status"
