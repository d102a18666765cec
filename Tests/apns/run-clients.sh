#!/usr/bin/env bash
# Two real APNs client libraries from PyPI (aioapns, pyapns_client; installed by `make test` into
# .build/apns-venv) against the phone's endpoint with token auth and TLS, changed only in their
# host, port and CA: each rings the phone, gets BadDeviceToken for a token the phone never had,
# and ExpiredProviderToken for a token made an hour ago.
# usage: SOFTPHONE_BIN=path/to/softphone APNS_PYTHON=.build/apns-venv/bin/python Tests/apns/run-clients.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${SOFTPHONE_BIN:?set SOFTPHONE_BIN}
python=${APNS_PYTHON:?set APNS_PYTHON}
dir=$(mktemp -d /tmp/softphone-apns-clients-XXXXXX)
socket=$dir/control.sock
phone_pid=
cleanup() { [ -n "$phone_pid" ] && kill "$phone_pid" 2>/dev/null; rm -rf "$dir"; }
trap cleanup EXIT

made=$("$bin" apns-credentials "$dir/credentials")
# The flags exactly as printed, on a port the system chooses.
read -r -a flags <<<"$(grep '^  softphone --apns' <<<"$made" | sed 's/^  softphone --apns 2197 //')"
"$bin" --headless --no-audio --socket "$socket" --data-dir "$dir/data" --apns 0 "${flags[@]}" >"$dir/events" 2>"$dir/stderr" </dev/null &
phone_pid=$!
"$bin" wait phone.ready --socket "$socket" --timeout 10 >/dev/null
state=$("$bin" state --socket "$socket")
field() { python3 -c "import json,sys; print(json.load(sys.stdin)['apns']['$1'])" <<<"$state"; }
port=$(field address | cut -d: -f2)
token=$(field token)
key=$(ls "$dir"/credentials/AuthKey_*.p8)
key_id=$(basename "$key" .p8 | sed 's/^AuthKey_//')
team=${flags[-1]}

failures=0
expect() {  # CLIENT CASE WANTED
  local got
  got=$(timeout 60 "$python" "$here/clients.py" "$1" "$2" "$port" "$dir/credentials/ca.pem" "$key" "$key_id" "$team" "$token" com.example.voip.voip 2>"$dir/client.err" | tail -1) || true
  if [ "$got" = "$3" ]; then
    echo "ok   $1 $2: $got"
  else
    echo "FAIL $1 $2: wanted $3, got \"$got\""; sed 's/^/     /' "$dir/client.err" | tail -5
    failures=$((failures + 1))
  fi
}
for client in aioapns pyapns_client; do
  expect "$client" ring accepted
  # The push rang: a call came in from this client (its payload names it), tied to an accepted request.
  if "$bin" wait call.incoming --where "caller=$client" --socket "$socket" --timeout 10 >/dev/null; then
    echo "ok   $client rang the phone"
  else
    echo "FAIL $client: no call.incoming"; failures=$((failures + 1))
  fi
  "$bin" key d --socket "$socket" >/dev/null
  expect "$client" bad-token BadDeviceToken
  expect "$client" expired ExpiredProviderToken
done
accepted=$(grep -c '"event":"apns.request".*"status":200' "$dir/events" || true)
[ "$accepted" = 2 ] || { echo "FAIL: $accepted accepted apns.request events, wanted 2"; failures=$((failures + 1)); }
"$bin" key q --socket "$socket" >/dev/null || true
wait "$phone_pid" || true
phone_pid=
if [ "$failures" -ne 0 ]; then echo "$failures APNs client check(s) failed"; exit 1; fi
echo "APNs clients: all passed"
