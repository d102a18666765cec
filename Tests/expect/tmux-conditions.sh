#!/usr/bin/env bash
# The conditions panel in a real terminal: ! opens it over the lock screen, o takes the device
# offline (a push sent meanwhile is held by APNs, the panel says so), o again brings it back and the
# held call rings, closing the panel under it; p sets Low Power Mode; ? lists the panel's keys.
source "$(dirname "$0")/common-tmux.sh"

start_phone 80 24
keys '!'
wait_for "Conditions"
screen | grep -qF "network             wifi" || fail "the panel does not show the network"
keys o
wait_for "network             offline"
"$bin" state --socket "$sock" | grep -q '"network":"offline"' || fail "o did not take the device offline"
"$bin" call --from "Zoë 张伟" --socket "$sock" > /dev/null
wait_for "APNs holds          1 push"
keys p
wait_for "Low Power Mode"
"$bin" state --socket "$sock" | grep -q '"power":"low"' || fail "p did not set Low Power Mode"
keys '?'
wait_for "Keys on the conditions screen"
keys x
wait_gone "Keys on the conditions screen"
wait_for "Conditions"
keys o
# Back online, the stored push rings: the incoming call takes the screen, the panel goes with the lock screen.
wait_for "[a] Accept"
wait_gone "APNs holds"
keys d
wait_for "Call ended"
wait_gone "Call ended"
keys '!'
wait_for "power               Low Power Mode"
keys p
wait_for "power               normal"
keys Escape
wait_gone "Conditions"
keys q
expect_exit 0
echo "conditions panel passed"
