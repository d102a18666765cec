#!/usr/bin/env bash
# The example backend (Examples/fleet-backend/backend.py) against a fleet, as docs/fleet.md's worked
# load test runs it, smaller: the fleet's phones register through the backend's webhook, the
# backend calls every user once through its real APNs client (aioapns, TLS and a JWT), and every
# call rings its phone. Needs the PyPI clients `make test` installs in .build/apns-venv.
# Usage: APNS_PYTHON=.build/apns-venv/bin/python Tests/fleet/backend.sh PATH/TO/softphone
name="fleet backend"
root=$(cd "$(dirname "$0")/../.." && pwd)
source "$root/Tests/fleet/backend-setup.sh"
phones=40
apns_port=$(free_port)
webhook_port=$(free_port)

# The backend first: the phones register with it as they start.
"$python" "$root/Examples/fleet-backend/backend.py" --apns-port "$apns_port" --ca "$dir/credentials/ca.pem" \
  --auth-key "$key" --team "$team" --webhook-port "$webhook_port" --users "$phones" --rate 200 >"$dir/backend.out" 2>"$dir/backend.err" &
backend=$!
pids+=($backend)
for _ in $(seq 100); do [ -s "$dir/backend.out" ] && break; sleep 0.1; done

"$softphone" fleet --phones "$phones" --apns "$apns_port" "${flags[@]}" --headless --data-dir "$dir/data" \
  --webhook "http://127.0.0.1:$webhook_port/register" --summary "$dir/summary.json" >"$dir/fleet.out" 2>"$dir/fleet.err" &
fleet=$!
pids+=($fleet)

# The backend calls everyone once, then prints APNs' answers.
for _ in $(seq 300); do [ "$(wc -l <"$dir/backend.out")" -ge 2 ] && break; sleep 0.1; done
answers=$(sed -n 2p "$dir/backend.out")
[ -n "$answers" ] || fail "the backend did not finish"
grep -q "\"registered\": $phones," <<<"$answers" || fail "not every phone registered with the backend: $answers"
grep -q "\"answers\": {\"accepted\": $phones}" <<<"$answers" || fail "APNs did not accept every call: $answers"

sleep 0.5
kill -TERM "$fleet"
for _ in $(seq 50); do [ -s "$dir/summary.json" ] && break; sleep 0.1; done
grep -q "\"incoming\":$phones," "$dir/summary.json" || fail "not every call rang: $(cat "$dir/summary.json" 2>/dev/null)"
echo "fleet backend: $phones phones registered with the example backend; its aioapns calls rang every one"
