#!/usr/bin/env bash
# Two flows on one phone: `wait --new` looks only at what happens after it starts, so the second
# flow's wait is not answered by the first call's end.
set -euo pipefail
bin=$SOFTPHONE_BIN
sock=$SOFTPHONE_WORK/p.sock
"$bin" --plain --no-audio --socket "$sock" --data-dir "$SOFTPHONE_WORK/data" < /dev/null > "$SOFTPHONE_WORK/phone.log" &
phone=$!
trap 'kill $phone 2>/dev/null || true' EXIT
"$bin" wait phone.ready --socket "$sock" --timeout 10
for flow in 1 2; do
    "$bin" wait call.ended --new --timeout 10 --socket "$sock" > "$SOFTPHONE_WORK/ended.json" &
    waiter=$!
    "$bin" wait call.ended --new --timeout 0.3 --socket "$sock" 2>/dev/null && exit 1   # nothing new yet
    "$bin" call --from "Flow $flow" --socket "$sock"
    "$bin" key d --socket "$sock"
    wait $waiter
    grep -q "\"call\":$flow," "$SOFTPHONE_WORK/ended.json"
done
"$bin" key q --socket "$sock"
wait $phone
echo "flows passed"
