# Sourced by the fleet's backend tests (backend.sh, devices.sh) after setting `name`, with the
# softphone binary as $1: a temporary folder cleaned up at exit with the processes in `pids`,
# `fail`, `free_port`, and the test credentials: the endpoint's `flags`, the .p8 `key`, the `team`.
set -euo pipefail
softphone=$1
python=${APNS_PYTHON:?set APNS_PYTHON}
dir=$(mktemp -d)
pids=()
trap 'for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$dir"' EXIT
fail() { echo "$name: $1"; for f in "$dir"/*.out "$dir"/*.err; do [ -f "$f" ] && { echo "--- $f"; tail -5 "$f"; }; done; exit 1; }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

made=$("$softphone" apns-credentials "$dir/credentials")
read -r -a flags <<<"$(grep '^  softphone --apns' <<<"$made" | sed 's/^  softphone --apns 2197 //')"
key=$(ls "$dir"/credentials/AuthKey_*.p8)
team=${flags[-1]}
