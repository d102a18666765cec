#!/usr/bin/env bash
# Two flows on one phone: the second flow's waits look only at what comes after the first call
# ended (--after-call 1), so the first call's events never answer them.
set -euo pipefail
bin=$SOFTPHONE_BIN
sock=$SOFTPHONE_WORK/p.sock
"$bin" --plain --no-audio --socket "$sock" --data-dir "$SOFTPHONE_WORK/data" < /dev/null > "$SOFTPHONE_WORK/phone.log" &
phone=$!
trap 'kill $phone 2>/dev/null || true' EXIT
"$bin" wait phone.ready --socket "$sock" --timeout 10
# The first flow: declined.
"$bin" call --from "First" --socket "$sock"
"$bin" key d --socket "$sock"
"$bin" wait call.ended --where reason=declined --socket "$sock"
# The second flow: the same waits, after call 1.
"$bin" call --from "Second" --socket "$sock"
"$bin" wait call.incoming --after-call 1 --socket "$sock" | grep -q '"caller":"Second"'
"$bin" key a --socket "$sock"
"$bin" key d --socket "$sock"
"$bin" wait call.ended --after-call 1 --socket "$sock" | grep -q '"reason":"local"'
"$bin" key q --socket "$sock"
wait $phone
echo "flows passed"
