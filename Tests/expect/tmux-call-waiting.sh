#!/usr/bin/env bash
# Call waiting driven by keys in a real terminal: 1 ends the active call and accepts the new one;
# d declines the new one; 2 (Hold & Accept) is offered only by apps that allow two call groups.
source "$(dirname "$0")/common-tmux.sh"
start_phone 80 24
remote call --from Ann --handle +1001
wait_for "[a] Accept"
keys a
wait_for "[d] End"

remote call --from Bob --handle +1002
wait_for "Call waiting"
wait_for "on a call with Ann"
wait_for "[1] End & Accept"
keys 1
wait_for "[d] End"
wait_gone "Call waiting"
screen | grep -qF "Bob" || fail "in a call with Bob after 1"
"$bin" state --socket "$sock" | grep -q '"calls":\[{[^]]*"caller":"Bob"[^]]*\]' || fail "Bob is the only call after 1: $("$bin" state --socket "$sock")"
"$bin" wait call.ended --where caller=Ann --socket "$sock" --timeout 5 > /dev/null || fail "Ann's call did not end"

# The built-in apps take one call at a time (CXProviderConfiguration maximumCallGroups 1), so iOS
# offers no Hold & Accept: 2 means nothing here and does nothing; d declines the waiting call.
remote call --from Cleo --handle +1003
wait_for "Call waiting"
wait_for "on a call with Bob"
screen | grep -qF "Hold & Accept" && fail "Hold & Accept offered by a one-call app"
keys 2
sleep 0.3
screen | grep -qF "Call waiting" || fail "2 did something on a call waiting screen without Hold & Accept"
keys d
wait_gone "Call waiting"
wait_for "[d] End"
screen | grep -qF "Bob" || fail "still in the call with Bob after declining Cleo"

keys q
expect_exit 0
echo "call waiting passed"
