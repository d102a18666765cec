#!/usr/bin/env bash
# The call flow in a real terminal: g on the lock screen opens the live ladder, a call draws its
# arrows as it happens, k selects an arrow and Enter shows its event's JSON, a key the flow does not
# take (a) still answers; at 40x12 the short column names show; in a second terminal,
# `softphone flow --follow` draws the same flow from the control socket and q quits it.
source "$(dirname "$0")/common-tmux.sh"

start_phone 80 24
keys g
wait_for "Phone UI"
wait_for "server: register"
remote call --from "Zoë 张伟" --handle +15551234
wait_for "pushRegistry(_:didReceiveIncomingPushWith:)"
wait_for "reportNewIncomingCall Zoë 张伟"
wait_for "call 1: Zoë 张伟"

# The second terminal: the same flow, live from the socket.
tmux_ new-window -d -t phone -n follow "$bin flow --follow --socket $sock"
follow_screen() { tmux_ capture-pane -p -t phone:follow 2>/dev/null; }
for _ in $(seq 100); do follow_screen | grep -qF "reportNewIncomingCall" && break; sleep 0.1; done
follow_screen | grep -qF "reportNewIncomingCall" || { follow_screen; fail "softphone flow --follow drew no reportNewIncomingCall"; }

# a is not the flow's key: the phone answers under it.
keys a
wait_for "CXAnswerCallAction fulfill()"
for _ in $(seq 100); do follow_screen | grep -qF "CXAnswerCallAction fulfill()" && break; sleep 0.1; done
follow_screen | grep -qF "CXAnswerCallAction fulfill()" || { follow_screen; fail "the second terminal did not follow the answer"; }
tmux_ send-keys -t phone:follow q
for _ in $(seq 50); do tmux_ list-windows -t phone 2>/dev/null | grep -qF follow || break; sleep 0.1; done
tmux_ list-windows -t phone | grep -qF follow && fail "softphone flow --follow did not quit on q"

# Select the arrow before the newest and open its event.
keys k
keys Enter
wait_for "any key: back to the flow"
screen | grep -qF '"event":' || fail "Enter did not show the event's JSON"
keys x
wait_gone "any key: back to the flow"

# Narrow: short names.
size 40 12
wait_for "Srv"
size 80 24
wait_for "Server"

keys g
wait_for "[d] End"
keys d
wait_for "Call ended"
keys q
expect_exit 0
echo "flow passed"
