#!/usr/bin/env bash
# The release binary as `make run` builds it (lld, the symbol order, static libstdc++; see
# Package.swift): it starts, takes a call over its socket, answers and hangs up on keys, and quits.
# Usage: Tests/release/smoke.sh PATH/TO/release/softphone
set -euo pipefail
binary=${1:?usage: smoke.sh PATH/TO/softphone}
work=$(mktemp -d)
trap 'exec 3>&- 2>/dev/null || true; rm -rf "$work"' EXIT
mkfifo "$work/keys"
"$binary" --plain --no-audio --socket "$work/phone.sock" --data-dir "$work/data" < "$work/keys" > "$work/out" &
phone=$!
exec 3> "$work/keys"
wait_for() {  # a line of the phone's output starting with $1, within 10 s
  for _ in $(seq 100); do grep -q "^$1" "$work/out" && return 0; sleep 0.1; done
  echo "release smoke: no '$1' line from $binary; it printed:" >&2; cat "$work/out" >&2; exit 1
}
wait_for READY
"$binary" call --from Smoke --socket "$work/phone.sock" > /dev/null
wait_for INCOMING
printf a >&3; wait_for CONNECTED
printf d >&3; wait_for ENDED
printf q >&3; exec 3>&-
wait "$phone"
echo "release smoke: $binary started, rang, answered, hung up and quit"
