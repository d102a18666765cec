#!/usr/bin/env bash
# Writes symbol-order.txt: the functions of the phone that run while it starts, rings and takes a
# call, then those of the APNs endpoint, in the order they first run. Release builds hand the file to the linker
# (--symbol-ordering-file, see Package.swift), which puts those functions next to each other: the
# pages the phone touches are then few and contiguous, instead of scattered over all of its code,
# and its resident memory while ringing falls (the budget is 12 MB; what it buys: docs/performance.md).
#
# Run it after large changes (names that no longer exist are skipped, so a stale file only costs
# memory, never correctness):
#   swift build -c release --static-swift-stdlib --product softphone
#   Sources/softphone/Linking/profile-symbol-order.sh .build/release/softphone
#   rm .build/release/softphone   # relinked at the next build: SwiftPM does not know the link reads
#                                 # this file, and touching main.swift relinks nothing when it compiles the same
# Needs valgrind, tmux, curl and python3 (the paced ALSA capture device's pacer).
set -euo pipefail
binary=$(realpath "${1:?usage: profile-symbol-order.sh PATH/TO/softphone}")
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'tmux -L symbol-order kill-server 2>/dev/null || true; rm -rf "$work"' EXIT

# Through ALSA, paced like a card by the project's capture device (Tests/alsa), so the ALSA sink's
# functions are profiled as they run on a laptop.
alsa=$(cd "$here/../../../Tests/alsa" && pwd)
audio="env ALSA_CONFIG_PATH=/usr/share/alsa/alsa.conf:$alsa/paced.conf SOFTPHONE_PACER=$alsa/pacer.py SOFTPHONE_CAPTURE_DIR=$work"

# The ringing phone full screen, as in a demo: start, a call rings for a few seconds, answer, hang
# up, Recents, help, quit. Under callgrind, which records every function that runs.
key() { tmux -L symbol-order send-keys "$1"; sleep "$2"; }
tmux -L symbol-order new-session -d -x 80 -y 24 \
  "exec $audio valgrind --tool=callgrind --demangle=no --callgrind-out-file=$work/callgrind.out \
   $binary --socket $work/phone.sock --data-dir $work/data ${*:2}"
for _ in $(seq 100); do [ -S "$work/phone.sock" ] && break; sleep 0.2; done
sleep 1
"$binary" call --from Profile --socket "$work/phone.sock" >/dev/null
sleep 6
key a 2; key d 1; key r 1; key Escape 1; key '?' 1; key Escape 1; key q 3

# Then the APNs endpoint (--apns), after all of the above: its start, one push over h2c, quit. So
# the endpoint's functions lie together too, and a phone started with --apns touches few pages
# more than one without (the budget: within 1 MB), while the ringing phone's pages stay as they were.
"$binary" apns-credentials "$work/credentials" > "$work/credentials.txt"
key_file=$(ls "$work"/credentials/AuthKey_*.p8)
team=$(grep -o -- '--apns-team [A-Z0-9]*' "$work/credentials.txt" | head -1 | cut -d' ' -f2)
bearer=$(grep -o 'bearer [A-Za-z0-9._-]*' "$work/credentials.txt" | head -1)
tmux -L symbol-order new-session -d -x 80 -y 24 \
  "exec valgrind --tool=callgrind --demangle=no --callgrind-out-file=$work/callgrind-apns.out \
   $binary --plain --no-audio --socket $work/apns.sock --data-dir $work/apns-data \
   --apns 0 --apns-auth-key $key_file --apns-team $team"
for _ in $(seq 100); do [ -S "$work/apns.sock" ] && break; sleep 0.2; done
sleep 1
read -r address token < <("$binary" state --socket "$work/apns.sock" | python3 -c \
  'import json, sys; apns = json.load(sys.stdin)["apns"]; print(apns["address"], apns["token"])')
curl -s -o /dev/null --http2-prior-knowledge -H 'apns-topic: com.example.voip.voip' -H 'apns-push-type: voip' \
  -H "authorization: $bearer" --data-binary @"$here/../../../Assets/Payloads/voip-call.json" "http://$address/3/device/$token"
sleep 2
key q 3

# Every function callgrind saw in the phone's own binary (not the shared libraries), first seen
# first: the ringing phone's, then the endpoint's.
python3 - "$binary" "$work/callgrind.out" "$work/callgrind-apns.out" > "$here/symbol-order.txt" <<'PY'
import re, sys
binary, paths = sys.argv[1], sys.argv[2:]
seen = {}
def name(table, token):  # "(12) name" defines id 12; "(12)" refers to it
    match = re.match(r'\((\d+)\)(?: (.*))?', token)
    if not match:
        return token
    if match.group(2):
        table[match.group(1)] = match.group(2)
    return table.get(match.group(1))
for path in paths:  # one profile after another; a function keeps the place it was first seen
    objects, functions, current = {}, {}, None  # callgrind's ids are per file
    for line in open(path, errors='replace'):
        line = line.rstrip('\n')
        if line.startswith('ob='):
            current = name(objects, line[3:])
        elif line.startswith('cob='):
            name(objects, line[4:])
        elif line.startswith('cfn='):
            name(functions, line[4:])
        elif line.startswith('fn='):
            function = re.sub(r"'\d+$", '', name(functions, line[3:]))  # callgrind's recursion marks
            if current == binary and function not in seen:
                seen[function] = True
                print(function)
PY
echo "wrote $(wc -l < "$here/symbol-order.txt") functions to $here/symbol-order.txt"
