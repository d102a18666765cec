#!/usr/bin/env bash
# Call waiting driven by keys in a real terminal. With the voip app taking two call groups
# (--set callGroups=2): 1 ends the active call and accepts the new one; 2 holds the active call and
# accepts the new one. With the default one call at a time, Hold & Accept is not offered, 2 does
# nothing, and d declines the waiting call.
source "$(dirname "$0")/common-tmux.sh"

# A phone (with ARGS) in a call with Ann, and Bob calling: the call-waiting screen.
bob_calls_during_ann() {
    start_phone 80 24 -- "$@"
    remote call --from Ann --handle +1001
    wait_for "[a] Accept"
    keys a
    wait_for "[d] End"
    remote call --from Bob --handle +1002
    wait_for "Call waiting"
    wait_for "on a call with Ann"
    wait_for "[1] End & Accept"
}

bob_calls_during_ann --set callGroups=2
wait_for "[2] Hold & Accept"
keys 1
wait_gone "Call waiting"
wait_for "[d] End"
screen | grep -qF "Bob" || fail "in a call with Bob after 1"
"$bin" wait call.ended --where caller=Ann --socket "$sock" --timeout 5 > /dev/null || fail "Ann's call did not end after 1"

remote call --from Cleo --handle +1003
wait_for "Call waiting"
wait_for "on a call with Bob"
keys 2
wait_gone "Call waiting"
wait_for "on hold: Bob"
screen | grep -qF "Cleo" || fail "in a call with Cleo after 2"
"$bin" state --socket "$sock" | grep -q '"state":"held"' || fail "Bob is not held after 2"
keys q
expect_exit 0
echo "1 End & Accept and 2 Hold & Accept: passed"

bob_calls_during_ann
screen | grep -qF "Hold & Accept" && fail "Hold & Accept offered by a one-call app"
keys 2
sleep 0.3
screen | grep -qF "Call waiting" || fail "2 did something on a call waiting screen without Hold & Accept"
keys d
wait_gone "Call waiting"
wait_for "[d] End"
screen | grep -qF "Ann" || fail "still in the call with Ann after declining Bob"
keys q
expect_exit 0
echo "call waiting passed"
