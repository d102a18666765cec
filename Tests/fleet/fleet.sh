#!/usr/bin/env bash
# softphone fleet end to end: the phones register with a backend's webhook, a push to a phone's
# token rings that phone, an unknown token is APNs' BadDeviceToken; then two fleets behind one
# HAProxy (HTTP/2 on both sides, routing by device token, docs/fleet.md): a push to each fleet's
# token through HAProxy rings the right fleet's phone. The final summaries count it all.
# Usage: Tests/fleet/fleet.sh PATH/TO/softphone
set -euo pipefail
softphone=$1
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d)
pids=()
trap 'for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$dir"' EXIT
fail() { echo "fleet: $1"; for f in "$dir"/*.out "$dir"/*.err; do [ -f "$f" ] && { echo "--- $f"; tail -5 "$f"; }; done; exit 1; }

# The backend's webhook.
python3 "$here/webhook-receiver.py" "$dir/registrations" >"$dir/webhook.port" &
pids+=($!)
for _ in $(seq 50); do [ -s "$dir/webhook.port" ] && break; sleep 0.1; done
webhook_port=$(cat "$dir/webhook.port")

# Starts a fleet headless and waits until it says it is ready; its APNs port is then in $port.
fleets=()
start_fleet() {  # NAME PHONES SEED [more options]
  local name=$1 phones=$2 seed=$3; shift 3
  "$softphone" fleet --phones "$phones" --seed "$seed" --apns 0 --headless --data-dir "$dir/$name" \
    --tokens-out "$dir/$name.tokens" --summary "$dir/$name.json" "$@" >"$dir/$name.out" 2>"$dir/$name.err" &
  pids+=($!)
  fleets+=($!)
  for _ in $(seq 100); do grep -q '"fleet.ready"' "$dir/$name.out" 2>/dev/null && break; sleep 0.1; done
  port=$(grep -o '"apns":"127.0.0.1:[0-9]*"' "$dir/$name.out" | grep -o '[0-9]*"$' | tr -d '"') || fail "$name did not start"
}

# A VoIP push over h2c; prints the HTTP status and the body.
push() {  # PORT TOKEN
  curl -s --http2-prior-knowledge -o "$dir/reply" -w '%{http_code}' -X POST \
    -H 'apns-topic: com.example.voip.voip' -H 'apns-push-type: voip' \
    --data '{"aps":{},"caller":"Backend","handle":"+15550100"}' "http://127.0.0.1:$1/3/device/$2"
  echo " $(cat "$dir/reply")"
}

start_fleet a 50 1 --webhook "http://127.0.0.1:$webhook_port/register"
port_a=$port
for _ in $(seq 100); do [ "$(wc -l <"$dir/registrations" 2>/dev/null || echo 0)" -ge 50 ] && break; sleep 0.1; done
[ "$(grep -c '"name":"register"' "$dir/registrations")" = 50 ] || fail "the webhook did not get 50 registrations"
grep -q '"phone":50,"user":"user-50"' "$dir/registrations" || fail "a registration does not carry its phone's number (from 1) and user"
first_token=$(sed -n 7p "$dir/a.tokens" | cut -d' ' -f1)
grep -q "\"token\":\"$first_token\",\"environment\":\"production\"" "$dir/registrations" || fail "the webhook did not get phone 7's token and its environment"
[ "$(sed -n 7p "$dir/a.tokens" | cut -d' ' -f3-)" = "user-7 production" ] || fail "--tokens-out does not end phone 7's line with its user and environment: $(sed -n 7p "$dir/a.tokens")"

[ "$(push "$port_a" "$first_token")" = "200 " ] || fail "a push to phone 7's token was not accepted"
[[ "$(push "$port_a" "$(printf 'ab%.0s' $(seq 32))")" == 400*BadDeviceToken* ]] || fail "an unknown token was not BadDeviceToken"

# Two fleets behind HAProxy, each request routed by the token in its path.
start_fleet b 30 2
port_b=$port
haproxy_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
{ sed 's|^\([0-9a-f]*\) .*|/3/device/\1 fleet_a|' "$dir/a.tokens"; sed 's|^\([0-9a-f]*\) .*|/3/device/\1 fleet_b|' "$dir/b.tokens"; } >"$dir/routes.map"
sed -e "s|@PORT@|$haproxy_port|" -e "s|@MAP@|$dir/routes.map|" -e "s|@FLEET_A@|127.0.0.1:$port_a|" -e "s|@FLEET_B@|127.0.0.1:$port_b|" \
  "$here/haproxy.cfg" >"$dir/haproxy.cfg"
haproxy -db -f "$dir/haproxy.cfg" >"$dir/haproxy.out" 2>"$dir/haproxy.err" &
pids+=($!)
for _ in $(seq 50); do curl -s --http2-prior-knowledge -o /dev/null "http://127.0.0.1:$haproxy_port/" && break; sleep 0.1; done
[ "$(push "$haproxy_port" "$(sed -n 20p "$dir/a.tokens" | cut -d' ' -f1)")" = "200 " ] || fail "HAProxy did not bring a push to fleet a"
[ "$(push "$haproxy_port" "$(sed -n 3p "$dir/b.tokens" | cut -d' ' -f1)")" = "200 " ] || fail "HAProxy did not bring a push to fleet b"

# The final summaries: fleet a rang twice (directly and through HAProxy), fleet b once.
sleep 0.5
kill -TERM "${fleets[@]}"
for _ in $(seq 50); do [ -s "$dir/a.json" ] && [ -s "$dir/b.json" ] && break; sleep 0.1; done
grep -q '"incoming":2,' "$dir/a.json" || fail "fleet a's summary: $(cat "$dir/a.json" 2>/dev/null)"
grep -q '"incoming":1,' "$dir/b.json" || fail "fleet b's summary: $(cat "$dir/b.json" 2>/dev/null)"
grep -q '"event":"fleet.finished"' "$dir/a.out" || fail "fleet a printed no final summary"
# On the manual clock, from a script: the same summary every time.
printf 'at 0s call all --from Backend\nat 30s call 1-10\n' >"$dir/replay.fleet"
"$softphone" fleet --phones 100 --replay "$dir/replay.fleet" --decline-ratio 0.3 --headless >"$dir/replay-1.json" || fail "the replay failed"
"$softphone" fleet --phones 100 --replay "$dir/replay.fleet" --decline-ratio 0.3 --headless >"$dir/replay-2.json"
cmp -s "$dir/replay-1.json" "$dir/replay-2.json" || fail "two replays differ"
grep -q '"incoming":110,' "$dir/replay-1.json" || fail "the replay: $(cat "$dir/replay-1.json")"

# Full screen in a terminal: the live summary, and `q` leaves the final one on the terminal.
tmux_socket=$dir/tmux.sock
tmux -S "$tmux_socket" new-session -d -x 100 -y 20 "$softphone fleet --phones 30 --apns 0 --data-dir $dir/c; sleep 30"
for _ in $(seq 50); do tmux -S "$tmux_socket" capture-pane -p | grep -q "phones 30, registered 30" && break; sleep 0.1; done
tmux -S "$tmux_socket" capture-pane -p | grep -q "q quits" || fail "full screen: no live summary"
tmux -S "$tmux_socket" send-keys q
for _ in $(seq 50); do tmux -S "$tmux_socket" capture-pane -p | grep -q "Fleet: final summary" && break; sleep 0.1; done
tmux -S "$tmux_socket" capture-pane -p | grep -q "Fleet: final summary" || fail "full screen: q left no final summary"
tmux -S "$tmux_socket" kill-server

echo "fleet: 50 phones registered with the webhook, pushes rang their phones, 2 fleets behind HAProxy routed by token, a replay twice the same, full screen summary"
