#!/usr/bin/env bash
# The README's shell example: a whole call flow driven with `wait`, no sleeps.
set -euo pipefail
bin=$SOFTPHONE_BIN
sock=$SOFTPHONE_WORK/p.sock
"$bin" --plain --no-audio --socket "$sock" --data-dir "$SOFTPHONE_WORK/data" < /dev/null > "$SOFTPHONE_WORK/phone.log" &
phone=$!
trap 'kill $phone 2>/dev/null || true' EXIT
"$bin" wait phone.ready --socket "$sock" --timeout 10   # also waits for the phone to start
"$bin" call --from "Zoë" --socket "$sock"
"$bin" wait call.incoming --socket "$sock"
"$bin" key a --socket "$sock"
"$bin" key d --socket "$sock"
"$bin" wait call.ended --where reason=local --socket "$sock"
"$bin" key q --socket "$sock"
wait $phone
grep -q '^ENDED call=1 reason=local' "$SOFTPHONE_WORK/phone.log"
echo "flow passed"
