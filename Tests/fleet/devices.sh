#!/usr/bin/env bash
# Several devices per user against a real backend (Tests/fleet/devices-backend.py, aioapns): two
# fleets of 20 users with 2 phones each; one backend sends the other device its ending push when
# one answers, the other forgets to. The first fleet's summary has no call ringing on and every
# other device ended answered-elsewhere; the second lists every user in rang_on_after_answer.
# Needs the PyPI clients `make test` installs in .build/apns-venv.
# Usage: APNS_PYTHON=.build/apns-venv/bin/python Tests/fleet/devices.sh PATH/TO/softphone
name="fleet devices"
here=$(cd "$(dirname "$0")" && pwd)
source "$here/backend-setup.sh"
users=20

fleets=()
start() {  # NAME [backend options]
  local run=$1; shift
  local apns_port webhook_port
  apns_port=$(free_port)
  webhook_port=$(free_port)
  "$python" "$here/devices-backend.py" --apns-port "$apns_port" --ca "$dir/credentials/ca.pem" --auth-key "$key" --team "$team" \
    --webhook-port "$webhook_port" --users "$users" --devices 2 "$@" >"$dir/$run-backend.out" 2>"$dir/$run-backend.err" &
  pids+=($!)
  for _ in $(seq 100); do [ -s "$dir/$run-backend.out" ] && break; sleep 0.1; done
  "$softphone" fleet --phones $((2 * users)) --devices-per-user 2 --answer-after 1 --hangup-after 60 --apns "$apns_port" "${flags[@]}" \
    --headless --data-dir "$dir/$run" --webhook "http://127.0.0.1:$webhook_port/register" --summary "$dir/$run.json" \
    >"$dir/$run.out" 2>"$dir/$run.err" &
  pids+=($!)
  fleets+=($!)
}
start ends
start forgets --no-cancel

for run in ends forgets; do
  for _ in $(seq 300); do [ "$(wc -l <"$dir/$run-backend.out")" -ge 2 ] && break; sleep 0.1; done
  grep -q "\"called\": $((2 * users)), \"answers\": {\"accepted\": $((2 * users))}" "$dir/$run-backend.out" || fail "$run: the backend did not call every device"
done
# The answers come 1 s after the calls ring; 5 s later a device still ringing is counted.
sleep 8
kill -TERM "${fleets[@]}"
for _ in $(seq 50); do [ -s "$dir/ends.json" ] && [ -s "$dir/forgets.json" ] && break; sleep 0.1; done
grep -q '"rang_on_after_answer":0,' "$dir/ends.json" || fail "a backend that ends the other devices: $(cat "$dir/ends.json" 2>/dev/null)"
grep -q "\"answered-elsewhere\":$users" "$dir/ends.json" || fail "the other devices did not end answered-elsewhere: $(cat "$dir/ends.json")"
grep -q "\"refused\":0,\"ending_pushes\":$users," "$dir/ends.json" || fail "the ending pushes were not counted apart from refusals: $(cat "$dir/ends.json")"
grep -q "\"rang_on_after_answer\":$users," "$dir/forgets.json" || fail "a backend that forgets the ending push: $(cat "$dir/forgets.json" 2>/dev/null)"
echo "fleet devices: $users users with 2 phones each; the backend's ending push stopped every other device, and without it every user rang on"
