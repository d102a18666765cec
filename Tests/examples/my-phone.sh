#!/usr/bin/env bash
# The example package's own phone (Examples/MyPhoneApp), as a developer runs theirs: in plain
# mode, its iOS call code answers and hangs up a call, and gives up on an unanswered one after the
# ring timeout set in its Settings (a Dispatch asyncAfter on the real clock, which the phone's loop
# runs when libdispatch wakes it).
# Usage: Tests/examples/my-phone.sh PATH/TO/my-phone
set -euo pipefail
phone=$1
dir=$(mktemp -d)
socket=$dir/control.sock
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$dir"' EXIT

"$phone" --plain --no-audio --socket "$socket" --data-dir "$dir/data" --set ringTimeout=2 >"$dir/out" 2>"$dir/err" &
pid=$!
"$phone" wait phone.ready --socket "$socket" --timeout 10 >/dev/null

fail() { echo "my-phone: $1"; echo "--- plain output"; cat "$dir/out"; echo "--- stderr"; cat "$dir/err"; exit 1; }

# Answered and hung up: the provider delegate's answer and end actions reach the app's server.
"$phone" call --from "Zoë" --handle +15551234 --socket "$socket" >/dev/null
"$phone" wait call.incoming --where caller=Zoë --socket "$socket" --timeout 5 >/dev/null || fail "no incoming call"
"$phone" key a --socket "$socket" >/dev/null
"$phone" wait server.request --where name=answer --socket "$socket" --timeout 5 >/dev/null || fail "the app did not answer"
"$phone" key d --socket "$socket" >/dev/null
"$phone" wait call.ended --where reason=local --socket "$socket" --timeout 5 >/dev/null || fail "the call did not end"

# Unanswered: the app's own ring timeout, 2 s from --set, ends it.
start=$(date +%s%N)
"$phone" call --from "Ada" --handle +15550002 --socket "$socket" >/dev/null
"$phone" wait call.ended --where reason=unanswered --socket "$socket" --timeout 10 >/dev/null || fail "the app's ring timeout did not end the call"
elapsed_ms=$(( ($(date +%s%N) - start) / 1000000 ))
(( elapsed_ms >= 1900 )) || fail "the call ended after ${elapsed_ms} ms, before the app's 2 s timeout"
grep -q "VoIP token:" "$dir/err" || fail "the app's NSLog line is not on stderr"

kill -TERM "$pid"
wait "$pid" 2>/dev/null || true

# Full screen: the app's NSLog lines are its log (app.log, on the event log), not text over the screen.
tmux_socket=$dir/tmux.sock
tmux -S "$tmux_socket" new-session -d -x 80 -y 24 "$phone --no-audio --socket $socket --data-dir $dir/data2"
trap 'tmux -S "$tmux_socket" kill-server 2>/dev/null || true; rm -rf "$dir"' EXIT
"$phone" wait app.log --where by=app --socket "$socket" --timeout 10 >/dev/null || fail "full screen: the app's NSLog line is not an app.log event"
"$phone" events --socket "$socket" | grep -q '"message":"VoIP token: ' || fail "full screen: the app.log event is not the app's NSLog line"
if tmux -S "$tmux_socket" capture-pane -p | grep -q "VoIP token"; then fail "full screen: the app's NSLog line is written over the screen"; fi
tmux -S "$tmux_socket" send-keys q
echo "my-phone: answered, hung up, unanswered after the app's ${elapsed_ms} ms ring timeout; NSLog full screen is the app's log"
