#!/usr/bin/env bash
# An app of Tests/iOSApps rung through its own binary, as a developer runs theirs: a call pushed
# to it rings, `a` answers it, `d` hangs it up, and the app's own code saw each step (its NSLog
# lines, from its Combine sink and provider delegate, are on standard error).
# Then the phone is unlocked and the app opened: the app logs a line of its foreground (a
# scene-based app's scene delegate, which a launch in the background does not connect).
# With call-back, the ended call is then called back from Recents (`r`, `c`): the app gets the
# call intent and starts an outgoing call, which `d` hangs up.
# Usage: Tests/iOSApps/ring.sh PATH/TO/APP 'LINES THE APP LOGS BEFORE IT IS OPENED' ['LINE IT LOGS WHEN OPENED'] [call-back]
# (the lines one per line, each looked for in what the app wrote)
set -euo pipefail
app=$1
in_call_log=$2
opened_log=${3:-}
call_back=${4:-}
name=$(basename "$app")
dir=$(mktemp -d)
socket=$dir/control.sock
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$dir"' EXIT

"$app" --plain --no-audio --socket "$socket" --data-dir "$dir/data" >"$dir/out" 2>"$dir/err" &
pid=$!
fail() { echo "$name: $1"; echo "--- plain output"; cat "$dir/out"; echo "--- stderr"; cat "$dir/err"; exit 1; }
"$app" wait phone.ready --socket "$socket" --timeout 20 >/dev/null || fail "the phone did not start"

"$app" call --from "Zoë" --handle +15551234 --socket "$socket" >/dev/null
"$app" wait call.incoming --where handle=+15551234 --socket "$socket" --timeout 5 >/dev/null || fail "no incoming call: the app did not report the push"
"$app" key a --socket "$socket" >/dev/null
"$app" wait call.connected --socket "$socket" --timeout 5 >/dev/null || fail "a did not answer: the app's answer action did not connect"
"$app" key d --socket "$socket" >/dev/null
"$app" wait call.ended --where reason=local --socket "$socket" --timeout 5 >/dev/null || fail "d did not hang up"
if [[ $call_back == call-back ]]; then
    "$app" key r --socket "$socket" >/dev/null
    "$app" key c --socket "$socket" >/dev/null
    "$app" wait call.outgoing --where handle=+15551234 --socket "$socket" --timeout 5 >/dev/null || fail "the call-back from Recents started no outgoing call"
    "$app" wait call.connected --where call=2 --socket "$socket" --timeout 5 >/dev/null || fail "the called-back call did not connect"
    "$app" key d --socket "$socket" >/dev/null
    "$app" wait call.ended --where call=2 --socket "$socket" --timeout 5 >/dev/null || fail "d did not hang up the called-back call"
fi
if [[ -n $opened_log ]]; then
    grep -qF "$opened_log" "$dir/err" && fail "the app logged \"$opened_log\" before it was opened"
    "$app" unlock --socket "$socket" >/dev/null
    "$app" app foreground --socket "$socket" >/dev/null
    "$app" wait app.state --where state=foreground --socket "$socket" --timeout 5 >/dev/null || fail "the app did not come to the foreground"
fi
kill -TERM "$pid"
wait "$pid" 2>/dev/null || true

grep -q "ACTION call=1 action=answer outcome=fulfilled" "$dir/out" || fail "the app did not fulfil the answer action"
grep -q "ACTION call=1 action=end outcome=fulfilled" "$dir/out" || fail "the app did not fulfil the end action"
grep -q "RULE" "$dir/out" && fail "the app broke an iOS rule"
while IFS= read -r line; do
    grep -qF "$line" "$dir/err" || fail "the app did not log \"$line\""
done <<<"$in_call_log"
[[ -z $opened_log ]] || grep -qF "$opened_log" "$dir/err" || fail "the app did not log \"$opened_log\" once opened"
echo "$name: rang, answered with a, hung up with d${call_back:+, called back from Recents}; the app logged \"${in_call_log//$'\n'/\", \"}\"${opened_log:+, and \"$opened_log\" once opened}"
